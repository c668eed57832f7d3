"""Whole hands with random legal choices, in both Sichuan modes: invariants after every action.

Tiles are conserved and unique, no seat holds an impossible number, every hand ends, payments
sum to zero, a replay from seed and actions reproduces the final state, and no view or event of
any seat (or a spectator) contains another seat's concealed tiles or the wall.
"""

from __future__ import annotations

import random

import pytest

from qipai.mahjong.bots import choose_action
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.scoring import net
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.machine import HandMachine, Phase
from qipai.mahjong.tiles import tile_set

HANDS_PER_MODE = 200
TILE_KEYS = {"hand", "tiles", "discards", "tile"}
MAX_ACTIONS = 2000


def tiles_in(value: object) -> set[int]:
    """Every tile id a wire structure mentions (under the keys that carry tiles); the viewer's
    own ``legal_actions`` are skipped (kongs name kinds there)."""
    found: set[int] = set()
    stack: list[tuple[str | None, object]] = [(None, value)]
    while stack:
        key, item = stack.pop()
        if isinstance(item, dict):
            stack.extend((k, v) for k, v in item.items() if k != "legal_actions")
        elif isinstance(item, list):
            stack.extend((key, v) for v in item)
        elif key in TILE_KEYS and type(item) is int:
            found.add(item)
    return found


def placed_tiles(hand: HandMachine) -> list[int]:
    placed = []
    for state in hand.seats:
        placed += state.concealed + state.discards
        for meld in state.melds:
            placed += meld.tiles
    placed += {w.tile for w in hand.wins if not w.self_draw}
    return placed


def check_invariants(hand: HandMachine) -> None:
    placed = placed_tiles(hand)
    assert len(placed) == len(set(placed)), "a tile is in two places"
    assert len(placed) + hand.wall.remaining() == 108
    holder = None  # the seat holding a 14th tile: to move, the dealer before 定缺, or the konger
    if hand.phase in (Phase.TURN, Phase.DECLARE_VOID):
        holder = hand.current
    elif hand.phase is Phase.ROB:
        holder = hand.window.actor
    for seat, state in enumerate(hand.seats):
        size = len(state.concealed) + 3 * len(state.melds)
        if state.win is not None:
            assert size == (14 if state.win.self_draw else 13)
        elif seat == holder:
            assert size == 14
        else:
            assert size == 13
    assert sum(net(hand.ledger).values()) == 0
    assert all(p.amount > 0 and p.payer != p.payee for p in hand.ledger)


def hidden_sets(hand: HandMachine) -> dict[int | None, set[int]]:
    """Per viewer (None = spectator), the tiles it must not see now: the wall and the other
    seats' closed hands and concealed kongs."""
    wall = set(tile_set(108)) - set(placed_tiles(hand))
    closed: dict[int, set[int]] = {}
    for seat, state in enumerate(hand.seats):
        if hand.over or state.win is not None:
            continue
        closed[seat] = set(state.concealed)
        for meld in state.melds:
            if meld.type == "kong_concealed":
                closed[seat] |= set(meld.tiles)
    if hand.phase is Phase.ROB:
        for tiles in closed.values():
            tiles.discard(hand.window.tile)  # an added kong's tile is shown so it can be robbed
    hidden = {}
    for viewer in (None, 0, 1, 2, 3):
        hidden[viewer] = set(wall)
        for seat, tiles in closed.items():
            if seat != viewer:
                hidden[viewer] |= tiles
    return hidden


def check_views(hand: HandMachine) -> None:
    hidden = hidden_sets(hand)
    for viewer in (None, 0, 1, 2, 3):
        view = hand.view(viewer)
        assert not tiles_in(view) & hidden[viewer]
        if hand.phase is Phase.DECLARE_VOID:
            others = [s["void"] for s in view["seats"] if s["seat"] != viewer]
            assert others == [None] * len(others)


def check_new_events(hand: HandMachine, events: list) -> None:
    """Each event a seat receives names only tiles that seat may see right after it."""
    hidden = hidden_sets(hand)
    for viewer in (None, 0, 1, 2, 3):
        shown = tiles_in([event.for_seat(viewer) for event in events])
        assert not shown & hidden[viewer]


def check_public_log(hand: HandMachine) -> None:
    """The public log is the same for everyone; only the private parts differ."""
    logs = [hand.public_events(v) for v in (None, 0, 1, 2, 3)]
    stripped = [[{k: x for k, x in e.items() if k != "private"} for e in log] for log in logs]
    assert all(log == stripped[0] for log in stripped)


def random_action(hand: HandMachine, rng: random.Random) -> Action:
    """Half bot moves (so hands reach wins), half uniformly random legal choices."""
    seat = rng.choice(hand.to_act())
    if rng.random() < 0.5:
        return choose_action(hand, seat)
    return rng.choice(hand.legal_actions(seat))


def play_randomly(options: dict, seed: int, check_every: int) -> HandMachine:
    """Play one hand, checking invariants, new events and views every ``check_every`` actions
    (events are checked against what is hidden then: tiles are only ever revealed, never
    hidden again, so an event that showed a hidden tile is still caught)."""
    rng = random.Random(seed)
    hand = HandMachine(get_ruleset("sichuan", options), seed, dealer=seed % 4)
    unchecked = list(hand.events)
    steps = 0
    while not hand.over:
        leavers = [s for s in range(4) if hand.seats[s].win is not None and not hand.seats[s].left]
        if leavers and rng.random() < 0.05:
            unchecked += hand.apply(Action(leavers[0], ActionType.LEAVE))
        else:
            unchecked += hand.apply(random_action(hand, rng))
        steps += 1
        assert steps < MAX_ACTIONS, "the hand does not end"
        if steps % check_every == 0 and not hand.over:
            check_invariants(hand)
            check_new_events(hand, unchecked)
            check_views(hand)
            unchecked = []
    check_invariants(hand)
    check_new_events(hand, unchecked[:-1])  # the final event opens every hand, by design
    check_views(hand)
    check_public_log(hand)
    return hand


MODES = {
    "normal": {},
    "xuezhan": {"xuezhan": True},
    "seed_literal": {"void_declaration": False, "xuezhan": True, "dajiao": "min"},
}


@pytest.mark.parametrize("mode", list(MODES))
def test_random_hands_keep_every_invariant(mode: str) -> None:
    count = HANDS_PER_MODE if mode != "seed_literal" else HANDS_PER_MODE // 4
    wins = exhaustive = 0
    for seed in range(count):
        hand = play_randomly(MODES[mode], seed, check_every=1 if seed % 20 == 0 else 12)
        settlement = hand.settlement
        assert settlement is not None
        assert sum(settlement.seat_totals()) == 0
        wins += bool(settlement.wins)
        exhaustive += settlement.exhaustive_draw
        if seed % 10 == 0:
            again = HandMachine.replay(hand.ruleset, seed, hand.dealer, list(hand.actions))
            assert again.view(None) == hand.view(None)
            assert again.settlement == hand.settlement
    assert wins and exhaustive, "random play should reach both wins and exhaustive draws"


QUICK_HANDS_PER_MODE = 1000


@pytest.mark.parametrize("mode", ["normal", "xuezhan"])
def test_many_uniformly_random_hands_end_conserved_and_balanced(mode: str) -> None:
    """A second, lighter sweep: every choice uniformly random (so every claim, kong, pig and
    refund path comes up), checked at the end of each hand."""
    pigs = 0
    for seed in range(10_000, 10_000 + QUICK_HANDS_PER_MODE):
        rng = random.Random(seed)
        hand = HandMachine(get_ruleset("sichuan", MODES[mode]), seed, dealer=seed % 4)
        while not hand.over:
            seat = rng.choice(hand.to_act())
            hand.apply(rng.choice(hand.legal_actions(seat)))
            assert len(hand.actions) < MAX_ACTIONS
        check_invariants(hand)
        assert sum(hand.settlement.seat_totals()) == 0
        pigs += any(p.reason == "查花猪" for p in hand.settlement.payments)
        if seed % 100 == 0:
            again = HandMachine.replay(hand.ruleset, seed, hand.dealer, list(hand.actions))
            assert again.settlement == hand.settlement
    assert pigs > 0
