"""A Go table: seats black and white around a ``qipai.go.Game``, with server-kept clocks.

Every rule is the engine's: this class decides only who may send what (seats, turns of the
hall: undo requests, confirmations) and turns engine errors into protocol errors.  The clock is
``qipai.go.clock``, fed with trio's clock so that tests can jump time.

A ranked table is golden (PL-12): its spectators bet through ``qipai.platform.betting.BetBook``,
whose stakes the hall posts to the ledger (``server/bets.py``).  A finished game is announced
("over") only once its record, standings and bet settlement are committed: until then the
table's phase is ``ending``, so nobody sees a result that a crash could still lose.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

import trio

from qipai.go import OVER, PLAY, SCORING, Color, Game, GoError, format_point
from qipai.go import sgf as go_sgf
from qipai.go.clock import GameClock, TimeControl
from qipai.platform.betting import (
    BET_PLIES,
    BETS_PER_SPECTATOR,
    MAX_BET,
    MIN_BET,
    Bet,
    BetBook,
    BetsSettled,
    Side,
)
from qipai.platform.errors import BadInput, PlatformError
from qipai.protocol import GO_ACTIONS, ErrorCode, GoOptions, ProtocolError

from .. import bets as stored_bets
from ..economy import balance
from ..store import AdjournedGame, GameRecord
from .base import Occupant, Table
from .go_board import BoardText, forbidden_points

if TYPE_CHECKING:
    from ..session import Session
    from .host import GoHost

RANKED_SCORING_SECONDS = 5 * 60
ADJOURN_AFTER = 10 * 60
SEAT_COLOR = {"black": Color.BLACK, "white": Color.WHITE}
COLOR_SEAT = {Color.BLACK: "black", Color.WHITE: "white"}

#: Engine error code -> protocol error code, where the names differ.
ENGINE_CODES = {
    "occupied": ErrorCode.ILLEGAL_OCCUPIED,
    "suicide": ErrorCode.ILLEGAL_SUICIDE,
    "ko": ErrorCode.ILLEGAL_KO,
    "off_board": ErrorCode.ILLEGAL_OFF_BOARD,
    "bad_point": ErrorCode.BAD_FIELD,
    "no_stone": ErrorCode.BAD_FIELD,
}


def platform_error(error: PlatformError) -> ProtocolError:
    """A refusal of the betting core, forwarded with its own code (bad input is a bad field)."""
    code = ErrorCode.BAD_FIELD if isinstance(error, BadInput) else ErrorCode(error.code)
    return ProtocolError(code, error.message)


def protocol_error(error: GoError) -> ProtocolError:
    code = ENGINE_CODES.get(error.code)
    if code is None:
        try:
            code = ErrorCode(error.code)
        except ValueError:
            code = ErrorCode.WRONG_PHASE
    return ProtocolError(code, error.message)


def sgf_info(black: str | None, white: str | None) -> dict[str, str]:
    info = {"DT": time.strftime("%Y-%m-%d", time.gmtime()), "PC": "qipai"}
    if black:
        info["PB"] = black
    if white:
        info["PW"] = white
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
        record=go_sgf.dumps(game, **sgf_info(black, white)),
        finished_at=time.time(),
    )


def forfeited_record(record_id: int, adjourned: AdjournedGame) -> GameRecord:
    """GO-12: an adjourned game left unresumed counts as resigned by the player who left."""
    game = go_sgf.loads(adjourned.record)
    game.resign(SEAT_COLOR[adjourned.left_by])
    return game_record(record_id, adjourned.options, adjourned.black, adjourned.white, game)


class GoTable(Table):
    room = "go"
    seat_order = ("black", "white")
    options: GoOptions

    def __init__(self, hall: GoHost, table_id: int, options: GoOptions, created_by: str) -> None:
        super().__init__(hall, table_id, options, created_by)
        self.game = Game(options.size, options.komi, options.handicap)
        clock = options.clock
        self.clock = (
            GameClock(TimeControl(clock.main, clock.periods, clock.period)) if clock else None
        )
        self.undo_request: str | None = None
        self.record_id: int | None = None
        self.adjourned: int | None = None
        self.book: BetBook | None = None
        self._pending_bets: list[Bet] = []
        self.bets_settled: BetsSettled | None = None
        self.stored = False
        self._scoring_since = 0.0
        self._timer: trio.CancelScope | None = None
        self._board_text = BoardText()
        #: A stopped side's clock entry, reused by every view until a clock starts: only the
        #: running side's time can change, and stopping a side leaves nothing here to go stale.
        self._stopped_clocks: dict[Color, dict[str, Any]] = {}

    # ------------------------------------------------------------------ hooks

    @property
    def phase(self) -> str:
        if self.adjourned is not None:
            return "adjourned"
        if not self.started:
            return "waiting"
        if self.game.phase == OVER and not self.stored:
            return "ending"
        return self.game.phase

    @classmethod
    def resumed(cls, hall: GoHost, table_id: int, adjourned: AdjournedGame) -> GoTable:
        """A table for an adjourned game (GO-12), both players seated, play going on."""
        options = GoOptions.from_wire(json.loads(adjourned.options))
        table = cls(hall, table_id, options, adjourned.black)
        table.game = go_sgf.loads(adjourned.record)
        table.seats = {"black": Occupant(adjourned.black), "white": Occupant(adjourned.white)}
        table.started = True
        return table

    @property
    def hotseat(self) -> bool:
        return self.options.hotseat

    def setup(self, creator: Session) -> None:
        """Hot-seat and bot tables seat their creator (and the bot) and start at once."""
        options = self.options
        if options.hotseat:
            self.sit(creator, "black")
            self.seats["white"] = self.seats["black"]
            self.started = True
            self.start()
            self.publish("started")
        elif options.bot is not None:
            human = "white" if options.bot == "black" else "black"
            self.seat_bot(options.bot, self.hall.bots.name)
            self.sit(creator, human)

    @property
    def golden(self) -> bool:
        return not self.options.friendly

    def start(self) -> None:
        self._start_clock(self.game.to_move)
        if self.golden:
            # The game id is the bets' ledger ref, so it is taken now rather than at the end.
            self.record_id = self.hall.allocate_game_id()
            players = frozenset(o.name for o in self.seats.values() if o is not None)
            self.book = BetBook(stored_bets.game_ref(self.record_id), players, ranked_go=True)

    async def run(self) -> None:
        async with trio.open_nursery() as nursery:
            if self.options.bot is not None:
                nursery.start_soon(self.hall.bots.play_go, self, self.options.bot)
            while True:
                with trio.CancelScope(deadline=self._next_deadline()) as timer:
                    self._timer = timer
                    await trio.sleep_forever()
                self._timer = None
                self.flag_check()
                self.scoring_time_check()
                self.absence_check()

    def wake(self) -> None:
        """Bring the timer forward when the next deadline moved earlier.

        A later deadline is left alone: the task wakes at the old one, finds nothing due and
        waits again for the new one.  Each move pushes the deadline later (the other side's
        clock starts now), and moving a trio deadline costs more than all the checks of one
        early wake-up, so this spares nearly every move a re-arm.
        """
        super().wake()
        timer = self._timer
        if timer is not None:
            deadline = self._next_deadline()
            if deadline < timer.deadline:
                timer.deadline = deadline

    def _next_deadline(self) -> float:
        if not self.running or self.game.phase == OVER:
            return float("inf")
        if self.adjournable and self.offline_since:
            return min(self.offline_since.values()) + ADJOURN_AFTER
        if self.game.phase == SCORING:
            if self.options.friendly:
                return float("inf")
            return self._scoring_since + RANKED_SCORING_SECONDS
        expires = self.clock.expires_at() if self.clock else None
        return float("inf") if expires is None else expires

    @property
    def adjournable(self) -> bool:
        """Untimed games between two people; hot-seat and bot games just wait for their player."""
        options = self.options
        return self.clock is None and not options.hotseat and options.bot is None

    def absence_check(self) -> None:
        """GO-12: an untimed game whose player stays away for 10 minutes is adjourned."""
        if not self.running or not self.adjournable or not self.offline_since:
            return
        if self.game.phase == OVER:
            return
        seat, since = min(self.offline_since.items(), key=lambda item: item[1])
        if trio.current_time() < since + ADJOURN_AFTER:
            return
        self._stop_clock()
        self.undo_request = None
        self.adjourned = self.hall.allocate_game_id()
        names = {s: (o.name if o else "") for s, o in self.seats.items()}
        self.hall.record_adjourned(
            AdjournedGame(
                id=self.adjourned,
                room=self.room,
                options=json.dumps(self.options.to_wire()),
                black=names["black"],
                white=names["white"],
                record=go_sgf.dumps(self.game, **sgf_info(names["black"], names["white"])),
                left_by=seat,
                adjourned_at=time.time(),
            )
        )
        self.publish("adjourned", by=seat, game=self.adjourned)
        self.hall.table_changed(self)
        self.hall.close_if_abandoned(self)

    def scoring_time_check(self) -> None:
        """GO-04 e: a ranked scoring phase without agreement in 5 minutes resumes play."""
        if not self.running or self.game.phase != SCORING or self.options.friendly:
            return
        if trio.current_time() < self._scoring_since + RANKED_SCORING_SECONDS:
            return
        self._resume(COLOR_SEAT[self.game.to_move])

    def flag_check(self) -> None:
        """End the game if the running side's time is up (GO-08)."""
        if self.clock is None or not self.running or self.game.phase == OVER:
            return
        loser = self.clock.flag(trio.current_time())
        if loser is None:
            return
        self.game.lose_on_time(loser)
        self.publish("timeout", by=COLOR_SEAT[loser])
        self.finish()

    # ------------------------------------------------------------------ views

    def game_view(self) -> dict[str, Any]:
        game = self.game
        size = game.size
        last = game.last_move
        if last is None:
            last_move = None
        else:
            last_move = "pass" if last.is_pass else format_point(last.point, size)
        count = None
        counted = game.result is not None and game.result.reason == "count"
        if game.phase == SCORING or counted:
            area = game.count()
            count = {"black": area.black, "white": area.white}
        return {
            "phase": self.phase,
            "size": size,
            "komi": game.komi,
            "handicap": game.handicap,
            "board": self._rows(),
            "to_move": COLOR_SEAT[game.to_move],
            "move_number": game.move_number,
            "last_move": last_move,
            "captures": {COLOR_SEAT[c]: n for c, n in game.captures.items()},
            "clocks": self._clock_view(),
            "dead": sorted(format_point(p, size) for p in game.dead_stones),
            "count": count,
            "confirmed": sorted(COLOR_SEAT[c] for c in game.confirmed),
            "undo_request": self.undo_request,
            "result": self._result_view(),
            "adjourned": self.adjourned,
            "bets": self._bets_view(),
        }

    def _bets_view(self) -> dict[str, Any] | None:
        """The golden table's public bet list (000:L63), pool per side, and once stored each
        bettor's outcome (000:L65); null on a friendly table."""
        book = self.book
        if book is None:
            return None
        placed = [b for b in book.bets if not any(b is p for p in self._pending_bets)]
        pool = {side.value: sum(b.amount for b in placed if b.side is side) for side in Side}
        settled = self.bets_settled
        return {
            "game": self.record_id,
            "open": self.bets_open,
            "bets": [b.to_wire() for b in placed],
            "pool": pool,
            "limits": {"min": MIN_BET, "max": MAX_BET, "per_spectator": BETS_PER_SPECTATOR},
            "close_at_ply": BET_PLIES,
            "outcome": None if settled is None else outcome_view(settled),
        }

    @property
    def bets_open(self) -> bool:
        book = self.book
        return (
            book is not None
            and not book.closed
            and self.game.phase != OVER
            and self.game.move_number < BET_PLIES
        )

    def _rows(self) -> list[str]:
        return self._board_text.rows(self.game)

    def _clock_view(self) -> dict[str, Any] | None:
        clock = self.clock
        if clock is None:
            return None
        now = trio.current_time()
        running = clock.running
        view: dict[str, Any] = {"running": COLOR_SEAT[running] if running else None}
        stopped = self._stopped_clocks
        for color, seat in COLOR_SEAT.items():
            if color is running:
                view[seat] = clock_entry(clock, color, now)
            else:
                entry = stopped.get(color)
                if entry is None:
                    entry = stopped[color] = clock_entry(clock, color, now)
                view[seat] = entry
        return view

    def _result_view(self) -> dict[str, Any] | None:
        result = self.game.result
        if result is None or not self.stored:
            return None  # shown once stored: a crash before that must not undo a result seen
        return {
            "winner": COLOR_SEAT[result.winner] if result.winner else None,
            "reason": result.reason,
            "margin": result.margin,
            "text": result.text,
            "sgf": result.sgf,
            "valid": self.game.is_valid,
            "game": self.record_id,
        }

    def private_view(self, seats: tuple[str, ...]) -> dict[str, Any]:
        legal = self.legal_actions(seats)
        forbidden = forbidden_points(self.game, self._rows()) if "play" in legal else []
        return {"legal": legal, "forbidden": forbidden}

    def legal_actions(self, seats: tuple[str, ...]) -> list[str]:
        if not seats:
            return ["bet"] if self.bets_open else []
        if not self.running or self.game.phase == OVER:
            return []
        game = self.game
        if game.phase == SCORING:
            mine = {SEAT_COLOR[s] for s in seats}
            actions = ["toggle_dead"]
            if not mine <= game.confirmed:
                actions.append("confirm")
            return [*actions, "resume", "resign"]
        to_move = COLOR_SEAT[game.to_move]
        actions = ["play", "pass"] if to_move in seats else []
        actions.append("resign")
        if self.undo_request is None and any(self._has_moves(s) for s in seats):
            actions.append("undo_request")
        if self.undo_request is not None and self.undo_request not in seats:
            actions += ["undo_accept", "undo_decline"]
        return actions

    def _has_moves(self, seat: str) -> bool:
        color = SEAT_COLOR[seat]
        return any(move.color == color for move in self.game.moves)

    # ------------------------------------------------------------------ actions

    def act(self, seats: tuple[str, ...], message: dict[str, Any]) -> None:
        action = message["action"]
        if action not in GO_ACTIONS:
            raise ProtocolError(ErrorCode.BAD_FIELD, f"unknown action {action!r}")
        if not self.started:
            raise ProtocolError(ErrorCode.TABLE_NOT_STARTED, "waiting for a second player")
        if self.adjourned is not None:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "the game is adjourned; resume it first")
        if self.phase == "ending":
            raise ProtocolError(ErrorCode.WRONG_PHASE, "the game has ended; storing its result")
        self.flag_check()
        if self.game.phase == OVER:
            raise ProtocolError(ErrorCode.GAME_OVER, "the game is over")
        seat = self._acting_seat(seats, message, action)
        try:
            getattr(self, f"_do_{action}")(seat, message)
        except GoError as error:
            raise protocol_error(error) from None

    def _acting_seat(self, seats: tuple[str, ...], message: dict[str, Any], action: str) -> str:
        wanted = message.get("seat")
        if wanted is not None:
            if wanted not in seats:
                raise ProtocolError(ErrorCode.NOT_SEATED, f"you do not sit as {wanted}")
            return wanted
        if len(seats) == 1:
            return seats[0]
        # Hot-seat: the keyboard acts for the side to move.
        return COLOR_SEAT[self.game.to_move]

    def _point(self, message: dict[str, Any]) -> str:
        point = message.get("point")
        if point is None:
            raise ProtocolError(ErrorCode.MISSING_FIELD, "field 'point' is required")
        return point

    def _do_play(self, seat: str, message: dict[str, Any]) -> None:
        color = SEAT_COLOR[seat]
        point = self._point(message)
        if self.game.phase == PLAY and self.game.to_move != color:
            raise ProtocolError(
                ErrorCode.NOT_YOUR_TURN, f"it is {COLOR_SEAT[self.game.to_move]}'s turn"
            )
        before = BoardText.key(self.game)
        move = self.game.play(point, color)
        self._board_text.played(self.game, before, move)
        self.undo_request = None
        self._turn_passed(color)
        self._close_bets_at_ply_limit()
        self.publish("move", by=seat, point=format_point(move.point, self.game.size))

    def _do_pass(self, seat: str, message: dict[str, Any]) -> None:
        color = SEAT_COLOR[seat]
        self.game.pass_(color)
        self.undo_request = None
        self._turn_passed(color)
        self._close_bets_at_ply_limit()
        self.publish("pass", by=seat)
        if self.game.phase == SCORING:
            self._scoring_since = trio.current_time()
            self.publish("scoring")
        elif self.game.phase == OVER:
            self.finish()

    def _close_bets_at_ply_limit(self) -> None:
        """PL-09: bets close the instant ply 50 is played, and an undo does not reopen them."""
        if self.book is not None and self.game.move_number >= BET_PLIES:
            self.book.close()

    def _turn_passed(self, color: Color) -> None:
        self._stop_clock()
        if self.game.phase == PLAY:
            self._start_clock(color.other)

    def _start_clock(self, color: Color) -> None:
        if self.clock is not None:
            self.clock.start(color, trio.current_time())
            self._stopped_clocks.clear()

    def _stop_clock(self) -> None:
        if self.clock is not None and self.clock.running is not None:
            self.clock.stop(trio.current_time())

    def _do_resign(self, seat: str, message: dict[str, Any]) -> None:
        self.game.resign(SEAT_COLOR[seat])
        self.publish("resign", by=seat)
        self.finish()

    def forfeit(self, seat: str) -> None:
        if self.game.phase != OVER:  # leaving while the result is being stored changes nothing
            self._do_resign(seat, {})

    def _do_undo_request(self, seat: str, message: dict[str, Any]) -> None:
        if self.game.phase != PLAY:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "undo only during play")
        if self.hotseat:
            self.game.undo()
            self._restart_clock()
            self.publish("undone", by=seat)
            return
        if not self._has_moves(seat):
            raise ProtocolError(ErrorCode.NOTHING_TO_UNDO, "you have no move to take back")
        if self.undo_request is not None:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "an undo request is pending already")
        self.undo_request = seat
        self.publish("undo_requested", by=seat)

    def _check_undo_answer(self, seat: str) -> str:
        requester = self.undo_request
        if requester is None or requester == seat:
            raise ProtocolError(ErrorCode.NO_UNDO_REQUEST, "your opponent asked for no undo")
        return requester

    def _do_undo_accept(self, seat: str, message: dict[str, Any]) -> None:
        requester = self._check_undo_answer(seat)
        color = SEAT_COLOR[requester]
        while self.game.moves and self.game.moves[-1].color != color:
            self.game.undo()
        self.game.undo()
        self.undo_request = None
        self._restart_clock()
        self.publish("undone", by=seat)

    def _do_undo_decline(self, seat: str, message: dict[str, Any]) -> None:
        self._check_undo_answer(seat)
        self.undo_request = None
        self.publish("undo_declined", by=seat)

    def _restart_clock(self) -> None:
        self._stop_clock()
        self._start_clock(self.game.to_move)

    def _do_toggle_dead(self, seat: str, message: dict[str, Any]) -> None:
        point = self._point(message)
        self.game.toggle_dead(point)
        self.publish("dead_toggled", by=seat, point=point.upper())

    def _do_confirm(self, seat: str, message: dict[str, Any]) -> None:
        if self.game.phase != SCORING:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "confirm belongs to the scoring phase")
        seats = self.seat_order if self.hotseat and message.get("seat") is None else (seat,)
        for each in seats:
            self.game.confirm(SEAT_COLOR[each])
        self.publish("confirmed", by=seat)
        if self.game.phase == OVER:
            self.finish()

    def _do_resume(self, seat: str, message: dict[str, Any]) -> None:
        self._resume(seat)

    def _resume(self, seat: str) -> None:
        self.game.resume(SEAT_COLOR[seat])
        self._start_clock(self.game.to_move)
        self.publish("resumed", by=seat)

    # ------------------------------------------------------------------ bets

    async def bet(self, session: Session, side: str, amount: int) -> dict[str, Any]:
        """A spectator's bet (platform.md §5). The book judges it with the balance just read;
        its stake then goes into the pool in its own transaction, and only a bet that reached
        the ledger is shown. A refusal at either step leaves book and ledger as they were."""
        name = session.name or ""
        if self.book is None:
            if self.golden:
                raise ProtocolError(ErrorCode.TABLE_NOT_STARTED, "bets open when the game starts")
            raise ProtocolError(ErrorCode.NOT_GOLDEN_TABLE, "only ranked Go tables take bets")
        self._require_watching(session)
        store = self.hall.store
        coins = await store.call(balance, store.db, name)
        self._require_watching(session)  # again: one may leave while the balance is read
        book = self.book
        try:
            movement = book.place(
                name, side, amount, plies_played=self.game.move_number, balance=coins
            )
        except PlatformError as error:
            raise platform_error(error) from None
        placed = book.bets[-1]
        self._pending_bets.append(placed)
        try:
            after = await store.call(
                stored_bets.place_bet, store.db, self.record_id, movement, time.time()
            )
        except BaseException as error:  # the transaction rolled back: no stake, so no bet
            book.bets.remove(placed)
            if isinstance(error, PlatformError):
                raise platform_error(error) from None
            raise
        finally:
            self._pending_bets = [b for b in self._pending_bets if b is not placed]
        self.publish("bet", **placed.to_wire())
        return {"bet": placed.to_wire(), "balance": after}

    def _require_watching(self, session: Session) -> None:
        if session not in self.audience:
            raise ProtocolError(ErrorCode.NOT_AT_TABLE, "watch the table to bet on it")

    def refund_bets(self) -> None:
        """The hall is stopping with this game unfinished: it will never get a record, so its
        pool goes back to the bettors now (a crash leaves that to the next start)."""
        if self.book is None or self.game.phase == OVER:
            return
        self.book.close()
        self.hall.refund_bets(self.book.game)

    # ------------------------------------------------------------------ the end

    def finish(self) -> None:
        """Store the game; called once the engine says it is over. Everyone is told ("over")
        when the record is committed (``_announce``): until then the phase is ``ending``."""
        self._stop_clock()
        self.undo_request = None
        if self.book is not None:
            self.book.close()
        result = self.game.result
        assert result is not None
        if self.record_id is None:
            self.record_id = self.hall.allocate_game_id()
        names = {s: (o.name if o else None) for s, o in self.seats.items()}
        options = json.dumps(self.options.to_wire())
        self.hall.record_game(
            game_record(self.record_id, options, names["black"], names["white"], self.game),
            self._announce,
        )
        self.hall.table_changed(self)

    def _announce(self, stored: BetsSettled | None | Exception) -> None:
        """The record is committed (or could not be, when ``stored`` is the error): publish the
        result, tell each bettor how their bets ended, and close the table if nobody is left."""
        self.stored = True
        if isinstance(stored, Exception):
            self.record_id = None  # nothing to fetch with game_record; bets wait for a refund
        else:
            self.bets_settled = stored
        self.publish("over", result=self._result_view())
        if self.bets_settled is not None:
            for bettor in self.bets_settled.nets:
                member = self.hall.online.get(bettor)
                if member is not None:
                    member.send(
                        {
                            "type": "bet_result",
                            "table": self.id,
                            "game": self.record_id,
                            **bettor_outcome(self.bets_settled, bettor),
                        }
                    )
        self.hall.table_changed(self)
        self.hall.close_if_abandoned(self)  # e.g. a flag fell while nobody was connected


def clock_entry(clock: GameClock, color: Color, now: float) -> dict[str, Any]:
    """One side's clock as the view shows it: the main time, or the period once in byo-yomi."""
    left = clock.remaining(color, now)
    assert left is not None
    return {
        "main": round(left.main if left.main > 0 else left.period, 3),
        "periods": left.periods,
        "period": clock.control.period_seconds if clock.control else 0,
        "byoyomi": left.main <= 0,
    }


def bettor_outcome(settled: BetsSettled, bettor: str) -> dict[str, Any]:
    """One bettor's end of the pool: refunded, or won / lost / even by ``net`` coins."""
    net = settled.nets[bettor]
    if settled.refunded:
        outcome = "refunded"
    else:
        outcome = "won" if net > 0 else "lost" if net < 0 else "even"
    return {"outcome": outcome, "net": net, "text": settled.message(bettor)}


def outcome_view(settled: BetsSettled) -> dict[str, Any]:
    """The settled pool as everyone at the table sees it."""
    return {
        "refunded": settled.refunded,
        "rake": settled.rake,
        "bettors": {name: bettor_outcome(settled, name) for name in sorted(settled.nets)},
    }
