"""Both console scripts answer --help and exit 0."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["server.cli", "client.cli"])
def test_help_exits_cleanly(module):
    done = subprocess.run(
        [sys.executable, "-m", module, "--help"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert "usage:" in done.stdout
