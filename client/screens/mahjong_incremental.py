"""The mahjong table of a player in one seat takes incremental events (docs/protocol.md).

The screen switches them on once it is up, and again on each new connection after a drop (the
hall keeps the switch per connection); a snapshot follows each switch. Every push then passes
through ``FollowedTable`` and reaches the screen as the full view the hall would have sent, so
what it draws is the same. A seq gap asks for a snapshot. Spectators always get full views,
and a hot-seat connection keeps them: its views show whichever of its seats must act, and each
of them knows only the tiles of the seat it shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client.connection import HallError
from client.mahjong_follow import FollowedTable
from client.screens.table_screen import Hall


class FollowsEvents:
    """Mixed into ``MahjongTableScreen``: ``take_push`` is what it did with every push."""

    hall: Hall
    table: int
    followed: FollowedTable | None = None

    if TYPE_CHECKING:  # the screen's own (Textual's, ``TableScreen``'s)

        def run_worker(self, work: Any, **options: Any) -> Any: ...

        async def _refresh_snapshot(self) -> None: ...

    def follows_events(self) -> bool:
        raise NotImplementedError

    def take_push(self, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def start_following(self) -> None:
        if self.follows_events():
            self.run_worker(self._switch_on, group="incremental", exclusive=True)

    async def _switch_on(self, snapshot: bool = True) -> None:
        """Pushes that come before the switch carry full views (and reset the follower); the
        first incremental ones wait for the snapshot asked for after it."""
        self.followed = FollowedTable()
        try:
            await self.hall.request("act", table=self.table, action="incremental", on=True)
        except HallError:
            self.followed = None  # full views go on: the table draws the same from them
            return
        if snapshot:
            await self._refresh_snapshot()

    def on_table_push(self, message: dict[str, Any]) -> None:
        followed = self.followed
        if followed is None:
            self.take_push(message)
            return
        for whole in followed.messages(message):
            self.take_push(whole)
        if followed.gap:
            followed.gap = False
            self.run_worker(self._refresh_snapshot, group="snapshot", exclusive=True)

    async def follow_again(self, hall: Hall) -> None:
        """After a reconnection: the new connection takes full views until it says again;
        the rejoin's own snapshot comes next."""
        if self.followed is None:
            return
        self.hall = hall
        self.followed.forget()
        await self._switch_on(snapshot=False)
