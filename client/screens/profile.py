"""The player's profile: coins, Go rank and its window, 积分 and title in each mahjong room,
recent ledger entries, the record against each opponent; `r` claims the daily relief (救济金)
when the player is nearly broke."""

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
from client.screens.binding_words import speak_bindings
from client.screens.hall_screen import HallListScreen

WINDOW = 20
"""Ranked games in a Go window (platform.md §2): shown as 'wins/played of 20'."""
OPPONENTS_SHOWN = 3


def summary_text(profile: dict[str, Any], strings: Strings | None = None) -> str:
    strings = strings or Strings()
    go = profile.get("go") or {}
    window = go.get("window") or []
    record = profile.get("record") or {}
    won, lost = strings("profile_won"), strings("profile_lost")
    marks = "".join(won if w else lost for w in window[-10:])
    return strings(
        "profile_summary",
        balance=f"{profile.get('balance', 0):,}",
        rank=strings.go_rank(go.get("rank", "?")),
        won=sum(1 for w in window if w),
        played=len(window),
        window=WINDOW,
        marks=strings("profile_marks", marks=marks) if marks else "",
        wins=record.get("wins", 0),
        losses=record.get("losses", 0),
        draws=record.get("draws", 0),
    )


def mahjong_text(profile: dict[str, Any], strings: Strings | None = None) -> str:
    """积分 and title of each room played (ranked hands or an escape); the title alone is what
    the others see at a ranked table, so it comes first."""
    strings = strings or Strings()
    played = [row for row in profile.get("mahjong") or [] if row.get("hands") or row.get("points")]
    if not played:
        return strings("profile_mahjong_none")
    rooms = "  ".join(
        f"{hall_rooms.short(str(row.get('room')))} {row.get('title', '?')} {row.get('points', 0):,}"
        for row in played
    )
    return strings("profile_mahjong", rooms=rooms)


def opponents_text(profile: dict[str, Any], strings: Strings | None = None) -> str:
    strings = strings or Strings()
    opponents = (profile.get("record") or {}).get("opponents") or []
    busiest = sorted(
        opponents, key=lambda o: -(o.get("wins", 0) + o.get("losses", 0) + o.get("draws", 0))
    )
    return "   ".join(
        strings(
            "profile_vs",
            name=o.get("name"),
            wins=o.get("wins", 0),
            losses=o.get("losses", 0),
            draws=o.get("draws", 0),
        )
        for o in busiest[:OPPONENTS_SHOWN]
    )


def entry_cells(entry: dict[str, Any], strings: Strings | None = None) -> tuple[str, ...]:
    at = entry.get("at")
    when = time.strftime("%m-%d %H:%M", time.localtime(at)) if at else ""
    amount = int(entry.get("amount", 0))
    strings = strings or Strings()
    return (
        when,
        f"{amount:+,}",
        strings.ledger_reason(str(entry.get("reason", ""))),
        str(entry.get("ref", "")),
        strings.ledger_detail(str(entry.get("detail", ""))),
    )


class ProfileScreen(HallListScreen):
    DEFAULT_CSS = """
    ProfileScreen #title { height: 1; background: $panel; padding: 0 1; }
    ProfileScreen #summary { height: auto; padding: 0 1; }
    ProfileScreen #mahjong { height: auto; padding: 0 1; }
    ProfileScreen #opponents { height: auto; padding: 0 1; color: $text-muted; }
    ProfileScreen DataTable { height: 1fr; }
    ProfileScreen #message { height: auto; padding: 0 1; color: $warning; }
    """
    BINDINGS = [
        Binding("r", "relief", "Daily relief", id="profile.relief"),
        Binding("escape,q", "back", "Back", id="profile.back"),
    ]

    def __init__(self, name: str | None = None) -> None:
        """``name``: another player's profile (from a leaderboard); None is the player's own."""
        super().__init__()
        self.name_shown = name
        self.profile: dict[str, Any] = {}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Relief is claimed for oneself only."""
        return action != "relief" or self.name_shown is None

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def compose(self) -> ComposeResult:
        title = (
            self.strings("profile_title_mine")
            if self.name_shown is None
            else self.strings("profile_title_other", name=self.name_shown)
        )
        yield Static(title, id="title", markup=False)
        yield Static("", id="summary", markup=False)
        yield Static("", id="mahjong", markup=False)
        yield Static("", id="opponents", markup=False)
        yield DataTable(id="entries", cursor_type="row", zebra_stripes=True)
        yield Static("", id="message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        words = self.strings
        speak_bindings(self, words, hall=True)
        table = self.query_one(DataTable)
        columns = ("when", "coins", "why", "ref", "detail")
        table.add_columns(*(words(f"profile_col_{c}") for c in columns))
        table.focus()
        self.run_worker(self._load, group="profile", exclusive=True)

    async def _load(self) -> None:
        try:
            named = {} if self.name_shown is None else {"name": self.name_shown}
            self.profile = await self._request("profile", **named)
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        words = self.strings
        self.query_one("#summary", Static).update(summary_text(self.profile, words))
        self.query_one("#mahjong", Static).update(mahjong_text(self.profile, words))
        self.query_one("#opponents", Static).update(opponents_text(self.profile, words))
        table = self.query_one(DataTable)
        table.clear()
        for entry in self.profile.get("entries") or []:
            table.add_row(*entry_cells(entry, words))

    def action_relief(self) -> None:
        self.run_worker(self._relief, group="relief", exclusive=True)

    async def _relief(self) -> None:
        try:
            reply = await self._request("relief")
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        coins, balance = f"{reply.get('coins', 0):,}", f"{reply.get('balance', 0):,}"
        self.say(self.strings("profile_relief", coins=coins, balance=balance))
        await self._load()

    def action_back(self) -> None:
        self.dismiss()
