"""What every table screen does alike: table chat on the status line and a fresh snapshot from
the hall when a pushed event reveals a gap. Subclasses draw the view (``show_wire_view``) and the
status line (``say``)."""

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
