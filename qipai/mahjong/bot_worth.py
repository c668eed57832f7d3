"""What a win is worth to the bot, in the table's own money: read from the ruleset's payment
rules (``Ruleset.payment_reference``) and its scoring (``Ruleset.score_win``), never a private
copy of either.

A fan does not pay the same everywhere. Sichuan pays a discard win 2^(fan−1) from the discarder
alone but a self-draw 2^(fan−1) + 1 from each of three, so its cheap hands earn most of their
money by self-draw; 国标 pays fan + 8 from the discarder and 8 from the others, not 2^fan. The bot
weighs a win by what the winner collects, a self-draw ``SELF_DRAW_SHARE`` of the time, in the
units the danger model is written in (``WinWorth._scale``).

The samples are one plain hand and one flush, each scored once per rules by the ruleset
itself, so the bot learns what a flush pays there (None: the rules refuse it as it stands).
"""

from __future__ import annotations

from dataclasses import dataclass

from qipai.mahjong import payment_rules as rules
from qipai.mahjong.notation import MeldKind
from qipai.mahjong.rulesets.base import Ruleset
from qipai.mahjong.table.state import TableMeld, WinContext
from qipai.mahjong.tiles import NUM_KINDS, parse_kinds

SELF_DRAW_SHARE = 0.3
"""Share of wins that are self-drawn: measured over four shape bots (Sichuan 0.20, 血战 0.37,
Zhongyou 0.28, 国标 0.40 of their wins)."""
CALL_OVER_PLAIN = 1.35
"""The mean 查大叫 payment over the plain win's price: 1.35 points at stake 1 where a plain win
is 1 fan (62 payments over 300 血战 hands of four shape bots; the best wait's fan counts)."""
MAX_REF_FAN = 12
"""The largest fan the reference win's worth doubles for (the old 2^fan's cap)."""
SAMPLE_DISCARDS = 8
"""The discards made when a sample hand is valued: well past any first-discard bonus (人和)."""
_UNPRICED = (rules.PER_PAO, rules.MONEY_TAKEN, rules.WHOLE_POT, rules.POT_THIRD)

PATTERNS = {
    "plain": ("123m567m234p678p9m", "9m"),
    "flush": ("123m567m234m678m9m", "9m"),
}
"""Each pattern's sample: its 13 concealed tiles and the winning kind (chows with no
straight and no terminal set, so that no pattern of its own creeps in)."""

PATH_SAMPLES = {
    "plain": ("123m567m234p678p9m", "9m"),
    "flush": ("123m567m234m678m9m", "9m"),
    "half": ("123m567m234m678mP", "P"),
}
"""Where a ruleset has the bot weigh one-suit paths (``Ruleset.bot_pattern_paths``): the plain
hand, the flush (清一色) and the half flush (混一色: one suit and an honour pair), each scored
concealed and opened (its first chow claimed from the 上家), so that what opening a hand costs
is the ruleset's own figure too."""


@dataclass(frozen=True)
class WinPrices:
    """The payment rules a win is paid by: the discarder's, each bystander's, each payer's on
    a self-draw (rules a ruleset does not have are None), and the fan cap."""

    discarder: rules.PaymentRule | None
    bystander: rules.PaymentRule | None
    self_draw: rules.PaymentRule | None
    cap: int | None
    unready_pays: bool
    """A hand that is not ready pays at a drawn end (四川's 查大叫): breaking a hand to fold
    pays that too, on top of every self-draw it still pays."""
    unready: rules.PaymentRule | None = None
    """The rule a hand not ready pays each ready one by at a drawn end (``unready_pays``)."""

    @classmethod
    def of(cls, ruleset: Ruleset) -> WinPrices:
        reference = ruleset.payment_reference()
        found = [r for r in reference if r.amount is not None]
        to_winner = [r for r in found if r.payee == rules.WINNER and r.scale not in _UNPRICED]

        def first(payer: str, pool: list[rules.PaymentRule]) -> rules.PaymentRule | None:
            return next((r for r in pool if r.payer == payer), None)

        others = [r for r in to_winner if r.payer == rules.OTHERS]
        cap = next((r.amount for r in found if r.scale == rules.FAN_CAP), None)
        return cls(
            first(rules.DISCARDER, to_winner),
            first(rules.BYSTANDERS, to_winner),
            others[-1] if others else None,
            cap,
            any(r.payer == rules.NOT_READY for r in reference),
            next((r for r in found if r.payer == rules.NOT_READY), None),
        )

    def points(self, fan: int, others: int = 3) -> float:
        """What the winner collects on average for a win of ``fan`` with ``others`` seats
        still in play to pay: a self-draw from each, a discard win from the discarder (and
        the bystanders where they pay); a ruleset where everyone pays every win uses its
        one rule for both."""
        if self.cap:
            fan = min(fan, self.cap)
        own = self.self_draw.pays(fan) * others if self.self_draw else 0
        if self.discarder is None:
            return float(own)
        thrown = self.discarder.pays(fan)
        if self.bystander is not None:
            thrown += self.bystander.pays(fan) * (others - 1)
        if self.self_draw is None:
            return float(thrown)
        return SELF_DRAW_SHARE * own + (1 - SELF_DRAW_SHARE) * thrown


class WinWorth:
    """A ruleset's worth of a win by its fan, and of each sample pattern, for one seat's
    table facts (its wind, the public table state)."""

    def __init__(self, ruleset: Ruleset, seat: int, facts: object) -> None:
        self.prices = WinPrices.of(ruleset)
        fans = {
            name: _sample_fan(ruleset, seat, facts, *sample) for name, sample in PATTERNS.items()
        }
        self.scale = self._scale(fans)
        self.patterns = {
            name: None if fan is None else self.worth(fan) for name, fan in fans.items()
        }
        self.paths: dict[tuple[str, bool], float] = {}
        """Each one-suit path's worth by (pattern, opened), for ``Ruleset.bot_pattern_paths``."""
        if ruleset.bot_pattern_paths:
            for name, (text, last) in PATH_SAMPLES.items():
                for opened in (False, True):
                    fan = _sample_fan(ruleset, seat, facts, text, last, opened=opened)
                    self.paths[name, opened] = 0.0 if fan is None else self.worth(fan)
        unready, plain = self.prices.unready, fans["plain"]
        self.call = (
            unready.pays(plain) * CALL_OVER_PLAIN * self.scale
            if unready is not None and unready.amount is not None and plain is not None
            else 0.0
        )
        """What being ready at a drawn end is worth against each opponent still in play (in
        worth units): a hand not ready pays every ready one, a ready one is paid by every hand
        that is not, so turning ready gains one such payment from each opponent either way."""

    def _scale(self, fans: dict[str, int | None]) -> float:
        """Worth units per point: the danger model's (``bot_danger.DEAL_IN_WORTH``) are
        2 to the fan, so a plain win (else the cheapest sample, else a no-fan win) keeps the
        worth 2^fan it always had (at most 2^12, as before) and other fans are priced from
        it by the payment rules. In 国标 the reference is its flush (a plain hand cannot
        win), so its deal-in danger stays as small against its wins as it always was."""
        scored = [f for f in fans.values() if f is not None]
        ref = fans["plain"] if fans["plain"] is not None else min(scored, default=0)
        points = self.prices.points(ref)
        return (1 << min(ref, MAX_REF_FAN)) / points if points > 0 else 1.0

    def worth(self, fan: int, others: int = 3) -> float:
        return self.prices.points(fan, others) * self.scale


_WORTHS: dict[tuple, WinWorth] = {}
KEPT_WORTHS = 1024
"""Worths kept at most (oldest dropped first): a table state such as Lengzi's pot takes many
values over a long-running hall."""


def win_worth(ruleset: Ruleset, seat: int, facts) -> WinWorth:
    """The ``WinWorth`` of these rules for a seat (``bot_seat.TableFacts``), computed once per
    rules, seat wind and table state: it depends on nothing else, so a replay sees the
    same."""
    key = (
        ruleset.name,
        tuple(sorted(ruleset.options.to_values().items())),
        (seat - facts.dealer) % 4,
        tuple(sorted(facts.table_state.items())),
    )
    if key not in _WORTHS:
        if len(_WORTHS) >= KEPT_WORTHS:
            del _WORTHS[next(iter(_WORTHS))]
        _WORTHS[key] = WinWorth(ruleset, seat, facts)
    return _WORTHS[key]


def _sample_fan(
    ruleset: Ruleset, seat: int, facts, text: str, last: str, *, opened: bool = False
) -> int | None:
    """The fan of a sample hand winning on a discard of ``last`` (None: no win): concealed,
    or ``opened`` with its first three tiles (a chow) claimed from the 上家."""
    from qipai.mahjong.bot_seat import TableFacts  # it prices its waits here

    kinds = parse_kinds(text)
    melds: tuple[TableMeld, ...] = ()
    if opened:
        chow, kinds = kinds[:3], kinds[3:]
        tiles = tuple(k * 4 for k in chow)
        melds = (TableMeld(MeldKind.CHOW.value, chow[0], tiles, (seat + 3) % 4),)
    counts = [0] * NUM_KINDS
    for kind in kinds:
        counts[kind] += 1
    win = parse_kinds(last)[0]
    counts[win] += 1
    ctx = WinContext(seat, tuple(counts), melds, win, False, 2)
    sample_facts = TableFacts(facts.dealer, SAMPLE_DISCARDS, facts.table_state)
    score = ruleset.score_win(sample_facts, ctx)  # type: ignore[arg-type]
    return None if score is None else score.fan
