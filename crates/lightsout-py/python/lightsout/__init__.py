"""Exact Lights Out solver: NumPy boards in and out, on the Rust engine of ``lightsout``.

>>> import lightsout, numpy as np
>>> sol = lightsout.solve(np.ones((5, 5), np.uint8), minimal=True)
>>> sol.press_count, sol.nullity, sol.solutions
(15, 2, 4)
>>> lightsout.verify(np.ones((5, 5), np.uint8), sol.presses)
True

Functions: :func:`solve`, :func:`analyze`, :func:`nullity`, :func:`table`,
:func:`all_solutions`, :func:`verify`, :func:`apply`, :func:`random_board`,
:func:`presets`; research: :func:`fewest_presses_all_on` (OEIS A075464, the torus),
:func:`period` (the solution period); ``progress=`` on the long ones (a callable given
a :class:`Progress`, or True for a text bar); rules: :class:`Rules` (variants, presets, graphs);
the memory limit: :func:`memory_limit`, :func:`set_memory_limit`. Boards are NumPy
arrays (any integer or boolean dtype), lists of rows, or text in the CLI's format;
results are ``uint8`` arrays and exact Python ints. Long calls release the GIL and stop
on Ctrl-C. Errors are :class:`LightsOutError` subclasses (bad input: also
:class:`ValueError`; more memory than the limit, checked before it is allocated:
:class:`MemoryLimitError`, also a :class:`MemoryError`).
"""

from ._errors import (
    InternalError,
    InvalidBoardError,
    InvalidRulesError,
    InvalidSizeError,
    LightsOutError,
    LimitExceededError,
    MemoryLimitError,
    TimeLimitError,
    TooLargeError,
    UnsupportedError,
)
from ._lightsout import (
    AllOnMinimum,
    Analysis,
    Period,
    Preset,
    Progress,
    Rules,
    Solution,
    SolutionIterator,
    __version__,
    all_solutions,
    analyze,
    apply,
    fewest_presses_all_on,
    memory_limit,
    nullity,
    period,
    presets,
    random_board,
    set_memory_limit,
    solve,
    table,
    verify,
)

__all__ = [
    "AllOnMinimum",
    "Analysis",
    "InternalError",
    "InvalidBoardError",
    "InvalidRulesError",
    "InvalidSizeError",
    "LightsOutError",
    "LimitExceededError",
    "MemoryLimitError",
    "Period",
    "Preset",
    "Progress",
    "Rules",
    "Solution",
    "SolutionIterator",
    "TimeLimitError",
    "TooLargeError",
    "UnsupportedError",
    "__version__",
    "all_solutions",
    "analyze",
    "apply",
    "fewest_presses_all_on",
    "memory_limit",
    "nullity",
    "period",
    "presets",
    "random_board",
    "set_memory_limit",
    "solve",
    "table",
    "verify",
]
