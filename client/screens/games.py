"""One's finished games and mahjong hands, newest first; `s` saves the selected one to a file:
a Go game as SGF, a mahjong hand as a readable text replay."""

from __future__ import annotations

import time
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Static

from client import hall_rooms
from client.connection import HallError
from client.hall_errors import explain, ui_language
from client.mahjong_record_text import save_mahjong_record
from client.screens.hall_screen import HallListScreen
from client.sgf_files import save_failure, save_sgf


def is_go(game: dict[str, Any]) -> bool:
    return game.get("room") == "go"


def game_cells(game: dict[str, Any]) -> tuple[str, ...]:
    """#, finished, game, players, result, length: a Go game or a mahjong hand on one row."""
    finished = game.get("finished_at")
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(finished)) if finished else ""
    if is_go(game):
        valid = "" if game.get("valid") else " (invalid)"
        return (
            str(game.get("game")),
            when,
            "Go",
            f"{game.get('black', '')} - {game.get('white', '')}",
            f"{game.get('result', '')}{valid}",
            f"{game.get('moves', '')} moves",
        )
    players = [str(p) for p in game.get("players") or []]
    scores = game.get("scores") or []
    result = " ".join(f"{s:+d}" for s in scores)
    escaped = game.get("escaped")
    if escaped is not None and 0 <= escaped < len(players):
        result += f" ({players[escaped]} escaped)"
    room = str(game.get("room", ""))
    return (
        str(game.get("game")),
        when,
        hall_rooms.name_zh(room),
        " ".join(players),
        result,
        f"hand {game.get('hand_number', '')}",
    )


class GamesScreen(HallListScreen):
    DEFAULT_CSS = """
    GamesScreen #title { height: 1; background: $panel; padding: 0 1; }
    GamesScreen DataTable { height: 1fr; }
    GamesScreen #message { height: auto; padding: 0 1; color: $warning; }
    """
    BINDINGS = [
        Binding("s", "save", "Save", id="games.save"),
        Binding("escape,q", "back", "Back", id="games.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: dict[int, dict[str, Any]] = {}

    def compose(self) -> ComposeResult:
        yield Static(
            "qipai  my finished games  (s saves one: Go as SGF, mahjong as text)", id="title"
        )
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Static("", id="message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("#", "finished", "game", "players", "result", "length")
        table.focus()
        self.run_worker(self._load(), group="games", exclusive=True)

    async def _load(self) -> None:
        try:
            reply = await self._request("games")
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        table = self.query_one(DataTable)
        for game in reply.get("games") or []:
            self.games[int(game["game"])] = game
            table.add_row(*game_cells(game), key=str(game["game"]))
        if not self.games:
            self.say("No finished games yet.")

    def selected_game(self) -> int | None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return int(key.value) if key.value is not None else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        game = self.selected_game()
        if game is not None:
            self.run_worker(self._save(game), group="save", exclusive=True)

    async def _save(self, game: int) -> None:
        try:
            record = await self._request("game_record", game=game)
            listed = self.games.get(game, {})
            save = save_sgf if is_go(listed) or "sgf" in record else save_mahjong_record
            path = save({**listed, **record})
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        except OSError as error:
            self.say(save_failure(error))
            return
        self.say(f"Saved {path}")

    def action_back(self) -> None:
        self.dismiss()
