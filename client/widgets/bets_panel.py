"""The bets of a golden table, under the side panel (the seed's list at the top right of the
board, 000:L63): whether betting is open, the pool per side, every bet, and once the game is
stored each bettor's net. A spectator who may still bet sees the key for it here, and can click
that line as the seed's 押币 button (000:L57).

Drawn with CellLines like the side panel, so a move (which redraws the table) costs nothing
here unless the bets changed.
"""

from __future__ import annotations

from textual import events
from textual.message import Message

from client.go_view import BLACK, WHITE, BetsView, GoView
from client.i18n import Strings
from client.widgets.cell_lines import Cell, CellLines, text_cells

GLYPH = {BLACK: "X", WHITE: "O"}
SHOWN = 5
"""Bet lines that fit under the panel of a 19x19 board at 80x24; older ones fold into a count."""


def bet_lines(
    bets: BetsView, me: str, move_number: int, spectator: bool, strings: Strings | None = None
) -> list[str]:
    strings = strings or Strings()
    if bets.nets is not None:
        head = strings("bets_refunded" if bets.refunded else "bets_settled")
    elif bets.open:
        head = strings("bets_open", close=bets.close_at_ply, now=move_number)
    else:
        head = strings("bets_closed")
    pool = {"black": f"{bets.pool[BLACK]:,}", "white": f"{bets.pool[WHITE]:,}"}
    lines = [head, strings("bets_pool", **pool)]
    shown = bets.bets[-SHOWN:]
    if len(bets.bets) > len(shown):
        lines.append(strings("bets_earlier", n=len(bets.bets) - len(shown)))
    for bet in shown:
        mine = "*" if bet.bettor == me else " "
        line = f"{mine}{bet.bettor[:10]:<10} {GLYPH.get(bet.side, '?')} {bet.amount:>6,}"
        lines.append(line)
    if bets.nets is not None and me in bets.nets:
        net = bets.nets[me]
        mine = strings("bets_you_net", net=f"{net:+,}")
        lines.append(strings("bets_you_refunded") if bets.refunded else mine)
    elif spectator and bets.open:
        left = bets.left_for(me)
        hint = strings("bets_left", hint=strings("bets_hint"), left=left)
        lines.append(hint if left else strings("bets_all_in", n=bets.per_spectator))
    if not bets.bets:
        lines.insert(2, strings("bets_none"))
    return lines


class BetsPanel(CellLines):
    DEFAULT_CSS = """
    BetsPanel { width: 1fr; min-width: 28; height: auto; }
    BetsPanel > .bets-panel--head { color: $warning; text-style: bold; }
    """
    COMPONENT_CLASSES = {"bets-panel--head"}

    class BetPressed(Message):
        """The bet line was clicked: the screen opens the bet window if betting is open."""

    def __init__(
        self, view: GoView, me: str = "", strings: Strings | None = None, **kwargs
    ) -> None:
        super().__init__(**kwargs)
        self.me = me
        self.strings = strings or Strings()
        self.lines: list[str] = []
        self.show(view)

    def show(self, view: GoView) -> None:
        self.display = view.bets is not None
        if view.bets is None:
            self.lines = []
        else:
            self.lines = bet_lines(
                view.bets, self.me, view.move_number, view.is_spectator, self.strings
            )
        self.redraw()

    def on_click(self, event: events.Click) -> None:
        hint = self.strings("bets_hint")
        if 0 <= event.y < len(self.lines) and self.lines[event.y].startswith(hint):
            self.post_message(self.BetPressed())

    def build_lines(self) -> list[list[Cell]]:
        return [
            text_cells(f" {line}", "bets-panel--head" if i == 0 else "")
            for i, line in enumerate(self.lines)
        ]
