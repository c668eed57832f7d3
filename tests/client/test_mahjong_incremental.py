"""The TUI's table kept from incremental events (client/mahjong_follow.py) is, after every
event of bot hands of every ruleset played through the hall, the very full view the hall would
have sent that seat then (``table.view``), and so the same ``MahjongView`` the screen draws;
a gap in ``seq`` waits for a snapshot and is followed across after it."""

import msgpack
import pytest
import trio

from client.mahjong_follow import FollowedTable, is_incremental
from client.mahjong_view import view_from_wire
from qipai.mahjong.rulesets import mahjong_rooms
from server.bots import BotFactory
from server.hall import Hall
from server.store import Store
from server.tables.mahjong import prepare_analysis
from tests.server.test_connection_event_bytes import Member
from tests.server.test_mahjong_event_bytes import choose
from tests.server.test_mahjong_support import fast_config, until_finished

PLAYERS = ("ann", "bob")  # incremental; the other two seats are bots


def _without_spectators(view: dict) -> dict:
    """The TUI shows no spectator list, and incremental events do not carry it."""
    return {k: v for k, v in view.items() if k != "spectators"}


class Checked:
    """Each incremental player's pushes, as the table delivers them, made whole by its own
    ``FollowedTable`` and compared with the full view the table would build for it then."""

    def __init__(self, table, drop: dict[str, int] | None = None) -> None:
        self.table = table
        self.followed = {name: FollowedTable() for name in PLAYERS}
        self.views: dict[str, dict] = {}
        self.compared = {name: 0 for name in PLAYERS}
        self.carried_hand = 0
        self.whole_in_declare = 0  # whole hands sent while 定缺 is chosen, the deal's aside
        self.public_changes: list[dict] = []  # mid-hand whole hands: the ruleset's facts moved
        self.drop = dict(drop or {})
        deliver = table.deliver

        def compared(session, data, held) -> None:
            deliver(session, data, held)
            name = session.name
            if name in self.followed:
                self.take(name, msgpack.unpackb(data, strict_map_key=False))

        table.deliver = compared

    def take(self, name: str, message: dict) -> None:
        if message.get("type") != "event":
            return
        if is_incremental(message):
            self.carried_hand += "hand" in message
            hand = message.get("hand")
            if hand and message["kind"] != "deal" and hand["phase"] in ("turn", "claim", "rob"):
                self.public_changes.append(hand["table"])
            if hand and message["kind"] != "deal" and hand["phase"] == "declare_void":
                self.whole_in_declare += 1
            assert "view" not in message
            if self.drop.get(name) == message["seq"]:
                return  # lost on the way: the next event shows the gap
        followed = self.followed[name]
        for whole in followed.messages(message):
            made = whole["view"]
            if whole["seq"] == self.table.seq:
                full = self.table.view(self.table.seats_of(name))
                assert _without_spectators(made) == _without_spectators(full), whole["kind"]
                assert view_from_wire(made, now=0.0) == view_from_wire(full, now=0.0)
                self.compared[name] += 1
            self.views[name] = made
        if followed.gap:
            followed.gap = False
            snapshot = self.table.view(self.table.seats_of(name))
            self.take(
                name,
                {"type": "event", "kind": "snapshot", "seq": snapshot["seq"], "view": snapshot},
            )


async def play(tmp_path, room: str, hands: int, drop: dict[str, int] | None = None) -> Checked:
    prepare_analysis()
    store = Store(str(tmp_path / "hall.db"))
    async with trio.open_nursery() as nursery:
        hall = Hall(store, nursery, BotFactory(None, seed=3), fast_config())
        members = [Member(hall, name) for name in PLAYERS]
        created = await members[0].ok(
            "create_table", room=room, options={"hands": hands, "timed": False}
        )
        table = hall.tables[created["table"]]
        checked = Checked(table, drop)
        for seat, member in enumerate(members):
            await member.ok("sit", table=table.id, seat=str(seat))
            await member.ok("act", table=table.id, action="incremental", on=True)
            snapshot = await member.ok("snapshot", table=table.id)
            checked.take(
                member.session.name,
                {
                    "type": "event",
                    "kind": "snapshot",
                    "seq": snapshot["view"]["seq"],
                    "view": snapshot["view"],
                },
            )
        await members[0].ok("act", table=table.id, action="add_bots")
        for _ in until_finished(table):
            await trio.sleep(0.01)
            for member in members:
                member.received()
                view = checked.views.get(member.session.name)
                request = choose(view) if view else None
                if request is None:
                    continue
                member.next_id += 1
                await hall.handle(
                    member.session,
                    {"type": "act", "id": member.next_id, "table": table.id, **request},
                )
        assert table.core.finished
        nursery.cancel_scope.cancel()
    store.close()
    return checked


@pytest.mark.trio
@pytest.mark.parametrize("room", sorted(mahjong_rooms()))
async def test_the_followed_view_is_the_full_view_after_every_event(tmp_path, autojump_clock, room):
    checked = await play(tmp_path, room, hands=2)
    assert min(checked.compared.values()) > 60, checked.compared
    assert checked.carried_hand > 0  # the deals and ends came whole
    assert checked.whole_in_declare == 0  # each seat follows its own 定缺 from the events


@pytest.mark.trio
async def test_a_gap_waits_for_a_snapshot_and_is_followed_across(tmp_path, autojump_clock):
    checked = await play(tmp_path, "sichuan", hands=1, drop={"ann": 20})
    assert checked.compared["ann"] > 40
    assert checked.followed["ann"].seq == checked.table.seq


@pytest.mark.trio
async def test_a_baicheng_treasure_that_changes_mid_hand_comes_whole(tmp_path, autojump_clock):
    """The events do not tell the bottom indicator: the hall sends the whole hand then."""
    checked = await play(tmp_path, "baicheng", hands=5)
    assert checked.public_changes, "no treasure changed in these hands"
    assert all(len(public["treasure_indicators"]) == 2 for public in checked.public_changes)
    assert min(checked.compared.values()) > 300
