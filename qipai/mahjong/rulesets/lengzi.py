"""长安棱子 (Chang'an lengzi) on the shared machine — ruleset-lengzi.md.

136 tiles (room option 108), no chow, 截胡, concealed kongs laid face-up, a 20-tile reserve,
棱子 wins by one-tile waits, and the table's 锅底 pot and 下炮 toggles, which outlive the hand
in the table state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any

from qipai.mahjong import payment_rules as rules
from qipai.mahjong.notation import MeldKind
from qipai.mahjong.rulesets.base import Room, Ruleset
from qipai.mahjong.rulesets.fees import FeePolicy
from qipai.mahjong.rulesets.lengzi_settlement import (
    FAN,
    KONG_MONEY,
    LENGZI_FAN,
    PAO_UNITS,
    LengziWin,
    is_lengzi,
    lengzi_score,
    pot_contribution,
    settle_win,
    split_pot,
    win_name,
)
from qipai.mahjong.rulesets.lengzi_table_hand import standing_kongs, table_hand
from qipai.mahjong.rulesets.options import RulesetOptions, option
from qipai.mahjong.scoring import POT, Fan, Payment, WinRecord, WinScore, net
from qipai.mahjong.table.errors import IllegalAction
from qipai.mahjong.table.state import WinContext

if TYPE_CHECKING:
    from qipai.mahjong.table.machine import HandMachine, KongRecord

XIAPAO = "xiapao"
"""The between-hands choice of LZ-09, as the table offers it."""

RESERVE = 20
"""荒牌: a normal draw with 10 stacks or fewer left ends the hand (LZ-07)."""


@dataclasses.dataclass(frozen=True)
class LengziOptions(RulesetOptions):
    tiles: int = option(136, (136, 108), "tile set: 136 with honours (LZ-01) or 108 suits only")
    all_pay: bool = option(False, (False, True), "全家付: all three pay a discard win (LZ-08)")
    strict_single_wait: bool = option(
        False, (False, True), "独听: 棱子 only with a single waiting kind (LZ-13)"
    )
    pot_scale: bool = option(False, (False, True), "each 点炮 feeds 10 × A into the pot, not 100")
    table_fee: int = option(
        10, (10, 0, 1, 5, 20, 50, 100), "台费 per player per won hand (PL-16); 0 = none"
    )


class Lengzi(Ruleset):
    name = "lengzi"
    title_zh = "长安棱子"
    Options = LengziOptions
    rooms = (Room("lengzi", "长安棱子", "Lengzi", "棱子"),)
    fee_policy = FeePolicy.SETTLEMENT
    options: LengziOptions

    allows_chow = False
    multiple_winners = False
    concealed_kongs_hidden = False
    keeps_pot = True

    @property
    def tile_set_size(self) -> int:  # type: ignore[override]
        return self.options.tiles

    def reserve(self, hand: HandMachine) -> int:
        return RESERVE

    @classmethod
    def rules_without_coins(cls, rules: Mapping[str, Any]) -> dict[str, Any]:
        """No 台费, and the pot takes 10 × A per 点炮 (LZ-15's scaled pot): the seed's 10 and
        100 are coins at a coin room's lowest stake of 10, a stake and ten stakes; at a friendly
        table's stake of 1 the literal 100 would make a 棱子胡 winner lose."""
        return {**rules, "table_fee": 0, "pot_scale": True}

    def room_fee(self, stake: int) -> int:
        """A flat 台费, whatever the stake (000:L191)."""
        return self.options.table_fee

    def new_table_state(self) -> dict[str, Any]:
        return {"pot": 0, "xiapao": [False, False, False, False]}

    def table_pot(self, table_state: dict[str, Any]) -> int:
        return table_state["pot"]

    def set_table_pot(self, table_state: dict[str, Any], amount: int) -> None:
        table_state["pot"] = amount

    def between_hands_choices(self) -> tuple[str, ...]:
        """下炮, toggled by every player before every deal (LZ-09)."""
        return (XIAPAO,)

    def choose(self, table_state: dict[str, Any], seat: int, choice: str, on: bool) -> None:
        if choice != XIAPAO:
            raise IllegalAction(f"Lengzi has no choice {choice!r}")
        set_xiapao(table_state, seat, on)

    def first_leaver_payments(self, table_state: dict[str, Any], leaver: int) -> list[Payment]:
        """The first player to leave the table splits the pot among the other three (§7.2,
        LZ-10); the match asks only for its first leaver, and the pot goes on for the
        refilled table."""
        payments = split_pot(table_state["pot"], leaver)
        book_pot(table_state, payments)
        return payments

    def replacement_tile(self, hand: HandMachine, kong_type: str) -> int:
        """明杠上面，暗杠下面 (LZ-02): an exposed kong takes the top of the last stack, a
        concealed kong the bottom."""
        concealed = kong_type == MeldKind.KONG_CONCEALED.value
        return hand.wall.draw_replacement(bottom_first=concealed)

    def public_state(self, hand: HandMachine) -> dict[str, Any]:
        """The pot and everyone's 下炮 are on the table for all to see."""
        state = hand.table_state
        return {"pot": state["pot"], "xiapao": list(state["xiapao"])}

    def book_hand(self, hand: HandMachine, table_state: dict[str, Any]) -> None:
        if hand.settlement is not None:
            book_pot(table_state, list(hand.settlement.payments))

    # --- value --------------------------------------------------------------------------------
    def win_judgement_key(self, hand: HandMachine, seat: int) -> Hashable:
        """Besides the tiles, a win's value reads only whether the winner deals."""
        return seat == hand.dealer

    def fan_reference(self) -> tuple[Fan, ...]:
        return tuple(FAN.values())

    def score_win(self, hand: HandMachine, ctx: WinContext) -> WinScore | None:
        lengzi = is_lengzi(table_hand(ctx), strict_single_wait=self.options.strict_single_wait)
        return lengzi_score(
            winner_is_dealer=ctx.seat == hand.dealer, self_draw=ctx.self_draw, lengzi=lengzi
        )

    # --- money ----------------------------------------------------------------------------------
    def payment_reference(self) -> tuple[rules.PaymentRule, ...]:
        """Read from the constants ``lengzi_settlement`` pays with; everything but 锅底平分 is
        paid only in a hand that has a winner (LZ-03)."""
        a, rule = self.options.base, rules.PaymentRule
        winner_payer = rules.OTHERS if self.options.all_pay else rules.DISCARDER
        found = []
        if self.options.table_fee:
            found.append(rule("台费", rules.EVERYONE, rules.HOUSE, self.options.table_fee))
        found += [
            rule(
                win_name(self_draw=False, lengzi=False),
                winner_payer,
                rules.WINNER,
                a,
                rules.DOUBLING,
            ),
            rule(
                win_name(self_draw=True, lengzi=False),
                rules.OTHERS,
                rules.WINNER,
                a,
                rules.DOUBLING,
            ),
            *(
                rule("下炮", payer, rules.WINNER, a * PAO_UNITS[moment], rules.PER_PAO)
                for moment, payer in (("discard", winner_payer), ("self_draw", rules.OTHERS))
            ),
            rule("点炮入锅", rules.DISCARDER, rules.POT, self.discard_win_surcharge()),
            rule("锅底", rules.POT, rules.WINNER, None, rules.WHOLE_POT),
            *(
                rule(reason, rules.OTHERS, rules.KONGER, units * a)
                for reason, units in KONG_MONEY.items()
            ),
            rule("锅底平分", rules.POT, rules.LEFT_BEHIND, None, rules.POT_THIRD),
        ]
        return tuple(found)

    def discard_win_surcharge(self) -> int:
        return pot_contribution(self.options.base, pot_scale=self.options.pot_scale)

    def win_payments(
        self, hand: HandMachine, win: WinRecord, kong_chain: tuple[KongRecord, ...]
    ) -> list[Payment]:
        """The fee, the win, 下炮, the pot and the kong money: all only in a hand with a winner
        (LZ-03, §7.3), so a 荒牌 moves nothing."""
        state = hand.table_state
        return settle_win(
            LengziWin(win.seat, win.discarder, LENGZI_FAN in win.score.fans),
            dealer=hand.dealer,
            stake=self.options.base,
            xiapao=state["xiapao"],
            kongs=standing_kongs(hand),
            pot=state["pot"],
            all_pay=self.options.all_pay,
            pot_scale=self.options.pot_scale,
            table_fee=self.options.table_fee,
        )


def set_xiapao(table_state: dict[str, Any], seat: int, on: bool) -> None:
    """A player's 下炮 choice for the coming deals (LZ-09); made between hands."""
    if seat not in range(4) or not isinstance(on, bool):
        raise IllegalAction(f"下炮 takes a seat 0..3 and on/off, not {seat!r}, {on!r}")
    table_state["xiapao"][seat] = on


def book_pot(table_state: dict[str, Any], payments: list[Payment]) -> None:
    """Carry a finished hand's pot movements into the table's pot."""
    table_state["pot"] += net(payments).get(POT, 0)
