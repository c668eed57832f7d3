"""长安棱子 settlement (ruleset-lengzi.md §7): the win, 下炮, the 锅底 pot and kong money.

Every payer of a win pays ``A × 2^(d + z + l)``: one doubling when the winner or that payer is
the dealer, one for a self-draw (炸弹), one for a one-tile wait (棱子). Those three doublings are
what the seed's eight-row table encodes, so the items shown to players are exactly them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from qipai.mahjong.notation import HandText, MeldKind
from qipai.mahjong.rulesets.lengzi_waits import wait_shape
from qipai.mahjong.scoring import HOUSE, POT, Fan, Payment, WinScore, fan_table

SEATS = 4
FIXED_POT_CONTRIBUTION = 100
"""The seed's literal 100 coins per 点炮 (LZ-10), whatever the stake."""

EXPOSED_KONGS = (MeldKind.KONG_EXPOSED, MeldKind.KONG_ADDED)
KONG_MONEY = {"明杠": 1, "暗杠": 2}
"""Each other player pays A per exposed kong, 2A per concealed one (LZ-03)."""
PAO_UNITS = {"discard": 1, "self_draw": 2}
"""下炮 (LZ-09): A per 炮 on a discard win, 2A on a self-draw."""

FAN = fan_table(
    Fan("棱子", 1),
    Fan("庄家", 1),
    Fan("炸弹", 1),
)
"""Every fan of the ruleset (FAN values are written here only)."""
LENGZI_FAN = FAN["棱子"]


def is_lengzi(hand: HandText, *, strict_single_wait: bool = False) -> bool:
    """棱子: closed, edge or unique single wait (LZ-06); with 独听 only a unique wait (LZ-13)."""
    shape = wait_shape(hand)
    if strict_single_wait:
        return len(shape.waits) == 1
    return shape.closed or shape.edge or shape.single


def win_name(*, self_draw: bool, lengzi: bool) -> str:
    if lengzi:
        return "棱子炸" if self_draw else "棱子胡"
    return "炸弹" if self_draw else "胡"


def lengzi_score(*, winner_is_dealer: bool, self_draw: bool, lengzi: bool) -> WinScore:
    """The winner's doublings; a dealer payer adds his own one in ``win_payments``."""
    fans = []
    if winner_is_dealer:
        fans.append(FAN["庄家"])
    if self_draw:
        fans.append(FAN["炸弹"])
    if lengzi:
        fans.append(LENGZI_FAN)
    total = sum(f.value for f in fans)
    return WinScore(fans=tuple(fans), fan=total, raw_fan=total)


@dataclass(frozen=True)
class LengziWin:
    """A finished win: ``discarder`` is None for a self-draw, the konger for a robbed kong."""

    winner: int
    discarder: int | None
    lengzi: bool

    @property
    def self_draw(self) -> bool:
        return self.discarder is None

    @property
    def name(self) -> str:
        return win_name(self_draw=self.self_draw, lengzi=self.lengzi)

    def payers(self, *, all_pay: bool) -> tuple[int, ...]:
        """The discarder alone pays a discard win (LZ-08) unless the room chose 全家付."""
        if self.discarder is not None and not all_pay:
            return (self.discarder,)
        return tuple(s for s in range(SEATS) if s != self.winner)


def win_payments(
    win: LengziWin,
    *,
    dealer: int,
    stake: int,
    xiapao: Sequence[bool],
    all_pay: bool = False,
) -> list[Payment]:
    """The win itself and its 下炮 side stakes (LZ-09: A per 炮, 2A on a self-draw)."""
    base_exponent = int(win.self_draw) + int(win.lengzi)
    pao_unit = stake * PAO_UNITS["self_draw" if win.self_draw else "discard"]
    payments = []
    for payer in win.payers(all_pay=all_pay):
        dealer_bit = int(dealer in (win.winner, payer))
        amount = stake << (base_exponent + dealer_bit)
        payments.append(Payment(payer, win.winner, amount, win.name))
    for payer in win.payers(all_pay=all_pay):
        pao = int(xiapao[win.winner]) + int(xiapao[payer])
        if pao:
            payments.append(Payment(payer, win.winner, pao_unit * pao, "下炮"))
    return payments


def pot_contribution(stake: int, *, pot_scale: bool = False) -> int:
    """100 coins per 点炮 (LZ-10), or ``10 × A`` with the pot_scale room option (LZ-15)."""
    return 10 * stake if pot_scale else FIXED_POT_CONTRIBUTION


def pot_payments(win: LengziWin, *, pot: int, contribution: int) -> list[Payment]:
    """The discarder feeds the pot; only a 棱子炸 empties it (§7.2)."""
    if win.discarder is not None:
        return [Payment(win.discarder, POT, contribution, "点炮入锅")]
    if win.lengzi and pot > 0:
        return [Payment(POT, win.winner, pot, "锅底")]
    return []


def kong_payments(kongs: Iterable[tuple[int, MeldKind]], *, stake: int) -> list[Payment]:
    """Each other player pays A per exposed kong, 2A per concealed one (LZ-03).

    Only called for a hand that has a winner: after 荒牌 nothing is paid.
    """
    payments = []
    for owner, kind in kongs:
        if kind in EXPOSED_KONGS:
            reason = "明杠"
        elif kind is MeldKind.KONG_CONCEALED:
            reason = "暗杠"
        else:
            raise ValueError(f"{kind} is not a kong")
        amount = KONG_MONEY[reason] * stake
        payments.extend(
            Payment(payer, owner, amount, reason) for payer in range(SEATS) if payer != owner
        )
    return payments


def settle_win(
    win: LengziWin,
    *,
    dealer: int,
    stake: int,
    xiapao: Sequence[bool],
    kongs: Iterable[tuple[int, MeldKind]],
    pot: int,
    all_pay: bool = False,
    pot_scale: bool = False,
    table_fee: int = 0,
) -> list[Payment]:
    """Every transfer of a won hand, the table fee first (PL-16: deducted before payouts)."""
    return [
        *table_fee_payments(table_fee),
        *win_payments(win, dealer=dealer, stake=stake, xiapao=xiapao, all_pay=all_pay),
        *pot_payments(win, pot=pot, contribution=pot_contribution(stake, pot_scale=pot_scale)),
        *kong_payments(kongs, stake=stake),
    ]


def table_fee_payments(fee: int) -> list[Payment]:
    """台费: every player pays the house, only in a hand that has a winner (000:L193)."""
    return [Payment(seat, HOUSE, fee, "台费") for seat in range(SEATS)] if fee else []


def split_pot(pot: int, leaver: int) -> list[Payment]:
    """The first player to leave shares the pot among the other three; the remainder stays."""
    share = pot // 3
    if share == 0:
        return []
    return [Payment(POT, seat, share, "锅底平分") for seat in range(SEATS) if seat != leaver]
