"""What the hall's list screens (my games, profile, leaderboards) share: one message line, and
requests that fail as a ``HallError`` when the connection is gone, so each screen has one kind of
failure to show."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Static

from client.connection import HallError
from client.screens.size_guard import SizeGuard


class HallListScreen(SizeGuard, Screen):
    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    async def _request(self, kind: str, **fields: Any) -> dict[str, Any]:
        if self.app.hall is None:
            raise HallError("connection_lost", "not connected to a hall")
        return await self.app.hall.request(kind, **fields)
