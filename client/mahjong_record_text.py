"""A stored mahjong hand as a readable text replay, saved next to the Go SGFs.

The record (``game_record``) is the hand's ruleset, options, seed, dealer and actions, so the
client replays it with the pure table machine to show what the actions alone do not: the dealt
hands and every draw. A finished hand hides nothing any more. A record the machine cannot
replay (a newer server's ruleset) is still written, with its actions as they are.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.scoring import HOUSE, POT
from qipai.mahjong.table import Action, MahjongError
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.tiles import SUITS, kind_name, kind_of

from . import hall_rooms
from .sgf_files import _safe, sgf_folder


def tile_text(tile: int) -> str:
    return kind_name(kind_of(tile))


def tiles_text(tiles: list[int]) -> str:
    return " ".join(tile_text(t) for t in sorted(tiles))


def action_text(action: dict[str, Any]) -> str:
    """What a player did, with the tile read as the action type gives it (docs/protocol.md)."""
    kind, tile = action["type"], action.get("tile")
    if tile is None:
        return kind.replace("_", " ")
    if kind == "declare_void":
        return f"declare void {SUITS[tile]}"
    if kind == "discard":
        return f"discard {tile_text(tile)}"
    if kind == "chow":
        return "chow " + "".join(kind_name(tile + step) for step in range(3))
    return f"{kind.replace('_', ' ')} {kind_name(tile)}"


def party(names: list[str], who: int) -> str:
    if who == POT:
        return "pot"
    if who == HOUSE:
        return "house"
    return names[who] if 0 <= who < len(names) else f"seat {who}"


def record_text(record: dict[str, Any]) -> str:
    """The whole replay: header, options, the deal, every action with its draws, the end."""
    names = [str(n) for n in record.get("players") or ["0", "1", "2", "3"]]
    hand = record["record"]
    room = str(record.get("room", hand.get("ruleset", "")))
    finished = record.get("finished_at")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(finished)) if finished else "?"
    dealer = hand.get("dealer")
    lines = [
        f"qipai mahjong hand record: game {record.get('game')}",
        f"room: {hall_rooms.title(room)}, table {record.get('table')}, "
        f"hand {record.get('hand_number')}, finished {when}",
        "players: "
        + ", ".join(
            f"{seat} {name}" + (" (dealer)" if seat == dealer else "")
            for seat, name in enumerate(names)
        ),
        f"ruleset: {hand.get('ruleset')}",
        "options: " + ", ".join(f"{k}={v}" for k, v in sorted((hand.get("options") or {}).items())),
        f"seed: {hand.get('seed')}",
        f"table state: {json.dumps(hand.get('table_state'), ensure_ascii=False, sort_keys=True)}",
        "",
    ]
    try:
        lines += _replayed(hand, names)
    except (MahjongError, KeyError, TypeError, ValueError):
        lines += ["actions (not replayed):"]
        lines += [
            f"{i:4}. {party(names, a['seat'])}: {action_text(a)}"
            for i, a in enumerate(hand.get("actions", []), 1)
        ]
    escaped = hand.get("escaped")
    if escaped:
        lines += [
            "",
            f"escaped: {party(names, escaped['seat'])} ({escaped['cause']}); "
            "the hand ended at once",
        ]
    lines += ["", *settlement_lines(record.get("settlement") or {}, names)]
    return "\n".join(lines) + "\n"


def _replayed(hand: dict[str, Any], names: list[str]) -> list[str]:
    ruleset = get_ruleset(str(hand["ruleset"]), hand.get("options") or {})
    machine = HandMachine(ruleset, hand["seed"], hand["dealer"], hand.get("table_state"))
    lines = ["deal:"]
    for event in machine.events:
        if event.type == "dealt" and event.private is not None:
            lines.append(f"  {party(names, event.to)}: {tiles_text(event.private['tiles'])}")
        elif event.type == "flowers":
            lines.append(f"  {_event_text(event.type, event.public, None, names)}")
    lines += ["", "play:"]
    for number, wire in enumerate(hand["actions"], 1):
        before = len(machine.events)
        text = action_text(wire)
        if wire["type"] in ("pung", "kong", "win") and machine.window is not None:
            text += f" {tile_text(machine.window.tile)}"  # the tile on offer
        machine.apply(Action.from_wire(wire))
        lines.append(f"{number:4}. {party(names, wire['seat'])}: {text}")
        for event in machine.events[before:]:
            line = _event_text(event.type, event.public, event.private, names)
            if line:
                lines.append(f"        {line}")
    return lines


def _event_text(kind: str, public: dict, private: dict | None, names: list[str]) -> str | None:
    """The consequences the action line does not say: draws, revealed voids, wins, payments."""
    if kind == "drew":
        tile = tile_text(private["tile"]) if private else "?"
        extra = " (replacement)" if public.get("replacement") else ""
        return f"{party(names, public['seat'])} draws {tile}{extra}"
    if kind == "flowers":
        return f"{party(names, public['seat'])} sets aside {tiles_text(public['tiles'])} (补花)"
    if kind == "voids_revealed":
        return "voids: " + ", ".join(
            f"{party(names, seat)} {SUITS[suit]}" for seat, suit in enumerate(public["voids"])
        )
    if kind == "won":
        return f"{party(names, public['seat'])} wins"
    if kind == "payment":
        p = public["payment"]
        return f"{party(names, p['payer'])} pays {party(names, p['payee'])} {p['amount']} ({p['reason']})"
    if kind == "left":
        return f"{party(names, public['seat'])} leaves (forfeits the win)"
    return None


def settlement_lines(settlement: dict[str, Any], names: list[str]) -> list[str]:
    lines = ["settlement:"]
    if settlement.get("exhaustive_draw"):
        lines.append("  exhaustive draw (流局)")
    for win in settlement.get("wins", []):
        source = (
            "self-drawn"
            if win.get("discarder") is None
            else f"from {party(names, win['discarder'])}"
        )
        fans = ", ".join(f"{f['name']} {f['value']}" for f in win["score"]["fans"])
        lines.append(
            f"  {party(names, win['seat'])} wins on {tile_text(win['tile'])} {source}: "
            f"{fans} = {win['score']['fan']} fan"
        )
    for p in settlement.get("payments", []):
        lines.append(
            f"  {party(names, p['payer'])} -> {party(names, p['payee'])} {p['amount']}"
            f"  {p['reason']}"
        )
    for p in settlement.get("forfeited", []):
        lines.append(f"  forfeited: {party(names, p['payer'])} keeps {p['amount']} ({p['reason']})")
    totals = settlement.get("totals") or []
    lines.append(
        "  totals: " + ", ".join(f"{party(names, s)} {t:+d}" for s, t in enumerate(totals))
    )
    return lines


def record_file_name(record: dict[str, Any]) -> str:
    room = _safe(str(record.get("room") or "mahjong"))
    return f"qipai-{record.get('game', 'hand')}-{room}-hand{record.get('hand_number', 0)}.txt"


def save_mahjong_record(record: dict[str, Any], folder: Path | None = None) -> Path:
    """Write the text replay next to the SGFs and return the path; OSError if the disk says no."""
    target = (folder or sgf_folder()) / record_file_name(record)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(record_text(record), encoding="utf-8")
    return target
