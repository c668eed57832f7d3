"""The table's hand history (`H`): this match's stored hands with each seat's total and the
result, best read between hands; enter replays the chosen hand (screens/mahjong_replay.py).

It opens at once from the view's ``game.history``; the results (who won, how, the fan) come
with the hall's ``match_hands`` answer, which the replay needs anyway.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static

from client.connection import HallError
from client.hall_errors import explain
from client.i18n import Strings
from client.mahjong_history import (
    HISTORY_KEY_WORDS,
    history_rows,
    match_totals,
    result_text,
    signed,
)
from client.mahjong_view import MahjongView
from client.screens.binding_words import speak_bindings
from client.screens.mahjong_replay import open_replay

__all__ = ["HISTORY_KEY_WORDS", "MahjongHistoryScreen"]


class MahjongHistoryScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    MahjongHistoryScreen { align: center middle; }
    MahjongHistoryScreen #history-title { height: 1; padding: 0 1; text-style: bold; }
    MahjongHistoryScreen DataTable { height: 1fr; }
    MahjongHistoryScreen #history-total { height: 1; padding: 0 1; text-style: bold; }
    MahjongHistoryScreen #history-message { height: 1; padding: 0 1; color: $warning; }
    """
    BINDINGS = [
        Binding("enter", "replay", "Replay", id="mahjong.history.replay"),
        Binding("escape,q,H", "close", "Close", id="mahjong.history.close"),
    ]

    def __init__(self, view: MahjongView, hall: Any, strings: Strings) -> None:
        super().__init__()
        self.view = view
        self.hall = hall
        self.strings = strings
        self.results: dict[int, str] = {}

    def compose(self) -> ComposeResult:
        s = self.strings
        yield Static(s("history_title", n=len(self.view.history)), id="history-title")
        yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
        totals = "  ".join(
            f"{seat.name} {signed(total)}"
            for seat, total in zip(self.view.seats, match_totals(self.view), strict=True)
        )
        yield Static(f"{s('summary_total')}: {totals}", id="history-total", markup=False)
        message = s("history_keys") if self.view.history else s("summary_none")
        yield Static(message, id="history-message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        speak_bindings(self, self.strings)
        table = self.query_one(DataTable)
        names = [seat.name[:8] for seat in self.view.seats]
        s = self.strings
        table.add_columns(s("summary_hand"), s("history_dealer"), *names, s("history_result"))
        self._fill()
        table.focus()
        if self.view.history:
            self.run_worker(self._results, group="history", exclusive=True)

    def _fill(self) -> None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for cells in history_rows(self.view, self.results, self.strings):
            table.add_row(*cells)
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    async def _results(self) -> None:
        """Each hand's result, from the stored hands of the match."""
        last = self.view.history[-1].get("game")
        if type(last) is not int:
            return
        try:
            reply = await self.hall.request("match_hands", game=last)
        except HallError as error:
            self.say(explain(error, self.strings.language))
            return
        names = [seat.name for seat in self.view.seats]
        for stored in reply.get("hands") or []:
            if isinstance(stored, dict) and type(stored.get("game")) is int:
                self.results[stored["game"]] = result_text(stored, names, self.strings)
        if self.is_mounted:
            self._fill()

    def say(self, text: str) -> None:
        self.query_one("#history-message", Static).update(text)

    def action_replay(self) -> None:
        table = self.query_one(DataTable)
        if not self.view.history or table.row_count == 0:
            return
        game = self.view.history[table.cursor_row].get("game")
        if type(game) is int:
            self.say(self.strings("replay_loading"))
            self.run_worker(self._replay(game), group="replay", exclusive=True)

    async def _replay(self, game: int) -> None:
        failure = await open_replay(self.app, self.hall.request, game)
        self.say(failure or self.strings("history_keys"))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_replay()

    def action_close(self) -> None:
        self.dismiss()
