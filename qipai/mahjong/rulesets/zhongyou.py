"""众游世界 (Zhongyou world) on the shared machine — ruleset-zhongyou.md.

136 tiles, chow from the 上家, 十三幺, 截胡, seat and round winds, the ZY-09 fan table capped at
9, and the liabilities that make one player pay a whole self-draw (包自摸, 杠开, 抢杠).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any

from qipai.mahjong import payment_rules as rules
from qipai.mahjong.notation import MeldKind
from qipai.mahjong.rulesets.base import Room, Ruleset
from qipai.mahjong.rulesets.fees import FeePolicy, fee_percent_option
from qipai.mahjong.rulesets.lengzi_settlement import (
    table_fee_payments,
)
from qipai.mahjong.rulesets.lengzi_table_hand import table_hand
from qipai.mahjong.rulesets.options import RulesetOptions, option
from qipai.mahjong.rulesets.zhongyou_fans import FAN, LIMIT, ZhongyouMoment, zhongyou_score
from qipai.mahjong.rulesets.zhongyou_settlement import (
    LIABLE_SHARES,
    discard_shares,
    liability,
    share_payments,
    twelve_down_feeder,
)
from qipai.mahjong.scoring import Fan, Payment, WinRecord, WinScore
from qipai.mahjong.table.state import WinContext
from qipai.mahjong.tiles import WINDS

if TYPE_CHECKING:
    from qipai.mahjong.table.machine import HandMachine, KongRecord

ROUNDS = 4
"""A full game is the East, South, West and North rounds (ZY-02)."""


@dataclasses.dataclass(frozen=True)
class ZhongyouOptions(RulesetOptions):
    min_fan: int = option(0, (0, 1, 3), "fewest fan a win needs (ZY-05; 0 = 鸡胡 may win)")
    full_shoot: bool = option(False, (False, True), "全铳: the discarder pays three shares")
    fee_percent: int = fee_percent_option()


def seat_wind(seat: int, dealer: int) -> int:
    """The seat's wind kind: the dealer is East, his 下家 South, and so on (ZY-02)."""
    return WINDS[(seat - dealer) % 4]


class Zhongyou(Ruleset):
    name = "zhongyou"
    title_zh = "众游世界"
    Options = ZhongyouOptions
    rooms = (Room("zhongyou", "众游世界", "Zhongyou", "众游"),)
    random_seating = True  # ZY-02: seats are drawn by lot
    fee_policy = FeePolicy.SETTLEMENT
    options: ZhongyouOptions

    tile_set_size = 136
    allows_chow = True
    multiple_winners = False
    thirteen_orphans = True
    passed_win_lifted_by_claim = True
    bot_pattern_paths = True  # 清一色 pays 2^7 a plain hand's share, 门前清 doubles

    match_rounds = ROUNDS

    def new_table_state(self) -> dict[str, Any]:
        """East deals the first hand (ZY-20), so East opens the East round."""
        return {"round": 0}

    def enter_round(self, table_state: dict[str, Any], round_number: int) -> None:
        """The round wind follows the match's round (ZY-02)."""
        table_state["round"] = round_number

    def table_state_seen(self, public: Mapping[str, Any]) -> dict[str, Any]:
        """The round, from the round wind on the table (the only table state a win reads)."""
        return {"round": WINDS.index(public["round_wind"])}

    def round_wind(self, hand: HandMachine) -> int:
        return WINDS[hand.table_state["round"] % ROUNDS]

    def public_state(self, hand: HandMachine) -> dict[str, Any]:
        """The round wind and each seat's wind, as shown at the table."""
        return {
            "round_wind": self.round_wind(hand),
            "seat_winds": [seat_wind(seat, hand.dealer) for seat in range(4)],
        }

    # --- value --------------------------------------------------------------------------------
    def moment(self, hand: HandMachine, ctx: WinContext) -> ZhongyouMoment:
        """What the table adds to the tiles: winds, 杠开, 抢杠, 海底, 天和 / 人和 / 地和."""
        human = (
            not ctx.self_draw
            and not ctx.robbing
            and ctx.seat != hand.dealer
            and hand.discard_count == 1
        )
        return ZhongyouMoment(
            seat_wind=seat_wind(ctx.seat, hand.dealer),
            round_wind=self.round_wind(hand),
            self_draw=ctx.self_draw,
            after_kong=ctx.after_kong,
            robbing=ctx.robbing,
            last_tile=ctx.self_draw and hand.wall.remaining() == 0,
            heavenly=ctx.heavenly,
            human=human,
            earthly=ctx.earthly,
        )

    def win_judgement_key(self, hand: HandMachine, seat: int) -> Hashable:
        """The winds and 人和 (a non-dealer winning on the hand's first discard) count towards
        the minimum fan; the rest of a discard win's moment is off."""
        return (
            seat_wind(seat, hand.dealer),
            self.round_wind(hand),
            seat != hand.dealer and hand.discard_count == 1,
        )

    def fan_reference(self) -> tuple[Fan, ...]:
        return tuple(FAN.values())

    def win_refusal(self, hand: HandMachine, ctx: WinContext) -> str | None:
        """ZY-05: the room asks for more fan than the win makes."""
        score = zhongyou_score(table_hand(ctx), self.moment(hand, ctx))
        return "below_min_fan" if score is not None and score.fan < self.options.min_fan else None

    def score_win(self, hand: HandMachine, ctx: WinContext) -> WinScore | None:
        score = zhongyou_score(table_hand(ctx), self.moment(hand, ctx))
        if score is None or score.fan < self.options.min_fan:
            return None
        return score

    def passed_win_blocks(self, hand: HandMachine, seat: int, kind: int, score: WinScore) -> bool:
        """ZY-06 "不能胡那一张的": only the declined kind is barred, not every discard."""
        return any(passed.kind == kind for passed in hand.seats[seat].passed)

    # --- money ----------------------------------------------------------------------------------
    def payment_reference(self) -> tuple[rules.PaymentRule, ...]:
        """Read from the constants ``zhongyou_settlement`` pays with: one share is the stake
        doubled by the win's fan (capped at ``LIMIT``)."""
        a, rule = self.options.base, rules.PaymentRule
        found = []
        if fee := self.room_fee(a):
            found.append(rule("台费", rules.EVERYONE, rules.HOUSE, fee))
        shares = discard_shares(full_shoot=self.options.full_shoot)
        return (
            *found,
            rule("点炮", rules.DISCARDER, rules.WINNER, shares * a, rules.DOUBLING),
            rule("自摸", rules.OTHERS, rules.WINNER, a, rules.DOUBLING),
            *(
                rule(reason, rules.LIABLE, rules.WINNER, LIABLE_SHARES * a, rules.DOUBLING)
                for reason in ("包自摸", "杠开包", "抢杠")
            ),
            rule("封顶", "", "", LIMIT, rules.FAN_CAP),
        )

    def win_payments(
        self, hand: HandMachine, win: WinRecord, kong_chain: tuple[KongRecord, ...]
    ) -> list[Payment]:
        last_kong = kong_chain[-1] if kong_chain else None
        direct_kong_feeder = (
            last_kong.from_seat
            if win.after_kong and last_kong and last_kong.type == MeldKind.KONG_EXPOSED.value
            else None
        )
        liable = liability(
            self_draw=win.self_draw,
            robbed_konger=win.discarder if win.robbed_kong else None,
            feeder=twelve_down_feeder(hand.seats[win.seat].melds),
            kong_discarder=direct_kong_feeder,
        )
        fee = self.room_fee(self.options.base)
        return table_fee_payments(fee) + share_payments(
            winner=win.seat,
            fan=win.score.fan,
            stake=self.options.base,
            discarder=win.discarder,
            liable=liable,
            full_shoot=self.options.full_shoot,
        )
