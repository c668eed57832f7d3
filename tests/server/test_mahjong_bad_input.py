"""Bad input at a mahjong table: each refusal has a clear code and changes nothing (the next
snapshot is the same, ``seq`` included)."""

import pytest

from qipai.mahjong.tiles import kind_of

from .harness import running_hall, user
from .test_mahjong_support import SeatBot, fast_config


async def refused(client, table: int, code: str, **request) -> None:
    before = (await client.ok("snapshot", table=table))["view"]
    assert await client.error("act", table=table, **request) == code
    after = (await client.ok("snapshot", table=table))["view"]
    assert after == before


async def hotseat(server, room: str) -> tuple:
    ann = await user(server, "ann")
    created = await ann.ok("create_table", room=room, options={"hotseat": True, "hands": 1})
    me = SeatBot(ann, created["table"], "ann")
    if "ready" in created["view"]["you"]["legal"]:  # Lengzi: 下炮 is chosen before the deal
        await ann.ok("act", table=created["table"], action="ready")
    me._take(await ann.event("deal", created["table"]))
    return ann, created["table"], me


@pytest.mark.trio
async def test_turn_refusals(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann, table, me = await hotseat(server, "lengzi")
        hand = me.view["hand"]
        dealer = hand["dealer"]
        other = (dealer + 1) % 4
        mine = hand["seats"][dealer]["hand"]
        theirs = set(range(136)) - set(mine)
        assert len(mine) == 14
        held_elsewhere = min(theirs)
        await refused(ann, table, "not_your_turn", action="discard", tile=mine[0], seat=str(other))
        await refused(
            ann, table, "illegal_action", action="discard", tile=held_elsewhere, seat=str(dealer)
        )
        await refused(ann, table, "bad_field", action="discard", seat=str(dealer))
        await refused(ann, table, "bad_field", action="discard", tile="5m", seat=str(dealer))
        await refused(ann, table, "bad_field", action="pass", tile=3, seat=str(dealer))
        await refused(ann, table, "bad_field", action="fly", seat=str(dealer))
        await refused(ann, table, "not_seated", action="discard", tile=mine[0], seat="7")
        await refused(ann, table, "illegal_action", action="pung", seat=str(dealer))
        await refused(ann, table, "wrong_phase", action="ready", seat=str(dealer))
        await refused(
            ann, table, "illegal_action", action="concealed_kong", tile=0, seat=str(dealer)
        )


@pytest.mark.trio
async def test_claim_refusals_and_answers_after_the_window(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann, table, me = await hotseat(server, "lengzi")
        # Play on until some seat is offered a pung: only then can it claim.
        while True:
            view = me.view
            hand = view["hand"]
            legal = hand["legal_actions"]
            if hand["phase"] == "claim" and any(a["type"] == "pung" for a in legal):
                break
            assert view["game"]["phase"] == "playing", "no pung offered in the whole hand"
            await me.play(stop_after_actions=1)
        seat = view["you"]["seat"]
        tile = hand["offer"]["tile"]
        kinds = [a["type"] for a in legal]
        assert "chow" not in kinds  # Lengzi has no chow
        await refused(ann, table, "illegal_action", action="chow", tile=kind_of(tile), seat=seat)
        if "kong" not in kinds:
            await refused(ann, table, "illegal_action", action="kong", seat=seat)
        own = hand["seats"][int(seat)]["hand"][0]
        await refused(ann, table, "illegal_action", action="discard", tile=own, seat=seat)
        actor = str(hand["offer"]["actor"])
        await refused(ann, table, "not_your_turn", action="pass", seat=actor)
        await ann.ok("act", table=table, action="pass", seat=seat)
        # The window has closed (or this seat has answered): a second answer changes nothing.
        await refused(ann, table, "not_your_turn", action="pung", seat=seat)
        await refused(ann, table, "not_your_turn", action="pass", seat=seat)


@pytest.mark.trio
async def test_players_and_spectators_without_a_seat_cannot_act(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann, table, me = await hotseat(server, "sichuan")
        eve = await user(server, "eve")
        await eve.ok("watch", table=table)
        assert await eve.error("act", table=table, action="declare_void", tile=0) == "not_seated"
        assert await eve.error("act", table=99, action="pass") == "no_such_table"
        # 定缺: every seat answers at once; a suit outside 0-2 is refused.
        await refused(ann, table, "illegal_action", action="declare_void", tile=3, seat="1")
        await ann.ok("act", table=table, action="declare_void", tile=0, seat="1")
        await refused(ann, table, "not_your_turn", action="declare_void", tile=1, seat="1")
