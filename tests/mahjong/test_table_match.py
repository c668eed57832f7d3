"""The table's match as the server pumps it (``qipai.platform.mahjong_table``): times are
plain floats handed in, presence says which seats the table plays, and what comes out is
checked — 下炮 before every deal, MJ-06 timeouts and 托管, MJ-08's held answer, escapes with
what a hand cut short owes (PL-18, BC-11), the Lengzi first leaver (LZ-10), and a whole
match that replays from its seed and inputs."""

import random

import pytest

from qipai.mahjong.bots import BASELINE, choose_action
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.rulesets.lengzi import Lengzi
from qipai.mahjong.table import Action, ActionType, NotYourTurn, WrongPhase
from qipai.mahjong.table import match as match_module
from qipai.mahjong.table.machine import HandMachine, Phase
from qipai.mahjong.table.match import MatchLength
from qipai.platform import mahjong_table_io as table_match
from qipai.platform.escape import payments_due
from qipai.platform.mahjong_table import MahjongTableMatch
from qipai.platform.mahjong_table_io import Presence, TableRules, Timing

EAST, SOUTH, WEST, NORTH = range(4)
PEOPLE = Presence(people=4)
UNHURRIED = Timing()
BOTS = Presence(bots=frozenset(range(4)))


def table(ruleset, seed=1, presence=PEOPLE, timing=UNHURRIED, **rules) -> MahjongTableMatch:
    rules.setdefault("length", MatchLength(hands=2))
    match = MahjongTableMatch(ruleset, TableRules(**rules), timing, random.Random(seed))
    match.presence = presence
    match.start(["e", "s", "w", "n"], 0.0)
    return match


def pump(match: MahjongTableMatch, now: float) -> list:
    """Advance while something is due, committing each hand's record at once (``stored``)."""
    outputs = []
    while True:
        while match.advance(now):
            pass
        outputs += match.outputs()
        if match.storing is None:
            return outputs
        match.stored(match.storing.number, now)


def kinds(outputs) -> list[str]:
    return [o.kind for o in outputs if isinstance(o, table_match.Publish)]


def play_for(match: MahjongTableMatch, seat: int, now: float) -> None:
    """A person answers with the bot's choice."""
    action = choose_action(match.hand, seat)
    match.act(action, now)


def test_every_seat_chooses_xiapao_before_every_deal_and_not_during_a_hand() -> None:
    """LZ-09: the table pauses before the first deal and between hands; any seat's choice is
    taken then, published, and dealt with; during a hand it is refused."""
    match = table(Lengzi())
    assert match.between and match.hand is None
    for seat in (SOUTH, NORTH):
        match.choose(seat, "xiapao", True)
    assert [(o.kind, o.detail) for o in match.outputs()] == [
        ("xiapao", {"seat": "1", "on": True}),
        ("xiapao", {"seat": "3", "on": True}),
    ]
    match.mark_ready(EAST, range(4))
    assert kinds(pump(match, 1.0)) == ["ready", "deal"]
    assert match.hand.table_state["xiapao"] == [False, True, False, True]
    with pytest.raises(WrongPhase):
        match.choose(EAST, "xiapao", True)
    match.presence = BOTS  # the bots play the hand out, and choose for the next deal
    while match.storing is None:
        match.advance(2.0)
    assert isinstance(match.outputs()[-1], table_match.Publish)  # the hand's last events
    match.stored(match.storing.number, 2.0)
    assert kinds(match.outputs()) == ["settled"] and match.between
    match.advance(2.0)
    assert {o.kind for o in match.outputs()} <= {"xiapao"}
    scores = match.match.scores
    # the bots chose for the second deal too: on when behind (the seats are all bots now)
    assert match.match.table_state["xiapao"] == [s < 0 for s in scores]
    match.presence = PEOPLE
    match.choose(WEST, "xiapao", not scores[WEST] < 0)
    match.mark_ready(EAST, range(4))
    pump(match, 3.0)
    assert match.hand.table_state["xiapao"][WEST] is (not scores[WEST] < 0)


def test_a_ruleset_without_choices_deals_at_once() -> None:
    match = table(get_ruleset("sichuan", {}))
    assert kinds(pump(match, 0.0)) == ["deal"]
    with pytest.raises(WrongPhase):
        match.mark_ready(EAST, [EAST])


def test_a_silent_seat_times_out_twice_then_the_bot_plays_it() -> None:
    """MJ-06: at the turn limit the machine's default action is taken for the seat; after two
    timeouts in a row the seat is 托管 and the bot answers it without waiting for the clock."""
    timing = Timing(turn=10.0, claim=5.0, claim_delay=0.0, bot_pause=0.0)
    match = table(get_ruleset("sichuan", {}), timing=timing, timed=True)
    pump(match, 0.0)
    now, timeouts = 0.0, []
    while EAST not in match.auto:
        now = match.next_deadline()
        assert now < float("inf")
        for seat in match.hand.to_act():
            if seat != EAST and not match.pass_only(seat):
                play_for(match, seat, now)  # the other three answer at once
        outputs = match.outputs() + pump(match, match.next_deadline())
        timeouts += [
            o for o in outputs if isinstance(o, table_match.Publish) and o.kind == "timeout"
        ]
    assert len(timeouts) == 2 and {o.detail["by"] for o in timeouts} == {"0"}
    auto = [o for o in outputs if isinstance(o, table_match.Publish) and o.kind == "auto"]
    assert auto[0].detail == {"seat": "0", "on": True}
    match.set_auto(EAST, False)
    assert match.outputs()[0].detail == {"seat": "0", "on": False} and match.timeouts[EAST] == 0


def test_the_answer_that_would_close_a_claim_window_early_is_held() -> None:
    """MJ-08: with two or more people at the table, the last answer to a claim window is held
    until the window has been open ``claim_delay``; then it is applied by ``advance``."""
    timing = Timing(claim_delay=0.8, bot_pause=0.0)
    match = table(get_ruleset("sichuan", {}), timing=timing, presence=Presence(people=2))
    pump(match, 0.0)
    now = 1.0
    while (
        match.hand.phase is not Phase.CLAIM
        or [s for s in match.hand.to_act() if not match.pass_only(s)] == []
    ):
        for seat in match.hand.to_act():
            if not match.pass_only(seat):
                play_for(match, seat, now)
        pump(match, now)
        now += 1.0
    opened = match.window_opened
    waiting = [s for s in match.hand.to_act() if not match.pass_only(s)]
    for seat in waiting[:-1]:
        match.act(Action(seat, ActionType.PASS), opened)
    last = waiting[-1]
    match.act(Action(last, ActionType.PASS), opened + 0.1)
    assert match.held == Action(last, ActionType.PASS) and match.answered(last)
    assert [type(o) for o in match.outputs()] == [table_match.Confirm] * len(waiting)
    with pytest.raises(NotYourTurn):
        match.act(Action(last, ActionType.PASS), opened + 0.2)
    assert match.next_deadline() == pytest.approx(opened + 0.8)
    assert not match.advance(opened + 0.7)
    assert match.advance(opened + 0.8) and match.held is None
    assert kinds(match.outputs()) == ["play"]


def test_an_escape_settles_the_hand_with_baichengs_kong_money_and_the_penalty(
    monkeypatch,
) -> None:
    """PL-18 and BC-11: South leaves a Baicheng hand in which West's exposed kong stands (3
    from each other seat, due at the end of every hand): the hand is booked with the kong
    money and 16 × stake from the escaper; a friendly match deals on with the bot."""
    monkeypatch.setattr(
        match_module, "HandMachine", lambda r, seed, dealer, state: HandMachine(r, 0, 0, state)
    )
    timing = Timing(claim_delay=0.0)
    match = table(get_ruleset("baicheng", {}), timing=timing, length=MatchLength(hands=3))
    pump(match, 0.0)
    hand = match.hand  # seed 0, East dealing: West's exposed kong stands after 88 actions
    while not [p for p in payments_due(hand) if p.reason == "明杠"]:
        seat = next(s for s in hand.to_act() if not match.pass_only(s))
        match.act(choose_action(hand, seat, BASELINE), 1.0)
        pump(match, 1.0)
    kong = [p for p in payments_due(hand) if p.reason == "明杠"]
    assert [(p.payer, p.payee, p.amount) for p in kong] == [(0, 2, 3), (1, 2, 3), (3, 2, 3)]
    match.outputs()
    stake = match.ruleset.options.base
    match.leave(SOUTH, 5.0)
    (escaped,) = match.outputs()
    assert isinstance(escaped, table_match.Escaped) and escaped.cause == "left"
    match.stored(escaped.number, 5.0)
    announced, to_bot = match.outputs()
    assert announced.kind == "escaped" and announced.detail["seat"] == str(SOUTH)
    share = 16 * stake // 3
    penalty = [
        (p.payer, p.payee, p.amount) for p in escaped.settlement.payments if p.reason == "逃跑"
    ]
    assert penalty[:3] == [(1, 0, share), (1, 2, share), (1, 3, share)]
    totals = escaped.settlement.seat_totals()
    assert totals[WEST] == 9 + share and totals[SOUTH] == -3 - 16 * stake
    assert match.match.scores == totals and match.match.history[-1].escaped == SOUTH
    assert to_bot == table_match.ToBot(SOUTH) and match.between and not match.finished


def test_an_escape_ends_a_coin_match() -> None:
    match = table(get_ruleset("sichuan", {}), coins=True)
    match.restake(get_ruleset("sichuan", {"base": 10}), None)
    pump(match, 0.0)
    match.leave(NORTH, 1.0)
    (escaped,) = match.outputs()
    assert isinstance(escaped, table_match.Escaped) and not match.finished
    match.stored(escaped.number, 1.0)
    announced, ended = match.outputs()
    assert announced.kind == "escaped"
    assert ended == table_match.Ended(escaped=NORTH) and match.finished


def test_a_coin_table_deals_only_at_a_fresh_stake() -> None:
    """PL-14: each deal waits for the stake the server reads from the balances."""
    match = table(get_ruleset("sichuan", {}), coins=True)
    assert match.stake_due(0.0) and not pump(match, 0.0) and match.hand is None
    match.restake(get_ruleset("sichuan", {"base": 100}), None)
    assert not match.stake_due(0.0) and kinds(pump(match, 0.0)) == ["deal"]
    assert match.hand.ruleset.options.base == 100


def test_the_lengzi_first_leaver_between_hands_splits_the_pot() -> None:
    """LZ-10 and PL-17: leaving between hands is free; the first leaver's pot is split among
    the other three (into the scores), a second leaver splits nothing; the bots play on."""
    match = table(Lengzi())
    match.match.pot = 700
    match.leave(NORTH, 1.0)
    assert match.outputs() == [
        table_match.LeftBetween(NORTH, 0, first_leaver=True),
        table_match.ToBot(NORTH),
    ]
    assert match.match.scores == [233, 233, 233, 0] and match.match.pot == 1
    match.leave(WEST, 2.0)
    assert match.outputs()[0] == table_match.LeftBetween(WEST, 0, first_leaver=False)
    assert match.match.scores == [233, 233, 233, 0] and not match.finished
    coin = table(Lengzi(), coins=True)
    coin.leave(EAST, 1.0)
    assert coin.outputs()[1] == table_match.Ended(left=(EAST,)) and coin.finished


def test_an_absent_player_past_the_grace_has_escaped() -> None:
    """PL-17: the server plays an absent seat (no claims); past the grace it is an escape."""
    timing = Timing(escape_grace=90.0, bot_pause=0.0)
    match = table(get_ruleset("sichuan", {}), timing=timing)
    pump(match, 10.0)
    match.presence = Presence(people=4, absent=frozenset({EAST}), away={EAST: 5.0})
    assert match.next_deadline() <= 100.0
    pump(match, 99.0)
    assert not match.between or match.hand.over
    outputs = pump(match, 100.0)
    escaped = [o for o in outputs if isinstance(o, table_match.Escaped)]
    assert escaped and escaped[0].seat == EAST and escaped[0].cause == "disconnected"


def test_a_whole_match_replays_from_its_seed_and_inputs() -> None:
    def played():
        match = table(Lengzi(), seed=42, presence=BOTS, length=MatchLength(hands=3))
        outputs = pump(match, 0.0)
        return match, outputs

    first, outputs = played()
    assert first.finished and isinstance(outputs[-1], table_match.Ended)
    hands = [o for o in outputs if isinstance(o, table_match.HandDone)]
    assert len(hands) == 3 and hands[-1].last
    again, replayed = played()
    assert again.match.scores == first.match.scores
    assert again.match.history == first.match.history
    assert [h.hand.actions for h in hands] == [
        o.hand.actions for o in replayed if isinstance(o, table_match.HandDone)
    ]


def test_a_match_with_people_replays_from_its_seed_and_their_inputs() -> None:
    """The same seed, the same requests at the same times: the same match, event for event."""

    def played():
        match = table(
            Lengzi(), seed=5, timing=Timing(turn=4.0, claim=2.0, bot_pause=0.0), timed=True
        )
        published = []
        now = 0.0
        match.choose(WEST, "xiapao", True)
        while not match.finished:
            if match.between:
                match.mark_ready(EAST, range(4))
            elif match.hand is not None:
                for seat in match.hand.to_act():
                    if seat != NORTH and not match.pass_only(seat) and not match.answered(seat):
                        play_for(match, seat, now)  # North stays silent: timeouts, then 托管
            published += [
                (o.kind, o.detail.get("by"), len(o.events or ()))
                for o in match.outputs() + pump(match, now)
                if isinstance(o, table_match.Publish)
            ]
            now = max(now + 0.5, min(match.next_deadline(), now + 4.0))
        return match, published

    first, events = played()
    timeouts = [by for kind, by, _ in events if kind == "timeout"]
    assert timeouts == ["3", "3"]  # North's two timeouts, then the bot plays it (托管)
    again, replayed = played()
    assert replayed == events and again.match.history == first.match.history
    assert again.match.scores == first.match.scores and NORTH in first.auto


def play_until_stored(match: MahjongTableMatch, now: float) -> list:
    """The bots play the hand out; what came out up to its end (the match waits then)."""
    match.presence = BOTS
    outputs = []
    while match.storing is None:
        assert match.advance(now)
        outputs += match.outputs()
    match.presence = PEOPLE
    return outputs


def test_a_hand_is_settled_in_public_only_once_its_record_is_stored() -> None:
    """Nothing is shown as done before it is durable: the win is published at once, the
    settlement (``hand_ended``) once the server says the record is committed; meanwhile the
    match shows its figures from before the hand and nothing happens (no pause, no ready, no
    deal, no move)."""
    match = table(get_ruleset("sichuan", {}), length=MatchLength(hands=2))
    pump(match, 0.0)
    before = match.figures()
    outputs = play_until_stored(match, 1.0)
    done = [o for o in outputs if isinstance(o, table_match.HandDone)]
    assert len(done) == 1 and done[0].number == 1 and not done[0].last
    events = [e.type for o in outputs if isinstance(o, table_match.Publish) for e in o.events or ()]
    assert "hand_ended" not in events and match.hand.over
    assert match.match.hands_played == 1 and match.figures() == before  # booked, not shown
    assert match.next_deadline() == table_match.NEVER and not match.advance(1e9)
    assert not match.between and not match.in_hand() and not match.stake_due(1e9)
    with pytest.raises(WrongPhase):
        match.mark_ready(EAST, range(4))
    with pytest.raises(WrongPhase):
        match.act(Action(EAST, ActionType.PASS), 2.0)
    with pytest.raises(WrongPhase):
        match.stored(2, 2.0)  # not the hand being stored
    match.stored(1, 3.0)
    (settled,) = match.outputs()
    assert settled.kind == "settled" and settled.detail == {"hand_number": 1}
    assert [e.type for e in settled.events] == ["hand_ended"]
    assert settled.events[0].public["settlement"] == match.hand.settlement.to_wire()
    assert match.between and match.storing is None
    assert match.figures().scores == tuple(match.match.scores)


def test_a_hand_that_cannot_be_stored_stops_the_match_without_its_result() -> None:
    match = table(get_ruleset("sichuan", {}), length=MatchLength(hands=2))
    pump(match, 0.0)
    before = match.figures()
    play_until_stored(match, 1.0)
    match.store_failed(1)
    assert match.outputs() == [table_match.Ended(not_stored=1)]
    assert match.finished and match.match.scores == list(before.scores)
    assert match.figures() == before and match.next_deadline() == table_match.NEVER


def test_a_leave_while_the_hand_is_stored_is_a_leave_between_hands_once_it_is() -> None:
    """The hand has ended: leaving then is free (PL-17), but waits for the record like the
    rest of the table; a coin match ends there."""
    match = table(get_ruleset("sichuan", {}), coins=True, length=MatchLength(hands=2))
    match.restake(get_ruleset("sichuan", {"base": 10}), None)
    pump(match, 0.0)
    play_until_stored(match, 1.0)
    match.leave(NORTH, 2.0)
    assert match.outputs() == [] and not match.finished
    match.stored(1, 3.0)
    settled, left, ended, to_bot = match.outputs()
    assert settled.kind == "settled" and left == table_match.LeftBetween(NORTH, 1, True)
    assert ended == table_match.Ended(left=(NORTH,)) and to_bot == table_match.ToBot(NORTH)
    assert match.finished
