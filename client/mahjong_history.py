"""A match's past hands in words: the table's hand history (`H`) and the end-of-match summary.

Both read the view's ``game.history`` (each stored hand's number, record id, dealer and seat
totals), so they need nothing the table does not already have; the history adds each hand's
result (who won, how, with how many fan) once the hall's ``match_hands`` answer is in.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from client.i18n import Strings
from client.mahjong_view import MahjongView, wind_of

HISTORY_KEY_WORDS = {"en": "Hand history", "zh": "本场牌局"}
"""The table's `H` in the footer and `?`, in each language."""


def right(text: str, width: int) -> str:
    """``text`` at the right of ``width`` cells (a CJK name is two cells a character)."""
    return " " * max(0, width - cell_len(text)) + text


def signed(total: int) -> str:
    return f"{total:+d}"


def result_text(stored: dict[str, Any], names: list[str], strings: Strings) -> str:
    """One stored hand's result: each win (self-drawn or on whose discard, its fan), a drawn
    hand, or an escape."""
    escaped = (stored.get("record") or {}).get("escaped")
    if isinstance(escaped, dict) and 0 <= int(escaped.get("seat", -1)) < 4:
        return strings("history_escaped", name=names[int(escaped["seat"])])
    settlement = stored.get("settlement") or {}
    parts = []
    for win in settlement.get("wins") or []:
        name = names[int(win["seat"])]
        fan = int((win.get("score") or {}).get("fan") or 0)
        if win.get("discarder") is None:
            parts.append(strings("history_self_drawn", name=name, fan=fan))
        else:
            parts.append(
                strings("history_on", name=name, other=names[int(win["discarder"])], fan=fan)
            )
    if not parts:
        return strings("history_draw")
    return ", ".join(parts)


def history_rows(
    view: MahjongView, results: dict[int, str], strings: Strings
) -> list[tuple[str, ...]]:
    """The history table's rows: hand, dealer, each seat's total, the result when known."""
    rows = []
    for entry in view.history:
        dealer = entry.get("dealer")
        who = ""
        if type(dealer) is int and 0 <= dealer < 4:
            who = f"{wind_of(dealer, dealer, strings.chinese)} {view.seats[dealer].name}"
        game = entry.get("game")
        rows.append(
            (
                str(entry["hand"]),
                who,
                *(signed(t) for t in entry["totals"]),
                results.get(game, "") if type(game) is int else "",
            )
        )
    return rows


def match_totals(view: MahjongView) -> list[int]:
    return [sum(entry["totals"][seat] for entry in view.history) for seat in range(4)]


def summary_lines(view: MahjongView, strings: Strings) -> list[Text]:
    """The end of a match on a few lines: every hand's totals under the players' names, the
    match's totals, each seat's best hand and how many hands it ended in the plus."""
    if not view.history:
        return [Text(strings("summary_none"))]
    names = [set_cell_size(seat.name, 8).rstrip() for seat in view.seats]  # 8 cells at most
    hand = set_cell_size(strings("summary_hand"), 6)  # 局 is two cells wide
    heads = "".join(right(name, 9) for name in names)
    lines = [
        Text(strings("summary_title", n=len(view.history)), "bold"),
        Text(f"  {hand}{heads}"),
    ]
    for entry in view.history:
        cells = "".join(f"{signed(t):>9}" for t in entry["totals"])
        lines.append(Text(f"  {entry['hand']:<6}{cells}"))
    totals = "".join(f"{signed(t):>9}" for t in match_totals(view))
    lines.append(Text(f"  {set_cell_size(strings('summary_total'), 6)}{totals}", "bold"))
    best = []
    for seat, name in enumerate(names):
        top = max(view.history, key=lambda entry: entry["totals"][seat])
        plus = sum(1 for entry in view.history if entry["totals"][seat] > 0)
        best.append(
            strings(
                "summary_seat",
                name=name,
                best=signed(top["totals"][seat]),
                hand=top["hand"],
                plus=plus,
            )
        )
    lines.extend(Text(f"  {line}") for line in best)
    return lines
