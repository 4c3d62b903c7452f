"""Long calls: Ctrl-C, the GIL released, time limits."""

import _thread
import os
import signal
import threading
import time

import pytest

import lightsout

# 67 x 679 has nullity 32: the exhaustive fewest-press search tries 2^32 solutions of
# 45,493 cells, a long call to interrupt on any machine (67 x 67, ten times less work,
# took half a minute on one two-core machine and under a second on another, whose
# AVX-512 popcount the search uses).
LONG_ROWS, LONG_COLS = 67, 679


# Every test here interrupts: Ctrl-C must raise however the suite was started.
pytestmark = pytest.mark.usefixtures("ctrl_c_raises")


@pytest.fixture(scope="module")
def long_board():
    assert lightsout.nullity(LONG_ROWS, LONG_COLS) == 32
    return lightsout.random_board(LONG_ROWS, LONG_COLS, seed=1, solvable=True)


def interrupted_after(delay, send, call):
    """Runs `call`, with `send` (an interruption) from a timer thread after `delay`
    seconds, and expects the KeyboardInterrupt: the outcome (the call ends with it, where
    it would run on for a long time without the interruption) is the test, not how soon."""
    timer = threading.Timer(delay, send)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()


@pytest.mark.parametrize(
    "send",
    [_thread.interrupt_main, lambda: os.kill(os.getpid(), signal.SIGINT)],
    ids=["interrupt_main", "SIGINT"],
)
def test_ctrl_c_stops_a_long_minimal_search(long_board, send):
    # No time limit: only the interruption can end this call early.
    interrupted_after(0.5, send, lambda: lightsout.solve(long_board, minimal=True))
    # The cancel flag reached the search itself: no core keeps working in the
    # background (the search alone would use every core for half a minute).
    before = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - before < 0.2


def test_ctrl_c_stops_a_long_table():
    interrupted_after(0.3, _thread.interrupt_main, lambda: lightsout.table(10**6))


def test_the_gil_is_released_during_a_solve(long_board):
    done = threading.Event()
    result = {}

    def work():
        result["sol"] = lightsout.solve(long_board, minimal=True, time_limit=1.0)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    ticks = 0
    while not done.is_set():
        ticks += 1  # Python keeps running on this thread meanwhile
        time.sleep(0.001)
    worker.join()
    assert ticks > 100
    assert result["sol"].solvable


def test_a_time_limit_ends_the_search_with_the_best_found(long_board):
    sol = lightsout.solve(long_board, minimal=True, time_limit=1.0)
    assert sol.solvable and sol.proven is False and sol.minimal is False
    assert lightsout.verify(long_board, sol.presses)
    assert sol.press_count <= lightsout.solve(long_board).press_count


def test_a_time_limit_on_other_work_raises():
    with pytest.raises(lightsout.TimeLimitError) as e:
        lightsout.table(10**6, time_limit=0.2)
    assert isinstance(e.value, TimeoutError)


def test_a_time_limit_on_a_solve_raises():
    # A 3000 x 3000 solve takes a tenth of a second: far past a 0.1 ms limit, which
    # the library's solver sees inside its own loops.
    board = lightsout.random_board(3000, 3000, seed=3)
    with pytest.raises(lightsout.TimeLimitError):
        lightsout.solve(board, time_limit=1e-4)
    # With time enough, the same call answers.
    sol = lightsout.solve(board, time_limit=60)
    assert sol.solutions == (2**sol.nullity if sol.solvable else 0)
    assert not sol.solvable or lightsout.verify(board, sol.presses)
