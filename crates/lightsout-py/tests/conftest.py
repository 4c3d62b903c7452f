"""Shared fixtures: the CLI binary for the cross-checks, Ctrl-C for the interrupt tests."""

import os
import pathlib
import signal
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

REPO = pathlib.Path(__file__).resolve().parents[3]


def pytest_sessionstart(session):
    """With LIGHTSOUT_EXPECT_INSTALLED (scripts/test-python sets it to the environment's
    site-packages), the suite tests the installed wheel: stop if `import lightsout`
    finds another copy, such as the source tree's package."""
    expected = os.environ.get("LIGHTSOUT_EXPECT_INSTALLED")
    if expected:
        import lightsout

        where = pathlib.Path(lightsout.__file__).resolve()
        if pathlib.Path(expected).resolve() not in where.parents:
            pytest.exit(f"import lightsout loaded {where}, not the wheel in {expected}", 3)


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


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C raises KeyboardInterrupt in the test even when the suite was started with
    SIGINT ignored (a background job of a shell without job control): Python then leaves
    it ignored, and `_thread.interrupt_main` does nothing."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)
