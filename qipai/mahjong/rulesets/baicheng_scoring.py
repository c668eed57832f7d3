"""白城鸡宝夹 scoring (ruleset-baicheng.md §5-6): winner fans, payer fans, the win and kong money.

Every loser pays ``底注 × 2^(N_winner + N_payer)`` (BC-06), so a payer's own fans (点炮, 坐庄,
门清) change only his amount. Kong money is separate, does not follow the dealer and is due even
on a drawn hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from qipai.mahjong.analysis import SetShape, decompositions
from qipai.mahjong.notation import HandText, Meld, MeldKind
from qipai.mahjong.rulesets.baicheng_requirements import all_kinds, all_melds_are_triplets, opened
from qipai.mahjong.rulesets.lengzi_waits import wait_shape
from qipai.mahjong.scoring import Fan, Payment, WinScore, fan_table

SEATS = 4
CHICKEN = 18  # 1s, 幺鸡
EXPOSED_KONG_MONEY = 3
CONCEALED_KONG_MONEY = 5
WIN_REASON = "胡牌"
"""Each loser's line of a win: 胡牌, then his own 输番 (``胡牌+点炮+坐庄``)."""

FAN = fan_table(
    Fan("单漂", 2),
    Fan("双漂", 1),
    Fan("夹胡", 1),
    Fan("边夹", 1),
    Fan("单贴", 1),
    Fan("带鸡", 1),
    Fan("自摸", 1),
    Fan("庄胡", 1),
    Fan("点炮", 1),
    Fan("坐庄", 1),
    Fan("门清", 1),
)
"""Every fan of the ruleset (FAN values are written here only)."""


def is_piao(hand: HandText) -> bool:
    """漂胡: every set a pung or kong, concealed triplets included (BC-09)."""
    if not all_melds_are_triplets(hand.melds):
        return False
    counts = hand.concealed_counts(with_winning=True)
    return any(all(shape is SetShape.PUNG for shape, _ in d.sets) for d in decompositions(counts))


def wait_fan(hand: HandText) -> Fan | None:
    """The one wait item of a win (BC-07, BC-09, BC-16), the most valuable reading.

    A 漂 hand is at least 双漂; won on a unique single wait it is 单漂, which replaces 单贴.
    Otherwise the tile may be 夹胡 (closed), 边夹 (edge) or 单贴 (unique single), one +1.
    """
    shape = wait_shape(hand)
    if is_piao(hand):
        return FAN["单漂"] if shape.single else FAN["双漂"]
    if shape.closed:
        return FAN["夹胡"]
    if shape.edge:
        return FAN["边夹"]
    if shape.single:
        return FAN["单贴"]
    return None


def winner_fans(
    hand: HandText,
    *,
    self_draw: bool,
    winner_is_dealer: bool,
    treasure_fan: Fan | None = None,
) -> WinScore:
    """加番 of §5 for a complete, legal hand; ``treasure_fan`` is 摸宝 or 宝中宝 when it applies.

    For a treasure win ``hand.winning`` is the tile the treasure stands for (BC-15), so 带鸡
    and the wait item follow that identity.
    """
    fans = [fan for fan in (wait_fan(hand),) if fan is not None]
    if CHICKEN in all_kinds(hand):
        fans.append(FAN["带鸡"])
    if treasure_fan is not None:
        fans.append(treasure_fan)
    if self_draw:
        fans.append(FAN["自摸"])
    if winner_is_dealer:
        fans.append(FAN["庄胡"])
    total = sum(f.value for f in fans)
    return WinScore(fans=tuple(fans), fan=total, raw_fan=total)


def payer_fans(
    payer: int, *, discarder: int | None, dealer: int, melds: Iterable[Meld]
) -> list[Fan]:
    """输番: the payer's own doublings (点炮 also for a robbed konger, §7)."""
    fans = []
    if payer == discarder:
        fans.append(FAN["点炮"])
    if payer == dealer:
        fans.append(FAN["坐庄"])
    if not opened(melds):
        fans.append(FAN["门清"])
    return fans


@dataclass(frozen=True)
class PayerLine:
    """One loser's share of a win: his own fans and what he pays."""

    payer: int
    fans: tuple[Fan, ...]
    amount: int


def win_lines(
    *,
    winner: int,
    winner_fan: int,
    discarder: int | None,
    dealer: int,
    stake: int,
    melds_by_seat: Mapping[int, Sequence[Meld]],
) -> list[PayerLine]:
    """All three losers pay every win (BC-06), each with his own exponent."""
    lines = []
    for payer in range(SEATS):
        if payer == winner:
            continue
        own = payer_fans(payer, discarder=discarder, dealer=dealer, melds=melds_by_seat[payer])
        exponent = winner_fan + sum(f.value for f in own)
        lines.append(PayerLine(payer, tuple(own), stake << exponent))
    return lines


def win_payments(lines: Iterable[PayerLine], *, winner: int) -> list[Payment]:
    payments = []
    for line in lines:
        reason = "+".join([WIN_REASON, *(f.name_zh for f in line.fans)])
        payments.append(Payment(line.payer, winner, line.amount, reason))
    return payments


def kong_payments(kongs: Iterable[tuple[int, MeldKind]], *, stake: int) -> list[Payment]:
    """杠钱 (BC-11): each other player pays 3 × 底注 per exposed kong, 5 × per concealed one."""
    payments = []
    for owner, kind in kongs:
        if kind is MeldKind.KONG_CONCEALED:
            amount, reason = CONCEALED_KONG_MONEY * stake, "暗杠"
        elif kind in (MeldKind.KONG_EXPOSED, MeldKind.KONG_ADDED):
            amount, reason = EXPOSED_KONG_MONEY * stake, "明杠"
        else:
            raise ValueError(f"{kind} is not a kong")
        payments.extend(
            Payment(payer, owner, amount, reason) for payer in range(SEATS) if payer != owner
        )
    return payments
