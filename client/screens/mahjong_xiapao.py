"""Lengzi's 下炮 (LZ-09), chosen by each seat before each deal: what it means, the seat's choice
now, `f` to turn it on or off and Enter to keep it. In hot-seat each seat sees it behind its
own cover, so nobody learns another's choice before the deal (it is public once dealt)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from client.i18n import Strings


class MahjongXiapaoScreen(ModalScreen[bool]):
    DEFAULT_CSS = """
    MahjongXiapaoScreen { align: center middle; }
    MahjongXiapaoScreen #xiapao { width: 100%; max-width: 72; height: auto;
        border: round $primary; padding: 1 2; }
    MahjongXiapaoScreen #state { margin-top: 1; text-style: bold; }
    """

    def __init__(self, strings: Strings, who: str, on: bool) -> None:
        super().__init__()
        self.strings = strings
        self.who = who
        self.on = on

    def compose(self) -> ComposeResult:
        s = self.strings
        with Vertical(id="xiapao"):
            yield Static(s("xiapao_title", who=self.who), id="title", markup=False)
            yield Static(s("xiapao_meaning"), id="meaning", markup=False)
            yield Static(id="state", markup=False)
            yield Static(s("xiapao_keys"), id="keys", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        s = self.strings
        self.query_one("#state", Static).update(
            s("xiapao_state", state=s("on" if self.on else "off"))
        )

    def action_toggle(self) -> None:
        self.on = not self.on
        self._show()

    def action_keep(self) -> None:
        self.dismiss(self.on)

    BINDINGS = [
        Binding("f", "toggle", "下炮 on/off", id="xiapao.toggle"),
        Binding("enter,space", "keep", "Keep and deal", id="xiapao.keep"),
    ]


class ChineseXiapaoScreen(MahjongXiapaoScreen, inherit_bindings=False):
    """The same choice with the footer in Chinese."""

    BINDINGS = [
        Binding("f", "toggle", "下炮开/关", id="xiapao.toggle"),
        Binding("enter,space", "keep", "确认发牌", id="xiapao.keep"),
    ]
