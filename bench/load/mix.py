#!/usr/bin/env python3
"""Small requests' latency with and without heavy ones: the server's fairness, measured.

Starts `lightsout serve` (the release binary) on loopback, then runs the same stream of
small solves (random 5x5 to 20x20 boards with "min": true, as the page sends them) from
SMALL_CLIENTS clients for DURATION seconds twice: alone, then while HEAVY_CLIENTS
clients keep sending heavy requests (a fewest-press search on a 300x300 sigma board,
"time_limit": 8, each holding a heavy worker for seconds). Prints the small requests'
p50/p99/max latency and status counts for both runs, and the heavy requests' statuses.

    bench/load/mix.py                              # DURATION=10 SMALL_CLIENTS=4 HEAVY_CLIENTS=4
    DURATION=20 HEAVY_CLIENTS=8 bench/load/mix.py
    LIGHTSOUT=target/release/lightsout bench/load/mix.py   # skip the cargo build

Only the standard library: http.client on keep-alive connections, one thread per client.
"""
import http.client
import json
import os
import random
import re
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DURATION = float(os.environ.get("DURATION", "10"))
SMALL_CLIENTS = int(os.environ.get("SMALL_CLIENTS", "4"))
HEAVY_CLIENTS = int(os.environ.get("HEAVY_CLIENTS", "4"))


def small_bodies():
    rng = random.Random(42)
    bodies = []
    for i in range(64):
        n = 5 + i % 16
        rows = ["".join(rng.choice("01") for _ in range(n)) for _ in range(n)]
        bodies.append(json.dumps({"board": rows, "min": True}).encode())
    return bodies


def heavy_body(seed, n=300):
    # A solvable sigma board (random presses, each changing its four neighbours), so the
    # search runs: a random board is almost never solvable and would answer at once.
    rng = random.Random(seed)
    press = [[rng.random() < 0.5 for _ in range(n)] for _ in range(n)]
    def lit(r, c):
        around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        return sum(press[i][j] for i, j in around if 0 <= i < n and 0 <= j < n) % 2
    rows = ["".join(str(lit(r, c)) for c in range(n)) for r in range(n)]
    body = {"board": rows, "rules": {"shape": "plus", "no_self": True}, "min": True, "time_limit": 8}
    return json.dumps(body).encode()


def post(conn, body):
    conn.request("POST", "/api/solve", body, {"Content-Type": "application/json"})
    res = conn.getresponse()
    res.read()
    return res.status


def client(host, port, bodies, stop, out, timeout=60):
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    i = 0
    while not stop.is_set():
        start = time.perf_counter()
        try:
            status = post(conn, bodies[i % len(bodies)])
        except (OSError, http.client.HTTPException) as e:
            status = type(e).__name__
            conn.close()
            conn = http.client.HTTPConnection(host, port, timeout=timeout)
        out.append((time.perf_counter() - start, status))
        i += 1
    conn.close()


def run(host, port, heavy):
    stop = threading.Event()
    small_out, heavy_out = [], []
    threads = []
    if heavy:
        for h in range(HEAVY_CLIENTS):
            bodies = [heavy_body(h)]
            threads.append(threading.Thread(target=client, args=(host, port, bodies, stop, heavy_out)))
    bodies = small_bodies()
    for c in range(SMALL_CLIENTS):
        rotated = bodies[c * 16:] + bodies[:c * 16]
        threads.append(threading.Thread(target=client, args=(host, port, rotated, stop, small_out)))
    for t in threads:
        t.start()
    time.sleep(DURATION)
    stop.set()
    for t in threads:
        t.join()
    return small_out, heavy_out


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(p / 100 * (len(sorted_values) - 1))))
    return sorted_values[k]


def statuses(results):
    counts = {}
    for _, s in results:
        counts[s] = counts.get(s, 0) + 1
    return " ".join(f"{k}:{v}" for k, v in sorted(counts.items(), key=lambda kv: str(kv[0])))


def main():
    binary = os.environ.get("LIGHTSOUT")
    if not binary:
        subprocess.run(["cargo", "build", "--release", "--locked", "-q"], cwd=ROOT, check=True)
        binary = os.path.join(ROOT, "target", "release", "lightsout")
    log = open(os.devnull, "w")
    server = subprocess.Popen([binary, "serve", "--addr", "127.0.0.1:0"], stdout=subprocess.PIPE,
                              stderr=log, text=True)
    try:
        line = server.stdout.readline()
        m = re.search(r"http://([\d.]+):(\d+)", line)
        if not m:
            sys.exit(f"the server did not start: {line!r}")
        host, port = m.group(1), int(m.group(2))
        print(f"== server http://{host}:{port} ({os.cpu_count()} cores), {DURATION:g} s per run, "
              f"{SMALL_CLIENTS} small clients, {HEAVY_CLIENTS} heavy clients in the second run")
        rows = []
        for heavy in (False, True):
            small, big = run(host, port, heavy)
            lat = sorted(t for t, _ in small)
            rows.append((f"with {HEAVY_CLIENTS} heavy clients" if heavy else "alone",
                         len(small), percentile(lat, 50), percentile(lat, 99), lat[-1] if lat else float("nan"),
                         statuses(small), statuses(big) if heavy else "-"))
        print()
        print(f"{'small solves (5x5..20x20, min)':34} {'requests':>8} {'p50':>9} {'p99':>9} {'max':>9}  statuses   heavy statuses")
        for name, n, p50, p99, mx, st, hst in rows:
            print(f"  {name:32} {n:8d} {p50 * 1e3:7.2f}ms {p99 * 1e3:7.2f}ms {mx * 1e3:7.1f}ms  {st:10} {hst}")
        bad = any(k != "200" for row in rows for k in [s.split(":")[0] for s in row[5].split()])
        sys.exit(1 if bad else 0)
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
