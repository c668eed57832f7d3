"""The replay viewer's positions (qipai/mahjong/replay.py): a match the table played, stored as
the hall stores it, stepped action by action through the machine, ends on the very settlement
the table booked; a seat's view of any step hides every other seat's concealed tiles."""

import json
import random

import pytest

from qipai.mahjong.replay import HandReplay, match_replays
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table import ActionType, IllegalAction, MalformedAction
from qipai.mahjong.table.match import MatchLength
from qipai.platform import mahjong_table_io as table_match
from qipai.platform.mahjong_table import MahjongTableMatch
from qipai.platform.mahjong_table_io import Presence, TableRules, Timing

ROOMS = [("sichuan", {"xuezhan": True}), ("lengzi", {}), ("baicheng", {}), ("zhongyou", {})]


def played_match(ruleset: str, options: dict, seed: int, hands: int = 2) -> list:
    """Four bots play a match at the table the hall runs; each hand as the hall stores it."""
    match = MahjongTableMatch(
        get_ruleset(ruleset, options),
        TableRules(length=MatchLength(hands=hands)),
        Timing(),
        random.Random(seed),
    )
    match.presence = Presence(bots=frozenset(range(4)))
    match.start(["ann", "bob", "cat", "dan"], 0.0)
    done = []
    while not match.finished:
        while match.advance(0.0):
            pass
        for output in match.outputs():
            if isinstance(output, table_match.HandDone):
                done.append(output)
        if match.storing is not None:
            match.stored(match.storing.number, 0.0)
    return [stored(d) for d in done]


def stored(done: table_match.HandDone) -> dict:
    """The record as ``game_record`` returns it, through JSON as the store keeps it."""
    record = {**done.hand.record(), "table_state": done.start_state}
    wire = {
        "game": 100 + done.number,
        "room": done.hand.ruleset.name,
        "table": 5,
        "hand_number": done.number,
        "players": ["ann", "bob", "cat", "dan"],
        "record": record,
        "settlement": done.hand.settlement.to_wire(),
    }
    return json.loads(json.dumps(wire))


@pytest.mark.parametrize(("ruleset", "options"), ROOMS)
def test_stepping_a_stored_match_ends_on_the_settlement_the_table_booked(ruleset, options):
    hands = played_match(ruleset, options, seed=3)
    replays = match_replays(reversed(hands))
    assert [r.hand_number for r in replays] == [1, 2]
    for replay, hand in zip(replays, hands, strict=True):
        applied = []
        for step in range(replay.last + 1):
            machine = replay.machine(step)
            applied.append(len(machine.actions))
            assert not machine.over or step == replay.last
        assert applied == sorted(applied) and applied[-1] == len(hand["record"]["actions"])
        end = replay.machine(replay.last)
        assert end.over and end.settlement.to_wire() == hand["settlement"]
        assert replay.view(replay.last, None)["settlement"] == hand["settlement"]
        assert replay.settlement == hand["settlement"]


def test_steps_fold_the_passes_of_a_claim_window_into_the_discard_before_them():
    (hand, _) = played_match("sichuan", {}, seed=8)
    replay = HandReplay(hand)
    actions = hand["record"]["actions"]
    assert replay.steps[0].action is None and replay.steps[0].number == 0
    assert all(s.action.type is not ActionType.PASS for s in replay.steps[1:])
    assert sum(1 + s.passes for s in replay.steps[1:]) == len(actions)
    assert sum(a["type"] == "pass" for a in actions) == sum(s.passes for s in replay.steps)
    claims = [s for s in replay.steps if s.action and s.action.type.value in ("pung", "kong")]
    assert all(s.offered is not None for s in claims)


def test_stepping_back_gives_the_same_position_as_stepping_forward():
    (hand, _) = played_match("lengzi", {}, seed=4)
    replay = HandReplay(hand)
    middle = replay.last // 2
    forward = replay.view(middle, 2)
    replay.view(replay.last, None)
    assert replay.view(middle, 2) == forward
    assert replay.view(-5, None) == replay.view(0, None)
    assert replay.view(replay.last + 9, None) == replay.view(replay.last, None)


def test_a_seat_view_shows_no_other_seats_concealed_tiles_at_any_step():
    (hand, _) = played_match("sichuan", {}, seed=5)
    replay = HandReplay(hand)
    for step in range(replay.last):  # before the end: the end shows every hand to everyone
        for seat in range(4):
            view = replay.view(step, seat)
            for other in view["seats"]:
                if other["seat"] != seat and other["won"] is None:
                    assert other["hand"] is None
            for event in replay.events(step, seat):
                assert "private" not in event or event.get("seat", seat) == seat
        opened = replay.view(step, None)
        assert all(s["hand"] is not None for s in opened["seats"])


def test_the_open_view_shows_every_draw_a_seat_view_only_its_own():
    (hand, _) = played_match("sichuan", {}, seed=6)
    replay = HandReplay(hand)
    step = replay.last // 2
    opened = [e for e in replay.events(step, None) if e["type"] == "drew"]
    assert opened and all("private" in e for e in opened)
    mine = [e for e in replay.events(step, 1) if e["type"] == "drew" and "private" in e]
    assert mine and all(e["seat"] == 1 for e in mine)


def test_a_bad_record_is_refused_with_the_machines_own_errors():
    (hand, _) = played_match("sichuan", {}, seed=7)
    with pytest.raises(MalformedAction):
        HandReplay({"record": "nonsense"})
    with pytest.raises(MalformedAction):
        HandReplay({**hand, "record": {**hand["record"], "table_state": 3}})
    with pytest.raises(IllegalAction):
        actions = hand["record"]["actions"]
        HandReplay({**hand, "record": {**hand["record"], "actions": actions[:3] * 2}})
