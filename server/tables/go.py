"""A Go table: seats black and white around a ``qipai.go.Game``.

Every rule is the engine's: this class decides only who may send what (seats, turns of the
hall: undo requests, confirmations) and turns engine errors into protocol errors.  Its time
(clocks, the scoring limit, adjournment) is ``go_clocks``, its bets ``go_bets``, its stored
record ``go_record``.

A finished game is announced ("over") only once its record, standings and bet settlement are
committed: until then the table's phase is ``ending``, so nobody sees a result that a crash
could still lose.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import trio

from qipai.go import OVER, PLAY, SCORING, Color, Game, GoError, Point, format_point
from qipai.go import sgf as go_sgf
from qipai.go.clock import GameClock, TimeControl
from qipai.go.options import GoOptions
from qipai.platform.betting import Bet, BetBook, BetsSettled
from qipai.protocol import GO_ACTIONS, ErrorCode, ProtocolError

from .. import bets as stored_bets
from ..store import AdjournedGame
from .base import Occupant, Table
from .go_bets import GoBets
from .go_board import BoardText
from .go_clocks import GoTimekeeping
from .go_durable import GoDurable
from .go_notes import GoNotes
from .go_record import COLOR_SEAT, SEAT_COLOR, game_record, notes_of, record_text

if TYPE_CHECKING:
    from ..session import Session
    from .host import GoHost

#: Engine error code -> protocol error code, where the names differ.
ENGINE_CODES = {
    "occupied": ErrorCode.ILLEGAL_OCCUPIED,
    "suicide": ErrorCode.ILLEGAL_SUICIDE,
    "ko": ErrorCode.ILLEGAL_KO,
    "off_board": ErrorCode.ILLEGAL_OFF_BOARD,
    "bad_point": ErrorCode.BAD_FIELD,
    "no_stone": ErrorCode.BAD_FIELD,
}


def protocol_error(error: GoError) -> ProtocolError:
    code = ENGINE_CODES.get(error.code)
    if code is None:
        try:
            code = ErrorCode(error.code)
        except ValueError:
            code = ErrorCode.WRONG_PHASE
    return ProtocolError(code, error.message)


class GoTable(GoDurable, GoTimekeeping, GoBets, Table):
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
        self.notes = GoNotes()
        self.book: BetBook | None = None
        self._pending_bets: list[Bet] = []
        self.bets_settled: BetsSettled | None = None
        self.stored = False
        self._scoring_since = 0.0
        self._timer: trio.CancelScope | None = None
        self._board_text = BoardText()
        self._forbidden_text: tuple[tuple[Point, ...], list[str]] | None = None
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
        read = go_sgf.read(adjourned.record)
        table.game = read.game
        table.notes = notes_of(read, adjourned.black, adjourned.white)
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
            self.seat_bot(options.bot, self.hall.bots.seat_name(options.bot_level))
            self.sit(creator, human)

    def seat_info(self, occupant: Occupant | None) -> dict[str, Any] | None:
        """A bot's seat also says its rung of the ladder, when the table chose one."""
        info = super().seat_info(occupant)
        if info is not None and occupant.bot and self.options.bot_level is not None:
            info["bot_level"] = self.options.bot_level
        return info

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
        self._log_open()

    # ------------------------------------------------------------------ views

    def game_view(self) -> dict[str, Any]:
        game = self.game
        size = game.size
        last = game.last_move
        if last is None:
            last_move = None
        else:
            last_move = "pass" if last.is_pass else format_point(last.point, size)
        count = territory = None
        counted = game.result is not None and game.result.reason == "count"
        if game.phase == SCORING or counted:
            area = game.count()
            count = area.parts()
            territory = {
                name: sorted(format_point(p, size) for p in points)
                for name, points in game.territory().items()
            }
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
            "territory": territory,
            "confirmed": sorted(COLOR_SEAT[c] for c in game.confirmed),
            "undo_request": self.undo_request,
            "result": self._result_view(),
            "adjourned": self.adjourned,
            "paused": self.paused_until is not None,
            "bets": self._bets_view(),
        }

    def _rows(self) -> list[str]:
        return self._board_text.rows(self.game)

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
        forbidden = self._forbidden() if "play" in legal else []
        return {"legal": legal, "forbidden": forbidden}

    def _forbidden(self) -> list[str]:
        """The engine's forbidden points as the wire spells them, spelt once per position (the
        engine keeps its list per position, so the same tuple means the same position)."""
        points = self.game.forbidden_points()
        kept = self._forbidden_text
        if kept is None or kept[0] is not points:
            kept = self._forbidden_text = (
                points,
                [format_point(p, self.game.size) for p in points],
            )
        return kept[1]

    def legal_actions(self, seats: tuple[str, ...]) -> list[str]:
        if not seats:
            return ["bet"] if self.bets_open else []
        if not self.running or self.game.phase == OVER or self.paused_until is not None:
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
        if self.paused_until is not None:
            raise ProtocolError(
                ErrorCode.WRONG_PHASE, "the hall restarted: waiting for both players to return"
            )
        seat = self._acting_seat(seats, message, action)
        self.changing = True  # ``logged_change`` written out: every request passes here
        try:
            getattr(self, f"_do_{action}")(seat, message)
            self._log(action, seat, message)
        except GoError as error:
            raise protocol_error(error) from None
        finally:
            self.changing = False

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
        self._note_clock(color)
        self._close_bets_at_ply_limit()
        self.publish("move", by=seat, point=format_point(move.point, self.game.size))

    def _do_pass(self, seat: str, message: dict[str, Any]) -> None:
        color = SEAT_COLOR[seat]
        self.game.pass_(color)
        self.undo_request = None
        self._turn_passed(color)
        self._note_clock(color)
        self._close_bets_at_ply_limit()
        self.publish("pass", by=seat)
        if self.game.phase == SCORING:
            self._scoring_since = trio.current_time()
            self.publish("scoring")
        elif self.game.phase == OVER:
            self.finish()

    def _do_resign(self, seat: str, message: dict[str, Any]) -> None:
        self.game.resign(SEAT_COLOR[seat])
        self.publish("resign", by=seat)
        self.finish()

    def forfeit(self, seat: str) -> None:
        if self.game.phase != OVER:  # leaving while the result is being stored changes nothing
            with self.logged_change():
                self._do_resign(seat, {})
                self._log("resign", seat, {})

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

    def chat(self, session: Session, text: str) -> None:
        """Said at the table while the game is not over: the record keeps it after the move
        it followed (the root before the first move)."""
        super().chat(session, text)
        if self.game.phase != OVER:
            self.notes.said(len(self.game.moves), session.name or "", text)

    # ------------------------------------------------------------------ the end

    def record_so_far(self) -> str:
        """The game as its record would be now: moves, clocks, chat (``table_record``)."""
        names = {s: (o.name if o else None) for s, o in self.seats.items()}
        options = json.dumps(self.options.to_wire())
        return record_text(
            self.game, options, names["black"], names["white"], self.notes, self.hall.place
        )

    def finish(self) -> None:
        """Store the game; called once the engine says it is over. Everyone is told ("over")
        when the record is committed (``_announce``): until then the phase is ``ending``.
        A log being replayed only reaches the end (``GoDurable.restored`` stores it then)."""
        if self._replaying:
            return
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
            game_record(
                self.record_id,
                options,
                names["black"],
                names["white"],
                self.game,
                self.notes,
                self.hall.place,
            ),
            self._announce,
            live=self.id,
        )
        self.hall.table_changed(self)

    def _announce(self, stored: BetsSettled | None | Exception) -> None:
        """The record is committed (or could not be, when ``stored`` is the error): publish the
        result, tell each bettor how their bets ended, and close the table if nobody is left."""
        self.stored = True
        if self.action_log is not None:
            self.action_log.ended(self.id)
        if isinstance(stored, Exception):
            self.record_id = None  # nothing to fetch with game_record; bets wait for a refund
        else:
            self.bets_settled = stored
        self.publish("over", result=self._result_view())
        self.tell_bettors()
        self.hall.table_changed(self)
        self.hall.close_if_abandoned(self)  # e.g. a flag fell while nobody was connected
