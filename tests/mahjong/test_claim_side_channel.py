"""No field and no timing tells a seat that another could claim (MJ-08, issue 14): over many
claim windows that every prompted seat declines, what the table publishes when the window
closes — its kind, the seat its ``by`` names, the events, the moment — is distributed the same
whether somebody could have claimed or nobody could.

The audit found ``by`` naming the seat whose pass closed the window: the seats that may only
pass are answered at once, so the last answer came from the one who could claim (95 % of such
windows), and in a chow ruleset ``by`` = the discarder's 下家 meant a declined chow.
"""

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table import Action, ActionType
from qipai.mahjong.table.match import MatchLength
from qipai.platform import mahjong_table_io as table_match
from qipai.platform.mahjong_table import CLAIM_PHASES, MahjongTableMatch
from qipai.platform.mahjong_table_io import Presence, TableRules, Timing

DELAY = 0.8
TIMING = Timing(claim_delay=DELAY, bot_pause=0.0)


@dataclass
class Window:
    actor: int
    claimants: frozenset[int]
    opened: float
    closed: tuple | None = None
    """(kind, by relative to the discarder, event types, seconds open) as everyone saw it."""


def closed_windows(ruleset: str, seed: int, hands: int) -> list[Window]:
    """Four people play; on a turn each discards a tile at random, in a claim window each
    declines (unless the rules compel a win), answering after a moment's thought shorter than
    MJ-08's delay. Returns the windows that closed with nobody claiming."""
    match = MahjongTableMatch(
        get_ruleset(ruleset, {}),
        TableRules(length=MatchLength(hands=hands)),
        TIMING,
        random.Random(seed),
    )
    match.presence = Presence(people=4)
    match.start(["e", "s", "w", "n"], 0.0)
    thinking = random.Random(seed)
    now, window, windows = 0.0, None, []
    while not match.finished:
        while match.advance(now):
            pass
        for output in match.outputs():
            closing = isinstance(output, table_match.Publish) and output.kind in ("play", "timeout")
            if closing and window is not None:
                by = (int(output.detail["by"]) - window.actor) % 4
                types = tuple(e.type for e in output.events or ())
                window.closed = (output.kind, by, types, round(now - window.opened, 6))
                windows.append(window)
                window = None
        if match.storing is not None:
            match.stored(match.storing.number, now)
            continue
        if match.between:
            for seat in range(4):
                match.mark_ready(seat, [seat])
            continue
        hand = match.hand
        in_window = hand.phase in CLAIM_PHASES
        if in_window and window is None:
            claimants = frozenset(s for s in hand.to_act() if not match.pass_only(s))
            window = Window(hand.window.actor, claimants, match.window_opened)
        waiting = [s for s in hand.to_act() if not match.answered(s)]
        if not waiting:
            now = max(now, match.next_deadline())
            continue
        now += thinking.uniform(0.05, DELAY / len(waiting) - 0.01) if in_window else 1.0
        for seat in waiting:
            legal = hand.legal_actions(seat)
            decline = Action(seat, ActionType.PASS)
            discards = [a for a in legal if a.type is ActionType.DISCARD]
            if in_window:
                match.act(decline if decline in legal else legal[0], now)
            else:
                match.act(thinking.choice(discards) if discards else legal[0], now)
    return [w for w in windows if not set(w.closed[2]) & {"claimed", "won"}]


def shares(windows: list[Window], field: int) -> dict:
    counts = Counter(w.closed[field] for w in windows)
    return {value: count / len(windows) for value, count in counts.items()}


@pytest.mark.parametrize(("ruleset", "hands"), [("sichuan", 8), ("baicheng", 4)])
def test_a_declined_window_closes_the_same_whoever_could_claim(ruleset, hands):
    windows = [w for seed in (1, 2) for w in closed_windows(ruleset, seed, hands)]
    could = [w for w in windows if w.claimants]
    nobody = [w for w in windows if not w.claimants]
    assert len(could) >= 30 and len(nobody) >= 100, (len(could), len(nobody))
    # ``by`` never names a seat that could have claimed, more than chance would
    named = sum(1 for w in could if (w.actor + w.closed[1]) % 4 in w.claimants)
    assert named / len(could) <= 0.05, f"by named the claimant in {named} of {len(could)}"
    for field in range(4):  # kind, by, event types, seconds open: the same distributions
        a, b = shares(could, field), shares(nobody, field)
        for value in set(a) | set(b):
            assert abs(a.get(value, 0) - b.get(value, 0)) <= 0.1, (field, value, a, b)
    if ruleset == "baicheng":  # a chow ruleset: the 下家 declining a chow is not told apart
        chows = [w for w in could if (w.actor + 1) % 4 in w.claimants]
        assert chows and all(w.closed[1] == 0 for w in chows)
