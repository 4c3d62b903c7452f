"""Times python-lightsout (PyPI) on boards from a JSON file; run by bench.py as
`python -S peer_worker.py PEER_DIR BOARDS.json RUNS` so that `import lightsout` finds
the peer (installed with pip --target PEER_DIR), not this repository's package.

Prints JSON: for each board, the per-call median seconds, the calls per run, and the
peer's pressed cells (bench.py checks that they solve the board)."""

import json
import sys
import time

sys.path.insert(0, sys.argv[1])
from lightsout import Board, Solver  # noqa: E402  (python-lightsout)

MIN_RUN_SECONDS = 0.2


def timed(call, runs):
    """Median seconds per call over `runs` runs, each of enough calls for 0.2 s."""
    start = time.perf_counter()
    result = call()
    once = time.perf_counter() - start
    calls = max(1, int(MIN_RUN_SECONDS / max(once, 1e-9)))
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        samples.append((time.perf_counter() - start) / calls)
    samples.sort()
    return samples[len(samples) // 2], calls, result


def main():
    boards = json.load(open(sys.argv[2]))
    runs = int(sys.argv[3])
    out = []
    for rows in boards:
        board = Board.from_2d_grid([[bool(v) for v in row] for row in rows])
        median, calls, pressed = timed(lambda: Solver(board).solve(), runs)
        out.append({"seconds": median, "calls": calls, "pressed": [list(p) for p in pressed]})
    json.dump(out, sys.stdout)


main()
