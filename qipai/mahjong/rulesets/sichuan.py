"""Sichuan mahjong (四川麻将), normal and 血战到底 modes — ruleset-sichuan.md.

108 tiles, no chow, seven pairs (four of a kind = two pairs and a 根), 一炮多响, 定缺 (SC-01),
刮风下雨 paid at once, 杠上炮 transfers, 自摸加底, the cap, the last-four-tiles compulsory win,
过手胡, and at an exhaustive draw 查花猪, 查大叫 and 退税 in that order.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from qipai.mahjong import payment_rules as rules
from qipai.mahjong.rulesets.base import Room, Ruleset
from qipai.mahjong.rulesets.fees import fee_percent_option
from qipai.mahjong.rulesets.options import RulesetOptions, option
from qipai.mahjong.rulesets.sichuan_fans import FAN, sichuan_score, suits_present, total_counts
from qipai.mahjong.scoring import Fan, Payment, WinRecord, WinScore, multiplier
from qipai.mahjong.table.state import WinContext
from qipai.mahjong.tiles import kind_of, suit_of

if TYPE_CHECKING:
    from qipai.mahjong.table.machine import HandMachine, KongRecord

PIG_FAN = 5
"""花猪 pays the 5-fan multiplier (16), or the cap's if the cap is lower (SC-13)."""

KONG_MONEY = {
    "kong_exposed": (1, "刮风", rules.FEEDER),
    "kong_added": (1, "刮风", rules.OTHERS),
    "kong_concealed": (2, "下雨", rules.OTHERS),
}
"""刮风下雨 (§3): each kong's price in base points, its reason, and who pays it (the feeder of a
direct kong, each other seat in play for the others)."""


@dataclasses.dataclass(frozen=True)
class SichuanOptions(RulesetOptions):
    xuezhan: bool = option(False, (False, True), "血战到底: winners leave, the others play on")
    void_declaration: bool = option(True, (True, False), "定缺 declaration (off = seed-literal)")
    cap: int = option(6, (3, 4, 5, 6, 0), "封顶 in fan (0 = no cap)")
    dajiao: str = option("max", ("max", "min"), "查大叫 pays the maximum or minimum wait")
    self_draw: str = option("base", ("base", "fan", "none"), "自摸加底 / 自摸加番 / nothing")
    dian_gang_hua: str = option("discard", ("discard", "self_draw"), "点杠花 paid as")
    dealer_rule: str = option("standard", ("standard", "qq"), "dealer rotation (SC-18)")
    fee_percent: int = fee_percent_option()


class Sichuan(Ruleset):
    name = "sichuan"
    title_zh = "四川麻将"
    Options = SichuanOptions
    rooms = (
        Room("sichuan", "四川麻将", "Sichuan", "四川", {"xuezhan": False}),
        Room("xuezhan", "血战到底", "Xuezhan", "血战", {"xuezhan": True}),
    )
    options: SichuanOptions

    tile_set_size = 108
    allows_chow = False
    multiple_winners = True
    seven_pairs = True
    quads_as_two_pairs = True
    compulsory_win_tiles = 4

    @property
    def uses_void_declaration(self) -> bool:
        return self.options.void_declaration

    @property
    def continues_after_win(self) -> bool:
        return self.options.xuezhan

    def first_dealer(self, rng: random.Random) -> int:
        """SC-18: highest roll of two dice; tied seats roll again."""
        seats = [0, 1, 2, 3]
        while len(seats) > 1:
            rolls = {s: rng.randint(1, 6) + rng.randint(1, 6) for s in seats}
            best = max(rolls.values())
            seats = [s for s in seats if rolls[s] == best]
        return seats[0]

    # --- 定缺 and the two-suit requirement --------------------------------------------------------
    def unwanted_suit(self, hand: HandMachine, seat: int) -> int | None:
        """The suit this seat must get rid of: its 定缺, or (seed-literal) None."""
        return hand.seats[seat].void if self.options.void_declaration else None

    def bot_unwanted_suit(self, hand: HandMachine, seat: int) -> int | None:
        state = hand.seats[seat]
        return self.suit_to_shed(
            total_counts(tuple(state.counts()), tuple(state.melds)), state.void
        )

    def suit_to_shed(self, counts: Sequence[int], void: int | None) -> int | None:
        """定缺 if declared; seed-literal: the shortest suit while three are held."""
        if self.options.void_declaration:
            return void
        per_suit = [0, 0, 0]
        for kind, count in enumerate(counts):
            if count:
                per_suit[suit_of(kind)] += count
        if all(per_suit):
            return per_suit.index(min(per_suit))
        return None

    def allowed_discards(self, hand: HandMachine, seat: int) -> list[int]:
        """定缺 (SC-01): while any tile of the void suit is held, only those may go."""
        held = hand.seats[seat].concealed
        void = self.unwanted_suit(hand, seat)
        if void is not None:
            void_tiles = [t for t in held if suit_of(kind_of(t)) == void]
            if void_tiles:
                return void_tiles
        return list(held)

    def may_meld(self, hand: HandMachine, seat: int, kind: int, claim: str) -> bool:
        return suit_of(kind) != self.unwanted_suit(hand, seat)

    # --- value --------------------------------------------------------------------------------
    def win_judgement_key(self, hand: HandMachine, seat: int) -> Hashable:
        """A win's value here is the tiles' alone (the moment's flags are all off)."""
        return ()

    def fan_reference(self) -> tuple[Fan, ...]:
        return tuple(FAN.values())

    def win_refusal(self, hand: HandMachine, ctx: WinContext) -> str | None:
        """缺门 (SC-01): a tile of the void suit held, or tiles of all three suits."""
        present = suits_present(total_counts(ctx.counts, ctx.melds))
        if self.options.void_declaration and ctx.void_suit in present:
            return "holds_void_suit"
        return "three_suits" if len(present) > 2 else None

    def score_win(self, hand: HandMachine, ctx: WinContext) -> WinScore | None:
        return self.score(ctx)

    def score(self, ctx: WinContext) -> WinScore | None:
        return sichuan_score(
            ctx,
            cap=self.options.cap,
            self_draw_fan=self.options.self_draw == "fan",
            require_void=self.options.void_declaration,
        )

    def passed_win_blocks(self, hand: HandMachine, seat: int, kind: int, score: WinScore) -> bool:
        """过手胡 (SC-12): a declined discard win bars discard wins that do not score more."""
        return any(score.raw_fan <= passed.raw_fan for passed in hand.seats[seat].passed)

    # --- money ----------------------------------------------------------------------------------
    def _b(self) -> int:
        return self.options.base

    def kong_payments(self, hand: HandMachine, kong: KongRecord) -> list[Payment]:
        """刮风下雨 (§3, ``KONG_MONEY``): direct → the feeder 1b; added → each other seat in
        play 1b; concealed → each other seat in play 2b."""
        units, reason, payer = KONG_MONEY[kong.type]
        amount = units * self._b()
        if payer == rules.FEEDER:
            return [Payment(kong.from_seat, kong.seat, amount, reason)]
        return [
            Payment(s, kong.seat, amount, reason) for s in hand.active_seats() if s != kong.seat
        ]

    def kong_price(self, kong_type: str) -> rules.PaymentRule:
        units, reason, payer = KONG_MONEY[kong_type]
        return rules.PaymentRule(reason, payer, rules.KONGER, units * self._b())

    def payment_reference(self) -> tuple[rules.PaymentRule, ...]:
        """Read from ``KONG_MONEY``, the options and the helpers the settlement pays with."""
        b, rule = self._b(), rules.PaymentRule
        kongs = [self.kong_price(kong_type) for kong_type in KONG_MONEY]
        self_draw = (
            rules.DOUBLING_FROM_ONE_PLUS_BASE
            if self.options.self_draw == "base"
            else rules.DOUBLING_FROM_ONE
        )
        found = [
            *kongs,
            rule("点炮", rules.DISCARDER, rules.WINNER, b, rules.DOUBLING_FROM_ONE),
            rule("抢杠和", rules.DISCARDER, rules.WINNER, b, rules.DOUBLING_FROM_ONE),
            rule("自摸", rules.OTHERS, rules.WINNER, b, self_draw),
        ]
        if self.options.dian_gang_hua == "discard":
            found.append(rule("点杠花", rules.FEEDER, rules.WINNER, b, rules.DOUBLING_FROM_ONE))
        found += [
            rule("杠上炮", rules.DISCARDER, rules.WINNER, None, rules.MONEY_TAKEN),
            rule("查花猪", rules.PIG, rules.NOT_PIGS, self.pig_amount()),
            rule("查大叫", rules.NOT_READY, rules.READY, b, rules.DOUBLING_FROM_ONE),
            rule("退税", rules.KONGER, rules.PAYERS, None, rules.MONEY_TAKEN),
        ]
        if self.options.cap:
            found.append(rule("封顶", "", "", self.options.cap, rules.FAN_CAP))
        return tuple(found)

    def pig_amount(self) -> int:
        """What a 花猪 pays each seat that is not one (SC-13)."""
        cap = self.options.cap
        return self._b() * multiplier(min(PIG_FAN, cap) if cap else PIG_FAN)

    def win_payments(
        self, hand: HandMachine, win: WinRecord, kong_chain: tuple[KongRecord, ...]
    ) -> list[Payment]:
        b, unit = self._b(), multiplier(win.score.fan)
        if win.discarder is not None:
            reason = "抢杠和" if win.robbed_kong else "点炮"
            payments = [Payment(win.discarder, win.seat, b * unit, reason)]
            for kong in kong_chain:
                if kong.income:
                    payments.append(Payment(win.discarder, win.seat, kong.income, "杠上炮"))
                    kong.transferred = True
            return payments
        last_kong = kong_chain[-1] if kong_chain else None
        if (
            win.after_kong
            and last_kong is not None
            and last_kong.type == "kong_exposed"
            and self.options.dian_gang_hua == "discard"
        ):
            return [Payment(last_kong.from_seat, win.seat, b * unit, "点杠花")]
        each = b * (unit + 1) if self.options.self_draw == "base" else b * unit
        return [Payment(s, win.seat, each, "自摸") for s in hand.active_seats() if s != win.seat]

    def forfeits(self, hand: HandMachine, payment: Payment) -> bool:
        """SC-16: a xuezhan winner who leaves gives up his win money; kong money handed to him
        by 杠上炮 stays his."""
        return self.options.xuezhan and payment.reason != "杠上炮"

    # --- exhaustive draw --------------------------------------------------------------------------
    def is_pig(self, hand: HandMachine, seat: int) -> bool:
        """花猪: still holding its 定缺 suit, or (seed-literal) three suits."""
        state = hand.seats[seat]
        present = suits_present(total_counts(tuple(state.counts()), tuple(state.melds)))
        if self.options.void_declaration:
            return state.void in present
        return len(present) == 3

    def call_value(self, hand: HandMachine, seat: int) -> int | None:
        """查大叫 value in fan (SC-15): max or min over the waits of a plain discard-win fan,
        capped; None if not ready."""
        fans = [score.fan for score in hand.ready_scores(seat).values()]
        if not fans:
            return None
        return max(fans) if self.options.dajiao == "max" else min(fans)

    def exhaustive_payments(self, hand: HandMachine) -> list[Payment]:
        b = self._b()
        in_play = hand.active_seats()
        pigs = [s for s in in_play if self.is_pig(hand, s)]
        calls = {s: self.call_value(hand, s) for s in in_play if s not in pigs}
        payments = []
        pig_amount = self.pig_amount()
        for pig in pigs:
            payments.extend(Payment(pig, s, pig_amount, "查花猪") for s in in_play if s not in pigs)
        ready = [s for s in in_play if calls.get(s) is not None]
        for seat, value in calls.items():
            if value is None:
                payments.extend(Payment(seat, r, b * multiplier(calls[r]), "查大叫") for r in ready)
        for kong in hand.kongs:
            if kong.seat in in_play and kong.seat not in ready and not kong.transferred:
                payments.extend(
                    Payment(kong.seat, p.payer, p.amount, "退税") for p in kong.payments
                )
        return payments

    # --- flow -------------------------------------------------------------------------------------
    def hand_over_after_wins(self, hand: HandMachine) -> bool:
        return not self.options.xuezhan or len(hand.wins) >= 3

    def next_dealer(self, hand: HandMachine) -> int | None:
        """SC-18. Standard: the (first) winner; 一炮多响 → the discarder; draw → same dealer.
        QQ style (001): normal mode the discarder deals (self-draw: the winner); xuezhan dice."""
        if self.options.dealer_rule == "qq" and self.options.xuezhan:
            return None
        if not hand.win_groups:
            return hand.dealer
        first = hand.win_groups[0]
        if self.options.dealer_rule == "qq" or len(first) > 1:
            return first[0].discarder if first[0].discarder is not None else first[0].seat
        return first[0].seat
