"""The research functions against computations of their own: the fewest presses of the
all-on board (OEIS A075464; the torus by brute force over every press pattern) and the
solution period (by iterating the toggle and solve maps step by step)."""

import doctest
import threading
import _thread
import time

import numpy as np
import pytest

import lightsout
from helpers import KING, PLUS, brute_force, effect, toggle_matrix

# OEIS A075464: the fewest presses that turn off the all-on n x n board, n = 1, 2, ...
A075464 = [1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72]


def replays(best, rules=None):
    """Checks that ``best.presses`` turns the all-on board off (the library's replay and
    the independent NumPy effect) with ``best.press_count`` presses."""
    n = best.n
    ones = np.ones((n, n), np.uint8)
    p = best.presses
    assert p.dtype == np.uint8 and p.shape == (n, n)
    assert set(np.unique(p).tolist()) <= {0, 1}
    assert int(p.sum()) == best.press_count
    assert lightsout.verify(ones, p, rules=rules)
    assert not lightsout.apply(ones, p, rules=rules).any()
    boundary = "torus" if rules else "open"
    assert np.array_equal(effect(p, PLUS, boundary), ones)


# --- fewest_presses_all_on ---------------------------------------------------------


@pytest.mark.parametrize("n", range(1, len(A075464) + 1))
def test_the_open_board_gives_oeis_a075464(n):
    best = lightsout.fewest_presses_all_on(n)
    assert (best.n, best.boundary) == (n, "open")
    assert best.press_count == A075464[n - 1]
    assert best.proven
    assert best.nullity == lightsout.nullity(n, n)
    assert isinstance(best.candidates, int) and 1 <= best.candidates <= 2**best.nullity
    assert best.pieces >= 1 and best.seconds >= 0
    replays(best)


@pytest.mark.parametrize("boundary", ["open", "torus"])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_small_boards_against_every_press_pattern(n, boundary):
    # Brute force over all 2^(n*n) press patterns, in NumPy (tests/helpers.py): the
    # number of solutions and the fewest presses among them.
    count, fewest, _ = brute_force(np.ones((n, n), np.int64), PLUS, boundary)
    best = lightsout.fewest_presses_all_on(n, boundary)
    assert best.proven and best.boundary == boundary
    assert best.press_count == fewest
    assert 2**best.nullity == count
    replays(best, "boundary=torus" if boundary == "torus" else None)


@pytest.mark.parametrize("n", range(5, 11))
def test_the_torus_agrees_with_the_general_fewest_press_search(n):
    # The general search of solve(minimal=True) (no symmetry) on the same board.
    ones = np.ones((n, n), np.uint8)
    general = lightsout.solve(ones, rules="boundary=torus", minimal=True)
    assert general.proven
    best = lightsout.fewest_presses_all_on(n, "torus")
    assert best.proven
    assert best.press_count == general.press_count
    assert best.nullity == general.nullity
    replays(best, "boundary=torus")


def test_over_the_nullity_limit_the_answer_is_a_bound():
    # 4 x 4 has nullity 4: with a limit of 3 the local search answers, not proven.
    best = lightsout.fewest_presses_all_on(4, max_proven_nullity=3)
    assert best.nullity == 4
    assert not best.proven
    assert (best.candidates, best.pieces) == (0, 0)
    assert best.press_count >= A075464[3]
    replays(best)
    # At the limit itself the search is exhaustive again.
    assert lightsout.fewest_presses_all_on(4, max_proven_nullity=4).proven


def test_threads_and_no_time_limit_give_the_same_answer():
    one = lightsout.fewest_presses_all_on(9, threads=1, time_limit=None)
    assert (one.press_count, one.proven) == (25, True)
    assert np.array_equal(one.presses, lightsout.fewest_presses_all_on(9).presses)


def test_bad_arguments_raise():
    with pytest.raises(lightsout.InvalidSizeError):
        lightsout.fewest_presses_all_on(0)
    with pytest.raises(lightsout.LimitExceededError, match="up to 2000"):
        lightsout.fewest_presses_all_on(2001)
    with pytest.raises(lightsout.InvalidRulesError, match="unknown boundary 'moebius'"):
        lightsout.fewest_presses_all_on(5, "moebius")
    with pytest.raises(lightsout.UnsupportedError, match="open board and the torus"):
        lightsout.fewest_presses_all_on(5, "klein")
    with pytest.raises(ValueError, match="time_limit"):
        lightsout.fewest_presses_all_on(5, time_limit=0)
    with pytest.raises(ValueError, match="threads"):
        lightsout.fewest_presses_all_on(5, threads=0)
    with pytest.raises(TypeError):
        lightsout.fewest_presses_all_on(5, "open", 44)  # keyword-only past boundary


def test_the_result_class():
    best = lightsout.fewest_presses_all_on(5)
    assert repr(best) == (
        "AllOnMinimum(n=5, boundary='open', press_count=15, proven=True, nullity=2, "
        f"candidates={best.candidates})"
    )
    assert type(best).__module__ == "lightsout" and type(best) is lightsout.AllOnMinimum
    with pytest.raises(AttributeError):
        best.press_count = 1


# The exhaustive search over the n x n board with the smallest n of nullity >= 60 (one
# solution per symmetry orbit still leaves more than 2^50): a search no machine ends in
# seconds, to stop by a time limit or Ctrl-C.
@pytest.fixture(scope="module")
def long_n():
    table = lightsout.table(1000)
    n = int(np.argmax(table >= 60)) + 1
    assert table[n - 1] >= 60
    return n


def test_a_time_limit_ends_the_all_on_search_with_the_best_found(long_n):
    best = lightsout.fewest_presses_all_on(long_n, max_proven_nullity=100, time_limit=2.0)
    assert not best.proven and best.nullity >= 60
    replays(best)


def test_ctrl_c_stops_the_all_on_search(long_n, ctrl_c_raises):
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            lightsout.fewest_presses_all_on(long_n, max_proven_nullity=100, time_limit=None)
    finally:
        timer.cancel()
    # The cancel flag reached the search: no core keeps working in the background.
    before = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - before < 0.2


# --- period ------------------------------------------------------------------------


def gf2_rank(m):
    """Rank of a 0/1 matrix over GF(2), by elimination on Python ints (rows as bits)."""
    rows = [int("".join(map(str, r)), 2) for r in (np.asarray(m) % 2).tolist()]
    rank = 0
    while rows:
        pivot = rows.pop()
        if pivot:
            rank += 1
            low = pivot & -pivot
            rows = [r ^ pivot if r & low else r for r in rows]
    return rank


def eventual_period(step, start):
    """Iterates ``step`` from ``start`` until a board repeats: (steps before the cycle,
    the cycle's length)."""
    seen = {}
    b = start
    for k in range(10**6):
        key = b.tobytes()
        if key in seen:
            return seen[key], k - seen[key]
        seen[key] = k
        b = step(b)
    raise AssertionError("no repeat within 10^6 steps")


def matrix_order(a):
    """The least p >= 1 with A^(N+p) = A^N over GF(2) (N = the size of A): the order of
    A on its core, by iterating the powers."""
    a = (np.asarray(a) % 2).astype(np.int64)
    base = np.eye(len(a), dtype=np.int64)
    for _ in range(len(a)):
        base = (a @ base) % 2
    power = (a @ base) % 2
    for p in range(1, 10**6):
        if np.array_equal(power, base):
            return p
        power = (a @ power) % 2
    raise AssertionError("no repeat within 10^6 steps")


def reference_period(rows, cols, offsets=PLUS, boundary="open"):
    """(singular, order, all-on period, all-on in core) by iterating the toggle map
    ``b -> A b`` (press every lit cell; on the core, the inverse of the solve map, so
    with the same cycles)."""
    a = toggle_matrix(rows, cols, offsets, boundary)
    cells = rows * cols
    ones = np.ones(cells, np.int64)
    before, cycle = eventual_period(lambda v: (a @ v) % 2, ones)
    return gf2_rank(a) < cells, matrix_order(a), cycle, before == 0


SIZES = [(n, n) for n in range(2, 7)] + [(3, 5), (4, 7), (2, 9), (7, 4)]


@pytest.mark.parametrize("rows,cols", SIZES, ids=[f"{r}x{c}" for r, c in SIZES])
def test_the_period_against_iterating_the_toggle_map(rows, cols):
    p = lightsout.period(rows, cols)
    singular, order, cycle, in_core = reference_period(rows, cols)
    assert (p.singular, p.order, p.all_on_period, p.all_on_in_core) == (
        singular,
        order,
        cycle,
        in_core,
    )
    assert singular == (lightsout.nullity(rows, cols) > 0)
    assert (p.rows, p.cols, p.method) == (rows, cols, "structure")
    assert isinstance(p.order, int) and p.field_degree >= 1


# Nonsingular sizes only: on a singular board solve() gives one solution of many, not
# necessarily the core's, so its iteration is not the solve map of the period.
NONSINGULAR = [(2, 2), (3, 3), (6, 6), (7, 7), (8, 8), (3, 4), (4, 7), (7, 4)]


@pytest.mark.parametrize("rows,cols", NONSINGULAR, ids=[f"{r}x{c}" for r, c in NONSINGULAR])
def test_the_period_of_a_nonsingular_board_by_repeated_solves(rows, cols):
    # Replace the board by its solution until the all-on board comes back.
    assert lightsout.nullity(rows, cols) == 0
    ones = np.ones((rows, cols), np.uint8)
    before, cycle = eventual_period(lambda b: lightsout.solve(b).presses, ones)
    p = lightsout.period(rows, cols)
    assert (before, cycle) == (0, p.all_on_period)
    assert p.all_on_in_core and not p.singular
    # Every board comes back after `order` solves, and the order is the least such.
    board = lightsout.random_board(rows, cols, seed=7)
    _, board_cycle = eventual_period(lambda b: lightsout.solve(b).presses, board)
    assert p.order % board_cycle == 0


def test_the_library_examples():
    p = lightsout.period(6, 6)
    assert (p.all_on_period, p.singular) == (7, False)
    p = lightsout.period(5, 5)
    assert (p.singular, p.order, p.all_on_period, p.all_on_in_core) == (True, 4, 2, False)


@pytest.mark.parametrize(
    "rules,offsets,boundary,rows,cols,method",
    [
        ("boundary=torus", PLUS, "torus", 3, 3, "structure"),
        ("boundary=torus", PLUS, "torus", 5, 5, "structure"),
        ("boundary=torus", PLUS, "torus", 4, 6, "structure"),
        ("no_self", PLUS[1:], "open", 4, 4, "structure"),
        ("no_self", PLUS[1:], "open", 5, 3, "structure"),
        ("shape=king", KING, "open", 4, 4, "krylov"),
        ("shape=king", KING, "open", 3, 5, "krylov"),
    ],
)
def test_the_period_of_other_rules(rules, offsets, boundary, rows, cols, method):
    p = lightsout.period(rows, cols, rules)
    singular, order, cycle, in_core = reference_period(rows, cols, offsets, boundary)
    assert (p.singular, p.order, p.all_on_period, p.all_on_in_core) == (
        singular,
        order,
        cycle,
        in_core,
    )
    assert p.method == method
    assert (p.field_degree is None) == (method == "krylov")


def test_the_period_is_exact_on_large_boards():
    # Far past 2^64: the order as an exact Python int, dividing 2^k - 1 times a power of
    # two for the field GF(2^k) of the eigenvalues.
    p = lightsout.period(200, 200)
    assert isinstance(p.order, int) and p.order > 0
    assert p.order % p.all_on_period == 0
    odd = p.order // (p.order & -p.order)
    assert (2**p.field_degree - 1) % odd == 0


def test_period_arguments():
    with pytest.raises(lightsout.UnsupportedError, match="two states"):
        lightsout.period(3, 3, "mod=3")
    with pytest.raises(ValueError, match="both rows and cols"):
        lightsout.period(3)
    with pytest.raises(lightsout.InvalidSizeError):
        lightsout.period()
    with pytest.raises(lightsout.InvalidSizeError):
        lightsout.period(0, 4)
    with pytest.raises(ValueError, match="time_limit"):
        lightsout.period(4, 4, time_limit=-1)
    # A preset brings its own board.
    merlin = lightsout.period(rules="merlin")
    assert (merlin.rows, merlin.cols) == (3, 3)


def test_the_period_class():
    p = lightsout.period(5, 5)
    assert repr(p) == (
        "Period(singular=True, order=4, all_on_period=2, all_on_in_core=False, "
        "method='structure', size=5x5)"
    )
    assert type(p) is lightsout.Period
    with pytest.raises(AttributeError):
        p.order = 1


def test_the_docstring_examples():
    for f in (lightsout.fewest_presses_all_on, lightsout.period):
        finder = doctest.DocTestFinder()
        runner = doctest.DocTestRunner()
        for test in finder.find(f, globs={"lightsout": lightsout}):
            runner.run(test)
        assert runner.failures == 0 and runner.tries >= 2, f.__name__
