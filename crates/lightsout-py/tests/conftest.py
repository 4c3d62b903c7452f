"""Shared fixtures: the CLI binary for the cross-checks."""

import os
import pathlib
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

REPO = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def cli():
    """A function running the `lightsout` binary (LIGHTSOUT_BIN, else the release build
    of this repository): returns (exit code, stdout, stderr)."""
    path = os.environ.get("LIGHTSOUT_BIN") or str(REPO / "target" / "release" / "lightsout")
    if not os.access(path, os.X_OK):
        pytest.fail(
            f"no lightsout binary at {path}: run `cargo build --release` first "
            "(or set LIGHTSOUT_BIN)"
        )

    def run(*args, stdin=None):
        p = subprocess.run(
            [path, *map(str, args)],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=300,
        )
        return p.returncode, p.stdout, p.stderr

    return run
