"""One's games: those in progress (a table where one sits, an adjourned Go game) first, with
enter to go back to them (GO-12: either player resumes an adjourned game), then the finished
games and mahjong hands, newest first, a match's hands together; `s` saves a finished one to a
file: a Go game as SGF, a mahjong hand as a readable text replay and a replay file for
`qipai replay`; `r` reviews a finished Go game move by move, or replays a mahjong hand action by
action with the rest of its match (screens/mahjong_replay.py)."""

from __future__ import annotations

import time
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Static

from client import hall_rooms
from client.connection import HallError
from client.hall_errors import explain, ui_language
from client.i18n import Strings
from client.mahjong_record_text import save_mahjong_record
from client.mahjong_replay_files import save_replay
from client.screens.binding_words import speak_bindings
from client.screens.hall_screen import HallListScreen
from client.sgf_files import save_failure, save_sgf


def is_go(game: dict[str, Any]) -> bool:
    return game.get("room") == "go"


def game_cells(game: dict[str, Any], strings: Strings | None = None) -> tuple[str, ...]:
    """#, finished, game, players, result, length: a Go game or a mahjong hand on one row."""
    strings = strings or Strings()
    finished = game.get("finished_at")
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(finished)) if finished else ""
    if is_go(game):
        valid = "" if game.get("valid") else strings("games_invalid")
        return (
            str(game.get("game")),
            when,
            strings("games_go"),
            f"{game.get('black', '')} - {game.get('white', '')}",
            f"{game.get('result', '')}{valid}",
            strings("games_moves", n=game.get("moves", "")),
        )
    players = [str(p) for p in game.get("players") or []]
    scores = game.get("scores") or []
    result = " ".join(f"{s:+d}" for s in scores)
    escaped = game.get("escaped")
    if escaped is not None and 0 <= escaped < len(players):
        result += strings("games_escaped", name=players[escaped])
    room = str(game.get("room", ""))
    return (
        str(game.get("game")),
        when,
        hall_rooms.name_zh(room),
        " ".join(players),
        result,
        strings("games_hand", table=game.get("table", "?"), hand=game.get("hand_number", "")),
    )


def grouped(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The list as the hall gives it (newest first), each mahjong match's hands together where
    its newest hand is: a match is its table (docs/platform.md, "Replays")."""
    matches: dict[tuple[str, Any], list[dict[str, Any]]] = {}
    order: list[Any] = []
    for game in games:
        if is_go(game):
            order.append(game)
            continue
        key = (str(game.get("room")), game.get("table"))
        if key not in matches:
            matches[key] = []
            order.append(key)
        matches[key].append(game)
    return [g for entry in order for g in (matches[entry] if isinstance(entry, tuple) else [entry])]


#: Table phases where a seat is still being played (not waiting for players, not ended).
IN_PROGRESS_PHASES = frozenset({"play", "scoring", "playing", "between", "ending"})


def running_cells(table: dict[str, Any], strings: Strings) -> tuple[str, ...]:
    """A table where one sits and the game goes on, in the columns of a finished game."""
    players = [str(name) for name in (table.get("seats") or {}).values() if name]
    room = str(table.get("room", ""))
    return (
        strings("games_table", table=table.get("table", "?")),
        strings("games_playing"),
        strings("games_go") if room == "go" else hall_rooms.name_zh(room),
        " - ".join(players) if room == "go" else " ".join(players),
        "",
        "",
    )


def adjourned_cells(game: dict[str, Any], strings: Strings) -> tuple[str, ...]:
    left = game.get("white") if game.get("left_by") == "white" else game.get("black")
    return (
        str(game.get("game")),
        strings("games_adjourned"),
        strings("games_go"),
        f"{game.get('black', '')} - {game.get('white', '')}",
        strings("games_left", name=left or "?"),
        "",
    )


class GamesScreen(HallListScreen):
    DEFAULT_CSS = """
    GamesScreen #title { height: 1; background: $panel; padding: 0 1; }
    GamesScreen DataTable { height: 1fr; }
    GamesScreen #message { height: auto; padding: 0 1; color: $warning; }
    """
    BINDINGS = [
        Binding("enter", "resume", "Resume", id="games.resume"),
        Binding("s", "save", "Save", id="games.save"),
        Binding("r", "review", "Review", id="games.review"),
        Binding("escape,q", "back", "Back", id="games.back"),
    ]
    gives_way_to_tables = True  # a table the hall opens (a resumed game) replaces the list

    def __init__(self) -> None:
        super().__init__()
        self.games: dict[int, dict[str, Any]] = {}
        self.adjourned: dict[int, dict[str, Any]] = {}
        self.running: dict[int, dict[str, Any]] = {}

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def compose(self) -> ComposeResult:
        yield Static(self.strings("games_title"), id="title", markup=False)
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Static("", id="message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        words = self.strings
        speak_bindings(self, words, hall=True)
        table = self.query_one(DataTable)
        columns = ("finished", "game", "players", "result", "length")
        table.add_columns("#", *(words(f"games_col_{c}") for c in columns))
        table.focus()
        self.run_worker(self._load, group="games", exclusive=True)

    async def _load(self) -> None:
        try:
            reply = await self._request("games")
            lobby = await self._request("lobby")
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        table, words = self.query_one(DataTable), self.strings
        me = getattr(self.app, "account", "")
        for summary in lobby.get("tables") or []:
            seated = me and me in (summary.get("seats") or {}).values()
            if seated and summary.get("phase") in IN_PROGRESS_PHASES:
                self.running[int(summary["table"])] = summary
                table.add_row(*running_cells(summary, words), key=f"table {summary['table']}")
        for game in reply.get("adjourned") or []:
            self.adjourned[int(game["game"])] = game
            table.add_row(*adjourned_cells(game, words), key=f"adjourned {game['game']}")
        for game in grouped(reply.get("games") or []):
            self.games[int(game["game"])] = game
            table.add_row(*game_cells(game, words), key=f"finished {game['game']}")
        if table.row_count == 0:
            self.say(words("games_none"))

    def selected(self) -> tuple[str, int] | None:
        """The selected row: ("table", 3), ("adjourned", 18) or ("finished", 17)."""
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        if key.value is None:
            return None
        kind, number = key.value.split()
        return kind, int(number)

    def selected_game(self) -> int | None:
        """The selected finished game."""
        chosen = self.selected()
        return chosen[1] if chosen is not None and chosen[0] == "finished" else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_resume()

    def action_resume(self) -> None:
        """Enter: back to a game in progress; on a finished one, saving it is what enter did
        before there were games to resume, and still does."""
        chosen = self.selected()
        if chosen is None:
            return
        kind, number = chosen
        if kind == "finished":
            self.action_save()
            return
        back = self.app.return_to_table if kind == "table" else self.app.resume_adjourned
        self.app.run_worker(self._back_to(back, number), group="resume", exclusive=True)

    async def _back_to(self, back: Any, number: int) -> None:
        """In the app's worker: the table that opens takes this screen away."""
        failure = await back(number)
        if failure is not None and self.is_mounted:
            self.say(failure)

    def action_save(self) -> None:
        chosen = self.selected()
        if chosen is not None and chosen[0] != "finished":
            self.say(self.strings("games_not_finished"))
            return
        game = self.selected_game()
        if game is not None:
            self.run_worker(self._save(game), group="save", exclusive=True)

    async def _save(self, game: int) -> None:
        try:
            record = await self._request("game_record", game=game)
            listed = self.games.get(game, {})
            if is_go(listed) or "sgf" in record:
                self.say(self.strings("hall_saved", path=save_sgf({**listed, **record})))
                return
            text = save_mahjong_record({**listed, **record})
            replay = save_replay([{k: v for k, v in record.items() if k not in ("type", "id")}])
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        except OSError as error:
            self.say(save_failure(error, self.strings))
            return
        self.say(self.strings("games_saved_hand", text=text, replay=replay))

    def action_review(self) -> None:
        game = self.selected_game()
        if game is None:
            self.say(self.strings("games_review_go_only"))
            return
        if not is_go(self.games.get(game, {})):
            self.run_worker(self._replay(game), group="review", exclusive=True)
            return
        self.run_worker(self._review(game), group="review", exclusive=True)

    async def _replay(self, game: int) -> None:
        """The hand's whole match from the hall, replayed by the core, opened at that hand."""
        from client.screens.mahjong_replay import open_replay

        self.say(self.strings("replay_loading"))
        failure = await open_replay(self.app, self._request, game)
        self.say(failure or "")

    async def _review(self, game: int) -> None:
        # Go's modules load with the first review, not with the start screen that imports this.
        from client.screens.review import ReviewScreen
        from qipai.go.errors import SgfError
        from qipai.go.replay import Replay

        try:
            record = await self._request("game_record", game=game)
            replay = Replay.from_sgf(str(record["sgf"]))
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        except (KeyError, SgfError) as error:
            reason = error.message if isinstance(error, SgfError) else self.strings("games_no_sgf")
            self.say(self.strings("review_unreadable", reason=reason))
            return
        self.app.push_screen(ReviewScreen(replay))

    def action_back(self) -> None:
        self.dismiss()
