"""Leaderboards: Go by rank, each mahjong room by 积分 with titles, coins. Left/right (or h/l,
or 1-9) switch boards; the player's own row is marked with `>` and holds the cursor, and is
shown under the top rows when it is not among them; enter opens the profile of a row's player."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Static

from client import hall_rooms
from client.connection import HallError
from client.hall_errors import explain, ui_language
from client.i18n import Strings
from client.screens.binding_words import speak_bindings
from client.screens.hall_screen import HallListScreen
from client.screens.profile import ProfileScreen
from qipai.protocol.names import is_guest

LABELS = {"go": "boards_go", "coins": "boards_coins"}
"""The boards that are not a room's; a mahjong room's board is labelled with its short name."""
COLUMNS = {
    "go": ("", "#", "player", "rank", "window"),
    "coins": ("", "#", "player", "coins"),
}
MAHJONG_COLUMNS = ("", "#", "player", "title", "points", "hands")
"""The columns, each named by its `boards_col_` words (the first two are a mark and a place)."""
GAP = "..."


def board_label(board: str, strings: Strings | None = None) -> str:
    label = LABELS.get(board)
    return (strings or Strings())(label) if label else hall_rooms.short(board)


def tabs_text(boards: list[str], current: str, strings: Strings | None = None) -> str:
    """Every board by name, the current one in brackets (readable without colour)."""
    labels = [(b, board_label(b, strings)) for b in boards]
    return "  ".join(f"[{label}]" if b == current else f" {label} " for b, label in labels)


def columns_for(board: str, strings: Strings | None = None) -> tuple[str, ...]:
    strings = strings or Strings()
    names = COLUMNS.get(board, MAHJONG_COLUMNS)
    return (*names[:2], *(strings(f"boards_col_{name}") for name in names[2:]))


def row_cells(
    board: str, row: dict[str, Any], mine: bool, strings: Strings | None = None
) -> tuple[str, ...]:
    head = (">" if mine else "", str(row.get("place", "")), str(row.get("name", "")))
    if board == "go":
        rank = (strings or Strings()).go_rank(row.get("rank", ""))
        return (*head, rank, f"{row.get('wins', 0)}-{row.get('losses', 0)}")
    if board == "coins":
        return (*head, f"{row.get('coins', 0):,}")
    return (
        *head,
        f"{row.get('title', '')} ({row.get('level', '')})",
        f"{row.get('points', 0):,}",
        str(row.get("hands", 0)),
    )


def where_text(board: str, reply: dict[str, Any], strings: Strings, guest: bool = False) -> str:
    """Where the player stands; off the Go board, how to get on it from the lobby (the new
    table's ranked switch), which a guest cannot."""
    you = reply.get("you")
    players = reply.get("players", 0)
    if you is None:
        if board == "go":
            return strings("board_go_guest" if guest else "board_go_advice")
        return strings("boards_coins_none" if board == "coins" else "boards_mahjong_none")
    return strings("boards_place", place=you.get("place"), players=players)


class LeaderboardScreen(HallListScreen):
    DEFAULT_CSS = """
    LeaderboardScreen #title { height: 1; background: $panel; padding: 0 1; }
    LeaderboardScreen #tabs { height: 1; padding: 0 1; }
    LeaderboardScreen DataTable { height: 1fr; }
    LeaderboardScreen #where { height: 1; padding: 0 1; }
    LeaderboardScreen #message { height: auto; padding: 0 1; color: $warning; }
    """
    BINDINGS = [
        Binding("left,h", "shift(-1)", "Previous board", key_display="<-", id="boards.previous"),
        Binding("right,l", "shift(1)", "Next board", key_display="->", id="boards.next"),
        *(
            Binding(str(n), f"show({n - 1})", f"Board {n}", show=False, id=f"boards.{n}")
            for n in range(1, 10)
        ),
        Binding("r", "refresh", "Refresh", id="boards.refresh"),
        Binding("escape,q", "back", "Back", id="boards.back"),
    ]

    def __init__(self, board: str = "go") -> None:
        super().__init__()
        # Until the hall's reply names its boards: Go, the rooms the lobby described, coins.
        self.boards = ["go", *(info.id for info in hall_rooms.mahjong_rooms()), "coins"]
        self.board = board
        self.reply: dict[str, Any] = {}
        self.row_names: list[str | None] = []
        """Each table row's player (None for the gap row), for enter."""

    def compose(self) -> ComposeResult:
        yield Static(self.strings("boards_title"), id="title", markup=False)
        yield Static("", id="tabs", markup=False)
        yield DataTable(id="rows", cursor_type="row", zebra_stripes=True)
        yield Static("", id="where", markup=False)
        yield Static("", id="message", markup=False)
        yield Footer()

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def on_mount(self) -> None:
        speak_bindings(self, self.strings, hall=True)
        self.query_one(DataTable).focus()
        self.action_refresh()

    def action_shift(self, step: int) -> None:
        index = self.boards.index(self.board) if self.board in self.boards else 0
        self.board = self.boards[(index + step) % len(self.boards)]
        self.action_refresh()

    def action_show(self, index: int) -> None:
        if index < len(self.boards):
            self.board = self.boards[index]
            self.action_refresh()

    def action_refresh(self) -> None:
        self.query_one("#tabs", Static).update(tabs_text(self.boards, self.board, self.strings))
        self.run_worker(self._load(self.board), group="board", exclusive=True)

    async def _load(self, board: str) -> None:
        try:
            reply = await self._request("leaderboard", board=board)
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        if board != self.board:
            return
        self.say("")
        self.reply = reply
        self.boards = list(reply.get("boards") or self.boards)
        self.query_one("#tabs", Static).update(tabs_text(self.boards, board, self.strings))
        self._draw(board, reply)

    def _draw(self, board: str, reply: dict[str, Any]) -> None:
        strings = self.strings
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns(*columns_for(board, strings))
        you = reply.get("you")
        name = you.get("name") if you else None
        mine_at = None
        self.row_names = []
        for row in reply.get("rows") or []:
            mine = row.get("name") == name
            if mine:
                mine_at = table.row_count
            table.add_row(*row_cells(board, row, mine, strings))
            self.row_names.append(row.get("name"))
        if you is not None and mine_at is None:
            width = len(columns_for(board, strings))
            table.add_row("", GAP, *[""] * (width - 2))
            mine_at = table.row_count
            table.add_row(*row_cells(board, you, True, strings))
            self.row_names += [None, name]
        if mine_at is not None:
            table.move_cursor(row=mine_at)
        guest = is_guest(str(getattr(self.app, "account", "") or ""))
        self.query_one("#where", Static).update(where_text(board, reply, strings, guest))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        index = event.cursor_row
        who = self.row_names[index] if 0 <= index < len(self.row_names) else None
        if who is None:
            return
        you = self.reply.get("you") or {}
        self.app.push_screen(ProfileScreen(None if who == you.get("name") else who))

    def action_back(self) -> None:
        self.dismiss()
