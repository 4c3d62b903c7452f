"""The type stubs (lightsout/_lightsout.pyi) against the module at run time: every
function, class, argument and default as the native module has them (mypy's stubtest;
skipped where mypy is not installed, scripts/test-python installs it)."""

import subprocess
import sys

import pytest


def test_the_stubs_match_the_module():
    pytest.importorskip("mypy.stubtest")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "lightsout"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
