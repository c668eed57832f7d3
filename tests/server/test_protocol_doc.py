"""The client printed in docs/protocol.md works against a real server, as written."""

import re
import subprocess
import sys
from pathlib import Path

from .test_server_cli import start

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_the_documented_client_plays_a_hot_seat_game(tmp_path):
    code = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)[-1]
    script = tmp_path / "client.py"
    script.write_text(code)
    process, port = start(tmp_path / "hall.db")
    try:
        for _ in range(2):  # registers the first time, logs in the second
            done = subprocess.run(
                [sys.executable, str(script), "127.0.0.1", str(port), "doc-reader"],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert done.returncode == 0, done.stderr
            # Ten stones down, Black to move: Black resigns in hot-seat.
            assert done.stdout.strip() == "白中盘胜"
    finally:
        process.kill()
        process.wait()
