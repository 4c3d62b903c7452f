#!/usr/bin/env bash
# The Python benchmark (issue 12): this repository's `lightsout` package against
# python-lightsout from PyPI, on the same random solvable n x n boards.
#
#   bench/python/run.sh [--sizes "5 10 20 30 50"] [--runs N]
#
# Builds the package into bench/python/.venv-bench (git-ignored) and installs
# python-lightsout 2.0.1 into bench/python/.peer only (pip --target; it imports as
# `lightsout` too, so it runs in a separate `python -S` process). The peer declares
# Python >= 3.13 but runs on 3.9+; it is installed with --ignore-requires-python and is
# never a dependency of anything in the repository.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$here/.venv-bench"
peer="$here/.peer"

if ! "$venv/bin/python" -c "" 2>/dev/null; then
  "${PYTHON:-python3}" -m venv "$venv"
fi
export PATH="$venv/bin:$PATH"
python -m pip install -q --disable-pip-version-check "maturin>=1.9,<2" "numpy>=1.21"
if [ ! -f "$peer/lightsout/solver.py" ]; then
  python -m pip install -q --disable-pip-version-check --no-deps --ignore-requires-python \
    --target "$peer" "python-lightsout==2.0.1"
fi
MATURIN_PEP517_ARGS="--locked" python -m pip install -q --disable-pip-version-check \
  --no-build-isolation --no-deps --force-reinstall "$root/crates/lightsout-py"
python "$here/bench.py" --peer "$peer" "$@"
