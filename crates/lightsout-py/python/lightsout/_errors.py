"""The exceptions of :mod:`lightsout`.

Every error the package raises on purpose is a :class:`LightsOutError`. Bad input is
also a :class:`ValueError` (with the CLI's message), a time limit a
:class:`TimeoutError`, memory over the limit a :class:`MemoryError`, and a failed
self-check a :class:`RuntimeError`. Ctrl-C during a
long call raises the usual :class:`KeyboardInterrupt`.
"""

__all__ = [
    "LightsOutError",
    "InvalidBoardError",
    "InvalidRulesError",
    "InvalidSizeError",
    "UnsupportedError",
    "TooLargeError",
    "LimitExceededError",
    "MemoryLimitError",
    "TimeLimitError",
    "InternalError",
]


class LightsOutError(Exception):
    """Base class of the errors of :mod:`lightsout`."""


class InvalidBoardError(LightsOutError, ValueError):
    """A board that cannot be read (bad shape, values, dtype) or does not fit its game."""


class InvalidRulesError(LightsOutError, ValueError):
    """Rules that make no sense: unknown names, a bad mask, a modulus out of range, a
    bad graph, a preset combined with other keywords."""


class InvalidSizeError(LightsOutError, ValueError):
    """A board size of zero, or beyond the library's limits."""


class UnsupportedError(LightsOutError, ValueError):
    """The chosen method does not handle these rules (or an unknown method name)."""


class TooLargeError(LightsOutError, ValueError):
    """The chosen method refuses a board this large; the message names one that can."""


class LimitExceededError(LightsOutError):
    """A search, enumeration, size or memory bound was exceeded."""


class MemoryLimitError(LimitExceededError, MemoryError):
    """The call would need more memory than the memory limit (see
    :func:`memory_limit`), or the allocator refused it: checked before the memory is
    allocated, so nothing was lost. Also a :class:`MemoryError`."""


class TimeLimitError(LightsOutError, TimeoutError):
    """The call's ``time_limit`` passed before it finished."""


class InternalError(LightsOutError, RuntimeError):
    """A computed answer failed its own check (a bug: please report it)."""


# Shown (and pickled) as lightsout.X, where the package exports them.
for _cls in (
    LightsOutError,
    InvalidBoardError,
    InvalidRulesError,
    InvalidSizeError,
    UnsupportedError,
    TooLargeError,
    LimitExceededError,
    MemoryLimitError,
    TimeLimitError,
    InternalError,
):
    _cls.__module__ = "lightsout"
del _cls
