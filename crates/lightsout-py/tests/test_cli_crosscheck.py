"""The package against the CLI's JSON on the same boards: the same engine must give
the same answers, field by field (the binary: LIGHTSOUT_BIN, else target/release)."""

import json

import numpy as np
import pytest

import lightsout

# (CLI rule flags, the same rules for Python)
RULES = [
    ([], None),
    (["--boundary", "torus"], "boundary=torus"),
    (["--shape", "king"], "shape=king"),
    (["--no-self"], "no_self"),
    (["--mod", "3"], "mod=3"),
    (["--mod", "4", "--boundary", "torus"], "mod=4,boundary=torus"),
    (["--mod", "12"], "mod=12"),
    (["--shape", "011/010/000"], "shape=011/010/000"),
]


def board_text(board, k):
    if k > 10:
        return "".join(" ".join(map(str, row)) + "\n" for row in board)
    return "".join("".join(map(str, row)) + "\n" for row in board)


def check_solution(sol, report):
    assert report["solvable"] == sol.solvable
    assert report["nullity"] == sol.nullity
    assert int(report["solutions"]) == sol.solutions
    assert report["method"] == sol.method
    assert (report["rows"], report["cols"]) == (sol.rows, sol.cols)
    assert report["minimal"] == sol.minimal
    assert report.get("proven") == sol.proven
    if sol.solvable:
        assert report["press_count"] == sol.press_count
        assert report["presses"] == sol.presses.tolist()
    else:
        assert report["reason"] == sol.reason
        witness = None if sol.witness is None else sol.witness.tolist()
        assert report.get("witness") == witness


@pytest.mark.parametrize("case", range(len(RULES)))
def test_random_boards_solve_as_the_cli_solves_them(cli, tmp_path, case):
    flags, rules = RULES[case]
    k = lightsout.Rules.parse(rules or "").mod
    rng = np.random.default_rng(case)
    for i in range(5):
        rows, cols = int(rng.integers(2, 12)), int(rng.integers(2, 12))
        board = lightsout.random_board(rows, cols, seed=int(rng.integers(1 << 32)), rules=rules)
        path = tmp_path / f"b{i}.txt"
        path.write_text(board_text(board, k))
        minimal = i % 2 == 1
        args = ["solve", path, "--json", *flags] + (["--min"] if minimal else [])
        code, out, err = cli(*args)
        assert code in (0, 1), err
        sol = lightsout.solve(board, rules=rules, minimal=minimal)
        assert code == (0 if sol.solvable else 1)
        check_solution(sol, json.loads(out))


def test_unsolvable_boards_give_the_cli_reason_and_witness(cli, tmp_path):
    for n, seed in [(4, 1), (5, 2), (9, 3), (11, 4), (16, 5)]:
        board = lightsout.random_board(n, n, seed=seed)
        path = tmp_path / "b.txt"
        path.write_text(board_text(board, 2))
        _, out, _ = cli("solve", path, "--json")
        check_solution(lightsout.solve(board), json.loads(out))


def test_big_boards_match(cli, tmp_path):
    path = tmp_path / "big.pbm"
    code, _, err = cli("random", "300x400", "--seed", "77", "-o", path)
    assert code == 0, err
    board = lightsout.random_board(300, 400, seed=77)
    code, out, _ = cli("solve", path, "--json")
    check_solution(lightsout.solve(board), json.loads(out))


@pytest.mark.parametrize("flags,rules,size", [
    ([], None, (4, 4)),
    ([], None, (9, 9)),
    (["--boundary", "torus", "--mod", "3"], "boundary=torus,mod=3", (4, 6)),
    (["--mod", "6"], "mod=6", (3, 3)),
    (["--preset", "cube"], "cube", None),
])
def test_analysis_matches(cli, flags, rules, size):
    args = ["analyze", "--json", *flags] + (["--size", f"{size[0]}x{size[1]}"] if size else [])
    code, out, err = cli(*args)
    assert code == 0, err
    report = json.loads(out)
    a = lightsout.analyze(*(size or (None, None)), rules=rules)
    assert (report["rank"], report["nullity"], report["method"]) == (a.rank, a.nullity, a.method)
    assert int(report["solvable_positions"]) == a.solvable_positions
    assert report["quiet_patterns"] == a.quiet_patterns.tolist()


def test_random_boards_are_the_cli_boards(cli):
    for size, extra, kwargs in [
        ((7, 9), ["--seed", "1"], {"seed": 1}),
        ((3, 130), ["--seed", "42", "--density", "0.2"], {"seed": 42, "density": 0.2}),
        ((20, 65), ["--seed", "5", "--solvable"], {"seed": 5, "solvable": True}),
        ((6, 6), ["--seed", "9", "--density", "0.9", "--solvable"],
         {"seed": 9, "density": 0.9, "solvable": True}),
    ]:
        code, out, err = cli("random", f"{size[0]}x{size[1]}", *extra)
        assert code == 0, err
        assert out == board_text(lightsout.random_board(*size, **kwargs), 2)


def test_tables_match(cli):
    _, out, _ = cli("table", "--max", "60", "--json")
    assert [json.loads(line)["nullity"] for line in out.splitlines()] == lightsout.table(60).tolist()
    _, out, _ = cli("table", "--max", "8", "--rect", "--json")
    rect = lightsout.table(8, rect=True)
    for line in out.splitlines():
        row = json.loads(line)
        assert rect[row["m"] - 1, row["n"] - 1] == row["nullity"]


def test_presets_match(cli):
    for p in lightsout.presets():
        code, out, err = cli("solve", "--preset", p.name, "--json", "--min")
        assert code in (0, 1), err
        check_solution(lightsout.solve(p.start, rules=p.name, minimal=True), json.loads(out))


def test_graph_files_match(cli, tmp_path):
    graph = {
        "nodes": 7,
        "edges": [[0, 1], [1, 2], [2, 3], [3, 0], [3, 4], [4, 5], [5, 6], [6, 4]],
        "lights": [1, 0, 1, 1, 0, 1, 1],
    }
    path = tmp_path / "g.json"
    path.write_text(json.dumps(graph))
    code, out, err = cli("solve", "--graph", path, "--json", "--min")
    assert code in (0, 1), err
    report = json.loads(out)
    rules = lightsout.Rules(graph=json.loads(path.read_text()))
    sol = lightsout.solve(graph["lights"], rules=rules, minimal=True)
    assert report["nullity"] == sol.nullity and int(report["solutions"]) == sol.solutions
    assert report["presses"] == [sol.presses.tolist()]
    assert report["pressed"] == sol.pressed_nodes


@pytest.mark.parametrize("text,k", [
    ("101\n0x0\n", 2),
    ("101\n01\n", 2),
    ("\n  \n", 2),
    ("0123\n", 3),
    ("0 13\n", 13),
    ("1 2\n3\n", 13),
])
def test_bad_text_boards_give_the_cli_messages(cli, tmp_path, text, k):
    path = tmp_path / "board"
    path.write_text(text)
    code, _, err = cli("solve", path, "--mod", k)
    assert code == 2
    expected = err.strip().removeprefix("lightsout: error: ").replace(str(path), "board")
    with pytest.raises(lightsout.InvalidBoardError) as e:
        lightsout.solve(text, rules={"mod": k})
    assert str(e.value) == expected


@pytest.mark.parametrize("flags,keywords", [
    (["--boundary", "sphere"], {"boundary": "sphere"}),
    (["--shape", "blob"], {"shape": "blob"}),
    (["--preset", "tetris"], {"preset": "tetris"}),
    (["--preset", "classic", "--boundary", "torus"], {"preset": "classic", "boundary": "torus"}),
])
def test_bad_rules_give_the_cli_messages(cli, flags, keywords):
    code, _, err = cli("solve", "--size", "5x5", *flags)
    assert code == 2
    with pytest.raises(lightsout.InvalidRulesError) as e:
        lightsout.Rules(**keywords)
    assert str(e.value) == err.strip().removeprefix("lightsout: error: ")
