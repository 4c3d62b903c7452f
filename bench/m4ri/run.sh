#!/usr/bin/env bash
# Times reduced row echelon form of random n x (n+1) GF(2) systems: ours
# (`BitMatrix::reduce`, crates/lightsout/examples/elim_timing.rs) against M4RI, the
# reference C library, and prints "n, ours, m4ri, ratio" (medians of REPS runs), in wall
# time and in CPU time of the timing thread (steadier when other jobs share the cores).
# m4ri_s is mzd_echelonize (PLE for large inputs), m4rm_s mzd_echelonize_m4ri; the
# ratio is ours over the faster of the two.
#
# M4RI is GPL: it is only a baseline, installed from Debian (libm4ri-dev) and compiled
# into a throw-away binary here, never linked into the lightsout crates.
#
# Usage: bench/m4ri/run.sh [N...]      (default sizes 1000 2000 4000 8000)
# Env:   REPS (default 5), LIGHTSOUT_BENCH_BIG=1 adds 16000 to the default sizes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
reps="${REPS:-5}"
sizes=("$@")
if [ ${#sizes[@]} -eq 0 ]; then
  sizes=(1000 2000 4000 8000)
  if [ -n "${LIGHTSOUT_BENCH_BIG:-}" ]; then sizes+=(16000); fi
fi

if [ ! -f /usr/include/m4ri/m4ri.h ]; then
  echo "installing libm4ri-dev (Debian) for the baseline" >&2
  apt-get install -y libm4ri-dev >/dev/null || { apt-get update >/dev/null && apt-get install -y libm4ri-dev >/dev/null; }
fi
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
# Two baselines: mzd_echelonize (M4RI picks its method, PLE for large inputs) and
# mzd_echelonize_m4ri (the Method of the Four Russians alone); the ratio uses the faster.
gcc -O2 -o "$build/m4ri_auto" "$here/m4ri_timing.c" -lm4ri -lm
gcc -O2 -DUSE_M4RI_ONLY -o "$build/m4ri_m4rm" "$here/m4ri_timing.c" -lm4ri -lm
(cd "$root" && cargo build --release -q -p lightsout --example elim_timing)
ours_bin="$root/target/release/examples/elim_timing"

printf "%-6s %-9s %-9s %-9s %-6s | %-9s %-9s %-9s %-6s\n" \
  n ours_s m4ri_s m4rm_s ratio ours_cpu m4ri_cpu m4rm_cpu ratio
for n in "${sizes[@]}"; do
  # Interleave the programs so that machine noise hits them alike.
  ours=$("$ours_bin" "$reps" "$n")
  auto=$("$build/m4ri_auto" "$reps" "$n")
  m4rm=$("$build/m4ri_m4rm" "$reps" "$n")
  echo "$ours $auto $m4rm" | awk '{
    # Ratio to the faster of the two M4RI methods, wall and CPU time.
    wb = ($6 < $10) ? $6 : $10; cb = ($7 < $11) ? $7 : $11
    printf "%-6s %-9.4f %-9.4f %-9.4f %-6.2f | %-9.4f %-9.4f %-9.4f %-6.2f\n",
      $1, $2, $6, $10, $2 / wb, $3, $7, $11, $3 / cb
  }'
done
