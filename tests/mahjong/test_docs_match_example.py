"""docs/mahjong.md's whole-match example runs as written and prints what its comment says."""

import contextlib
import io
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "mahjong.md"


def test_the_whole_lengzi_match_example_runs() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## A whole match", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    namespace: dict = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(DOC), "exec"), namespace)
    match = namespace["match"]
    assert match.hands_played == 4 and match.over
    assert match.scores == [-9, -109, -11, -11] and match.pot == 100
    assert match.table_state["xiapao"] == [False, False, True, False]
    assert "[-9, -109, -11, -11] 100 [False, False, True, False]" in printed.getvalue()
    assert [p.place for p in match.standing()] == [1, 2, 2, 4]  # two seats tie for second
