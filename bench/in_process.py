"""A seat's connection to a hall in the same process, for the benches that measure the hall's
own CPU without sockets (``go_hall_cpu``, ``mahjong_hall_cpu``)."""

from __future__ import annotations

import trio

from server.hall import Hall
from server.session import Session


class InProcessPlayer:
    """One seat's connection without a socket: its pushes arrive on a memory channel."""

    def __init__(self, hall: Hall, name: str) -> None:
        self.hall = hall
        send, self.inbox = trio.open_memory_channel(1 << 20)
        self.session = Session("bench", send)
        self.session.greeted = True
        self.session.name = name
        hall.connected(self.session)
        hall.online[name] = self.session
        self.next_id = 0

    async def request(self, kind: str, **fields) -> None:
        self.next_id += 1
        await self.hall.handle(self.session, {"type": kind, "id": self.next_id, **fields})
