"""Boards in every form, bad boards, random_board, verify, apply."""

import numpy as np
import pytest

import lightsout
from helpers import plus_effect_fast

ON = np.ones((5, 5), np.uint8)


@pytest.mark.parametrize(
    "board",
    [
        ON,
        ON.astype(bool),
        ON.astype(np.int64),
        ON.astype(np.int8),
        ON.astype(np.uint32),
        ON.astype(np.float64),
        ON.astype(np.float32),
        ON.astype(">i4"),  # another byte order
        np.asfortranarray(ON),
        np.ones((10, 10), np.uint8)[::2, ::2],  # not contiguous
        ON.tolist(),
        tuple(map(tuple, ON.tolist())),
        [[True] * 5] * 5,
        [[1.0] * 5] * 5,
        [np.ones(5, np.uint8)] * 5,
        "11111\n11111\n11111\n11111\n11111\n",
        "#####\n#####\r\n\n#####\n# # # # #\n#####",
        ["11111"] * 5,
        memoryview(ON),
    ],
)
def test_every_board_form_reads_the_same(board):
    sol = lightsout.solve(board, minimal=True)
    assert (sol.rows, sol.cols, sol.press_count) == (5, 5, 15)


def test_one_dimensional_boards_are_one_row():
    sol = lightsout.solve([1, 1, 0])
    assert (sol.rows, sol.cols) == (1, 3) and sol.presses.shape == (1, 3)


def test_k_state_boards():
    rules = {"mod": 13}
    board = np.arange(12, dtype=np.uint8).reshape(3, 4) % 13
    sol = lightsout.solve(board, rules=rules)
    text = "\n".join(" ".join(str(v) for v in row) for row in board)
    assert lightsout.solve(text, rules=rules).presses.tolist() == sol.presses.tolist()
    with pytest.raises(lightsout.InvalidBoardError, match="not a number from 0 to 12"):
        lightsout.solve("0 13\n1 2", rules=rules)
    with pytest.raises(lightsout.InvalidBoardError, match=r"column 2: 13 is not a number from 0 to 12"):
        lightsout.solve([[0, 13]], rules=rules)


@pytest.mark.parametrize(
    "board,message",
    [
        ([[1, 0], [1]], "board: row 2 has 1 cells, but row 1 has 2 (rows must have equal length)"),
        ([[2, 0]], "board: row 1, column 1: 2 is not a number from 0 to 1"),
        ([[0, -1]], "board: row 1, column 2: -1 is not a number from 0 to 1"),
        ([[0, 0.5]], "board: row 1, column 2: 0.5 is not a number from 0 to 1"),
        ([[0, "x"]], "board: row 1, column 2: 'x' is not a number from 0 to 1"),
        ([[0, None]], "board: row 1, column 2: None is not a number from 0 to 1"),
        (np.array([[0, 3]]), "board: row 1, column 2: 3 is not a number from 0 to 1"),
        (np.array([[0, -1]]), "board: row 1, column 2: -1 is not a number from 0 to 1"),
        (np.array([[np.nan]]), "board: row 1, column 1: NaN is not a number from 0 to 1"),
        (np.zeros((2, 2, 2)), "board: expected a 2-D array (rows x columns), got a 3-D array"),
        (np.zeros((0, 3)), "board: empty input (no board rows)"),
        (np.zeros((3, 0)), "board: invalid size 3x0: a board needs at least one row and one column"),
        ([], "board: empty input (no board rows)"),
        ([[]], "board: invalid size 1x0: a board needs at least one row and one column"),
        ("", "board: empty input (no board rows)"),
        ("10\n1", "board: line 2 has 1 cells, but line 1 has 2 (rows must have equal length)"),
        ("1x", "board: line 1, column 2: unexpected character 'x' (expected 0, 1, '.' or '#')"),
        (np.array([["a"]]), "board: expected an array of integers (or booleans), got dtype <U1"),
        ([[1], "1"], "board: row 2 is str, not a list of cells"),
        (["1", [1]], "board: row 2 is list, but row 1 is a string (give every row as text, or none)"),
        (5, "board: expected a 2-D array of integers, a list of rows or a text board, got int"),
        (None, "board: expected a 2-D array of integers, a list of rows or a text board, got NoneType"),
    ],
)
def test_bad_boards(board, message):
    with pytest.raises(lightsout.InvalidBoardError) as e:
        lightsout.solve(board)
    assert str(e.value) == message
    assert isinstance(e.value, ValueError)


def test_bad_targets_and_presses():
    with pytest.raises(lightsout.InvalidBoardError, match="target is 3x3, but the board is 5x5"):
        lightsout.solve(ON, target=np.zeros((3, 3)))
    with pytest.raises(lightsout.InvalidBoardError, match="^target: row 1, column 1: 7"):
        lightsout.solve(ON, target=[[7] * 5] * 5)
    with pytest.raises(lightsout.InvalidBoardError, match="presses is 2x2, but the board is 5x5"):
        lightsout.verify(ON, np.zeros((2, 2)))
    with pytest.raises(lightsout.InvalidBoardError, match="^presses: "):
        lightsout.apply(ON, "abc")


def test_bad_limits():
    with pytest.raises(ValueError, match="time_limit"):
        lightsout.solve(ON, time_limit=0)
    with pytest.raises(ValueError, match="time_limit"):
        lightsout.solve(ON, time_limit=float("nan"))
    with pytest.raises(ValueError, match="threads"):
        lightsout.solve(ON, threads=0)
    with pytest.raises(OverflowError):
        lightsout.solve(ON, threads=-1)


def test_verify_and_apply():
    sol = lightsout.solve(ON)
    assert lightsout.verify(ON, sol.presses)
    wrong = sol.presses.copy()
    wrong[0, 0] ^= 1
    assert not lightsout.verify(ON, wrong)
    after = lightsout.apply(ON, wrong)
    assert after.dtype == np.uint8
    assert np.array_equal(after, ON ^ plus_effect_fast(wrong))
    assert lightsout.verify(ON, wrong, target=after)
    # Three states: presses count several times.
    three = lightsout.apply([[0, 0, 0]], [[0, 2, 0]], rules="mod=3")
    assert three.tolist() == [[2, 2, 2]]


def test_random_boards():
    a = lightsout.random_board(30, 70, seed=5)
    assert a.shape == (30, 70) and a.dtype == np.uint8
    assert np.array_equal(a, lightsout.random_board(30, 70, seed=5))
    assert not np.array_equal(a, lightsout.random_board(30, 70, seed=6))
    assert 0.35 < a.mean() < 0.65
    assert not lightsout.random_board(8, 8, density=0.0).any()
    assert lightsout.random_board(8, 8, density=1.0).all()
    sparse = lightsout.random_board(100, 100, seed=1, density=0.1)
    assert 0.05 < sparse.mean() < 0.15
    # Solvable boards: the lights of random presses.
    for seed in range(5):
        b = lightsout.random_board(12, 12, seed=seed, solvable=True)
        assert lightsout.solve(b).solvable
    k = lightsout.random_board(20, 20, seed=2, rules="mod=5")
    assert k.max() <= 4 and k.min() == 0 and len(np.unique(k)) == 5
    k_solvable = lightsout.random_board(9, 9, seed=2, rules="mod=5,boundary=torus", solvable=True)
    assert lightsout.solve(k_solvable, rules="mod=5,boundary=torus").solvable
    with pytest.raises(lightsout.InvalidBoardError, match="density"):
        lightsout.random_board(3, 3, density=1.5)
    with pytest.raises(lightsout.InvalidSizeError, match="at least one row"):
        lightsout.random_board(0, 3)
    with pytest.raises(lightsout.LimitExceededError, match="memory"):
        lightsout.random_board(2**20, 2**20)
    with pytest.raises(lightsout.InvalidRulesError, match=r"expected 5x5 \(the board of preset 'classic'\)"):
        lightsout.random_board(4, 4, rules="classic")
    assert lightsout.random_board(3, 3).shape == (3, 3)  # seed from the OS


def test_every_error_is_a_lightsout_error():
    # One call per exception class the engine raises, each also the built-in kind its
    # docstring promises, and shown as lightsout.X.
    cases = [
        (lambda: lightsout.solve("1x"), lightsout.InvalidBoardError, ValueError),
        (lambda: lightsout.Rules(boundary="sphere"), lightsout.InvalidRulesError, ValueError),
        (lambda: lightsout.analyze(0, 3), lightsout.InvalidSizeError, ValueError),
        (lambda: lightsout.solve(ON, method="magic"), lightsout.UnsupportedError, ValueError),
        (lambda: lightsout.solve(np.ones((12, 12)), method="brute"), lightsout.TooLargeError, ValueError),
        (lambda: lightsout.table(20000, rect=True), lightsout.LimitExceededError, lightsout.LightsOutError),
        (lambda: lightsout.table(10**6, time_limit=0.05), lightsout.TimeLimitError, TimeoutError),
    ]
    for call, cls, builtin in cases:
        with pytest.raises(cls) as e:
            call()
        assert isinstance(e.value, lightsout.LightsOutError) and isinstance(e.value, builtin)
        assert type(e.value).__module__ == "lightsout"
        assert repr(e.value).startswith(cls.__name__)
    assert issubclass(lightsout.InternalError, RuntimeError)
    assert lightsout.InternalError.__module__ == "lightsout"


def test_hostile_inputs_raise_never_crash():
    class Broken:
        def __iter__(self):
            raise RuntimeError("boom")

    for board in ([Broken()], [[1, 2**70]], [[float("inf")]], np.array([[1e300]]), object(), b"101"):
        with pytest.raises((lightsout.LightsOutError, TypeError, RuntimeError)):
            lightsout.solve(board)
    with pytest.raises(OverflowError):
        lightsout.random_board(2**70, 3)
    with pytest.raises(lightsout.LightsOutError):
        lightsout.random_board(2**40, 2**40)
