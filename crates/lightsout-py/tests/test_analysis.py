"""analyze, nullity, table, all_solutions."""

import itertools

import numpy as np
import pytest

import lightsout
from helpers import PLUS, brute_force, effect, plus_effect_fast

# OEIS A159257: nullity of the classic n x n board, n = 1..10.
A159257 = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0]


def gauss_nullities(max_n, rules=None):
    """Nullities by Gaussian elimination of the full system (not the polynomials)."""
    return [lightsout.analyze(n, n, rules=rules, method="gauss").nullity for n in range(1, max_n + 1)]


def test_analyze_classic_boards():
    a = lightsout.analyze(4, 4)
    assert (a.rank, a.nullity, a.method) == (12, 4, "poly")
    q = a.quiet_patterns
    assert q.shape == (4, 4, 4) and q.dtype == np.uint8
    for pattern in q:
        assert not plus_effect_fast(pattern).any()
    # Independent: the patterns span a space of 2^4 distinct quiet patterns.
    spans = {
        tuple((sum(c * p for c, p in zip(coeffs, q)) % 2).flatten())
        for coeffs in itertools.product((0, 1), repeat=4)
    }
    assert len(spans) == 16
    assert a.solvable_positions == 2**12
    assert "nullity=4" in repr(a)


@pytest.mark.parametrize("rules,k", [("mod=4", 4), ("mod=6,boundary=torus", 6), ("mod=3", 3)])
def test_analyze_counts_solvable_positions_exactly(rules, k):
    rows, cols = 2, 3 if k < 6 else 2
    a = lightsout.analyze(rows, cols, rules=rules)
    boundary = "torus" if "torus" in rules else "open"
    # Brute force: the quiet patterns are the solutions of the zero board.
    kernel, _, _ = brute_force(np.zeros((rows, cols)), PLUS, boundary, k)
    assert a.solvable_positions == k ** (rows * cols) // kernel
    for pattern in a.quiet_patterns:
        assert not effect(pattern, PLUS, boundary, k).any()


def test_nullity_matches_oeis_and_analysis():
    assert [lightsout.nullity(n, n) for n in range(1, 11)] == A159257
    assert [lightsout.nullity(n, n) for n in range(1, 31)] == gauss_nullities(30)
    for m, n in [(3, 7), (9, 4), (17, 11)]:
        assert lightsout.nullity(m, n) == lightsout.analyze(m, n, method="gauss").nullity
    # Polynomials only: sizes far beyond any board in memory.
    assert lightsout.nullity(10**9, 4) == lightsout.nullity(4, 10**9)
    assert lightsout.nullity(5, 5, rules="no_self") == 5  # gcd(6, 6) - 1
    assert lightsout.nullity(4, 4, rules="boundary=torus") == lightsout.analyze(4, 4, rules="boundary=torus").nullity
    assert lightsout.nullity(rules="cube") == lightsout.analyze(rules="cube").nullity
    with pytest.raises(lightsout.LimitExceededError, match="shorter side"):
        lightsout.nullity(10**9, 10**9)
    with pytest.raises(lightsout.InvalidSizeError):
        lightsout.nullity(0, 5)
    with pytest.raises(ValueError, match="both rows and cols"):
        lightsout.nullity(5)


def test_table_square_and_rectangular():
    t = lightsout.table(30)
    assert t.dtype == np.int64 and t.tolist() == gauss_nullities(30)
    assert t[:10].tolist() == A159257
    rect = lightsout.table(12, rect=True)
    assert rect.shape == (12, 12)
    assert np.array_equal(rect, rect.T)
    for m, n in [(1, 1), (4, 4), (5, 11), (12, 3)]:
        assert rect[m - 1, n - 1] == lightsout.nullity(m, n)
    torus = lightsout.table(8, rules="boundary=torus")
    assert torus.tolist() == [lightsout.analyze(n, n, rules="boundary=torus").nullity for n in range(1, 9)]
    with pytest.raises(lightsout.InvalidRulesError, match="a preset, a graph"):
        lightsout.table(5, rules="merlin")
    with pytest.raises(ValueError):
        lightsout.table(0)
    with pytest.raises(lightsout.LimitExceededError):
        lightsout.table(20000, rect=True)


def test_all_solutions_walks_the_whole_solution_space():
    board = lightsout.random_board(4, 4, seed=8, solvable=True)
    it = lightsout.all_solutions(board)
    assert it.total == 16 and "total=16" in repr(it)
    sols = list(it)
    assert len(sols) == 16
    assert len({s.tobytes() for s in sols}) == 16
    for s in sols:
        assert np.array_equal(plus_effect_fast(s), board)
    # Gray-code order: consecutive solutions differ by one quiet pattern (a basis
    # element), so their difference is quiet.
    for a, b in zip(sols, sols[1:]):
        assert not plus_effect_fast(a ^ b).any()
    assert list(it) == []  # exhausted
    # Brute force agrees on the set.
    count, _, _ = brute_force(board)
    assert count == 16
    limited = list(lightsout.all_solutions(board, limit=5))
    assert len(limited) == 5 and lightsout.all_solutions(board, limit=5).total == 16


def test_all_solutions_of_an_unsolvable_board_and_of_k_states():
    one = np.zeros((4, 4), np.uint8)
    one[0, 0] = 1
    it = lightsout.all_solutions(one)
    assert it.total == 0 and list(it) == []
    rules = lightsout.Rules(mod=4)
    board = np.zeros((2, 3), np.uint8)
    sols = list(lightsout.all_solutions(board, rules=rules))
    count, _, _ = brute_force(board, PLUS, "open", 4)
    assert len(sols) == count == lightsout.all_solutions(board, rules=rules).total
    assert len({s.tobytes() for s in sols}) == count
    for s in sols:
        assert not effect(s, PLUS, "open", 4).any()


def test_all_solutions_is_lazy_on_a_huge_space():
    # 2^1000 solutions: taking three must not enumerate them.
    it = lightsout.all_solutions(np.zeros((1000, 1000), np.uint8), rules="no_self", limit=None)
    assert it.total == 2**1000
    first = [next(it) for _ in range(3)]
    assert all(f.shape == (1000, 1000) for f in first)
