"""国标麻将 (Chinese Official, MCR) on the shared machine — docs/guobiao.md.

144 tiles with the eight flowers set aside and replaced (the machine's 补花), chow from the
上家, seven pairs and the knitted shapes, 截和 (the first in turn wins a contested discard), the
81 fans of ``guobiao_fans`` with the 8-fan minimum (flowers not counted; a win below it is never
offered, so a 错和 cannot be declared), and the competition settlement: fan + 8 from the
discarder and 8 from each other player, or fan + 8 from each on a self-draw.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from qipai.mahjong import payment_rules as rules
from qipai.mahjong.notation import MeldKind
from qipai.mahjong.rulesets.base import Room, Ruleset
from qipai.mahjong.rulesets.fees import fee_percent_option
from qipai.mahjong.rulesets.guobiao_bot import fans_missing
from qipai.mahjong.rulesets.guobiao_fan_table import FAN_ROWS
from qipai.mahjong.rulesets.guobiao_fans import (
    FanScore,
    GuobiaoHand,
    NotAWinError,
    knitted_waits,
    knitted_win,
    score_hand,
)
from qipai.mahjong.rulesets.lengzi_table_hand import table_hand
from qipai.mahjong.rulesets.options import RulesetOptions
from qipai.mahjong.rulesets.zhongyou import seat_wind
from qipai.mahjong.scoring import FAN_POINTS, Fan, Payment, WinRecord, WinScore
from qipai.mahjong.table.actions import ActionType
from qipai.mahjong.table.state import WinContext
from qipai.mahjong.tiles import NUM_KINDS, WINDS, kind_of

if TYPE_CHECKING:
    from qipai.mahjong.table.machine import HandMachine, KongRecord

ROUNDS = 4
"""The East, South, West and North rounds, four hands each: the deal passes every hand."""
BASE_POINTS = 8
"""What every other player pays the winner on top of the fans (competition settlement)."""


@dataclasses.dataclass(frozen=True)
class GuobiaoOptions(RulesetOptions):
    fee_percent: int = fee_percent_option()


class Guobiao(Ruleset):
    name = "guobiao"
    title_zh = "国标麻将"
    Options = GuobiaoOptions
    rooms = (Room("guobiao", "国标麻将", "Guobiao", "国标"),)
    options: GuobiaoOptions

    tile_set_size = 144
    allows_chow = True
    multiple_winners = False
    seven_pairs = True
    quads_as_two_pairs = True
    thirteen_orphans = True
    fan_unit = FAN_POINTS  # competition points: fan + 8, not doubled

    match_rounds = ROUNDS

    def kinds_in_play(self) -> tuple[int, ...]:
        """The 34 kinds a hand holds: flowers are set aside as soon as they come."""
        return tuple(range(NUM_KINDS))

    def new_table_state(self) -> dict[str, Any]:
        return {"round": 0}

    def enter_round(self, table_state: dict[str, Any], round_number: int) -> None:
        """The prevalent wind (圈风) follows the match's round."""
        table_state["round"] = round_number

    def table_state_seen(self, public: Mapping[str, Any]) -> dict[str, Any]:
        return {"round": WINDS.index(public["round_wind"])}

    def public_state(self, hand: HandMachine) -> dict[str, Any]:
        """The prevalent wind and each seat's wind, as shown at the table."""
        return {
            "round_wind": WINDS[hand.table_state["round"] % ROUNDS],
            "seat_winds": [seat_wind(seat, hand.dealer) for seat in range(4)],
        }

    def next_dealer(self, hand: HandMachine) -> int | None:
        """Competition play has no 连庄: the deal passes to the 下家 after every hand."""
        return (hand.dealer + 1) % 4

    def passed_win_blocks(self, hand: HandMachine, seat: int, kind: int, score: WinScore) -> bool:
        """The competition rules know no 过手 restriction: a declined win bars nothing."""
        return False

    # --- shapes -------------------------------------------------------------------------------
    def special_shape_win(self, counts: Sequence[int], melds: int) -> bool:
        """组合龙 (a knitted straight with a set and a pair) and 全不靠 / 七星不靠."""
        return knitted_win(counts, melds)

    def special_shape_waits(self, counts: Sequence[int], melds: int) -> tuple[int, ...]:
        return knitted_waits(counts, melds)

    # --- value --------------------------------------------------------------------------------
    def fan_score(self, hand: HandMachine, ctx: WinContext) -> FanScore | None:
        """The calculator's itemised fans for this candidate win, the table's moment included:
        winds, flowers, 和绝张, 妙手回春 / 海底捞月, 杠上开花 / 抢杠和; None if it is no win.

        The bot values its candidate wins from the public facts alone (``bot_seat.TableFacts``,
        no seats nor wall): there it counts neither flowers, 和绝张 nor the last tile, which
        only ever add fans."""
        text = table_hand(ctx)
        seats = getattr(hand, "seats", None)
        wall = getattr(hand, "wall", None)
        stated = GuobiaoHand(
            concealed=text.concealed,
            winning=ctx.win_kind,
            melds=text.melds,
            flowers=len(seats[ctx.seat].flowers) if seats else 0,
            self_drawn=ctx.self_draw,
            fourth_tile=bool(seats) and _shown_elsewhere(hand, ctx) == 3,
            kong=ctx.after_kong or ctx.robbing,
            last_tile=wall is not None and wall.remaining() == 0,
            seat_wind=(ctx.seat - hand.dealer) % 4,
            prevalent_wind=hand.table_state["round"] % ROUNDS,
        )
        try:
            return score_hand(stated)
        except NotAWinError:
            return None

    def score_win(self, hand: HandMachine, ctx: WinContext) -> WinScore | None:
        """A win only at 8 fans or more without the flowers (起和番); the flowers then count."""
        score = self.fan_score(hand, ctx)
        if score is None or not score.may_win:
            return None
        fans = tuple(
            Fan(item.name_zh, item.value * item.count, item.name_en) for item in score.items
        )
        return WinScore(fans, score.total, score.total)

    def win_refusal(self, hand: HandMachine, ctx: WinContext) -> str | None:
        score = self.fan_score(hand, ctx)
        return "below_min_fan" if score is not None and not score.may_win else None

    def fan_reference(self) -> tuple[Fan, ...]:
        """The 81 fans in the rules' order (and the reference's 明暗杠 last), each flower 1."""
        return tuple(Fan(row.name_zh, row.value, row.name_en) for row in FAN_ROWS)

    def requirements_missing(self, kinds: Sequence[int], opened: bool) -> int:
        """How far the hand is from any pattern that makes the 8-fan minimum (the bot's guide:
        a plain hand of chows and pungs can never win here)."""
        return fans_missing(kinds, opened)

    # --- money ----------------------------------------------------------------------------------
    def win_payments(
        self, hand: HandMachine, win: WinRecord, kong_chain: tuple[KongRecord, ...]
    ) -> list[Payment]:
        """Competition settlement, in points times the room's stake: a self-draw takes fan + 8
        from each; a discard win fan + 8 from the discarder and 8 from each of the others."""
        stake = self.options.base
        full = (win.score.fan + BASE_POINTS) * stake
        others = [seat for seat in range(4) if seat != win.seat]
        if win.self_draw:
            return [Payment(seat, win.seat, full, "自摸") for seat in others]
        return [
            Payment(seat, win.seat, full, "点炮")
            if seat == win.discarder
            else Payment(seat, win.seat, BASE_POINTS * stake, "胡")
            for seat in others
        ]

    def payment_reference(self) -> tuple[rules.PaymentRule, ...]:
        """The amounts ``win_payments`` pays: fan + 8 from the discarder (8 from each of the
        others) or from each on a self-draw, times the stake; the fee is the economy's."""
        stake, rule = self.options.base, rules.PaymentRule
        return (
            rule("点炮", rules.DISCARDER, rules.WINNER, stake, rules.FAN_PLUS, BASE_POINTS),
            rule("胡", rules.BYSTANDERS, rules.WINNER, BASE_POINTS * stake),
            rule("自摸", rules.OTHERS, rules.WINNER, stake, rules.FAN_PLUS, BASE_POINTS),
        )


def _shown_elsewhere(hand: HandMachine, ctx: WinContext) -> int:
    """Copies of the winning kind open on the table besides the winning tile itself: the
    rivers and every seat's exposed melds (和绝张 is the win on the last one of four).

    A discard win is judged twice, while the tile lies in the river (the offer) and after it
    has left it (the record): the hand's last discard is left out both times, so they agree."""
    kind = ctx.win_kind
    offered = None
    if not ctx.self_draw:
        offered = next(
            (a.tile for a in reversed(hand.actions) if a.type is ActionType.DISCARD), None
        )
    shown = 0
    for state in hand.seats:
        shown += sum(1 for tile in state.discards if kind_of(tile) == kind and tile != offered)
        for meld in state.melds:
            if meld.type != MeldKind.KONG_CONCEALED.value:
                shown += sum(1 for tile in meld.tiles if kind_of(tile) == kind)
    return shown
