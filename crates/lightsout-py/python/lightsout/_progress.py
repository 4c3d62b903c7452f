"""The text progress bar of ``progress=True``: tqdm's when tqdm is installed, else one
line on standard error, redrawn in place."""

import importlib
import sys

_TITLES = {
    "fewest_presses": "fewest presses",
    "local_search": "local search",
    "period": "period",
    "table": "nullity table",
    "rows": "rows",
}


class Bar:
    """A callable for ``progress=``: draws each :class:`lightsout.Progress` it is given
    (one bar per phase), until :meth:`close`. ``file``: where the plain line goes
    (default ``sys.stderr``); ``use_tqdm=False`` draws the plain line even when tqdm is
    installed."""

    def __init__(self, file=None, use_tqdm=True):
        self._file = file
        self._tqdm = None
        if use_tqdm:
            try:
                # Imported by name: tqdm is optional (and has no type stubs of its own).
                self._tqdm = importlib.import_module("tqdm").tqdm
            except ImportError:
                pass
        self._phase = None
        self._bar = None
        self._width = 0

    def __call__(self, progress):
        if progress.phase != self._phase:
            self._end_phase()
            self._phase = progress.phase
            title = _TITLES.get(progress.phase, progress.phase)
            if self._tqdm is not None:
                self._bar = self._tqdm(total=progress.total, desc=title, file=self._file)
        if self._bar is not None:
            self._bar.update(progress.done - self._bar.n)
            if progress.best is not None:
                self._bar.set_postfix(best=progress.best, refresh=False)
            self._bar.refresh()
        else:
            self._line(progress)

    def _line(self, p):
        title = _TITLES.get(p.phase, p.phase)
        text = f"{title}: {p.done:,}"
        if p.total is not None:
            text += f" of {p.total:,} ({100 * (p.fraction or 0):.0f}%)"
        if p.best is not None:
            text += f", best {p.best}"
        out = self._file or sys.stderr
        out.write("\r" + text.ljust(self._width))
        out.flush()
        self._width = len(text)

    def _end_phase(self):
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self._width:
            out = self._file or sys.stderr
            out.write("\n")
            out.flush()
            self._width = 0

    def close(self):
        """Ends the bar (the call is over)."""
        self._end_phase()
        self._phase = None
