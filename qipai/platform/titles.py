"""Mahjong standing: the 21 titles by 积分 (platform.md §9) and how a hand moves 积分 (PL-19).

积分 are kept per ruleset (PL-02) and are not limited below (托钵人 is a negative balance), unlike
coins. A ranked hand moves each seat by its settlement at stake 1 (PL-19); every ruleset's
seat-to-seat payments are linear in the stake, so that is the coin settlement divided by the
stake, leaving out what is not a score: the table fee and the Lengzi pot (PL-24).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from qipai.mahjong.scoring import Settlement
from qipai.platform.errors import BadInput, PairingRefused

ESCAPE_POINTS = 16
"""逃跑扣 16 积分 (003:L35, PL-18)."""
RANKED_SPREAD = 2
"""PL-04: title levels at a ranked table may differ by at most 2."""
SEATS = 4


@dataclass(frozen=True)
class Title:
    level: int
    name_zh: str
    name_en: str
    threshold: int | None
    """Lowest 积分 of the title; None for 托钵人, which is every negative balance."""


TITLES = (
    Title(21, "皇上", "Emperor", 2_000_000),
    Title(20, "辅弼", "Chancellor", 1_000_000),
    Title(19, "大将领", "Grand General", 500_000),
    Title(18, "太师", "Grand Preceptor", 300_000),
    Title(17, "尚书", "Minister", 200_000),
    Title(16, "总督", "Viceroy", 120_000),
    Title(15, "天官", "Minister of Personnel", 80_000),
    Title(14, "巡按", "Circuit Inspector", 40_000),
    Title(13, "提督", "Provincial Commander", 30_000),
    Title(12, "御史", "Censor", 20_000),
    Title(11, "都督", "Commander-in-chief", 12_000),
    Title(10, "太守", "Prefect", 8_000),
    Title(9, "道台", "Circuit Intendant", 5_000),
    Title(8, "知府", "Magistrate of a Prefecture", 3_000),
    Title(7, "通判", "Assistant Prefect", 2_000),
    Title(6, "县令", "County Magistrate", 1_000),
    Title(5, "进士", "Metropolitan Graduate", 500),
    Title(4, "举人", "Provincial Graduate", 200),
    Title(3, "秀才", "Scholar", 100),
    Title(2, "平民", "Commoner", 0),
    Title(1, "托钵人", "Beggar", None),
)
"""Highest first, so the first title whose threshold is met is the player's."""


def title_for(points: int) -> Title:
    if type(points) is not int:
        raise BadInput(f"积分 must be an integer, not {points!r}")
    for title in TITLES:
        if title.threshold is None or points >= title.threshold:
            return title
    raise AssertionError("托钵人 has no threshold and matches everything")


def check_ranked_table(points: Sequence[int]) -> None:
    """PL-04: the four seated players' title levels lie within two of each other."""
    levels = [title_for(p).level for p in points]
    if levels and max(levels) - min(levels) > RANKED_SPREAD:
        raise PairingRefused(
            f"title levels {sorted(levels)} differ by more than {RANKED_SPREAD}; "
            "pick a table of players closer to your title, or a friendly room"
        )


def hand_points(settlement: Settlement, stake: int) -> list[int]:
    """积分 change per seat for one ranked hand: its seat-to-seat payments at stake 1."""
    if type(stake) is not int or stake < 1:
        raise BadInput(f"stake must be a positive integer, not {stake!r}")
    totals = [0] * SEATS
    for payment in settlement.payments:
        if payment.payer in range(SEATS) and payment.payee in range(SEATS):
            totals[payment.payer] -= payment.amount
            totals[payment.payee] += payment.amount
    if any(total % stake for total in totals):
        raise BadInput(f"payments {totals} are not a multiple of the stake {stake}")
    return [total // stake for total in totals]


def escape_points(escaper: int) -> list[int]:
    """The escaper loses 16 积分; nobody gains them (they are a penalty, not a transfer)."""
    if escaper not in range(SEATS):
        raise BadInput(f"seat {escaper!r} is not 0..3")
    return [-ESCAPE_POINTS if seat == escaper else 0 for seat in range(SEATS)]
