"""lightsout.solve: answers checked against brute force, replays and exact counts."""

import numpy as np
import pytest

import lightsout
from helpers import KING, PLUS, X, brute_force, effect, plus_effect_fast, shape_mask

# (rules keywords, offsets, boundary, modulus) of the variants brute force checks.
VARIANTS = [
    ({}, PLUS, "open", 2),
    ({"boundary": "torus"}, PLUS, "torus", 2),
    ({"shape": "x"}, X, "open", 2),
    ({"shape": "king", "boundary": "torus"}, KING, "torus", 2),
    ({"no_self": True}, PLUS[1:], "open", 2),
    ({"mod": 3}, PLUS, "open", 3),
    ({"mod": 4}, PLUS, "open", 4),
    ({"mod": 6, "boundary": "torus"}, PLUS, "torus", 6),
    ({"shape": shape_mask([(0, 0), (0, 1), (1, 0)])}, [(0, 0), (0, 1), (1, 0)], "open", 2),
]


def test_the_readme_example():
    sol = lightsout.solve(np.ones((5, 5), np.uint8), minimal=True)
    assert sol.press_count == 15
    assert (sol.solvable, sol.nullity, sol.solutions) == (True, 2, 4)
    assert sol.minimal and sol.proven
    assert sol.presses.dtype == np.uint8 and sol.presses.shape == (5, 5)
    assert np.array_equal(plus_effect_fast(sol.presses), np.ones((5, 5), np.uint8))
    assert sol.method == "poly" and (sol.rows, sol.cols) == (5, 5)
    assert sol.reason is None and sol.witness is None and sol.pressed_nodes is None
    assert "press_count=15" in repr(sol)


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_boards_against_brute_force(variant):
    keywords, offsets, boundary, k = VARIANTS[variant]
    rules = lightsout.Rules(**keywords)
    rng = np.random.default_rng(100 + variant)
    max_cells = {2: 12, 3: 8, 4: 6, 6: 5}[k]
    for _ in range(6):
        rows = int(rng.integers(1, 4))
        cols = int(rng.integers(1, max(2, max_cells // rows) + 1))
        if rows * cols > max_cells:
            cols = max_cells // rows
        if "shape" in keywords and min(rows, cols) < 2:
            # The library refuses a shape that reaches no other cell of the board.
            rows, cols = 2, max_cells // 2
        board = rng.integers(0, k, size=(rows, cols)).astype(np.uint8)
        target = rng.integers(0, k, size=(rows, cols)).astype(np.uint8)
        count, fewest, best = brute_force(board, offsets, boundary, k, target)
        sol = lightsout.solve(board, target, rules=rules)
        assert sol.solutions == count, (board, target, keywords)
        assert sol.solvable == (count > 0)
        if count:
            change = effect(sol.presses, offsets, boundary, k)
            assert np.array_equal((board.astype(int) + change) % k, target)
            assert lightsout.verify(board, sol.presses, target, rules=rules)
            assert sol.press_count == int(sol.presses.sum())
            assert count == k ** sol.nullity or k in (4, 6)
            best_sol = lightsout.solve(board, target, rules=rules, minimal=True)
            assert best_sol.press_count == fewest
            assert best_sol.minimal and best_sol.proven
            assert np.array_equal(best_sol.presses, best), (board, target, keywords)
        else:
            assert sol.presses is None and sol.press_count is None
            assert sol.reason


def test_unsolvable_boards_come_with_a_witness():
    board = np.zeros((5, 5), np.uint8)
    board[0, 0] = 1
    sol = lightsout.solve(board)
    assert not sol.solvable and sol.solutions == 0
    assert "quiet pattern" in sol.reason
    w = sol.witness
    assert w.shape == (5, 5)
    # The witness is quiet, and its overlap with the lights to change is odd.
    assert not plus_effect_fast(w).any()
    assert int((w & board).sum()) % 2 == 1
    # Three states: no witness, the rank test's reason.
    three = lightsout.solve(np.eye(4, dtype=np.uint8), rules={"mod": 3, "boundary": "torus"})
    if not three.solvable:
        assert three.witness is None and "rank test" in three.reason


def test_methods_agree_and_refuse_beyond_their_limits():
    board = lightsout.random_board(6, 7, seed=3)
    answers = {
        m: lightsout.solve(board, method=m)
        for m in ("auto", "brute", "rows", "gauss", "chase", "poly")
        if m != "brute"
    }
    assert len({(s.solvable, s.nullity, s.solutions) for s in answers.values()}) == 1
    with pytest.raises(lightsout.TooLargeError, match="use method"):
        lightsout.solve(np.ones((12, 12)), method="brute")
    with pytest.raises(lightsout.UnsupportedError, match="unknown method"):
        lightsout.solve(np.ones((3, 3)), method="magic")


def test_a_2000x2000_board():
    board = lightsout.random_board(2000, 2000, seed=2000)
    sol = lightsout.solve(board)
    assert sol.solvable and sol.presses.shape == (2000, 2000)
    assert np.array_equal(plus_effect_fast(sol.presses), board)
    assert sol.nullity == lightsout.nullity(2000, 2000)
    assert sol.solutions == 2**sol.nullity
    assert sol.press_count == int(sol.presses.sum(dtype=np.int64))


def test_a_big_unsolvable_board_and_a_big_torus():
    # 1000 x 1000 has nullity > 0 (Sutner): a single light is then not solvable, or is.
    d = lightsout.nullity(1000, 1000)
    board = np.zeros((1000, 1000), np.uint8)
    board[0, 0] = 1
    sol = lightsout.solve(board)
    assert sol.solvable == (d == 0)
    torus = lightsout.random_board(300, 300, seed=9, solvable=True, rules="boundary=torus")
    t = lightsout.solve(torus, rules="boundary=torus")
    assert t.solvable
    assert np.array_equal(effect(t.presses, PLUS, "torus"), torus)


def test_exact_big_integer_counts():
    # The sigma game on n x n has nullity gcd(n + 1, n + 1) - 1 = n: 2^1000 solutions.
    sigma = lightsout.Rules(no_self=True)
    sol = lightsout.solve(np.zeros((1000, 1000), np.uint8), rules=sigma)
    assert sol.nullity == 1000
    assert sol.solutions == 2**1000 and isinstance(sol.solutions, int)
    assert "<302 digits>" in repr(sol)
    # Three states: 3^nullity solutions, exact.
    three = lightsout.solve(np.zeros((44, 44), np.uint8), rules={"mod": 3, "no_self": True})
    assert three.solutions == 3**three.nullity and three.nullity > 0
    # The analysis' count of solvable positions: 2^(cells - nullity), hundreds of digits.
    a = lightsout.analyze(40, 40)
    assert a.solvable_positions == 2 ** (1600 - a.nullity)


def test_minimal_above_the_proven_dimension_is_best_found():
    # 60 x 60 sigma: nullity 60, past the exhaustive search (32).
    sigma = lightsout.Rules(no_self=True)
    board = lightsout.random_board(60, 60, seed=4, solvable=True, rules=sigma)
    plain = lightsout.solve(board, rules=sigma)
    best = lightsout.solve(board, rules=sigma, minimal=True, time_limit=2)
    assert plain.nullity == 60
    assert best.proven is False and best.minimal is False
    assert best.press_count <= plain.press_count
    assert lightsout.verify(board, best.presses, rules=sigma)


def test_presets_use_their_goal():
    merlin = lightsout.Rules(preset="merlin")
    start = next(p for p in lightsout.presets() if p.name == "merlin").start
    sol = lightsout.solve(start, rules=merlin, minimal=True)
    assert sol.solvable and sol.nullity == 0
    goal = np.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]], np.uint8)
    assert lightsout.verify(start, sol.presses, goal, rules="merlin")
    assert np.array_equal(lightsout.apply(start, sol.presses, rules="merlin"), goal)
    with pytest.raises(lightsout.InvalidBoardError, match="the board of preset 'merlin'"):
        lightsout.solve(np.ones((4, 4)), rules=merlin)
