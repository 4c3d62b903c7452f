#!/usr/bin/env bash
# Load test of `lightsout serve` on loopback: wrk POSTs small solves (5x5 to 20x20 random
# boards) for DURATION seconds with CONNECTIONS open connections, without and with
# "min": true. Prints wrk's report and a one-line RESULT per run; fails on any error.
#
#   bench/load/run.sh                    # 10 s per run, 32 connections
#   DURATION=30 CONNECTIONS=64 bench/load/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-1}

if ! command -v wrk >/dev/null; then
  echo "== installing wrk (Debian package)"
  SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq wrk >/dev/null
fi

cargo build --release --locked -q
log=$(mktemp)
out=$(mktemp)
target/release/lightsout serve --addr 127.0.0.1:0 >"$out" 2>"$log" &
server=$!
trap 'kill -INT $server 2>/dev/null; wait $server 2>/dev/null; rm -f "$out" "$log"' EXIT
for _ in $(seq 100); do
  grep -q serving "$out" && break
  sleep 0.05
done
url=$(sed -n 's/.*serving \(http[^ ]*\).*/\1/p' "$out")
echo "== server $url ($(nproc) cores; one log line per request, to a file)"

status=0
for min in 0 1; do
  echo
  echo "== wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency, POST /api/solve, 5x5..20x20, min=$min"
  result=$(MIN=$min wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s bench/load/solve.lua "$url")
  echo "$result"
  line=$(grep '^RESULT' <<<"$result")
  if ! grep -q 'non200=0 socket_errors=0' <<<"$line"; then
    echo "FAILED: errors during the run" >&2
    status=1
  fi
done
echo
echo "== log lines written by the server: $(grep -c 'status=' "$log")"
exit $status
