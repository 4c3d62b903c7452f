"""The notebook examples/progress.ipynb: its code cells run in plain Python (no Jupyter
needed), in order, in one namespace, so the notebook cannot rot."""

import json
import pathlib

NOTEBOOK = pathlib.Path(__file__).resolve().parents[1] / "examples" / "progress.ipynb"


def test_the_progress_notebook_runs(capfd):
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    cells = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert cells
    namespace = {"__name__": "__main__"}
    for i, cell in enumerate(cells):
        # Outputs are kept out of the repository.
        assert cell["outputs"] == [] and cell["execution_count"] is None
        exec(compile("".join(cell["source"]), f"{NOTEBOOK.name}, cell {i}", "exec"), namespace)
    # The cells' own checks passed; the bars drew on stderr.
    assert "fewest presses" in capfd.readouterr().err
    assert namespace["best"].press_count == 25
