"""Rules, presets and graphs."""

import numpy as np
import pytest

import lightsout
from helpers import KING, effect


def test_rules_keywords_and_properties():
    r = lightsout.Rules(boundary="torus", shape="king", mod=3)
    assert (r.boundary, r.shape, r.mod, r.no_self) == ("torus", "111/111/111", 3, False)
    assert r.preset is None and r.nodes is None and r.size is None and r.directed is None
    assert r.description == "king, torus, mod 3"
    assert r == lightsout.Rules.parse("boundary=torus,shape=king,mod=3")
    assert r != lightsout.Rules() and r != "torus"
    sigma = lightsout.Rules(no_self=True)
    assert sigma.no_self and sigma.shape == "010/101/010"
    classic = lightsout.Rules()
    assert (classic.boundary, classic.shape, classic.mod) == ("open", "010/111/010", 2)
    assert repr(classic) == "Rules(plus, open, mod 2)"
    # A shape mask as an array.
    mask = lightsout.Rules(shape=np.array([[1, 1, 1], [1, 1, 1], [1, 1, 1]]))
    assert mask == lightsout.Rules(shape="king")


def test_every_rules_argument_form_gives_the_same_game():
    board = lightsout.random_board(5, 6, seed=1)
    forms = [
        lightsout.Rules(boundary="torus", shape="x"),
        "boundary=torus,shape=x",
        {"boundary": "torus", "shape": "x"},
    ]
    answers = [lightsout.solve(board, rules=f) for f in forms]
    assert len({(a.solvable, a.solutions, a.press_count) for a in answers}) == 1
    assert lightsout.solve(board, rules=None).solutions == lightsout.solve(board).solutions


@pytest.mark.parametrize(
    "keywords,needle",
    [
        ({"boundary": "sphere"}, "unknown boundary"),
        ({"shape": "blob"}, "unknown shape"),
        ({"shape": "000/000/000"}, "empty"),
        ({"mod": 1}, "modulus 1"),
        ({"mod": 256}, "modulus 256"),
        ({"preset": "tetris"}, "unknown preset"),
        ({"preset": "classic", "boundary": "torus"}, "drop boundary"),
        ({"directed": True}, "graph rules only"),
        ({"graph": {0: [1]}, "boundary": "torus"}, "drop boundary"),
        ({"shape": [[1, 2], [0, 1]]}, "not a 0/1 grid"),
    ],
)
def test_bad_rules_name_the_problem(keywords, needle):
    with pytest.raises(lightsout.InvalidRulesError, match=needle) as e:
        lightsout.Rules(**keywords)
    assert isinstance(e.value, ValueError) and isinstance(e.value, lightsout.LightsOutError)


def test_bad_rules_arguments():
    with pytest.raises(lightsout.InvalidRulesError, match="unknown rules key"):
        lightsout.solve(np.ones((3, 3)), rules="colour=red")
    with pytest.raises(TypeError, match="rules: expected"):
        lightsout.solve(np.ones((3, 3)), rules=42)
    with pytest.raises(TypeError):
        lightsout.Rules("torus")  # keywords only
    with pytest.raises(lightsout.InvalidRulesError, match="larger than the board"):
        lightsout.solve(np.ones((2, 2)), rules="shape=knight")


def test_presets():
    presets = lightsout.presets()
    names = [p.name for p in presets]
    assert names == ["classic", "mini", "deluxe", "2000", "cube", "merlin", "xl25"]
    cube = presets[names.index("cube")]
    assert (cube.rows, cube.cols) == (18, 3) and "Cube" in cube.title
    assert cube.start.shape == (18, 3) and not cube.goal.any()
    assert cube.rules() == lightsout.Rules(preset="cube")
    assert lightsout.Rules(preset="cube").size == (18, 3)
    assert "cube" in repr(cube)
    xl25 = presets[names.index("xl25")]
    assert xl25.goal.all() and not xl25.start.any()
    # A bare preset name as the rules argument.
    assert lightsout.solve(cube.start, rules="cube").solvable == lightsout.solve(cube.start, rules=cube.rules()).solvable
    two = lightsout.Rules(preset="2000")
    assert two.mod == 3 and repr(two) == "Rules(preset='2000')"
    with pytest.raises(lightsout.InvalidRulesError, match=r"expected 4x4 \(the board of preset 'mini'\), found 5x5"):
        lightsout.analyze(5, 5, rules="mini")
    assert lightsout.analyze(rules="mini").rows == 4


class DuckGraph:
    """Quacks like a networkx graph: nodes, edges, is_directed."""

    def __init__(self, nodes, edges, directed=False):
        self.nodes = nodes
        self.edges = edges
        self._directed = directed

    def is_directed(self):
        return self._directed


def path_graph_answer(rules):
    # A path a - b - c, all lights on: pressing the middle node turns all off.
    sol = lightsout.solve([1, 1, 1], rules=rules)
    assert sol.solvable and sol.presses.tolist() == [0, 1, 0]
    assert sol.pressed_nodes == [rules.nodes[1]]
    assert (sol.rows, sol.cols) == (1, 3)
    return sol


def test_graphs_from_every_form():
    adjacency = lightsout.Rules(graph={"a": ["b"], "b": ["a", "c"], "c": ["b"]})
    assert adjacency.nodes == ["a", "b", "c"] and adjacency.size == (1, 3)
    path_graph_answer(adjacency)
    cli_style = lightsout.Rules(graph={"nodes": 3, "edges": [[0, 1], [1, 2]]})
    assert cli_style.nodes == [0, 1, 2]
    path_graph_answer(cli_style)
    duck = lightsout.Rules(graph=DuckGraph(["x", "y", "z"], [("x", "y"), ("y", "z")]))
    path_graph_answer(duck)
    # Neighbours that are not keys are nodes too; dict boards by label.
    star = lightsout.Rules(graph={"hub": ["p", "q", "r"]})
    assert star.nodes == ["hub", "p", "q", "r"]
    sol = lightsout.solve({"hub": 1, "p": 1, "q": 1, "r": 1}, rules=star)
    assert sol.pressed_nodes == ["hub"]
    assert lightsout.analyze(rules=star).quiet_patterns.shape[1:] == (4,)
    assert "4 nodes" in repr(star)


def test_directed_graphs_and_the_self_toggle():
    # 0 -> 1 only: pressing 0 changes 0 and 1, pressing 1 changes 1.
    directed = lightsout.Rules(graph=DuckGraph([0, 1], [(0, 1)], directed=True))
    assert directed.directed
    sol = lightsout.solve([1, 0], rules=directed)
    assert sol.presses.tolist() == [1, 1]
    undirected = lightsout.Rules(graph=DuckGraph([0, 1], [(0, 1)]), directed=False)
    assert lightsout.solve([1, 0], rules=undirected).solvable is False
    no_self = lightsout.Rules(graph={0: [1], 1: [0]}, no_self=True)
    assert no_self.no_self
    assert lightsout.solve([1, 0], rules=no_self).presses.tolist() == [0, 1]
    three = lightsout.Rules(graph={0: [1]}, mod=3)
    assert lightsout.solve([2, 2], rules=three).solutions >= 1


def test_networkx_graphs():
    nx = pytest.importorskip("networkx")
    g = nx.petersen_graph()
    rules = lightsout.Rules(graph=g)
    a = lightsout.analyze(rules=rules)
    assert a.rows == 1 and a.cols == 10
    board = {n: 1 for n in g.nodes}
    sol = lightsout.solve(board, rules=rules)
    if sol.solvable:
        lights = np.ones(10, dtype=np.uint8)
        for n in sol.pressed_nodes:
            for m in [n, *g.neighbors(n)]:
                lights[list(g.nodes).index(m)] ^= 1
        assert not lights.any()
    grid = nx.grid_2d_graph(4, 4)  # labels are (row, col) tuples
    gr = lightsout.Rules(graph=grid)
    assert lightsout.nullity(rules=gr) == lightsout.nullity(4, 4)
    d = nx.DiGraph([(0, 1), (1, 2)])
    assert lightsout.Rules(graph=d).directed


@pytest.mark.parametrize(
    "graph,needle",
    [
        ({0: [0]}, "loop"),
        ({"nodes": 2, "edges": [[0, 5]]}, "not a node"),
        ({"nodes": [1, 1], "edges": []}, "listed twice"),
        ({"nodes": 2, "edges": [[0]]}, "not a pair"),
        ({"nodes": 2, "edges": [], "colour": 1}, "unknown key"),
        ({0: 5}, "not a list of nodes"),
        (42, "expected a networkx-style graph"),
        ({"nodes": 0, "edges": []}, "at least one node"),
    ],
)
def test_bad_graphs(graph, needle):
    with pytest.raises(lightsout.InvalidRulesError, match=needle):
        lightsout.Rules(graph=graph)


def test_graph_boards_must_fit():
    rules = lightsout.Rules(graph={0: [1], 1: [2]})
    with pytest.raises(lightsout.InvalidBoardError, match="3 nodes"):
        lightsout.solve([1, 1], rules=rules)
    with pytest.raises(lightsout.InvalidBoardError, match="not a node"):
        lightsout.solve({7: 1}, rules=rules)
    # A grid of values is read in row-major node order.
    square = lightsout.Rules(graph={i: [] for i in range(4)})
    assert lightsout.solve([[1, 0], [0, 1]], rules=square).presses.tolist() == [1, 0, 0, 1]


def test_king_torus_matches_the_reference_effect():
    board = lightsout.random_board(5, 5, seed=3, rules="shape=king,boundary=torus", solvable=True)
    sol = lightsout.solve(board, rules="shape=king,boundary=torus")
    assert np.array_equal(effect(sol.presses, KING, "torus"), board)
