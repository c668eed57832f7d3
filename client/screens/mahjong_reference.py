"""The table's fan reference (`r`): every fan its ruleset can award, with its value and an
English gloss, in a scrolling overlay that fits 80x24.

The names and values come from the core (``Ruleset.fan_reference``) for the ruleset the hall
says the table plays, so the screen can never disagree with a settlement; only the glosses are
the client's own words.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from client.i18n import Strings, fan_gloss
from client.mahjong_view import MahjongView

NAME_CELLS = 11  # the longest fan name, 一色双龙会, is 10 cells


def reference_text(view: MahjongView, title: str, strings: Strings) -> str:
    """The overlay's lines: the title, a header, one line per fan, how to close it."""
    from qipai.mahjong.rulesets import get_ruleset  # the rules load with the first table only

    ruleset = get_ruleset(view.ruleset, view.options)
    lines = [strings("reference_title", room=title), "", strings("reference_header")]
    for fan in ruleset.fan_reference():
        pad = " " * max(1, NAME_CELLS - cell_len(fan.name_zh))
        lines.append(f"  {fan.name_zh}{pad}{fan.value:>3}   {fan_gloss(fan.name_zh, fan.name_en)}")
    return "\n".join([*lines, "", strings("reference_note"), strings("reference_close")])


class MahjongReferenceScreen(ModalScreen[None]):
    """The fans of the table's ruleset; ↑/↓ and PgUp/PgDn scroll, r or Esc closes."""

    DEFAULT_CSS = """
    MahjongReferenceScreen { align: center middle; }
    MahjongReferenceScreen #reference { width: 100%; max-width: 78; height: auto;
        max-height: 100%; border: round $primary; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,r,q,enter", "close", "Close", id="reference.close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="reference"):
            yield Static(self.text, id="fans", markup=False)

    def on_mount(self) -> None:
        self.query_one("#reference", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss()
