"""``progress=``: the long calls' reports to a Python callable, or a text bar."""

import _thread
import io
import threading

import numpy as np
import pytest

import lightsout
from lightsout._progress import Bar


class Recorder:
    """A progress callable that keeps every report and the thread it ran on."""

    def __init__(self):
        self.reports = []
        self.threads = set()

    def __call__(self, p):
        assert isinstance(p, lightsout.Progress)
        self.reports.append((p.phase, p.done, p.total, p.best, p.fraction))
        self.threads.add(threading.get_ident())

    def of(self, phase):
        return [r for r in self.reports if r[0] == phase]


def check_monotonic(reports):
    """Within a phase: done never goes back and stays within the total; the best press
    count never grows."""
    for (_, d0, t0, b0, _), (_, d1, t1, b1, _) in zip(reports, reports[1:]):
        assert t0 == t1
        assert d1 >= d0
        if b0 is not None:
            assert b1 is not None and b1 <= b0
    for _, done, total, _, fraction in reports:
        if total is not None:
            assert 0 <= done <= total
            assert fraction == pytest.approx(done / total if total else 1.0)
        else:
            assert fraction is None


def test_a_fewest_press_solve_reports_its_search_to_the_end():
    n = 19  # nullity 16: 2^16 candidate solutions
    rec = Recorder()
    sol = lightsout.solve(np.ones((n, n), np.uint8), minimal=True, progress=rec)
    assert sol.proven
    search = rec.of("fewest_presses")
    assert search, rec.reports
    check_monotonic(search)
    _, done, total, best, _ = search[-1]
    # The last report is the search's end: every candidate, the answer's press count.
    assert total == 2 ** sol.nullity
    assert (done, best) == (total, sol.press_count)
    # The callable ran on the calling thread (with the GIL), not on the worker.
    assert rec.threads == {threading.get_ident()}


def test_the_answer_is_the_same_with_or_without_progress():
    board = lightsout.random_board(12, 12, seed=5, solvable=True)
    plain = lightsout.solve(board, minimal=True)
    watched = lightsout.solve(board, minimal=True, progress=Recorder())
    assert watched.press_count == plain.press_count
    assert np.array_equal(watched.presses, plain.presses)


def test_fewest_presses_all_on_reports_candidates_and_best():
    rec = Recorder()
    best = lightsout.fewest_presses_all_on(9, progress=rec)
    search = rec.of("fewest_presses")
    assert search, rec.reports
    check_monotonic(search)
    _, done, total, last_best, _ = search[-1]
    assert done == total
    assert last_best == best.press_count


def test_period_reports_its_steps():
    rec = Recorder()
    p = lightsout.period(30, 30, progress=rec)
    steps = rec.of("period")
    assert steps, rec.reports
    check_monotonic(steps)
    _, done, total, best, _ = steps[-1]
    assert done == total and best is None
    assert p.order == lightsout.period(30, 30).order


@pytest.mark.parametrize("max_n, rect", [(3000, False), (120, True)])
def test_table_reports_its_work_to_the_end(max_n, rect):
    rec = Recorder()
    t = lightsout.table(max_n, rect=rect, progress=rec)
    work = rec.of("table")
    assert work and len(work) == len(rec.reports), rec.reports
    check_monotonic(work)
    _, done, total, best, _ = work[-1]
    assert done == total and total > 0 and best is None
    assert np.array_equal(t, lightsout.table(max_n, rect=rect))


def test_an_exception_in_the_callable_propagates():
    def fail(p):
        raise RuntimeError(f"stop at {p.done}")

    with pytest.raises(RuntimeError, match="stop at"):
        lightsout.solve(np.ones((9, 9), np.uint8), minimal=True, progress=fail)
    with pytest.raises(RuntimeError, match="stop at"):
        lightsout.period(10, 10, progress=fail)
    with pytest.raises(RuntimeError, match="stop at"):
        lightsout.table(50, progress=fail)


def test_ctrl_c_stops_a_watched_search(ctrl_c_raises):
    # 67 x 679: 2^32 candidate solutions (test_interrupt.py's long board).
    board = lightsout.random_board(67, 679, seed=1, solvable=True)
    rec = Recorder()
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            lightsout.solve(board, minimal=True, progress=rec)
    finally:
        timer.cancel()
    check_monotonic(rec.of("fewest_presses"))


def test_no_progress_and_bad_arguments():
    board = np.ones((5, 5), np.uint8)
    assert lightsout.solve(board, minimal=True, progress=None).press_count == 15
    assert lightsout.solve(board, minimal=True, progress=False).press_count == 15
    with pytest.raises(TypeError, match="progress"):
        lightsout.solve(board, minimal=True, progress=42)


def test_progress_true_draws_a_bar_on_stderr(capfd):
    sol = lightsout.solve(np.ones((19, 19), np.uint8), minimal=True, progress=True)
    err = capfd.readouterr().err
    # tqdm's bar or the plain line: either names the search and ends its line.
    assert "fewest presses" in err
    assert err.endswith("\n")
    assert sol.proven


def test_progress_true_uses_tqdm_when_installed(capfd):
    pytest.importorskip("tqdm")  # scripts/test-python installs it; no dependency
    sol = lightsout.solve(np.ones((19, 19), np.uint8), minimal=True, progress=True)
    err = capfd.readouterr().err
    total = 2**sol.nullity
    # tqdm's bar: its count of the total and the best press count as a postfix.
    assert f"{total}/{total}" in err
    assert f"best={sol.press_count}" in err
    assert err.endswith("\n")


def test_the_plain_bar_without_tqdm():
    out = io.StringIO()
    bar = Bar(file=out, use_tqdm=False)
    sol = lightsout.solve(np.ones((19, 19), np.uint8), minimal=True, progress=bar)
    # A callable given is the caller's to close (progress=True's bar is closed by the call).
    assert not out.getvalue().endswith("\n")
    bar.close()
    text = out.getvalue()
    total = 2**sol.nullity
    # Its last drawing: every candidate, 100%, the best press count; then a new line.
    last = text.rstrip("\n").split("\r")[-1].rstrip()
    assert last == f"fewest presses: {total:,} of {total:,} (100%), best {sol.press_count}"
    assert text.endswith("\n")
