"""docs/platform.md's quick start runs as written."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "platform.md"


def test_quick_start_runs(capsys):
    quick_start = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[0]
    exec(compile(quick_start, str(DOC), "exec"), {})
    balances = capsys.readouterr().out.split("]")[0].strip("[").split(",")
    assert sum(int(b) for b in balances) <= 4 * 5_000
