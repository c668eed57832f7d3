"""The Sichuan fan table (ruleset-sichuan.md §4): one pattern, then 根, kongs and bonuses.

Only the single largest pattern counts (004:L75), chosen over every decomposition of the hand
(MJ-11); 龙七对 and 清龙七对 consume one 根 ("减一根", SC-04), so the pattern is chosen by the
total it yields, not by its own value.
"""

from __future__ import annotations

from qipai.mahjong.analysis import SetShape, decompositions, is_seven_pairs
from qipai.mahjong.scoring import Fan, WinScore, fan_table
from qipai.mahjong.table.state import TableMeld, WinContext
from qipai.mahjong.tiles import NUM_KINDS, suit_of

SEVEN_PAIRS_ROOT = {"龙七对", "清龙七对"}
"""Patterns that consume one 根."""

FAN = fan_table(
    Fan("小七对", 3),
    Fan("龙七对", 5),
    Fan("清七对", 5),
    Fan("清龙七对", 6),
    Fan("平和", 1),
    Fan("大对子", 2),
    Fan("清一色", 3),
    Fan("带幺九", 3),
    Fan("清大对", 4),
    Fan("将对", 4),
    Fan("清幺九", 5),
    Fan("天和", 6),
    Fan("地和", 6),
    Fan("抢杠和", 2),
    Fan("根", 1),
    Fan("杠", 1),
    Fan("杠上花", 1),
    Fan("自摸加番", 1),
)
"""Every fan of the ruleset (FAN values are written here only)."""


def total_counts(counts: tuple[int, ...], melds: tuple[TableMeld, ...]) -> list[int]:
    """Every tile the seat holds or has melded, per kind."""
    total = list(counts)
    for meld in melds:
        for tile in meld.tiles:
            total[tile // 4] += 1
    return total


def suits_present(total: list[int]) -> set[int]:
    return {suit_of(k) for k in range(NUM_KINDS) if total[k]} - {None}


def roots(counts: tuple[int, ...], melds: tuple[TableMeld, ...]) -> int:
    """根 (SC-19): four identical tiles not declared as a kong."""
    kongs = {m.kind for m in melds if m.is_kong}
    total = total_counts(counts, melds)
    return sum(1 for k in range(NUM_KINDS) if total[k] == 4 and k not in kongs)


def _is_terminal_kind(kind: int) -> bool:
    return kind % 9 in (0, 8)


def _set_has_terminal(shape: SetShape, first: int) -> bool:
    if shape == SetShape.CHOW:
        return first % 9 in (0, 6)
    return _is_terminal_kind(first)


def _meld_has_terminal(meld: TableMeld) -> bool:
    if meld.type == "chow":
        return meld.kind % 9 in (0, 6)
    return _is_terminal_kind(meld.kind)


def pattern_candidates(ctx: WinContext) -> list[Fan]:
    """Every pattern of the table that this hand satisfies (without the situational ones)."""
    total = total_counts(ctx.counts, ctx.melds)
    one_suit = len(suits_present(total)) == 1
    found: list[Fan] = []
    if (
        not ctx.melds
        and sum(ctx.counts) == 14
        and is_seven_pairs(ctx.counts, quads_as_two_pairs=True)
    ):
        has_root = roots(ctx.counts, ctx.melds) > 0
        found.append(FAN["小七对"])
        if has_root:
            found.append(FAN["龙七对"])
        if one_suit:
            found.append(FAN["清七对"])
        if one_suit and has_root:
            found.append(FAN["清龙七对"])
    melds_all_pungs = all(m.type != "chow" for m in ctx.melds)
    melds_terminal = all(_meld_has_terminal(m) for m in ctx.melds)
    all_258 = all(total[k] == 0 or k % 9 in (1, 4, 7) for k in range(NUM_KINDS))
    for deco in decompositions(list(ctx.counts)):
        all_pungs = melds_all_pungs and all(shape == SetShape.PUNG for shape, _ in deco.sets)
        yaojiu = (
            melds_terminal
            and _is_terminal_kind(deco.pair)
            and all(_set_has_terminal(shape, first) for shape, first in deco.sets)
        )
        found.append(FAN["平和"])
        if all_pungs:
            found.append(FAN["大对子"])
        if one_suit:
            found.append(FAN["清一色"])
        if yaojiu:
            found.append(FAN["带幺九"])
        if one_suit and all_pungs:
            found.append(FAN["清大对"])
        if all_pungs and all_258:
            found.append(FAN["将对"])
        if one_suit and yaojiu:
            found.append(FAN["清幺九"])
    return found


def sichuan_score(
    ctx: WinContext, *, cap: int, self_draw_fan: bool, require_void: bool
) -> WinScore | None:
    """The itemised value of a Sichuan win, or None if the hand may not win (缺门, SC-01)."""
    total = total_counts(ctx.counts, ctx.melds)
    present = suits_present(total)
    if len(present) > 2 or (require_void and ctx.void_suit in present):
        return None
    candidates = pattern_candidates(ctx)
    if not candidates:
        return None
    if ctx.heavenly:
        candidates.append(FAN["天和"])
    if ctx.earthly:
        candidates.append(FAN["地和"])
    if ctx.robbing:
        candidates.append(FAN["抢杠和"])
    root_count = roots(ctx.counts, ctx.melds)

    def yield_of(fan: Fan) -> tuple[int, int]:
        consumed = 1 if fan.name_zh in SEVEN_PAIRS_ROOT else 0
        return fan.value + root_count - consumed, fan.value

    pattern = max(candidates, key=yield_of)
    fans = [pattern]
    free_roots = root_count - (1 if pattern.name_zh in SEVEN_PAIRS_ROOT else 0)
    fans.extend(FAN["根"] for _ in range(free_roots))
    fans.extend(FAN["杠"] for m in ctx.melds if m.is_kong)
    if ctx.self_draw and ctx.after_kong:
        fans.append(FAN["杠上花"])
    if ctx.self_draw and self_draw_fan:
        fans.append(FAN["自摸加番"])
    raw = sum(f.value for f in fans)
    return WinScore(tuple(fans), min(raw, cap) if cap else raw, raw)
