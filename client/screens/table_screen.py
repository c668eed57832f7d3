"""What every table screen does alike: table chat on the status line, a fresh snapshot from
the hall when a pushed event reveals a gap, and getting back to the table after a reconnection.
Subclasses draw the view (``show_wire_view``) and the status line (``say``)."""

from __future__ import annotations

from typing import Any, Protocol

from textual.screen import Screen

from client.connection import HallError
from client.hall_errors import explain, ui_language
from client.screens.key_help import KeyHelp
from client.screens.size_guard import SizeGuard


class Hall(Protocol):
    async def request(self, kind: str, **fields: Any) -> dict[str, Any]: ...


class TableScreen(KeyHelp, SizeGuard, Screen):
    hall: Hall
    table: int

    def say(self, text: str) -> None:
        raise NotImplementedError

    def show_wire_view(self, wire: Any) -> None:
        raise NotImplementedError

    @property
    def watching(self) -> bool:
        """Whether this connection only watches the table (it holds no seat)."""
        raise NotImplementedError

    def forget_seq(self) -> None:
        """Take the next view or event as it comes, whatever its `seq`."""
        raise NotImplementedError

    def on_lobby_push(self, message: dict[str, Any]) -> None:
        """Table chat shows on the status line; the table has the rest of the screen."""
        if message.get("type") == "chat" and message.get("table") == self.table:
            self.say(f"{message.get('from', '?')}: {message.get('text', '')}")

    async def _refresh_snapshot(self) -> None:
        try:
            reply = await self.hall.request("snapshot", table=self.table)
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        self.show_wire_view(reply.get("view"))

    async def rejoin(self, hall: Hall) -> None:
        """After a reconnection: a spectator watches again (table ids survive a restart of the
        hall); a player's seat came back with the log-in and its snapshot is asked for as well,
        which tells the player if the table did not survive. A hall started again may number
        the table's events afresh, so the numbering on screen is forgotten first."""
        self.hall = hall
        self.forget_seq()
        try:
            reply = await hall.request("watch" if self.watching else "snapshot", table=self.table)
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        self.show_wire_view(reply.get("view"))
