"""A tour of the `lightsout` Python package, notebook style (each `# %%` is a cell:
run it whole, or cell by cell in Jupyter / VS Code).

    pip install ./crates/lightsout-py matplotlib
    python examples/python/tour.py            # shows the figures
    python examples/python/tour.py --out DIR  # saves them as PNG files instead

Without matplotlib the tour still runs and prints; it only skips the figures.
"""

# %% Setup
import argparse
import os
import time

import numpy as np

import lightsout

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--out", help="save the figures as PNG files in this folder")
args, _ = parser.parse_known_args()

try:
    import matplotlib

    if args.out:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    plt = None
    print("matplotlib is not installed: printing only (pip install matplotlib for the figures)")


def show(fig, name):
    """Shows a figure, or saves it as DIR/name.png with --out."""
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        path = os.path.join(args.out, f"{name}.png")
        fig.savefig(path, dpi=120, bbox_inches="tight")
        print(f"saved {path}")
        plt.close(fig)
    else:
        plt.show()


def draw(ax, board, title, presses=None):
    """A board as lit (yellow) and dark cells; presses as dots."""
    ax.imshow(board, cmap="cividis", vmin=0, vmax=max(1, int(board.max())))
    if presses is not None:
        rows, cols = np.nonzero(presses)
        ax.scatter(cols, rows, s=120, c="red", marker="o", label="press")
    ax.set_title(title)
    rows, cols = board.shape
    ax.set_xticks(np.arange(-0.5, cols), minor=True)
    ax.set_yticks(np.arange(-0.5, rows), minor=True)
    ax.grid(which="minor", color="grey", linewidth=0.5)
    ax.tick_params(which="both", length=0, labelbottom=False, labelleft=False)


# %% The classic puzzle: every light on, solved with the fewest presses
board = np.ones((5, 5), np.uint8)
sol = lightsout.solve(board, minimal=True)
print(sol)
print(sol.presses)
print(f"{sol.press_count} presses (minimal: {sol.minimal}); {sol.solutions} solutions in all")
after = lightsout.apply(board, sol.presses)
assert not after.any()

if plt:
    fig, axes = plt.subplots(1, 3, figsize=(9, 3.2))
    draw(axes[0], board, "start: all on")
    draw(axes[1], board, f"the {sol.press_count} presses", sol.presses)
    draw(axes[2], after, "after: all off")
    show(fig, "classic")

# %% Why some boards have no solution: the quiet patterns
a = lightsout.analyze(4, 4)
print(a, f"{a.solvable_positions} of {2**16} positions are solvable")
one = np.zeros((4, 4), np.uint8)
one[0, 0] = 1
nope = lightsout.solve(one)
print(nope.reason)

if plt:
    fig, axes = plt.subplots(1, len(a.quiet_patterns) + 1, figsize=(12, 2.8))
    for i, q in enumerate(a.quiet_patterns):
        draw(axes[i], q, f"quiet pattern {i + 1}")
    draw(axes[-1], nope.witness, "witness for one light")
    show(fig, "quiet")

# %% The nullity table: which n x n boards are always solvable (nullity 0)?
t = lightsout.table(300)
n = np.arange(1, len(t) + 1)
print("n with the largest nullity up to 300:", n[np.argsort(t)[-5:]].tolist())
rect = lightsout.table(80, rect=True)

if plt:
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    left.stem(n, t, markerfmt=".", basefmt=" ")
    left.set_xlabel("n")
    left.set_ylabel("nullity of the n x n board")
    left.set_title("classic rules, n = 1..300")
    im = right.imshow(rect, origin="lower", extent=(0.5, 80.5, 0.5, 80.5), cmap="magma")
    right.set_xlabel("n")
    right.set_ylabel("m")
    right.set_title("nullity of the m x n board")
    fig.colorbar(im, ax=right)
    show(fig, "nullity")

# %% Variants: a torus, three colours, a graph
torus = lightsout.random_board(8, 8, seed=1, rules="boundary=torus", solvable=True)
print(lightsout.solve(torus, rules="boundary=torus", minimal=True))
three = lightsout.random_board(5, 5, seed=2, rules="mod=3", solvable=True)
print(lightsout.solve(three, rules=lightsout.Rules(mod=3)))
petersen = {i: [(i + 1) % 5, i + 5] for i in range(5)}
petersen.update({i + 5: [(i + 2) % 5 + 5] for i in range(5)})
g = lightsout.Rules(graph=petersen)
print(g, "nodes:", g.nodes)
gs = lightsout.solve([1] * 10, rules=g, minimal=True)
print("Petersen graph, all on: press", gs.pressed_nodes)

# %% Big boards
big = lightsout.random_board(2000, 2000, seed=7)
start = time.perf_counter()
bs = lightsout.solve(big)
print(f"2000 x 2000: {bs.press_count} presses in {time.perf_counter() - start:.2f} s")
assert lightsout.verify(big, bs.presses)
