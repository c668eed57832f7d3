"""A Go game as the hall stores it: its SGF record, players, result and validity (GO-05),
and the record of an adjourned game that was never resumed (GO-12)."""

from __future__ import annotations

import json
import time

from qipai.go import Color, Game
from qipai.go import sgf as go_sgf

from ..store import AdjournedGame, GameRecord
from .go_notes import GoNotes

SEAT_COLOR = {"black": Color.BLACK, "white": Color.WHITE}
COLOR_SEAT = {Color.BLACK: "black", Color.WHITE: "white"}


HALL_PLACE = "qipai"
"""``PC`` of a hall's records when its configuration names no place (``HallConfig.place``)."""


def sgf_info(
    black: str | None,
    white: str | None,
    options: str = "{}",
    ranks: dict[str, str] | None = None,
    place: str = HALL_PLACE,
) -> dict[str, str]:
    """Root properties of the hall's records: players and their ranks, date, place and the
    time control (``TM`` main time, ``OT`` the byo-yomi, as OGS and Sabaki show them)."""
    info = {"DT": time.strftime("%Y-%m-%d", time.gmtime()), "PC": place}
    ranks = ranks or {}
    for name, player, rank in ((black, "PB", "BR"), (white, "PW", "WR")):
        if name:
            info[player] = name
            if name in ranks:
                info[rank] = ranks[name]
    clock = json.loads(options).get("clock")
    if clock:
        info["TM"] = str(clock["main"])
        info["OT"] = f"{clock['periods']}x{clock['period']} byo-yomi"
    return info


def record_text(
    game: Game,
    options: str,
    black: str | None,
    white: str | None,
    notes: GoNotes | None = None,
    place: str = HALL_PLACE,
) -> str:
    """The hall's SGF of a game, finished or adjourned, with what its notes gathered."""
    notes = notes or GoNotes()
    return go_sgf.dumps(
        game,
        **notes.for_record(len(game.moves)),
        **sgf_info(black, white, options, notes.ranks, place),
    )


def game_record(
    record_id: int,
    options: str,
    black: str | None,
    white: str | None,
    game: Game,
    notes: GoNotes | None = None,
    place: str = HALL_PLACE,
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
        record=record_text(game, options, black, white, notes, place),
        finished_at=time.time(),
    )


def notes_of(read: go_sgf.Record, black: str | None, white: str | None) -> GoNotes:
    """The notes an adjourned game's record carries, to go on with them when it resumes or
    is forfeited (GO-12): ranks, clock readings and chat."""
    ranks = {
        name: read.root[prop]
        for name, prop in ((black, "BR"), (white, "WR"))
        if name and prop in read.root
    }
    return GoNotes(
        ranks=ranks,
        time_left=dict(read.time_left),
        periods_left=dict(read.periods_left),
        chat={ply: list(lines) for ply, lines in read.comments.items()},
    )


def forfeited_record(
    record_id: int, adjourned: AdjournedGame, place: str = HALL_PLACE
) -> GameRecord:
    """GO-12: an adjourned game left unresumed counts as resigned by the player who left."""
    read = go_sgf.read(adjourned.record)
    game = read.game
    game.resign(SEAT_COLOR[adjourned.left_by])
    notes = notes_of(read, adjourned.black, adjourned.white)
    return game_record(
        record_id, adjourned.options, adjourned.black, adjourned.white, game, notes, place
    )
