"""Today's shape bot, kept as the league's baseline (``bench/bot_league.py``): the levels in
``qipai.mahjong.bot_player`` are measured against it.

It only ever picks from ``legal_actions``, so it is legal in any ruleset, and it plays sensibly
with one idea: keep the hand as close to ready as possible (shanten) and, among equally close
hands, keep the most live tiles that would bring it closer (ukeire, counting only tiles it has
not seen). It always wins when it can, claims a pung or kong only when that does not set it back,
and gets rid of the suit it must lose first (its 定缺, or the ruleset's ``bot_unwanted_suit``).
Everything is table lookups in the hand analysis, so a decision takes a few milliseconds.
"""

from __future__ import annotations

from qipai.mahjong.analysis import shanten
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.machine import HandMachine, Phase
from qipai.mahjong.tiles import NUM_KINDS, kind_of, suit_of

WINS = (ActionType.WIN, ActionType.SELF_WIN)


def choose_between_hands(scores: list[int], seat: int, choice: str) -> bool:
    """The bot's on/off choice before a deal (Lengzi's 下炮, LZ-09): a bot that is behind
    raises the stakes to catch up, one that is level or ahead plays safe."""
    return scores[seat] < 0


def choose_action(hand: HandMachine, seat: int) -> Action | None:
    """The bot's move for ``seat`` now, or None if the seat has nothing to decide."""
    if seat not in hand.to_act():
        return None
    legal = hand.legal_actions(seat)
    for action in legal:
        if action.type in WINS:
            return action
    if hand.phase is Phase.DECLARE_VOID:
        return hand.default_action(seat)
    if len(legal) == 1:
        return legal[0]
    return _Thinker(hand, seat).decide(legal)


class _Thinker:
    """One decision's worth of context: the seat's tiles, what it has seen, its shape options."""

    def __init__(self, hand: HandMachine, seat: int) -> None:
        self.hand = hand
        self.seat = seat
        state = hand.seats[seat]
        self.counts = state.counts()
        # with fewer than four pairs, seven pairs is three or more tiles away: not worth its cost
        pairs = sum(1 for c in self.counts if c >= 2)
        self.seven_pairs = hand.ruleset.seven_pairs and not state.melds and pairs >= 4
        self.thirteen = hand.ruleset.thirteen_orphans and not state.melds
        self.unwanted = hand.ruleset.bot_unwanted_suit(hand, seat)
        self.kinds = [k for k in hand.ruleset.kinds_in_play() if suit_of(k) != self.unwanted]
        self._seen: list[int] | None = None

    @property
    def seen(self) -> list[int]:
        """Copies of each kind this seat can see (its hand, every river and meld); built on
        first use because only discard choices with a tie need it."""
        if self._seen is None:
            seen = self.hand.seats[self.seat].counts()  # not self.counts: callers mutate it
            for other in self.hand.seats:
                for tile in other.discards:
                    seen[kind_of(tile)] += 1
                for meld in other.melds:
                    for tile in meld.tiles:
                        seen[kind_of(tile)] += 1
            self._seen = seen
        return self._seen

    def shanten(self, counts: list[int]) -> int:
        return shanten(counts, seven_pairs=self.seven_pairs, thirteen_orphans=self.thirteen)

    def decide(self, legal: list[Action]) -> Action:
        by_type: dict[ActionType, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action.type, []).append(action)
        if self.hand.phase is Phase.TURN:
            return self._turn(by_type)
        return self._claim(by_type)

    # --- own turn -------------------------------------------------------------------------------
    def _turn(self, by_type: dict[ActionType, list[Action]]) -> Action:
        discards = by_type.get(ActionType.DISCARD, [])
        best_discard, best_shanten = self._best_discard(self.counts, discards)
        for kong in by_type.get(ActionType.CONCEALED_KONG, []) + by_type.get(
            ActionType.ADDED_KONG, []
        ):
            after = list(self.counts)
            after[kong.tile] -= 4 if kong.type is ActionType.CONCEALED_KONG else 1
            if suit_of(kong.tile) != self.unwanted and self.shanten(after) <= best_shanten:
                return kong
        return best_discard

    def _best_discard(self, counts: list[int], discards: list[Action]) -> tuple[Action, int]:
        """The discard that keeps the lowest shanten, then the most live improving tiles."""
        first_by_kind: dict[int, Action] = {}
        for action in discards:
            first_by_kind.setdefault(kind_of(action.tile), action)
        unwanted = [k for k in first_by_kind if suit_of(k) == self.unwanted]
        candidates = unwanted or list(first_by_kind)
        scored = []
        for kind in candidates:
            counts[kind] -= 1
            scored.append((self.shanten(counts), kind))
            counts[kind] += 1
        best = min(s for s, _ in scored)
        finalists = [k for s, k in scored if s == best]
        if len(finalists) > 1:
            finalists.sort(key=lambda k: (-self._ukeire(counts, k, best), k))
        return first_by_kind[finalists[0]], best

    def _ukeire(self, counts: list[int], discard: int, current: int) -> int:
        counts[discard] -= 1
        live = 0
        for kind in self._neighbours(counts):
            remaining = 4 - self.seen[kind]  # the discard itself is already counted as seen
            if remaining <= 0:
                continue
            counts[kind] += 1
            if self.shanten(counts) < current:
                live += remaining
            counts[kind] -= 1
        counts[discard] += 1
        return live

    def _neighbours(self, counts: list[int]) -> list[int]:
        """Kinds that can possibly improve the hand: within two ranks of a held tile."""
        near = set()
        for kind in self.kinds:
            if counts[kind]:
                suit = suit_of(kind)
                if suit is None:
                    near.add(kind)
                    continue
                for other in range(kind - 2, kind + 3):
                    if suit * 9 <= other < suit * 9 + 9:
                        near.add(other)
        if self.thirteen:
            near.update(k for k in self.kinds if k % 9 in (0, 8) or k >= 27)
        return sorted(k for k in near if k < NUM_KINDS and suit_of(k) != self.unwanted)

    # --- claims ---------------------------------------------------------------------------------
    def _claim(self, by_type: dict[ActionType, list[Action]]) -> Action:
        window = self.hand.window
        assert window is not None
        kind = kind_of(window.tile)
        now = self.shanten(self.counts)
        if suit_of(kind) != self.unwanted:
            for kong in by_type.get(ActionType.KONG, []):
                after = list(self.counts)
                after[kind] -= 3
                if self.shanten(after) <= now:
                    return kong
            for claim in by_type.get(ActionType.PUNG, []) + by_type.get(ActionType.CHOW, []):
                after = list(self.counts)
                for used in self._tiles_used(claim, kind):
                    after[used] -= 1
                best = min(self._after_discard(after, k) for k in range(NUM_KINDS) if after[k])
                if best < now:
                    return claim
        return by_type[ActionType.PASS][0]

    @staticmethod
    def _tiles_used(claim: Action, kind: int) -> list[int]:
        if claim.type is ActionType.CHOW:
            return [k for k in (claim.tile, claim.tile + 1, claim.tile + 2) if k != kind]
        return [kind, kind]

    def _after_discard(self, counts: list[int], kind: int) -> int:
        counts[kind] -= 1
        value = self.shanten(counts)
        counts[kind] += 1
        return value
