"""Fuzz target (atheris) for the Python conversion layer: boards, targets and presses
of every kind the module reads (NumPy arrays of any dtype, shape and strides, zero-stride
views claiming huge sizes, lists of rows of mixed items, text and lists of text rows,
dicts of node values), rules from keywords, text, shape masks and graphs (node counts,
edge lists, adjacency dicts), and the calls that read them.

Every input must end in an answer or in one of the module's documented exceptions
(a LightsOutError, or ValueError, TypeError, MemoryError, OverflowError for arguments
of the wrong kind); anything else is a crash, and so is an abort of the interpreter
(the run is under an address-space cap). A small memory limit (64 MiB) makes oversized
claims refusals rather than slow work. Run by scripts/fuzz-python.
"""

import sys

import atheris

with atheris.instrument_imports():
    import numpy as np
    from numpy.lib.stride_tricks import as_strided

    import lightsout

lightsout.set_memory_limit(64 << 20)

#: What an input may raise: the module's errors and Python's for bad argument kinds.
ALLOWED = (lightsout.LightsOutError, ValueError, TypeError, MemoryError, OverflowError)
DTYPES = [np.uint8, np.int8, np.int64, np.uint64, np.float64, np.float32, bool, ">i4", "<u2", "c8", "O", "U3"]
SIZES = [0, 1, 2, 3, 5, 8, 64, 65, 10**3, 10**6, 2**31, 2**40, 2**62]


def value(fdp):
    """A cell as Python might hold one."""
    kind = fdp.ConsumeIntInRange(0, 7)
    if kind == 0:
        return fdp.ConsumeIntInRange(0, 3)
    if kind == 1:
        return fdp.ConsumeInt(9)
    if kind == 2:
        return fdp.ConsumeBool()
    if kind == 3:
        return fdp.ConsumeFloat()
    if kind == 4:
        return fdp.ConsumeUnicode(3)
    if kind == 5:
        return None
    if kind == 6:
        return np.uint8(fdp.ConsumeIntInRange(0, 300) % 256)
    return [fdp.ConsumeIntInRange(0, 2)]


def array(fdp):
    """A NumPy array: random dtype and shape, sometimes a view with zero strides."""
    dtype = DTYPES[fdp.ConsumeIntInRange(0, len(DTYPES) - 1)]
    ndim = fdp.ConsumeIntInRange(0, 3)
    if fdp.ConsumeBool():
        shape = tuple(SIZES[fdp.ConsumeIntInRange(0, len(SIZES) - 1)] for _ in range(ndim))
        try:
            return as_strided(np.zeros(1, dtype), shape, (0,) * ndim)
        except (ValueError, TypeError):
            return np.zeros(1, dtype)
    shape = tuple(fdp.ConsumeIntInRange(0, 6) for _ in range(ndim))
    count = int(np.prod(shape)) if shape else 1
    raw = [fdp.ConsumeIntInRange(0, 4) for _ in range(count)]
    try:
        a = np.array(raw).astype(dtype).reshape(shape)
    except (ValueError, TypeError):
        return np.zeros(shape, np.uint8)
    if ndim == 2 and fdp.ConsumeBool():
        a = a.T  # not contiguous
    return a


def board(fdp, depth=0):
    """A board argument of any kind the module reads (and some it refuses)."""
    kind = fdp.ConsumeIntInRange(0, 7)
    if kind == 0:
        return array(fdp)
    if kind == 1:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 60))
    if kind == 2:
        rows = fdp.ConsumeIntInRange(0, 5)
        return [fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 8)) for _ in range(rows)]
    if kind == 3:
        rows, cols = fdp.ConsumeIntInRange(0, 5), fdp.ConsumeIntInRange(0, 5)
        return [[value(fdp) for _ in range(cols + fdp.ConsumeIntInRange(0, 1))] for _ in range(rows)]
    if kind == 4:
        return tuple(value(fdp) for _ in range(fdp.ConsumeIntInRange(0, 6)))
    if kind == 5:
        return [array(fdp) for _ in range(fdp.ConsumeIntInRange(0, 3))]
    if kind == 6:
        return {value(fdp): value(fdp) for _ in range(fdp.ConsumeIntInRange(0, 4))}
    return memoryview(fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 16)))


def graph(fdp):
    """A graph in one of the forms Rules(graph=...) reads."""
    kind = fdp.ConsumeIntInRange(0, 3)
    nodes = SIZES[fdp.ConsumeIntInRange(0, 9)] if fdp.ConsumeBool() else fdp.ConsumeIntInRange(0, 8)
    edges = [
        (fdp.ConsumeIntInRange(-1, 9), fdp.ConsumeIntInRange(-1, 9))
        for _ in range(fdp.ConsumeIntInRange(0, 8))
    ]
    if kind == 0:
        return {"nodes": nodes, "edges": edges}
    if kind == 1:
        return {"nodes": [value(fdp) for _ in range(fdp.ConsumeIntInRange(0, 6))], "edges": edges}
    if kind == 2:
        return {u: [v] for u, v in edges}
    return {"nodes": nodes, "edges": edges, "mod": fdp.ConsumeIntInRange(-1, 300)}


def rules(fdp):
    """A rules argument: None, a description, keywords, a shape mask or a graph."""
    kind = fdp.ConsumeIntInRange(0, 5)
    if kind == 0:
        return None
    if kind == 1:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 40))
    if kind == 2:
        return {"mod": fdp.ConsumeIntInRange(-1, 300), "boundary": ["open", "torus", "klein", "x"][fdp.ConsumeIntInRange(0, 3)]}
    if kind == 3:
        return lightsout.Rules(shape=board(fdp))
    if kind == 4:
        return lightsout.Rules(graph=graph(fdp), no_self=fdp.ConsumeBool())
    return "mod=" + str(fdp.ConsumeIntInRange(2, 7))


def call(fdp):
    which = fdp.ConsumeIntInRange(0, 6)
    r = rules(fdp)
    b = board(fdp)
    if which == 0:
        return lightsout.solve(b, rules=r, time_limit=2)
    if which == 1:
        return lightsout.solve(b, target=board(fdp), rules=r, minimal=fdp.ConsumeBool(), time_limit=2)
    if which == 2:
        return lightsout.verify(b, board(fdp), rules=r)
    if which == 3:
        return lightsout.apply(b, board(fdp), rules=r)
    if which == 4:
        it = lightsout.all_solutions(b, rules=r, limit=fdp.ConsumeIntInRange(0, 40))
        return [s.shape for s in it]
    if which == 5:
        rows, cols = SIZES[fdp.ConsumeIntInRange(0, len(SIZES) - 1)], SIZES[fdp.ConsumeIntInRange(0, len(SIZES) - 1)]
        return lightsout.random_board(rows, cols, seed=1, rules=r, density=fdp.ConsumeFloat())
    return lightsout.analyze(fdp.ConsumeIntInRange(0, 40), fdp.ConsumeIntInRange(0, 40), rules=r, time_limit=2)


def test_one_input(data):
    fdp = atheris.FuzzedDataProvider(data)
    try:
        call(fdp)
    except ALLOWED:
        pass


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
