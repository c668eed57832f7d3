"""A mahjong event is encoded in parts shared by every receiver (the view's head, the game, each
seat as the others see it) with each receiver's own seat and legal actions spliced in: what each
connection gets must be byte for byte the encoding of its whole message, its events redacted
for its seats and its own full view (``table.view``) of that moment."""

import msgpack
import pytest
import trio

from qipai.protocol import encode
from server.bots import BotFactory
from server.hall import Hall
from server.store import Store
from server.tables.mahjong import prepare_analysis

from .test_connection_event_bytes import Member
from .test_mahjong_support import fast_config, pick, until_finished


def check_every_push(table, checked: list[str]) -> None:
    """Compare each full-view push with the whole message as the table would build it now."""
    deliver = table.deliver

    def compared(session, data, held) -> None:
        message = msgpack.unpackb(data)
        if message.get("type") == "event" and "view" in message:
            head = {k: v for k, v in message.items() if k != "view"}
            whole = encode({**head, "view": table.view(table.seats_of(session.name))})
            assert data == whole, (session.name, message["kind"])
            checked.append(session.name or "spectator")
        deliver(session, data, held)

    table.deliver = compared


def choose(view: dict) -> dict | None:
    if "ready" in view["you"]["legal"]:
        return {"action": "ready"}
    choice = pick(view["hand"]["legal_actions"]) if view["hand"] else None
    if choice is None:
        return None
    return {"action": choice["type"], **({"tile": choice["tile"]} if "tile" in choice else {})}


@pytest.mark.trio
@pytest.mark.parametrize("room", ["sichuan", "lengzi", "baicheng", "zhongyou"])
async def test_each_mahjong_receiver_gets_the_encoding_of_its_whole_event(
    tmp_path, autojump_clock, room
):
    prepare_analysis()  # in this thread: the table's task would wait for it in real time
    store = Store(str(tmp_path / "hall.db"))
    async with trio.open_nursery() as nursery:
        hall = Hall(store, nursery, BotFactory(None, seed=1), fast_config())
        players = [Member(hall, name) for name in ("ann", "bob", "cy")]
        watcher = Member(hall, "dee")
        options = {"hands": 1, "timed": False}
        created = await players[0].ok("create_table", room=room, options=options)
        table = hall.tables[created["table"]]
        checked: list[str] = []
        check_every_push(table, checked)
        await watcher.ok("watch", table=table.id)
        for n, player in enumerate(players):
            await player.ok("sit", table=table.id, seat=str(n))
        await players[0].ok("act", table=table.id, action="add_bots")
        for _ in until_finished(table):
            await trio.sleep(0.01)
            for player in players:
                views = [msgpack.unpackb(d).get("view") for d in player.received()]
                views = [v for v in views if v is not None]
                if not views:
                    continue
                request = choose(views[-1])
                if request is None:
                    continue
                player.next_id += 1
                await hall.handle(
                    player.session, {"type": "act", "id": player.next_id, "table": table.id,
                                     **request}
                )
            watcher.received()
        assert len(checked) > 200
        assert {"ann", "bob", "cy", "dee"} <= set(checked)
        nursery.cancel_scope.cancel()
    store.close()
