"""Independent reference implementations for the tests: the effect of a press pattern
computed cell by cell in NumPy (no code shared with the Rust engine), and brute force
over every press pattern of small boards."""

import itertools

import numpy as np

PLUS = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
X = [(0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)]
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]


def effect(presses, offsets=PLUS, boundary="open", mod=2):
    """The lights that `presses` (press counts) change from all off."""
    presses = np.asarray(presses, dtype=np.int64)
    rows, cols = presses.shape
    out = np.zeros_like(presses)
    for r in range(rows):
        for c in range(cols):
            times = presses[r, c]
            if not times:
                continue
            reached = set()
            for dr, dc in offsets:
                tr, tc = r + dr, c + dc
                if boundary == "torus":
                    tr, tc = tr % rows, tc % cols
                elif not (0 <= tr < rows and 0 <= tc < cols):
                    continue
                reached.add((tr, tc))
            for tr, tc in reached:
                out[tr, tc] += times
    return (out % mod).astype(np.uint8)


def plus_effect_fast(presses):
    """The classic rules' effect by array shifts (for big boards)."""
    p = np.asarray(presses, dtype=np.uint8) & 1
    out = p.copy()
    out[1:, :] ^= p[:-1, :]
    out[:-1, :] ^= p[1:, :]
    out[:, 1:] ^= p[:, :-1]
    out[:, :-1] ^= p[:, 1:]
    return out


def toggle_matrix(rows, cols, offsets=PLUS, boundary="open", mod=2):
    """Column j: the lights one press of cell j changes (from `effect`)."""
    n = rows * cols
    m = np.zeros((n, n), dtype=np.int64)
    for j in range(n):
        unit = np.zeros(n, dtype=np.int64)
        unit[j] = 1
        m[:, j] = effect(unit.reshape(rows, cols), offsets, boundary, mod).reshape(n)
    return m


def brute_force(board, offsets=PLUS, boundary="open", mod=2, target=None):
    """Every press pattern of a small board tried: (number of solutions, fewest presses
    or None, the fewest-press pattern by the library's tie-break or None).

    The tie-break: among the fewest-press patterns, the one that, at the first cell
    (row-major) where two differ, presses it more often.
    """
    board = np.asarray(board, dtype=np.int64)
    rows, cols = board.shape
    n = rows * cols
    target = np.zeros_like(board) if target is None else np.asarray(target, np.int64)
    need = ((target - board) % mod).reshape(n)
    m = toggle_matrix(rows, cols, offsets, boundary, mod)
    every = np.array(list(itertools.product(range(mod), repeat=n)), dtype=np.int64)
    hits = every[np.all((every @ m.T) % mod == need, axis=1)]
    if len(hits) == 0:
        return 0, None, None
    weights = hits.sum(axis=1)
    fewest = hits[weights == weights.min()]
    best = max(fewest.tolist())  # lexicographically largest press-count vector
    return len(hits), int(weights.min()), np.array(best, dtype=np.uint8).reshape(rows, cols)


def shape_mask(offsets):
    """The CLI's mask text of a shape given by offsets (centre = the pressed cell)."""
    reach = max(max(abs(dr), abs(dc)) for dr, dc in offsets)
    size = 2 * reach + 1
    grid = [["0"] * size for _ in range(size)]
    for dr, dc in offsets:
        grid[dr + reach][dc + reach] = "1"
    return "/".join("".join(row) for row in grid)
