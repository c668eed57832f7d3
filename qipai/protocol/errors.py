"""Stable error codes of the hall protocol.

Clients and bots branch on these strings, so a code once published never changes meaning; the
human message next to it may be reworded freely.  Codes are grouped by who detects the fault.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    # Framing: the byte stream itself is broken; the server answers once and closes.
    BAD_FRAME = "bad_frame"
    FRAME_TOO_LARGE = "frame_too_large"
    TOO_DEEP = "too_deep"
    # Message shape: the frame decoded but is not a valid message; the connection stays open.
    NOT_A_MAP = "not_a_map"
    UNKNOWN_TYPE = "unknown_type"
    MISSING_FIELD = "missing_field"
    BAD_FIELD = "bad_field"
    # Session.
    HANDSHAKE_REQUIRED = "handshake_required"
    ALREADY_GREETED = "already_greeted"
    BAD_VERSION = "bad_version"
    NOT_LOGGED_IN = "not_logged_in"
    ALREADY_LOGGED_IN = "already_logged_in"
    BAD_NAME = "bad_name"
    WEAK_PASSWORD = "weak_password"
    NAME_TAKEN = "name_taken"
    NAME_RESERVED = "name_reserved"
    BAD_CREDENTIALS = "bad_credentials"
    RATE_LIMITED = "rate_limited"
    BAD_TOKEN = "bad_token"
    BAD_TICKET = "bad_ticket"
    NOT_THE_DOOR = "not_the_door"
    FRIENDLY_ONLY = "friendly_only"
    # Lobby and tables.
    NO_SUCH_ROOM = "no_such_room"
    NO_SUCH_TABLE = "no_such_table"
    NO_SUCH_GAME = "no_such_game"
    BAD_OPTION = "bad_option"
    SEAT_TAKEN = "seat_taken"
    NOT_SEATED = "not_seated"
    ALREADY_SEATED = "already_seated"
    NOT_AT_TABLE = "not_at_table"
    TABLE_NOT_STARTED = "table_not_started"
    TOO_MANY_TABLES = "too_many_tables"
    OPPONENT_ABSENT = "opponent_absent"
    # Economy and standing (the codes of qipai.platform, forwarded as they are).
    BAD_RANK = "bad_rank"
    RELIEF_UNAVAILABLE = "relief_unavailable"
    RANK_TOO_FAR_APART = "rank_too_far_apart"
    BELOW_ROOM_MINIMUM = "below_room_minimum"
    INSUFFICIENT_COINS = "insufficient_coins"
    BET_WINDOW_CLOSED = "bet_window_closed"
    BET_LIMIT_REACHED = "bet_limit_reached"
    BET_AMOUNT_OUT_OF_RANGE = "bet_amount_out_of_range"
    SEATED_CANNOT_BET = "seated_cannot_bet"
    NOT_GOLDEN_TABLE = "not_golden_table"
    # Coins nobody can farm (qipai.platform.newcomers).
    REGISTRATION_REFUSED = "registration_refused"
    NEWCOMER_CANNOT_BET = "newcomer_cannot_bet"
    SAME_ADDRESS_BET = "same_address_bet"
    NOT_YET_INVITING = "not_yet_inviting"
    # Game rules, reported by the engine (Go codes keep the engine's names, stone placement
    # faults carry the rules book's ``illegal_`` prefix).
    ILLEGAL_OCCUPIED = "illegal_occupied"
    ILLEGAL_SUICIDE = "illegal_suicide"
    ILLEGAL_KO = "illegal_ko"
    ILLEGAL_OFF_BOARD = "illegal_off_board"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    GAME_OVER = "game_over"
    NO_UNDO_REQUEST = "no_undo_request"
    NOTHING_TO_UNDO = "nothing_to_undo"
    # Mahjong (the table machine's codes, forwarded as they are).
    ILLEGAL_ACTION = "illegal_action"
    WIN_REQUIREMENT_UNMET = "win_requirement_unmet"
    NOT_CREATOR = "not_creator"
    # 防作弊 rooms (PL-15): the hall places players, nobody watches, no chat during a hand.
    TABLE_ASSIGNED = "table_assigned"
    NO_SPECTATORS = "no_spectators"
    CHAT_CLOSED = "chat_closed"
    # Server side: a refused or ended connection (in ``bye``), and the hall's own faults.
    TOO_MANY_CONNECTIONS = "too_many_connections"
    HALL_FULL = "hall_full"
    LOGIN_TIMEOUT = "login_timeout"
    IDLE_TIMEOUT = "idle_timeout"
    SLOW_READER = "slow_reader"
    SHUTTING_DOWN = "shutting_down"
    INTERNAL_ERROR = "internal_error"


#: Codes after which the server closes the connection: the stream cannot be resynchronised.
FATAL_CODES = frozenset({ErrorCode.BAD_FRAME, ErrorCode.FRAME_TOO_LARGE, ErrorCode.TOO_DEEP})


class ProtocolError(Exception):
    """A fault a peer can be told about: a stable ``code`` plus a human ``message``."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = ErrorCode(code)
        self.message = message

    @property
    def fatal(self) -> bool:
        return self.code in FATAL_CODES
