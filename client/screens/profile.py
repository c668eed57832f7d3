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
from client.screens.hall_screen import HallListScreen

WINDOW = 20
"""Ranked games in a Go window (platform.md §2): shown as 'wins/played of 20'."""
OPPONENTS_SHOWN = 3


def summary_text(profile: dict[str, Any]) -> str:
    go = profile.get("go") or {}
    window = go.get("window") or []
    record = profile.get("record") or {}
    marks = "".join("W" if won else "L" for won in window[-10:])
    return (
        f"Coins {profile.get('balance', 0):,}   Go {go.get('rank', '?')}"
        f"   window {sum(1 for w in window if w)}/{len(window)} of {WINDOW}"
        + (f" ({marks})" if marks else "")
        + f"\nRecord {record.get('wins', 0)} W  {record.get('losses', 0)} L"
        f"  {record.get('draws', 0)} D"
    )


def mahjong_text(profile: dict[str, Any]) -> str:
    """积分 and title of each room played (ranked hands or an escape); the title alone is what
    the others see at a ranked table, so it comes first."""
    played = [row for row in profile.get("mahjong") or [] if row.get("hands") or row.get("points")]
    if not played:
        return "Mahjong 积分: no ranked hand yet (平民 in every room; coin rooms are ranked)"
    return "Mahjong " + "  ".join(
        f"{hall_rooms.short(str(row.get('room')))} {row.get('title', '?')} {row.get('points', 0):,}"
        for row in played
    )


def opponents_text(profile: dict[str, Any]) -> str:
    opponents = (profile.get("record") or {}).get("opponents") or []
    busiest = sorted(
        opponents, key=lambda o: -(o.get("wins", 0) + o.get("losses", 0) + o.get("draws", 0))
    )
    return "   ".join(
        f"vs {o.get('name')}: {o.get('wins', 0)}-{o.get('losses', 0)}-{o.get('draws', 0)}"
        for o in busiest[:OPPONENTS_SHOWN]
    )


def entry_cells(entry: dict[str, Any]) -> tuple[str, ...]:
    at = entry.get("at")
    when = time.strftime("%m-%d %H:%M", time.localtime(at)) if at else ""
    amount = int(entry.get("amount", 0))
    return (
        when,
        f"{amount:+,}",
        str(entry.get("reason", "")),
        str(entry.get("ref", "")),
        str(entry.get("detail", "")),
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

    def compose(self) -> ComposeResult:
        title = (
            "qipai  my profile  (r claims the daily relief below 320 coins)"
            if self.name_shown is None
            else f"qipai  profile of {self.name_shown}"
        )
        yield Static(title, id="title", markup=False)
        yield Static("", id="summary", markup=False)
        yield Static("", id="mahjong", markup=False)
        yield Static("", id="opponents", markup=False)
        yield DataTable(id="entries", cursor_type="row", zebra_stripes=True)
        yield Static("", id="message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("when", "coins", "why", "ref", "detail")
        table.focus()
        self.run_worker(self._load(), group="profile", exclusive=True)

    async def _load(self) -> None:
        try:
            named = {} if self.name_shown is None else {"name": self.name_shown}
            self.profile = await self._request("profile", **named)
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        self.query_one("#summary", Static).update(summary_text(self.profile))
        self.query_one("#mahjong", Static).update(mahjong_text(self.profile))
        self.query_one("#opponents", Static).update(opponents_text(self.profile))
        table = self.query_one(DataTable)
        table.clear()
        for entry in self.profile.get("entries") or []:
            table.add_row(*entry_cells(entry))

    def action_relief(self) -> None:
        self.run_worker(self._relief(), group="relief", exclusive=True)

    async def _relief(self) -> None:
        try:
            reply = await self._request("relief")
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        self.say(f"Relief: +{reply.get('coins', 0):,} coins; you hold {reply.get('balance', 0):,}")
        await self._load()

    def action_back(self) -> None:
        self.dismiss()
