"""Times python-lightsout (PyPI) on boards from a JSON file; run by bench.py as
`python -S peer_worker.py PEER_DIR BOARDS.json RUNS` so that `import lightsout` finds
the peer (installed with pip --target PEER_DIR), not this repository's package.

Prints JSON: for each board, the per-call median seconds, the calls per run, and the
peer's pressed cells (bench.py checks that they solve the board)."""

import json
import sys

from timing import timed

sys.path.insert(0, sys.argv[1])
from lightsout import Board, Solver  # noqa: E402  (python-lightsout)


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
