"""The mahjong bot at three levels, deciding from its seat's view and ``legal_actions`` only.

Every candidate discard is weighed as expected worth: the chance that the hand still wins
(shanten, live improving tiles, the wall left) times what it would be worth under the table's
own scoring (exactly, through ``SeatPicture.wait_values``, once the hand is ready; by its flush
and the ruleset's unmet requirements before that), minus the expected loss of dealing in
(``bot_danger``). A hand that can no longer win much and faces a ready opponent therefore folds
by itself: the safest discard scores best. Claims are taken when the hand after the claim is
worth more than the hand without it. Where a hand not ready pays at a drawn end (四川's 查大叫),
being ready by then is worth that payment from or to each opponent (``END_DECAY``); a kong the
table pays for at once (``Ruleset.kong_price``, 刮风下雨) is weighed with its money. Where
the ruleset asks for it (``Ruleset.bot_pattern_paths``, Zhongyou) a hand is also weighed on
each one-suit path (清一色, 混一色) at its own distance and the ruleset's price for it.

- ``strong`` weighs danger fully and raises 下炮.
- ``normal`` (the hall's 托管 and seat filler) weighs danger at half the strong weight.
- ``easy`` never defends and, now and then, keeps the wrong tile as a beginner does.

Decisions are pure functions of the view: a level's random slips are drawn from a generator
seeded by the view itself, so a hand replays identically.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from qipai.mahjong.analysis import path_shanten
from qipai.mahjong.bot_danger import deal_in_risk, threats
from qipai.mahjong.bot_seat import ORPHANS, SeatPicture
from qipai.mahjong.bot_worth import win_worth
from qipai.mahjong.notation import MeldKind
from qipai.mahjong.payment_rules import FEEDER
from qipai.mahjong.rulesets.base import Ruleset
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.state import TableMeld
from qipai.mahjong.tiles import NUM_KINDS, kind_of, suit_of

LEVELS = ("easy", "normal", "strong")
WINS = (ActionType.WIN, ActionType.SELF_WIN)
STEP_BACK = 0.35
"""Worth kept by a discard that leaves the hand one step further from ready than the best."""
FLUSH_FROM = 0.7
"""Share of one suit from which a hand counts as heading for a flush."""
FLUSH_GAIN_CAP = 8.0
"""A flush is worth aiming at only so far: most hands that try never finish one."""
RACE = 0.45
"""Share of a not-ready hand's wins that come before another seat's (the hand rarely lasts
long enough for the slow path; measured in the league, not derived)."""
TYPICAL_LIVE = 6
"""Live tiles of a typical wait, for a hand that is not ready yet."""
UNREADY_PAYS_DEFENCE = 0.5
"""The share of a level's danger weight kept where a hand that is not ready pays at a drawn end
(``WinPrices.unready_pays``, 四川's 查大叫). There the league measured the outright fold and the
full danger weight losing points (血战 strong −0.27 a hand over 400 duplicate deals, −0.04 with
neither), so those tables weigh danger at this share and never fold outright."""
END_DECAY = {None: 0.105, 4: 0.045, 3: 0.09, 2: 0.12}
"""Where a hand that is not ready pays at a drawn end, the chance that the hand reaches that
end with this seat still in play is read as ``0.85 * exp(-decay * wall)``: per tile left, the
decay where the first win ends the hand (None), else by the seats still in play (measured over
four shape bots: 四川 0.53 with under 8 tiles left, 0.22 under 16, 0.03 from 32 up; 血战 with
four in play 0.80, 0.57, 0.37 ... 0.17)."""
PATH_STEP = 0.25
"""Where the ruleset has the bot weigh one-suit paths (``Ruleset.bot_pattern_paths``): the
chance kept per step a path (清一色, 混一色) still is from ready. On 200-deal leagues 0.25
beat 0.4 (the plain hand's figure; tried before ``PATH_STOP``) and 0.35 with paths up to 5
away (143 wins against the shape bot's 200, capped gain −0.37): those chased flushes too
often."""
PATH_FROM = 8
"""Tiles of a path's kinds (its suit, with the honours for 混一色) a hand needs, melds
included, before the path is weighed at all."""
PATH_MAX = 4
"""A path further than this from ready is not weighed."""
PATH_STOP = 3.0
"""With paths, what a win is worth beyond its own payment, in worth units: it ends the hand,
so it stops the other seats' wins (shape bots lose about 1.1 points a hand to them in Zhongyou,
0.7 units). Tuned on 200-deal leagues (0, 1.5, 3, 4.5, 5; 3 best, 1.5 to 5 within the noise):
without it the bot valued a not-yet-ready hand above a cheap ready one and won a fifth fewer
hands than the shape bot."""
FOLD_READY = 0.5
FOLD_SHANTEN = 2
"""A level that folds throws its safest tile, breaking its hand, once an opponent is ready
with at least ``FOLD_READY`` chance while its own hand is ``FOLD_SHANTEN`` or more steps
from ready: its chance to win first is then too small to be worth a deal-in."""


@dataclass(frozen=True)
class Level:
    defence: float
    slip: float  # chance of keeping the second-best tile instead of the best
    raises_stakes: bool
    folds: bool = False
    fold_ready: float = FOLD_READY
    fold_shanten: int = FOLD_SHANTEN


LEVEL = {
    "easy": Level(defence=0.0, slip=0.3, raises_stakes=False),
    "normal": Level(defence=0.35, slip=0.0, raises_stakes=False),
    "strong": Level(defence=0.7, slip=0.0, raises_stakes=True, folds=True),
}
GUARDED_STRONG = Level(
    defence=2.0, slip=0.0, raises_stakes=True, folds=True, fold_ready=0.4, fold_shanten=1
)
"""Strong where the ruleset asks for it (``Ruleset.bot_guards_hard``, Baicheng): a deal-in
doubles the discarder's own payment (点炮, BC-06) and a wall's end costs a hand that is not
ready nothing (荒庄: kong money only, BC-13), so breaking a hand for safety pays. 400-deal sweeps of Baicheng (deal-ins
as a share of the shape bot's, gain a hand): weight 0.7 folding from two steps at 0.5 (strong
elsewhere) 74 %, +4.47; 1.5, from one step at 0.3: 58 %, +2.97; 2.0, one step at 0.4: 51 %,
+2.38; 2.5, one step at 0.3: 38 %, +1.97. The same sweeps moved nothing in 国标 (87 % at every
weight to 2.5; 75 % only at 25, where the gain's interval spans zero) and cost points in
Zhongyou (74 %, −0.25), as in 四川."""


def check_level(level: str, ruleset: Ruleset | None = None) -> Level:
    """The level's settings, at ``ruleset``'s table if given (``GUARDED_STRONG``)."""
    try:
        settings = LEVEL[level]
    except KeyError:
        raise ValueError(f"no bot level {level!r} (one of {', '.join(LEVELS)})") from None
    if level == "strong" and ruleset is not None and ruleset.bot_guards_hard:
        return GUARDED_STRONG
    return settings


def decide(ruleset: Ruleset, view: dict, seat: int, level: str = "normal") -> Action | None:
    """The bot's move from ``view`` (``HandMachine.view(seat)``), or None with nothing to do."""
    settings = check_level(level, ruleset)
    legal = [Action.from_wire(a) for a in view["legal_actions"]]
    if not legal:
        return None
    for action in legal:
        if action.type in WINS:
            return action
    if len(legal) == 1:
        return legal[0]
    picture = SeatPicture(ruleset, view, seat)
    if legal[0].type is ActionType.DECLARE_VOID:
        return Action(seat, ActionType.DECLARE_VOID, _void_suit(picture))
    return _Decision(picture, settings).choose(legal)


def choose_between_hands(scores: list[int], seat: int, choice: str, level: str = "normal") -> bool:
    """下炮 (LZ-09) before a deal: it raises both sides' stakes, so the strong bot, which
    expects to win more than it loses, always raises; normal raises only to catch up; easy
    never does."""
    settings = check_level(level)
    if settings.raises_stakes:
        return True
    return level == "normal" and scores[seat] < 0


def _void_suit(picture: SeatPicture) -> int:
    """定缺: the suit that is cheapest to give up — fewest tiles, then fewest pairs and
    neighbours (the shapes that would be thrown away with it)."""

    def keep_value(suit: int) -> float:
        counts = picture.counts[suit * 9 : suit * 9 + 9]
        pairs = sum(1 for c in counts if c >= 2)
        links = sum(1 for r in range(8) if counts[r] and counts[r + 1])
        return sum(counts) + 0.6 * pairs + 0.4 * links

    return min(range(3), key=lambda s: (keep_value(s), s))


class _Decision:
    def __init__(self, picture: SeatPicture, level: Level) -> None:
        self.p = picture
        self.level = level
        held = [0] * NUM_KINDS
        for kind in picture.all_kinds(picture.counts, picture.melds):
            held[kind] += 1
        self.unwanted = picture.ruleset.suit_to_shed(held, picture.void)
        self.total_unseen = max(1, sum(picture.unseen))
        self.plain_worth, self.flush_gain = _shape_worths(picture)
        self.worth = win_worth(picture.ruleset, picture.seat, picture.facts)
        self.paths = self.worth.paths
        if self.paths:  # the paths stand in for the flush bonus
            self.flush_gain = 1.0
        self.prices = self.worth.prices
        self.threats = threats(picture) if level.defence else []
        self.end_worth = self.reach_end = 0.0
        if self.worth.call:
            key = len(picture.opponents) + 1 if picture.ruleset.continues_after_win else None
            decay = END_DECAY.get(key, END_DECAY[None])
            self.reach_end = 0.85 * math.exp(-decay * picture.wall)
            self.end_worth = self.reach_end * len(picture.opponents) * self.worth.call

    # --- worth of a hand of 13 ---------------------------------------------------------------
    def draws_left(self) -> float:
        return max(1.0, self.p.wall / 4)

    def reach(self, live: int, turns: float) -> float:
        """Chance to draw or be given one of ``live`` tiles within ``turns`` turns."""
        if live <= 0:
            return 0.0
        miss = 1 - min(live / self.total_unseen, 0.95)
        return 1 - miss ** (2 * turns)

    def worth13(self, counts: list[int], melds: list[TableMeld]) -> tuple[float, int, int]:
        """(expected worth, shanten, live improving tiles) of a waiting hand of 13."""
        p = self.p
        shanten = p.shanten(counts, melds)
        turns = self.draws_left()
        if shanten == 0:
            values = p.wait_values(counts, melds)
            live = sum(p.unseen[k] for k in values)
            if live:
                mean = sum(p.unseen[k] * v for k, v in values.items()) / live
                if self.paths:
                    mean += PATH_STOP
                return self.reach(live, turns) * mean + self.end_worth, 0, live
            # ready on nothing that may win: an exchange away from a wait that does
            shanten, live = 1, TYPICAL_LIVE
            end = self.end_worth
        else:
            live = self._ukeire(counts, melds, shanten)
            end = self.end_worth * self.reach(live, turns / 2) * 0.4 ** (shanten - 1)
        # reach a wait in the first half of the time left, then win on it in the second
        chance = self.reach(live, turns / 2) * self.reach(TYPICAL_LIVE, turns / 2)
        chance *= RACE * 0.4 ** (shanten - 1)
        worth = self.plain_worth * self._flush_factor(counts, melds)
        if self.paths:  # a plain hand at what it pays opened or concealed
            worth = self.paths["plain", p.opened(melds)] + PATH_STOP
        missing = p.ruleset.requirements_missing(p.all_kinds(counts, melds), p.opened(melds))
        if missing:
            worth *= 0.3**missing
        return chance * worth + end, shanten, live

    def path_worth(self, counts: list[int], melds: list[TableMeld]) -> float:
        """The best one-suit path's expected worth for a hand of 13 (0 without paths): for
        each suit, 清一色 on that suit alone and 混一色 with the honours, each on its own
        distance (``path_shanten``) and live tiles, priced by the ruleset (``bot_worth``)
        opened or concealed as the hand stands. A path already ready is the plain hand's
        waits, valued exactly there."""
        if not self.paths:
            return 0.0
        p = self.p
        kinds = p.all_kinds(counts, melds)
        opened = p.opened(melds)
        meld_suits = {suit_of(m.kind) for m in melds}
        honours = sum(1 for k in kinds if suit_of(k) is None)
        turns = self.draws_left()
        best = 0.0
        for suit in range(3):
            own = sum(1 for k in kinds if suit_of(k) == suit)
            for name, with_honours in (("flush", False), ("half", True)):
                allowed = {suit, None} if with_honours else {suit}
                if not meld_suits <= allowed or own + honours * with_honours < PATH_FROM:
                    continue
                if with_honours and not honours:
                    continue
                kept = [g == suit for g in range(3)] + [with_honours]
                distance = path_shanten(counts, kept)
                if distance <= 0 or distance > PATH_MAX:
                    continue
                live = 0
                for kind in range(NUM_KINDS):
                    if suit_of(kind) not in allowed or not p.unseen[kind]:
                        continue
                    counts[kind] += 1
                    if path_shanten(counts, kept) < distance:
                        live += p.unseen[kind]
                    counts[kind] -= 1
                chance = self.reach(live, turns / 2) * self.reach(TYPICAL_LIVE, turns / 2)
                chance *= RACE * PATH_STEP ** (distance - 1)
                best = max(best, chance * (self.paths[name, opened] + PATH_STOP))
        return best

    def _ukeire(self, counts: list[int], melds: list[TableMeld], shanten: int) -> int:
        p = self.p
        live = 0
        for kind in self._neighbours(counts):
            if not p.unseen[kind]:
                continue
            counts[kind] += 1
            # a 14-tile hand's shanten is the best after its discard: a lookup of its own
            if p.shanten(counts, melds) < shanten:
                live += p.unseen[kind]
            counts[kind] -= 1
        return live

    def _neighbours(self, counts: list[int]) -> list[int]:
        near = set()
        for kind in range(NUM_KINDS):
            if not counts[kind]:
                continue
            suit = suit_of(kind)
            if suit is None:
                near.add(kind)
                continue
            for other in range(max(kind - 2, suit * 9), min(kind + 2, suit * 9 + 8) + 1):
                near.add(other)
        if self.p.ruleset.thirteen_orphans and not self.p.melds:
            near.update(ORPHANS)
        return [k for k in near if k in self.p.in_play and suit_of(k) != self.unwanted]

    def _flush_factor(self, counts: list[int], melds: list[TableMeld]) -> float:
        if self.flush_gain <= 1:
            return 1.0
        per_suit = [0, 0, 0]
        for kind in self.p.all_kinds(counts, melds):
            suit = suit_of(kind)
            if suit is not None:
                per_suit[suit] += 1
        share = max(per_suit) / 13
        if share < FLUSH_FROM:
            return 1.0
        gain = min(self.flush_gain, FLUSH_GAIN_CAP)
        return 1 + (gain - 1) * ((share - FLUSH_FROM) / (1 - FLUSH_FROM)) ** 2

    # --- choices -----------------------------------------------------------------------------
    def choose(self, legal: list[Action]) -> Action:
        by_type: dict[ActionType, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action.type, []).append(action)
        if self.p.offer is None:
            return self._turn(by_type)
        return self._claim(by_type)

    def _discards(
        self, counts: list[int], melds: list[TableMeld], discards: list[Action]
    ) -> list[tuple[float, int, Action]]:
        """Each distinct discard with its score (worth kept minus danger) and shanten, best first."""
        first: dict[int, Action] = {}
        for action in discards:
            first.setdefault(kind_of(action.tile), action)
        unwanted = [k for k in first if suit_of(k) == self.unwanted]
        shapes = []
        for kind in unwanted or list(first):
            counts[kind] -= 1
            shapes.append((*self.worth13(counts, melds), kind))
            counts[kind] += 1
        closest = min(shanten for _, shanten, _, _ in shapes)
        breaking_pays = self.prices.unready_pays
        defence = self.level.defence * (UNREADY_PAYS_DEFENCE if breaking_pays else 1.0)
        fold = (
            self.level.folds
            and not breaking_pays
            and closest >= self.level.fold_shanten
            and any(ready >= self.level.fold_ready for _, ready, _ in self.threats)
        )
        scored = []
        for worth, shanten, live, kind in shapes:
            # a step back from the closest hand costs more than the worth model sees
            worth *= STEP_BACK ** (shanten - closest)
            if self.paths:
                counts[kind] -= 1
                worth = max(worth, self.path_worth(counts, melds))
                counts[kind] += 1
            risk = deal_in_risk(kind, self.p, self.threats) if self.threats else 0.0
            # folding: the safest tile first, the hand's worth only between equally safe ones
            score = -risk + 1e-3 * worth if fold else worth - defence * risk
            scored.append((score, shanten, live, kind))
        scored.sort(key=lambda s: (-s[0], s[1], -s[2], s[3]))
        return [(score, shanten, first[kind]) for score, shanten, _, kind in scored]

    def _slip(self, ranked: list, key: str) -> int:
        """Index of the choice taken: the best, or now and then the second (easy)."""
        if self.level.slip and len(ranked) > 1:
            seed = f"{key}:{self.p.seat}:{self.p.tiles}:{self.p.wall}"
            if random.Random(seed).random() < self.level.slip:
                return 1
        return 0

    def _turn(self, by_type: dict[ActionType, list[Action]]) -> Action:
        p = self.p
        ranked = self._discards(list(p.counts), p.melds, by_type.get(ActionType.DISCARD, []))
        best_score, best_shanten, _ = ranked[0]
        for kong in by_type.get(ActionType.CONCEALED_KONG, []) + by_type.get(
            ActionType.ADDED_KONG, []
        ):
            if suit_of(kong.tile) == self.unwanted:
                continue
            after = list(p.counts)
            concealed = kong.type is ActionType.CONCEALED_KONG
            after[kong.tile] -= 4 if concealed else 1
            melds = self._kong_melds(kong.tile, concealed)
            if p.shanten(after, melds) <= best_shanten:
                return kong
            kind = MeldKind.KONG_CONCEALED if concealed else MeldKind.KONG_ADDED
            if self._kong_score(kind.value, after, melds) >= best_score:
                return kong
        return ranked[self._slip(ranked, "turn")][2]

    def _kong_score(self, kong_type: str, after: list[int], melds: list[TableMeld]) -> float:
        """A kong's worth where the table pays it at once (``Ruleset.kong_price``: 四川's
        刮风下雨): the hand after it plus the money, less the share refunded (退税) by a hand
        that is not ready at a drawn end. Without such money: minus infinity."""
        rule = self.p.ruleset.kong_price(kong_type)
        if rule is None or not rule.amount:
            return -math.inf
        payers = 1 if rule.payer == FEEDER else len(self.p.opponents)
        worth, shanten, live = self.worth13(after, melds)
        money = rule.amount * payers * self.worth.scale
        if self.prices.unready_pays and shanten:
            money *= 1 - self.reach_end * (1 - self.reach(live, self.draws_left() / 2))
        return worth + money

    def _kong_melds(self, kind: int, concealed: bool) -> list[TableMeld]:
        p = self.p
        if concealed:
            meld = TableMeld(MeldKind.KONG_CONCEALED.value, kind, p.tiles_of(kind, 4), None)
            return [*p.melds, meld]
        melds = []
        for meld in p.melds:
            if meld.type == MeldKind.PUNG.value and meld.kind == kind:
                meld = TableMeld(
                    MeldKind.KONG_ADDED.value,
                    kind,
                    (*meld.tiles, *p.tiles_of(kind, 1)),
                    meld.from_seat,
                )
            melds.append(meld)
        return melds

    def _claim(self, by_type: dict[ActionType, list[Action]]) -> Action:
        p = self.p
        offer = p.offer
        assert offer is not None
        tile = offer["tile"]
        kind = kind_of(tile)
        passing = by_type[ActionType.PASS][0]
        if suit_of(kind) == self.unwanted:
            return passing
        stay, stay_shanten, _ = self.worth13(list(p.counts), p.melds)
        stay = max(stay, self.path_worth(list(p.counts), p.melds))
        for kong in by_type.get(ActionType.KONG, []):
            after = list(p.counts)
            after[kind] -= 3
            meld = TableMeld(
                MeldKind.KONG_EXPOSED.value, kind, (*p.tiles_of(kind, 3), tile), offer["actor"]
            )
            if p.shanten(after, [*p.melds, meld]) <= stay_shanten:
                return kong
            if self._kong_score(meld.type, after, [*p.melds, meld]) >= stay:
                return kong
        best, best_worth = passing, stay * 1.1 + 0.01
        for claim in by_type.get(ActionType.PUNG, []) + by_type.get(ActionType.CHOW, []):
            after, meld = self._claimed(claim, tile, offer["actor"])
            melds = [*p.melds, meld]
            discards = [
                Action(p.seat, ActionType.DISCARD, k * 4) for k in range(NUM_KINDS) if after[k]
            ]
            ranked = self._discards(after, melds, discards)
            if ranked[0][0] > best_worth:
                best, best_worth = claim, ranked[0][0]
        return best

    def _claimed(self, claim: Action, tile: int, actor: int) -> tuple[list[int], TableMeld]:
        p = self.p
        kind = kind_of(tile)
        after = list(p.counts)
        if claim.type is ActionType.CHOW:
            start = claim.tile
            assert start is not None
            used = [k for k in (start, start + 1, start + 2) if k != kind]
            tiles = [p.tiles_of(k, 1)[0] for k in used]
            meld = TableMeld(MeldKind.CHOW.value, start, tuple(sorted([*tiles, tile])), actor)
        else:
            used = [kind, kind]
            meld = TableMeld(
                MeldKind.PUNG.value, kind, tuple(sorted([*p.tiles_of(kind, 2), tile])), actor
            )
        for k in used:
            after[k] -= 1
        return after, meld


def _shape_worths(picture: SeatPicture) -> tuple[float, float]:
    """What a plain two-suit win is worth under the table's rules (``bot_worth``), and how
    many times more a one-suit hand pays (a plain hand the rules refuse as it stands,
    Baicheng's closed one, counts as worth 2; in 国标, where only a pattern wins, a hand is
    worth a flush, cut by ``requirements_missing`` for the fans it still lacks; a flush that
    cannot win at all gains nothing)."""
    patterns = win_worth(picture.ruleset, picture.seat, picture.facts).patterns
    plain, flush = patterns["plain"], patterns["flush"]
    if flush is None:
        return plain or 2.0, 1.0
    if plain is None:
        return flush, 1.0
    return plain, max(1.0, flush / plain)
