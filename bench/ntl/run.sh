#!/usr/bin/env bash
# GF(2)[x] timings of the lightsout crate next to NTL's GF2X, on random polynomials of
# the same degrees (medians of REPS runs each; both sides run alternately, so a busy
# machine slows both).
#
#   bench/ntl/run.sh [REPS]
#
# Needs g++ and NTL (`apt-get install -y libntl-dev`). NTL is GPL: it is only a
# benchmark baseline here, built into target/ntl_timing, never a dependency.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
reps="${1:-5}"
out="$root/target/ntl_timing"
mkdir -p "$root/target"
if ! [ -f /usr/include/NTL/GF2X.h ]; then
    echo "NTL headers not found: apt-get install -y libntl-dev" >&2
    exit 1
fi
g++ -O2 -o "$out" "$root/bench/ntl/ntl_timing.cpp" -lntl -lgmp -lpthread
cargo build --quiet --release -p lightsout --example poly_timing --manifest-path "$root/Cargo.toml"
ours="$root/target/release/examples/poly_timing"

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %9s %12s %12s %8s\n' op degree "ours (s)" "NTL (s)" "ours/NTL"
for case in "mul 100000" "mul 1000000" "div 100000" "div 1000000" \
            "gcd 100000" "xgcd 100000" "gcd 1000000" "xgcd 1000000"; do
    set -- $case
    r=$reps
    [ "$2" -ge 1000000 ] && r=$(( reps < 3 ? reps : 3 ))
    a=$("$ours" "$1" "$2" "$r" | cut -d' ' -f3)
    b=$("$out" "$1" "$2" "$r" | cut -d' ' -f3)
    printf '%-6s %9s %12s %12s %8.2f\n' "$1" "$2" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')"
done
echo "nullity of the 1000000 x 1000000 board: $("$ours" nullity 1000000 "$r" | cut -d' ' -f3) s"
