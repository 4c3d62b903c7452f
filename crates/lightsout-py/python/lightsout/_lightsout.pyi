"""Type stubs of the native module ``lightsout._lightsout`` (re-exported by ``lightsout``)."""

from typing import Any, Callable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union, final

import numpy as np
import numpy.typing as npt

__version__: str
__all__ = [
    "__version__",
    "Rules",
    "Preset",
    "Solution",
    "Analysis",
    "SolutionIterator",
    "AllOnMinimum",
    "Period",
    "Progress",
    "presets",
    "solve",
    "analyze",
    "nullity",
    "table",
    "all_solutions",
    "verify",
    "apply",
    "random_board",
    "fewest_presses_all_on",
    "period",
    "memory_limit",
    "set_memory_limit",
]

#: A board: a NumPy array (any integer, boolean or whole-valued float dtype, 1-D for one
#: row or a graph, else 2-D), a list of rows, text in the CLI's format (``"101\n010"``),
#: a list of text rows, or for graph rules a dict from node to value.
_BoardLike = Union[npt.ArrayLike, str, Sequence[str], Mapping[Any, int]]
#: Rules: a :class:`Rules`, a description (``"boundary=torus,mod=3"``), a preset name, or a
#: dict of :class:`Rules` keywords. None is the classic game.
_RulesLike = Union["Rules", str, Mapping[str, Any], None]
#: ``progress=``: a callable given a :class:`Progress`, True for a text bar, or None/False.
_ProgressArg = Union[Callable[["Progress"], object], bool, None]
#: A ``uint8`` array.
_Board = npt.NDArray[np.uint8]

@final
class Rules:
    """The rules of a Lights Out game (see the class docstring at run time)."""

    def __new__(
        cls,
        *,
        boundary: Optional[str] = None,
        shape: Union[str, npt.ArrayLike, None] = None,
        no_self: bool = False,
        mod: Optional[int] = None,
        preset: Optional[str] = None,
        graph: Any = None,
        directed: Optional[bool] = None,
    ) -> "Rules": ...
    @staticmethod
    def parse(text: str) -> "Rules":
        """Rules from the CLI's description, e.g. ``"boundary=torus,shape=king,mod=3"``."""
    @property
    def boundary(self) -> Optional[str]: ...
    @property
    def shape(self) -> Optional[str]: ...
    @property
    def no_self(self) -> bool: ...
    @property
    def mod(self) -> int: ...
    @property
    def preset(self) -> Optional[str]: ...
    @property
    def nodes(self) -> Optional[List[Any]]: ...
    @property
    def directed(self) -> Optional[bool]: ...
    @property
    def size(self) -> Optional[Tuple[int, int]]: ...
    @property
    def description(self) -> str: ...
    def __eq__(self, value: object, /) -> bool: ...

@final
class Preset:
    """A real puzzle: its board and rules."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def start(self) -> _Board: ...
    @property
    def goal(self) -> _Board: ...
    def rules(self) -> Rules: ...

@final
class Solution:
    """The answer of :func:`solve`."""

    @property
    def solvable(self) -> bool: ...
    @property
    def nullity(self) -> int: ...
    @property
    def solutions(self) -> int: ...
    @property
    def presses(self) -> Optional[_Board]: ...
    @property
    def press_count(self) -> Optional[int]: ...
    @property
    def minimal(self) -> bool: ...
    @property
    def proven(self) -> Optional[bool]: ...
    @property
    def reason(self) -> Optional[str]: ...
    @property
    def reason_kind(self) -> Optional[str]: ...
    @property
    def witness(self) -> Optional[_Board]: ...
    @property
    def method(self) -> str: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def pressed_nodes(self) -> Optional[List[Any]]: ...

@final
class Analysis:
    """The answer of :func:`analyze`."""

    @property
    def rank(self) -> int: ...
    @property
    def nullity(self) -> int: ...
    @property
    def quiet_patterns(self) -> _Board: ...
    @property
    def solvable_positions(self) -> int: ...
    @property
    def method(self) -> str: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...

@final
class SolutionIterator(Iterator[_Board]):
    """Every solution of a position, lazily (see :func:`all_solutions`)."""

    @property
    def total(self) -> int: ...
    def __iter__(self) -> "SolutionIterator": ...
    def __next__(self) -> _Board: ...

@final
class AllOnMinimum:
    """The answer of :func:`fewest_presses_all_on`."""

    @property
    def n(self) -> int: ...
    @property
    def boundary(self) -> str: ...
    @property
    def presses(self) -> _Board: ...
    @property
    def press_count(self) -> int: ...
    @property
    def proven(self) -> bool: ...
    @property
    def nullity(self) -> int: ...
    @property
    def candidates(self) -> int: ...
    @property
    def pieces(self) -> int: ...
    @property
    def seconds(self) -> float: ...

@final
class Period:
    """The answer of :func:`period`."""

    @property
    def singular(self) -> bool: ...
    @property
    def order(self) -> int: ...
    @property
    def all_on_period(self) -> int: ...
    @property
    def all_on_in_core(self) -> bool: ...
    @property
    def method(self) -> str: ...
    @property
    def field_degree(self) -> Optional[int]: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...

@final
class Progress:
    """A progress report of a long call (given to a ``progress=`` callable)."""

    @property
    def phase(self) -> str: ...
    @property
    def done(self) -> int: ...
    @property
    def total(self) -> Optional[int]: ...
    @property
    def best(self) -> Optional[int]: ...
    @property
    def fraction(self) -> Optional[float]: ...

def solve(
    board: _BoardLike,
    target: Optional[_BoardLike] = None,
    rules: _RulesLike = None,
    minimal: bool = False,
    time_limit: Optional[float] = None,
    *,
    method: str = "auto",
    threads: Optional[int] = None,
    progress: _ProgressArg = None,
) -> Solution:
    """Solves a position: the presses that take ``board`` to ``target``."""

def analyze(
    rows: Optional[int] = None,
    cols: Optional[int] = None,
    rules: _RulesLike = None,
    *,
    method: str = "auto",
    time_limit: Optional[float] = None,
) -> Analysis:
    """Rank, nullity, quiet patterns and solvable positions of a game."""

def nullity(
    rows: Optional[int] = None,
    cols: Optional[int] = None,
    rules: _RulesLike = None,
    *,
    method: str = "auto",
    time_limit: Optional[float] = None,
) -> int:
    """The nullity of the ``rows x cols`` game."""

def table(
    max_n: int,
    rules: _RulesLike = None,
    *,
    rect: bool = False,
    method: str = "auto",
    time_limit: Optional[float] = None,
    progress: _ProgressArg = None,
) -> npt.NDArray[np.int64]:
    """Nullities of the ``n x n`` boards (``rect=True``: of every ``m x n``)."""

def all_solutions(
    board: _BoardLike,
    target: Optional[_BoardLike] = None,
    rules: _RulesLike = None,
    limit: Optional[int] = None,
    *,
    method: str = "auto",
) -> SolutionIterator:
    """Every solution of a position, lazily, in Gray-code order."""

def verify(
    board: _BoardLike,
    presses: _BoardLike,
    target: Optional[_BoardLike] = None,
    rules: _RulesLike = None,
) -> bool:
    """True if ``presses`` takes ``board`` to ``target``."""

def apply(board: _BoardLike, presses: _BoardLike, rules: _RulesLike = None) -> _Board:
    """The board after pressing ``presses``."""

def random_board(
    rows: int,
    cols: int,
    seed: Optional[int] = None,
    solvable: bool = False,
    density: float = 0.5,
    rules: _RulesLike = None,
) -> _Board:
    """A random board (the CLI's ``lightsout random`` board for the same seed)."""

def fewest_presses_all_on(
    n: int,
    boundary: str = "open",
    *,
    max_proven_nullity: int = 44,
    time_limit: Optional[float] = 60.0,
    threads: Optional[int] = None,
    progress: _ProgressArg = None,
) -> AllOnMinimum:
    """The fewest presses that turn off the all-on ``n x n`` board (open or torus)."""

def period(
    rows: Optional[int] = None,
    cols: Optional[int] = None,
    rules: _RulesLike = None,
    *,
    time_limit: Optional[float] = None,
    progress: _ProgressArg = None,
) -> Period:
    """The solution period of the ``rows x cols`` game (two states)."""

def presets() -> List[Preset]:
    """Every preset, in the CLI's order."""

def memory_limit() -> Optional[int]:
    """The memory limit in force, in bytes (None where none can be determined)."""

def set_memory_limit(limit: Union[int, str, None] = None) -> None:
    """Sets the memory limit: bytes, a size such as ``"4G"``, or None for the default."""
