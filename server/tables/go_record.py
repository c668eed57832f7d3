"""A Go game as the hall stores it: its SGF record, players, result and validity (GO-05),
and the record of an adjourned game that was never resumed (GO-12)."""

from __future__ import annotations

import json
import time

from qipai.go import Color, Game
from qipai.go import sgf as go_sgf

from ..store import AdjournedGame, GameRecord

SEAT_COLOR = {"black": Color.BLACK, "white": Color.WHITE}
COLOR_SEAT = {Color.BLACK: "black", Color.WHITE: "white"}


def sgf_info(black: str | None, white: str | None, options: str = "{}") -> dict[str, str]:
    """Root properties of the hall's records: players, date, place and the time control
    (``TM`` main time, ``OT`` the byo-yomi, as OGS and Sabaki show them)."""
    info = {"DT": time.strftime("%Y-%m-%d", time.gmtime()), "PC": "qipai"}
    if black:
        info["PB"] = black
    if white:
        info["PW"] = white
    clock = json.loads(options).get("clock")
    if clock:
        info["TM"] = str(clock["main"])
        info["OT"] = f"{clock['periods']}x{clock['period']} byo-yomi"
    return info


def game_record(
    record_id: int, options: str, black: str | None, white: str | None, game: Game
) -> GameRecord:
    """A finished game as it is stored: its SGF, players, result and validity (GO-05)."""
    result = game.result
    assert result is not None
    return GameRecord(
        id=record_id,
        room="go",
        options=options,
        black=black,
        white=white,
        result=result.text,
        winner=COLOR_SEAT[result.winner] if result.winner else None,
        reason=result.reason,
        valid=game.is_valid,
        moves=game.move_number,
        record=go_sgf.dumps(game, **sgf_info(black, white, options)),
        finished_at=time.time(),
    )


def forfeited_record(record_id: int, adjourned: AdjournedGame) -> GameRecord:
    """GO-12: an adjourned game left unresumed counts as resigned by the player who left."""
    game = go_sgf.loads(adjourned.record)
    game.resign(SEAT_COLOR[adjourned.left_by])
    return game_record(record_id, adjourned.options, adjourned.black, adjourned.white, game)
