"""Bot seats: a task per bot that watches its table and acts when it is its turn.

A bot is just a player that picks automatically, through the same ``Table.act`` a client's
request goes through.  A table that names a rung of the ladder (``bot_level``,
:mod:`qipai.go.ladder`) gets that bot: the built-in one or the search bot, or GNU Go at the
rung's level.  Otherwise moves come from a GTP engine (GNU Go when installed, or the command
given with ``--go-engine``) and, when none is available or it fails, from the built-in
``qipai.go.bot``.  The bot agrees to undo requests and to the proposed dead stones.

The search bot thinks for seconds, so its move runs on a worker thread, never on the table's
task: the hall goes on serving every table meanwhile.  It searches a copy of the game (the
table may change under it) for its rung's playouts or ``SEARCH_SECONDS``, whichever ends
first, and stops as soon as its table's task is cancelled.
"""

from __future__ import annotations

import logging
import os
import random
import shutil
import threading
import time
from typing import TYPE_CHECKING

import trio

from qipai.go import SCORING, Color, Game, format_point
from qipai.go import sgf as go_sgf
from qipai.go.bot import BotAction, SimpleBot
from qipai.go.ladder import builtin_bot, rung
from qipai.go.mcts import MctsBot
from qipai.protocol import ProtocolError

from .gtp import GtpEngine, GtpError

if TYPE_CHECKING:
    from .tables.go import GoTable

log = logging.getLogger(__name__)

Bot = SimpleBot | MctsBot

GAMES_DIRS = ("/usr/games", "/usr/local/games")
GNUGO_ARGS = ["--mode", "gtp", "--level", "6"]
SEARCH_SECONDS = 10.0  # a search bot's most thinking time a move (large boards, a loaded box)


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

    def seat_name(self, level: str | None) -> str:
        """The bot's name at a table: the engine's for GNU Go, ``qipai-bot`` for the built-ins."""
        if level is None:
            return self.name
        return "gnugo-bot" if rung(level).engine == "gnugo" else "qipai-bot"

    def gnugo_level(self, level: int) -> list[str] | None:
        """The command of GNU Go at ``level``, if this hall's engine is GNU Go."""
        if self.command is None or os.path.basename(self.command[0]) != "gnugo":
            return None
        return [self.command[0], "--mode", "gtp", "--level", str(level)]

    def has(self, name: str) -> bool:
        """Whether this hall can seat the ladder's rung ``name``."""
        r = rung(name)
        return r.engine == "builtin" or self.gnugo_level(r.strength) is not None

    async def play_go(self, table: GoTable, seat: str) -> None:
        engine = None
        level = table.options.bot_level
        command = self.command
        seed = self._random.getrandbits(64)
        fallback: Bot = SimpleBot(random.Random(seed))
        if level is not None:
            r = rung(level)
            if r.engine == "builtin":
                command = None
                fallback = builtin_bot(level, random.Random(seed))
            else:
                command = self.gnugo_level(r.strength)
        if command is not None:
            engine = GtpEngine(command)
            try:
                await engine.start()
            except (OSError, GtpError) as exc:
                log.warning(
                    "GTP engine %s unavailable (%s); using the built-in bot", self.command, exc
                )
                await engine.aclose()
                engine = None
        try:
            await _bot_loop(table, seat, engine, fallback)
        except Exception:
            log.exception("bot %s at table %d stopped", seat, table.id)
        finally:
            if engine is not None:
                await engine.aclose()


async def _bot_loop(table: GoTable, seat: str, engine: GtpEngine | None, fallback: Bot) -> None:
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


async def _choose(game: Game, color: Color, engine: GtpEngine | None, fallback: Bot) -> str | None:
    if engine is not None:
        try:
            return await engine.genmove(game, color)
        except GtpError as exc:
            log.warning("GTP engine failed (%s); using the built-in bot", exc)
            await engine.aclose()
            return None
    if isinstance(fallback, MctsBot):
        action = await _search(game, color, fallback)
    else:
        action = fallback.choose(game, color)
    if action is None or action.kind != "play" or action.point is None:
        return "pass"
    return format_point(action.point, game.size)


async def _search(game: Game, color: Color, bot: MctsBot) -> BotAction | None:
    """The search bot's move, thought on a worker thread over a copy of the game."""
    copy = go_sgf.loads(go_sgf.dumps(game))
    stop = threading.Event()
    deadline = time.monotonic() + SEARCH_SECONDS

    def stopped() -> bool:
        return stop.is_set() or time.monotonic() > deadline

    try:
        return await trio.to_thread.run_sync(bot.choose, copy, color, stopped, cancellable=True)
    finally:
        stop.set()  # cancelled (the table closes): the thread ends at its next check


def _act(table: GoTable, seat: str, action: dict) -> bool:
    try:
        table.act((seat,), action)
    except ProtocolError as exc:
        log.info("bot %s at table %d: %s refused (%s)", seat, table.id, action, exc)
        return False
    return True
