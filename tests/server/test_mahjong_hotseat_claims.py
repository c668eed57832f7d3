"""Hot-seat claims over TCP: one connection plays three seats of a Sichuan table (a bot has
the fourth) and two of them can claim the same discard. The connection gets every waiting
seat's options in ``you.claims`` (MJ-08: nobody else does), each seat answers for itself, and
the rules decide: a win outranks a pung (§7.1), in Sichuan both winners win (一炮多响), in
Lengzi only the nearest after the discarder (截胡).

The position is set with the machine tests' ``Table``: the match deals it instead of a shuffled
wall, whoever the dice make dealer, and seat 0 is to discard the 5p both claimants want.
"""

from __future__ import annotations

import pytest

from qipai.mahjong.rulesets.lengzi import Lengzi
from qipai.mahjong.table import match as match_module
from tests.mahjong.test_lengzi_table import Deal
from tests.mahjong.test_machine_positions import Table

from .harness import running_hall, user
from .test_mahjong_support import fast_config

DISCARDER = "111m 234m 99p 1p 5p 7p 2p 3p 4p"
WAITS_ON_5P = "123m 456m 789m 123p 5p"
ALSO_WAITS_ON_5P = "777m 888m 999m 666p 5p"
PUNGS_5P = "55p 777m 888m 6p 8p 9p 2m 3m"


def deal_position(monkeypatch, second: str) -> None:
    """Every hand the table deals is this position: seat 0 (14 tiles) to discard, seat 1
    waiting on 5p, seat 2 holding ``second``, the bot's seat 3 harmless."""

    def position(ruleset, seed, dealer, table_state):
        return Table().start(
            [DISCARDER, WAITS_ON_5P, second, "*"], dealer=dealer, turn=0, filler=10
        )

    monkeypatch.setattr(match_module, "HandMachine", position)


async def hotseat_table(server):
    ann = await user(server, "ann")
    created = await ann.ok(
        "create_table", room="sichuan", options={"hotseat": True, "bots": 1, "hands": 1}
    )
    table = created["table"]
    eve = await user(server, "eve")
    await eve.ok("watch", table=table)
    await ann.event("deal", table)
    return ann, eve, table


async def discard_5p(ann, table: int) -> dict:
    """Seat 0 lets the 5p go; the event's view is the claim window."""
    view = (await ann.ok("snapshot", table=table))["view"]
    assert view["you"]["seat"] == "0"
    five = next(a for a in view["hand"]["legal_actions"] if a.get("tile") in range(52, 56))
    await ann.ok("act", table=table, action="discard", tile=five["tile"], seat="0")
    message = await ann.event("play", table)
    assert message["view"]["hand"]["phase"] == "claim"
    return message["view"]


def kinds(actions: list[dict]) -> set[str]:
    return {action["type"] for action in actions}


def mentions_claims(value) -> bool:
    if isinstance(value, dict):
        return "claims" in value or any(mentions_claims(v) for v in value.values())
    if isinstance(value, list):
        return any(mentions_claims(v) for v in value)
    return False


@pytest.mark.trio
async def test_a_pung_and_a_win_on_one_discard_both_answer_and_the_win_takes_it(
    tmp_path, monkeypatch
):
    deal_position(monkeypatch, PUNGS_5P)
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann, eve, table = await hotseat_table(server)
        view = await discard_5p(ann, table)
        claims = view["you"]["claims"]
        assert set(claims) == {"1", "2"}
        assert kinds(claims["1"]) == {"win", "pass"}
        assert kinds(claims["2"]) == {"pung", "pass"}
        # The pung's player takes the keyboard first (the seat shown is seat 1's): answered
        # for seat 2 by name, it waits for the win that outranks it.
        assert view["you"]["seat"] == "1"
        await ann.ok("act", table=table, action="pung", seat="2")
        after = (await ann.ok("snapshot", table=table))["view"]
        assert after["hand"]["phase"] == "claim"
        assert set(after["you"]["claims"]) == {"1"}
        await ann.ok("act", table=table, action="win", seat="1")
        won = await ann.event("play", table)
        types = [e["type"] for e in won["events"]]
        assert "claimed" not in types
        assert [e["seat"] for e in won["events"] if e["type"] == "won"] == [1]
        assert won["view"]["you"]["claims"] == {}
        watched = eve.pushes
        assert watched and not any(mentions_claims(m) for m in watched)


@pytest.mark.trio
async def test_a_pung_is_taken_when_the_winner_passes(tmp_path, monkeypatch):
    deal_position(monkeypatch, PUNGS_5P)
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann, _eve, table = await hotseat_table(server)
        await discard_5p(ann, table)
        await ann.ok("act", table=table, action="pung", seat="2")
        await ann.ok("act", table=table, action="pass", seat="1")
        message = await ann.event("play", table)
        claimed = [e for e in message["events"] if e["type"] == "claimed"]
        assert [(e["seat"], e["claim"]) for e in claimed] == [(2, "pung")]
        assert message["view"]["you"]["seat"] == "2"


@pytest.mark.trio
async def test_two_winners_on_one_discard_both_win_in_sichuan(tmp_path, monkeypatch):
    deal_position(monkeypatch, ALSO_WAITS_ON_5P)
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann, eve, table = await hotseat_table(server)
        view = await discard_5p(ann, table)
        claims = view["you"]["claims"]
        assert kinds(claims["1"]) == kinds(claims["2"]) == {"win", "pass"}
        # The later seat answers first; the earlier one is still asked.
        await ann.ok("act", table=table, action="win", seat="2")
        await ann.ok("act", table=table, action="win", seat="1")
        message = await ann.event("play", table)
        assert sorted(e["seat"] for e in message["events"] if e["type"] == "won") == [1, 2]
        assert not any(mentions_claims(m) for m in eve.pushes)


@pytest.mark.trio
async def test_show_puts_the_chosen_claimant_in_view_until_it_answers(tmp_path, monkeypatch):
    deal_position(monkeypatch, PUNGS_5P)
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann, _eve, table = await hotseat_table(server)
        await discard_5p(ann, table)
        await ann.ok("act", table=table, action="show", seat="2")
        shown = await ann.push(lambda m: m["type"] == "snapshot")
        hand = shown["view"]["hand"]
        assert shown["view"]["you"]["seat"] == "2"
        assert kinds(hand["legal_actions"]) == {"pung", "pass"}
        assert hand["seats"][2]["hand"] is not None and hand["seats"][1]["hand"] is None
        await ann.ok("act", table=table, action="pung", seat="2")
        back = await ann.push(lambda m: m["type"] == "snapshot")
        assert back["view"]["you"]["seat"] == "1"  # answered: the seat still waited for
        # Bad input changes nothing: a seat with nothing to answer, a seat not held.
        before = (await ann.ok("snapshot", table=table))["view"]
        assert await ann.error("act", table=table, action="show", seat="2") == "not_your_turn"
        assert await ann.error("act", table=table, action="show", seat="0") == "not_your_turn"
        assert await ann.error("act", table=table, action="show", seat="3") == "not_seated"
        assert (await ann.ok("snapshot", table=table))["view"] == before


@pytest.mark.trio
async def test_two_winners_in_lengzi_only_the_nearest_after_the_discarder_wins(
    tmp_path, monkeypatch
):
    """The rules book's Lengzi example 5 (截胡): east lets a 5p go that south and north both
    win on (north could pung too); north answers first, south still wins alone."""

    def position(ruleset, seed, dealer, table_state):
        return Deal(Lengzi()).start(
            [
                "123m 456m 789m 11s 5p E W",
                "123s 456s 789s EE 46p",
                "234m 567m 345p 66s 78s",
                "234s 567s 123p 99s 55p",
            ],
            dealer=dealer,
            turn=0,
        )

    monkeypatch.setattr(match_module, "HandMachine", position)
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann = await user(server, "ann")
        created = await ann.ok("create_table", room="lengzi", options={"hotseat": True, "hands": 1})
        table = created["table"]
        await ann.ok("act", table=table, action="ready")  # 下炮 is chosen before the deal
        await ann.event("deal", table)
        view = await discard_5p(ann, table)
        claims = view["you"]["claims"]
        assert set(claims) == {"1", "3"}
        assert kinds(claims["1"]) == {"win", "pass"}
        assert kinds(claims["3"]) == {"win", "pung", "pass"}
        await ann.ok("act", table=table, action="win", seat="3")
        await ann.ok("act", table=table, action="win", seat="1")
        message = await ann.event("play", table)
        assert [e["seat"] for e in message["events"] if e["type"] == "won"] == [1]
