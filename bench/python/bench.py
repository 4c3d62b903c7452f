"""Times this repository's `lightsout` package against python-lightsout (PyPI) on the
same boards: random solvable n x n classic boards, each solved by both, the answers
checked, the median per-call time of several runs, and the ratio. Run by run.sh."""

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile

import numpy as np

import lightsout
from timing import MIN_RUN_SECONDS, timed


def seconds(s):
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} µs"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", required=True, help="folder python-lightsout is installed in")
    parser.add_argument("--sizes", default="5 10 20 30 50", help="board sides n")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (median)")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    if args.runs < 3:
        sys.exit("--runs must be at least 3 (medians)")
    sizes = [int(n) for n in args.sizes.split()]
    boards = [lightsout.random_board(n, n, seed=args.seed + n, solvable=True) for n in sizes]

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump([b.tolist() for b in boards], f)
        path = f.name
    try:
        worker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer_worker.py")
        done = subprocess.run(
            [sys.executable, "-S", worker, args.peer, path, str(args.runs)],
            capture_output=True, text=True, check=True,
        )
        peer = json.loads(done.stdout)
    finally:
        os.unlink(path)

    print(f"python {platform.python_version()}, numpy {np.__version__}, lightsout {lightsout.__version__}; "
          f"median of {args.runs} runs (each of enough calls for {MIN_RUN_SECONDS} s)")
    print()
    print("| board | lightsout (this repo) | python-lightsout 2.0.1 | ratio |")
    print("|---|---:|---:|---:|")
    for n, board, theirs in zip(sizes, boards, peer):
        # The peer's answer must solve the board too (its presses, as a board).
        presses = np.zeros_like(board)
        for r, c in theirs["pressed"]:
            presses[r, c] = 1
        assert lightsout.verify(board, presses), f"python-lightsout's answer fails on {n}x{n}"
        ours, _, _ = timed(lambda: lightsout.solve(board), args.runs)
        assert lightsout.solve(board).solvable
        ratio = theirs["seconds"] / ours
        print(f"| {n} x {n} | {seconds(ours)} | {seconds(theirs['seconds'])} | {ratio:,.0f} x |")


main()
