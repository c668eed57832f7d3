"""A table event is encoded in parts shared by every receiver; what each connection gets must be
byte for byte the encoding of its whole message, the event with its own view."""

import msgpack
import pytest
import trio

from qipai.protocol import encode
from server.bots import BotFactory
from server.hall import Hall
from server.session import Session
from server.store import Store


class Member:
    def __init__(self, hall: Hall, name: str) -> None:
        self.hall = hall
        send, self.inbox = trio.open_memory_channel(10_000)
        self.session = Session("test", send)
        self.session.greeted = True
        self.session.name = name
        hall.connected(self.session)
        hall.online[name] = self.session
        self.next_id = 0
        self.pushes: list[bytes] = []

    def received(self) -> list[bytes]:
        """The pushes (raw bytes) since the last call."""
        while True:
            try:
                self.pushes.append(self.inbox.receive_nowait())
            except trio.WouldBlock:
                break
        out, self.pushes = self.pushes, []
        return out

    async def ok(self, kind: str, **fields) -> dict:
        self.next_id += 1
        await self.hall.handle(self.session, {"type": kind, "id": self.next_id, **fields})
        replies = []
        for data in self.received():
            message = msgpack.unpackb(data)
            if message.get("id") == self.next_id and message["type"] in ("ok", "error"):
                replies.append(message)
            else:
                self.pushes.append(data)
        (reply,) = replies
        assert reply["type"] == "ok", reply
        return reply


def whole_message(table, member: Member, kind: str, **detail) -> bytes:
    seats = table.seats_of(member.session.name)
    message = {"type": "event", "table": table.id, "seq": table.seq, "kind": kind, **detail}
    message["view"] = table.view(seats)
    return encode(message)


@pytest.mark.trio
async def test_each_receiver_gets_the_encoding_of_its_whole_event(tmp_path, mock_clock):
    store = Store(str(tmp_path / "hall.db"))
    async with trio.open_nursery() as nursery:
        hall = Hall(store, nursery, BotFactory(None, seed=1))
        ann, bob, cy = Member(hall, "ann"), Member(hall, "bob"), Member(hall, "cy")
        clock = {"main": 600, "periods": 3, "period": 30}
        created = await ann.ok("create_table", room="go", options={"size": 19, "clock": clock})
        table = hall.tables[created["table"]]
        await ann.ok("sit", table=table.id, seat="black")
        await bob.ok("sit", table=table.id, seat="white")
        await cy.ok("watch", table=table.id)
        for member in (ann, bob, cy):
            member.received()
        mock_clock.jump(7.25)
        await ann.ok("act", table=table.id, action="play", point="D4")
        moved = {m: m.received() for m in (ann, bob, cy)}
        for member, (data,) in moved.items():
            assert data == whole_message(table, member, "move", by="black", point="D4")
        assert moved[ann][0] != moved[bob][0] != moved[cy][0]  # three different views
        assert msgpack.unpackb(moved[bob][0])["view"]["you"]["legal"][:2] == ["play", "pass"]
        await bob.ok("chat", table=table.id, text="hi")
        await bob.ok("act", table=table.id, action="resign")
        await hall.flush()  # "over" waits for the game's record to be stored
        (chat, resigned, over) = cy.received()
        assert msgpack.unpackb(chat)["text"] == "hi"
        assert msgpack.unpackb(resigned)["kind"] == "resign"
        assert over == whole_message(table, cy, "over", result=table._result_view())
        nursery.cancel_scope.cancel()
    store.close()
