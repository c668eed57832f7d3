"""Mahjong replay files (`qipai replay FILE`): stored hands as the hall gives them, in JSON.

A file holds one hand or a whole match: ``{"qipai": "mahjong replay", "hands": [...]}``, each
hand as ``game_record`` returns it (docs/protocol.md, "Stored hands"). A bare ``game_record``
answer, or a list of them, is read too, so a record fetched by any client replays. Every hand
is checked by replaying it through the core before the viewer opens; a file that fails says
why in words.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from client import hall_rooms
from client.sgf_files import _safe, sgf_folder
from qipai.mahjong.replay import HandReplay, match_replays
from qipai.mahjong.rulesets import find_room
from qipai.mahjong.table import MahjongError

KIND = "mahjong replay"


class ReplayFileError(ValueError):
    """The file cannot be replayed; the message says why, for people."""


def replay_json(hands: list[dict[str, Any]]) -> str:
    return json.dumps({"qipai": KIND, "hands": hands}, ensure_ascii=False, indent=1) + "\n"


def replay_file_name(hands: list[dict[str, Any]]) -> str:
    first = hands[0]
    room = _safe(str(first.get("room") or "mahjong"))
    if len(hands) == 1:
        return f"qipai-{first.get('game', 'hand')}-{room}-hand{first.get('hand_number', 0)}.json"
    return f"qipai-{first.get('game', 'match')}-{room}-match-table{first.get('table', 0)}.json"


def save_replay(hands: list[dict[str, Any]], folder: Path | None = None) -> Path:
    """Write the hands (one, or a match's) as a replay file; OSError if the disk says no."""
    target = (folder or sgf_folder()) / replay_file_name(hands)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(replay_json(hands), encoding="utf-8")
    return target


def stored_hands(data: Any) -> list[dict[str, Any]]:
    """The stored hands a file's JSON holds, in any of the shapes it may take."""
    if isinstance(data, dict) and data.get("qipai") == KIND:
        data = data.get("hands")
    elif isinstance(data, dict):
        data = [data]
    if not isinstance(data, list) or not data or not all(isinstance(h, dict) for h in data):
        raise ReplayFileError("it holds no mahjong hands")
    return data


def learn_rooms(hands: list[HandReplay]) -> None:
    """With no hall to describe the rooms, the names of a file's rooms come from the core
    registry that replays them (a room the registry lacks stays shown by its id)."""
    for hand in hands:
        room_id = str(hand.stored.get("room") or "")
        found = find_room(room_id)
        if found is None or hall_rooms.room(room_id) is not None:
            continue
        ruleset, room = found
        wire = {
            "room": room.id,
            "name_zh": room.name_zh,
            "name_en": room.name_en,
            "short": room.short_zh,
            "ruleset": ruleset.name,
            "imposed": dict(room.imposed),
        }
        hall_rooms.learn([wire])


def read_replay(path: str) -> list[HandReplay]:
    """The file's hands, replayed and in playing order; ReplayFileError says why not."""
    try:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
    except OSError as error:
        raise ReplayFileError(f"cannot read {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ReplayFileError(f"{path} is not a qipai mahjong replay (not JSON)") from None
    try:
        return match_replays(stored_hands(data))
    except ReplayFileError as error:
        raise ReplayFileError(f"{path} is not a qipai mahjong replay: {error}") from None
    except MahjongError as error:
        raise ReplayFileError(f"{path} does not replay: {error}") from None
    except (KeyError, TypeError) as error:  # a table state a ruleset cannot read
        raise ReplayFileError(f"{path} does not replay: bad data ({error})") from None
