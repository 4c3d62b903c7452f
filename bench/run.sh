#!/usr/bin/env bash
# The scale benchmark (docs/performance.md, "The scale benchmark"): in one run, prints the table of issue 3.
#
#   bench/run.sh [--huge] [--quick] [--runs N] [--sizes "N1 N2 ..."] [--dir DIR]
#
# For n = 1,000 .. 30,000 (--huge adds 100,000 and 300,000: 1.25 GB and 11.25 GB
# boards, never in CI): a random n x n PBM board made by `lightsout random`; the median
# wall time of `cat FILE > /dev/null` (the floor: reading the file once) and of
# `lightsout solve FILE -o OUT.pbm` (method poly; before each run, untimed, the answer
# file is deleted and `sync` flushes what earlier runs left dirty), their ratio, the
# peak RSS of the solve, the `chase` method where it finishes (n <= 5,000) and
# `lightsout verify` of the answer (the replay). Then the all-on
# 10,000 x 10,000 board end to end, `table --max 25000` (checked against OEIS and the
# identity d(2n+1) = 2 d(n) + e, e in {0, 2}), `table --max 100000` (skipped with
# --quick) and the nullity of the 10^6 x 10^6 board.
#
# --sizes replaces the list of board sizes (e.g. --sizes 10000 --runs 21 for a steadier
# median of one row); the rest of the run is unchanged.
#
# Wall times: bash's EPOCHREALTIME around `/usr/bin/time -f '%e %M'` (which gives the
# peak RSS; its own %e has only 10 ms resolution), medians of --runs runs (default 5).
set -euo pipefail
cd "$(dirname "$0")/.."

huge=0 quick=0 runs=5 dir="" only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --huge) huge=1 ;;
        --quick) quick=1 ;;
        --runs) runs="$2"; shift ;;
        --dir) dir="$2"; shift ;;
        --sizes) only="$2"; shift ;;
        *) echo "usage: bench/run.sh [--huge] [--quick] [--runs N] [--sizes \"N1 N2 ...\"] [--dir DIR]" >&2; exit 2 ;;
    esac
    shift
done
[ "$runs" -ge 3 ] || { echo "--runs must be at least 3 (medians)" >&2; exit 2; }

cargo build --release --quiet
lo="$PWD/target/release/lightsout"
if [ -z "$dir" ]; then
    dir="$(mktemp -d "${TMPDIR:-/tmp}/lightsout-bench.XXXXXX")"
    trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"

sizes=(1000 2000 5000 10000 30000)
[ "$huge" = 1 ] && sizes+=(100000 300000)
if [ -n "$only" ]; then
    read -r -a sizes <<< "$only"
fi

# Disk: the biggest board and its answer side by side.
biggest=${sizes[${#sizes[@]}-1]}
need=$(( biggest * biggest / 8 * 2 + (1 << 30) ))
avail=$(( $(df -Pk "$dir" | awk 'NR==2 {print $4}') * 1024 ))
if [ "$avail" -lt "$need" ]; then
    echo "not enough disk in $dir: need $((need >> 30)) GiB, have $((avail >> 30)) GiB" >&2
    exit 2
fi

# timed CMD...: runs CMD once; sets WALL (seconds, 4 decimals) and RSS (MiB).
timed() {
    local stats="$dir/time.txt" start end
    start=$EPOCHREALTIME
    /usr/bin/time -f '%e %M' -o "$stats" "$@" >/dev/null
    end=$EPOCHREALTIME
    WALL=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", e - s }')
    RSS=$(awk '{ printf "%.0f", $2 / 1024 }' "$stats")
}

# median N values...
median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench_cmd PREP CMD...: medians over $runs runs of CMD (PREP runs before each, untimed);
# sets MED_WALL and MAX_RSS.
bench_cmd() {
    local prep="$1" walls=() rss=0
    shift
    for _ in $(seq "$runs"); do
        eval "$prep"
        timed "$@"
        walls+=("$WALL")
        [ "$RSS" -gt "$rss" ] && rss=$RSS
    done
    MED_WALL=$(median "${walls[@]}")
    MAX_RSS=$rss
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

echo "lightsout scale benchmark: $(nproc) cores, $(date -u +%Y-%m-%d), medians of $runs runs"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf '%-8s %9s %9s %8s %9s %9s %10s %9s %7s\n' \
    n "file" "cat s" "poly s" "poly/cat" "RSS MiB" "chase s" "chase/poly" verify
for n in "${sizes[@]}"; do
    board="$dir/r$n.pbm" answer="$dir/p$n.pbm"
    "$lo" random "${n}x${n}" --seed 1 -o "$board"
    sync
    size=$(du -h --apparent-size "$board" | cut -f1)
    bench_cmd ":" cat "$board"
    cat_s=$MED_WALL
    bench_cmd "rm -f '$answer'; sync" "$lo" solve "$board" --method poly -o "$answer"
    poly_s=$MED_WALL poly_rss=$MAX_RSS
    if "$lo" verify "$board" "$answer" >/dev/null; then ok=ok; else ok=FAILED; fi
    chase_s=- chase_ratio=-
    if [ "$n" -le 5000 ]; then
        bench_cmd "rm -f '$answer'; sync" "$lo" solve "$board" --method chase -o "$answer"
        chase_s=$MED_WALL chase_ratio=$(ratio "$chase_s" "$poly_s")
    fi
    printf '%-8s %9s %9s %8s %9s %9s %10s %9s %7s\n' \
        "$n" "$size" "$cat_s" "$poly_s" "$(ratio "$poly_s" "$cat_s")" "$poly_rss" \
        "$chase_s" "$chase_ratio" "$ok"
    rm -f "$board" "$answer"
done

echo
out="$dir/allon.pbm"
bench_cmd "rm -f '$out'; sync" "$lo" solve --size 10000x10000 -o "$out"
echo "all-on 10000x10000 solve -o out.pbm: $MED_WALL s, RSS $MAX_RSS MiB"
rm -f "$out"

# Tables: one run each (they take seconds to minutes); checked.
check_table() {
    awk -v oeis="crates/lightsout/tests/data/oeis_A159257_square_nullity.txt" '
        BEGIN {
            while ((getline line < oeis) > 0) {
                if (line ~ /^#/) continue
                k = split(line, f, ",")
                for (i = 1; i <= k; i++) pub[++np] = f[i] + 0
            }
        }
        { d[$1] = $2; last = $1 }
        END {
            bad = 0
            for (i = 1; i <= np && i <= last; i++) if (d[i] != pub[i]) bad++
            for (n = 1; 2 * n + 1 <= last; n++) {
                e = d[2 * n + 1] - 2 * d[n]
                if (e != 0 && e != 2) bad++
            }
            print (bad ? "FAILED (" bad " mismatches)" : "ok (OEIS first " np " terms, d(2n+1) = 2d(n)+e)")
        }' "$1"
}
for max in 25000 100000; do
    if [ "$max" = 100000 ] && [ "$quick" = 1 ]; then
        echo "table --max 100000: skipped (--quick)"
        continue
    fi
    start=$EPOCHREALTIME
    "$lo" table --max "$max" > "$dir/table.txt"
    end=$EPOCHREALTIME
    printf 'table --max %s: %s s, %s\n' "$max" \
        "$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')" \
        "$(check_table "$dir/table.txt")"
done

bench_cmd ":" "$lo" analyze --size 1000000x1000000 --nullity-only
echo "nullity of 1000000x1000000 (analyze --nullity-only): $MED_WALL s"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
