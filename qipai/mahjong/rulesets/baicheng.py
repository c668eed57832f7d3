"""白城鸡宝夹 (Baicheng chicken-treasure-closed-wait) on the shared machine — ruleset-baicheng.md.

120 tiles (suits and dragons), chow from the 上家, the four win requirements, the treasure tile
turned up from the second-to-last stack that is never drawn (摸宝 / 宝中宝), payer and winner
fans with all three losers paying, and kong money due at the end of every hand, drawn or won.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from qipai.mahjong import payment_rules as rules
from qipai.mahjong.analysis import is_standard_win
from qipai.mahjong.notation import MeldKind
from qipai.mahjong.rulesets.baicheng_requirements import (
    WinRequirementUnmet,
    may_claim_with_four_concealed,
    requirements_missing,
    unmet_requirement,
)
from qipai.mahjong.rulesets.baicheng_scoring import (
    CONCEALED_KONG_MONEY,
    EXPOSED_KONG_MONEY,
    FAN,
    WIN_REASON,
    kong_payments,
    win_lines,
    win_payments,
    winner_fans,
)
from qipai.mahjong.rulesets.baicheng_treasure import (
    FAN as TREASURE_FAN,
)
from qipai.mahjong.rulesets.baicheng_treasure import (
    TreasureStage,
    treasure_kind,
    treasure_stage,
    treasure_win,
)
from qipai.mahjong.rulesets.base import Room, Ruleset
from qipai.mahjong.rulesets.fees import FeePolicy, fee_percent_option
from qipai.mahjong.rulesets.lengzi_settlement import (
    table_fee_payments,
)
from qipai.mahjong.rulesets.lengzi_table_hand import (
    notation_meld,
    seat_hand,
    standing_kongs,
    table_hand,
)
from qipai.mahjong.rulesets.options import RulesetOptions
from qipai.mahjong.scoring import Fan, Payment, WinRecord, WinScore
from qipai.mahjong.table.actions import ActionType
from qipai.mahjong.table.state import WinContext
from qipai.mahjong.tiles import NUM_KINDS, kind_of

if TYPE_CHECKING:
    from qipai.mahjong.table.actions import Action
    from qipai.mahjong.table.errors import IllegalAction
    from qipai.mahjong.table.machine import HandMachine, KongRecord
    from qipai.mahjong.wall import Wall

CLAIMS = frozenset({ActionType.CHOW.value, ActionType.PUNG.value, ActionType.KONG.value})
CLAIM_MELD = {
    ActionType.CHOW.value: MeldKind.CHOW,
    ActionType.PUNG.value: MeldKind.PUNG,
    ActionType.KONG.value: MeldKind.KONG_EXPOSED,
}
HAND_BEFORE_LAST_CLAIM = 4
"""With four concealed tiles a claim would leave one: 手把一 (BC-03)."""


@dataclasses.dataclass(frozen=True)
class BaichengOptions(RulesetOptions):
    """底注 is ``base``."""

    fee_percent: int = fee_percent_option()


class Baicheng(Ruleset):
    name = "baicheng"
    title_zh = "白城鸡宝夹"
    Options = BaichengOptions
    rooms = (Room("baicheng", "白城鸡宝夹", "Baicheng", "白城"),)
    fee_policy = FeePolicy.SETTLEMENT
    options: BaichengOptions

    tile_set_size = 120
    allows_chow = True
    multiple_winners = False
    wild_self_draw = True
    bot_guards_hard = True  # 点炮 doubles the discarder's line; 荒庄 costs no hand

    def first_dealer(self, rng: random.Random) -> int:
        """The first dealer is chosen at random (§2)."""
        return rng.randrange(4)

    # --- the treasure ---------------------------------------------------------------------------
    def setup_hand(self, hand: HandMachine) -> None:
        """Turn up the treasure: the second-to-last stack is set aside, never drawn (BC-04c)."""
        hand.wall.exclude_stack(hand.wall.tail_stack(1))

    def treasure(self, hand: HandMachine) -> int | None:
        """The treasure kind now: the top indicator, then the bottom one, then none (BC-04)."""
        top, bottom = treasure_indicators(hand.wall)
        return treasure_kind(kind_of(top), kind_of(bottom), visible_counts(hand))

    def drew_treasure(self, hand: HandMachine, ctx: WinContext) -> int | None:
        """The treasure kind if this self-draw drew it (BC-05: dealt tiles are not drawn)."""
        if not ctx.self_draw or not hand.seats[ctx.seat].draws:
            return None
        top, bottom = treasure_indicators(hand.wall)
        if ctx.win_kind not in (kind_of(top), kind_of(bottom)):
            return None  # cheap exit on almost every draw
        treasure = self.treasure(hand)
        return treasure if treasure == ctx.win_kind else None

    def public_state(self, hand: HandMachine) -> dict[str, Any]:
        """The turned-up indicators (the bottom one only once it has been turned) and the
        treasure kind in force, or None when both are used up."""
        top, bottom = treasure_indicators(hand.wall)
        visible = visible_counts(hand)
        stage = treasure_stage(kind_of(top), kind_of(bottom), visible)
        shown = [top] if stage is TreasureStage.TOP else [top, bottom]
        return {
            "treasure_indicators": shown,
            "treasure": treasure_kind(kind_of(top), kind_of(bottom), visible),
        }

    # --- requirements ---------------------------------------------------------------------------
    def refusal(self, hand: HandMachine, action: Action) -> IllegalAction | None:
        """A refused win names the first requirement of §3 it breaks."""
        seat = action.seat
        if action.type is ActionType.SELF_WIN and hand.window is None and hand.current == seat:
            tile = hand.seats[seat].last_drawn
        elif action.type is ActionType.WIN and hand.window is not None:
            tile = hand.window.tile
        else:
            return None
        if tile is None:
            return None
        unmet = unmet_requirement(seat_hand(hand, seat, tile))
        return WinRequirementUnmet(unmet) if unmet is not None else None

    def win_refusal(self, hand: HandMachine, ctx: WinContext) -> str | None:
        """The first requirement of §3 the complete hand breaks (``Requirement``'s codes)."""
        unmet = unmet_requirement(table_hand(ctx))
        return unmet.value if unmet is not None else None

    def may_meld(self, hand: HandMachine, seat: int, kind: int, claim: str) -> bool:
        state = hand.seats[seat]
        if claim not in CLAIMS or len(state.concealed) != HAND_BEFORE_LAST_CLAIM:
            return True
        melds = [notation_meld(m) for m in state.melds]
        return may_claim_with_four_concealed(melds, CLAIM_MELD[claim])

    def passed_win_blocks(self, hand: HandMachine, seat: int, kind: int, score: WinScore) -> bool:
        """BC-12: after declining a win, until his next draw the player may not win on that
        kind, nor on any kind he himself discarded in this go-around."""
        declined = {passed.kind for passed in hand.seats[seat].passed}
        return bool(declined) and (kind in declined or kind in own_discards_this_turn(hand, seat))

    def requirements_missing(self, kinds: Sequence[int], opened: bool) -> int:
        return requirements_missing(kinds, opened)

    # --- value ----------------------------------------------------------------------------------
    def win_judgement_key(self, hand: HandMachine, seat: int) -> Hashable:
        """A discard win reads the tiles, the requirements on them and whether the winner deals
        (the treasure counts only on a self-draw)."""
        return seat == hand.dealer

    def fan_reference(self) -> tuple[Fan, ...]:
        """The winner's 加番, the treasure's, then the payer's own 输番 (点炮, 坐庄, 门清)."""
        return (*FAN.values(), *TREASURE_FAN.values())

    def score_win(self, hand: HandMachine, ctx: WinContext) -> WinScore | None:
        dealer = ctx.seat == hand.dealer
        treasure = self.drew_treasure(hand, ctx)
        if treasure is not None:
            ready = dataclasses.replace(table_hand(ctx), winning=None)
            win = treasure_win(ready, treasure, winner_is_dealer=dealer)
            if win is None:
                return None
            return winner_fans(
                win.hand, self_draw=True, winner_is_dealer=dealer, treasure_fan=win.fan
            )
        if not is_standard_win(ctx.counts):
            return None
        complete = table_hand(ctx)
        if unmet_requirement(complete) is not None:
            return None
        return winner_fans(complete, self_draw=ctx.self_draw, winner_is_dealer=dealer)

    # --- money ----------------------------------------------------------------------------------
    def payment_reference(self) -> tuple[rules.PaymentRule, ...]:
        """Read from the constants ``baicheng_scoring`` pays with: all three losers pay every
        win, each doubled by the winner's 加番 and his own 输番 (BC-06); kong money is due at the
        end of every hand, a drawn one too (BC-11)."""
        a, rule = self.options.base, rules.PaymentRule
        found = []
        if fee := self.room_fee(a):
            found.append(rule("台费", rules.EVERYONE, rules.HOUSE, fee))
        return (
            *found,
            rule(WIN_REASON, rules.OTHERS, rules.WINNER, a, rules.DOUBLING),
            rule("明杠", rules.OTHERS, rules.KONGER, EXPOSED_KONG_MONEY * a),
            rule("暗杠", rules.OTHERS, rules.KONGER, CONCEALED_KONG_MONEY * a),
        )

    def kong_money(self, hand: HandMachine) -> list[Payment]:
        return kong_payments(standing_kongs(hand), stake=self.options.base)

    def win_payments(
        self, hand: HandMachine, win: WinRecord, kong_chain: tuple[KongRecord, ...]
    ) -> list[Payment]:
        lines = win_lines(
            winner=win.seat,
            winner_fan=win.score.fan,
            discarder=win.discarder,
            dealer=hand.dealer,
            stake=self.options.base,
            melds_by_seat={s: [notation_meld(m) for m in hand.seats[s].melds] for s in range(4)},
        )
        fee = self.room_fee(self.options.base)
        return [
            *table_fee_payments(fee),
            *win_payments(lines, winner=win.seat),
            *self.kong_money(hand),
        ]

    def exhaustive_payments(self, hand: HandMachine) -> list[Payment]:
        """荒庄: only kong money, no table fee (§6, BC-13)."""
        return self.kong_money(hand)

    def cut_short_payments(self, hand: HandMachine) -> list[Payment]:
        """Kong money is due at the end of every hand (BC-11), an escape's too."""
        return self.kong_money(hand)


def treasure_indicators(wall: Wall) -> tuple[int, int]:
    """The top and bottom tiles of the set-aside treasure stack (the last excluded one)."""
    for stack in range(wall.stack_count - 1, -1, -1):
        if wall.is_excluded(2 * stack):
            return wall.peek(2 * stack), wall.peek(2 * stack + 1)
    raise AssertionError("a Baicheng hand always has its treasure stack set aside")


def own_discards_this_turn(hand: HandMachine, seat: int) -> set[int]:
    """Kinds the seat discarded since its own last draw, read from the public event log."""
    kinds = set()
    for event in reversed(hand.events):
        if event.public.get("seat") != seat:
            continue
        if event.type == "drew":
            break
        if event.type == "discarded":
            kinds.add(kind_of(event.public["tile"]))
    return kinds


def visible_counts(hand: HandMachine) -> list[int]:
    """Face-up copies of each kind: discards and exposed melds (concealed kongs stay hidden)."""
    counts = [0] * NUM_KINDS
    for state in hand.seats:
        for tile in state.discards:
            counts[kind_of(tile)] += 1
        for meld in state.melds:
            if meld.type != MeldKind.KONG_CONCEALED.value:
                for tile in meld.tiles:
                    counts[kind_of(tile)] += 1
    return counts
