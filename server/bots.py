"""Bot seats: a task per bot that watches its table and acts when it is its turn.

A bot is just a player that picks automatically, through the same ``Table.act`` a client's
request goes through.  Moves come from a GTP engine (GNU Go when installed, or the command
given with ``--go-engine``) and, when none is available or it fails, from the built-in
``qipai.go.bot``.  The bot agrees to undo requests and to the proposed dead stones.
"""

from __future__ import annotations

import logging
import os
import random
import shutil
from typing import TYPE_CHECKING

import trio

from qipai.go import SCORING, Color, Game, format_point
from qipai.go.bot import SimpleBot
from qipai.protocol import ProtocolError

from .gtp import GtpEngine, GtpError

if TYPE_CHECKING:
    from .tables.go import GoTable

log = logging.getLogger(__name__)

GAMES_DIRS = ("/usr/games", "/usr/local/games")
GNUGO_ARGS = ["--mode", "gtp", "--level", "6"]


def find_gnugo() -> list[str] | None:
    found = shutil.which("gnugo")
    if found is None:
        for folder in GAMES_DIRS:
            candidate = os.path.join(folder, "gnugo")
            if os.access(candidate, os.X_OK):
                found = candidate
                break
    return [found, *GNUGO_ARGS] if found else None


class BotFactory:
    """Knows which engine bots use; ``command`` None means the built-in bot only."""

    def __init__(self, command: list[str] | None, seed: int | None = None) -> None:
        self.command = command
        self._random = random.Random(seed)

    @property
    def name(self) -> str:
        if self.command is None:
            return "qipai-bot"
        return os.path.basename(self.command[0]) + "-bot"

    async def play_go(self, table: GoTable, seat: str) -> None:
        engine = None
        if self.command is not None:
            engine = GtpEngine(self.command)
            try:
                await engine.start()
            except (OSError, GtpError) as exc:
                log.warning(
                    "GTP engine %s unavailable (%s); using the built-in bot", self.command, exc
                )
                await engine.aclose()
                engine = None
        fallback = SimpleBot(random.Random(self._random.getrandbits(64)))
        try:
            await _bot_loop(table, seat, engine, fallback)
        except Exception:
            log.exception("bot %s at table %d stopped", seat, table.id)
        finally:
            if engine is not None:
                await engine.aclose()


async def _bot_loop(
    table: GoTable, seat: str, engine: GtpEngine | None, fallback: SimpleBot
) -> None:
    color = Color.BLACK if seat == "black" else Color.WHITE
    while table.phase != "over":
        legal = table.legal_actions((seat,))
        seq = table.seq
        if "undo_accept" in legal:
            _act(table, seat, {"action": "undo_accept"})
        elif table.game.phase == SCORING and "confirm" in legal:
            _act(table, seat, {"action": "confirm"})
        elif "play" in legal:
            move = await _choose(table.game, color, engine, fallback)
            if move is None:
                engine = None  # the engine failed; the built-in bot carries on
                continue
            if table.seq != seq:
                continue  # the game moved on while we thought (undo, resign, timeout)
            if move == "resign":
                _act(table, seat, {"action": "resign"})
            elif move == "pass" or not _act(table, seat, {"action": "play", "point": move}):
                _act(table, seat, {"action": "pass"})
        else:
            await table.wait_changed()
            continue
        await trio.sleep(0)


async def _choose(
    game: Game, color: Color, engine: GtpEngine | None, fallback: SimpleBot
) -> str | None:
    if engine is not None:
        try:
            return await engine.genmove(game, color)
        except GtpError as exc:
            log.warning("GTP engine failed (%s); using the built-in bot", exc)
            await engine.aclose()
            return None
    action = fallback.choose(game, color)
    if action is None or action.kind != "play" or action.point is None:
        return "pass"
    return format_point(action.point, game.size)


def _act(table: GoTable, seat: str, action: dict) -> bool:
    try:
        table.act((seat,), action)
    except ProtocolError as exc:
        log.info("bot %s at table %d: %s refused (%s)", seat, table.id, action, exc)
        return False
    return True
