"""What the mahjong table screen draws, read from the hall's wire data into plain typed values.

The machine's `view(seat)` is the whole truth the client gets (docs/protocol.md); this module
only reads it, refusing malformed data with `ViewError` so the screen can keep the last good
view. `HandLog` follows the public event log for what a snapshot forgets: the tile just drawn,
and the last discard.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from client.launch import BOT_LEVELS
from client.mahjong_river import RiverEntry, read_river
from qipai.mahjong.tiles import kind_of

WINDS_EN = "ESWN"
WINDS_ZH = "東南西北"


class ViewError(ValueError):
    """The hall sent a mahjong view this client cannot read (code ``bad_view``)."""

    code = "bad_view"


@dataclass(frozen=True)
class MeldView:
    type: str
    tiles: tuple[int, ...] | None  # instance ids; None = a concealed kong still face down
    from_seat: int | None

    @property
    def kinds(self) -> tuple[int, ...] | None:
        return None if self.tiles is None else tuple(kind_of(t) for t in self.tiles)


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    hand: tuple[int, ...] | None  # instance ids, sorted; None when hidden from us
    hand_size: int
    melds: tuple[MeldView, ...]
    discards: tuple[int, ...]  # the tiles still lying in the river
    void: int | None
    won: dict[str, Any] | None
    left: bool
    waits: tuple[int, ...] | None  # the hint line's figures, in our own seat's view only:
    ready_discards: tuple[tuple[int, tuple[int, ...]], ...] | None = None  # holding 14
    shanten: int | None = None  # exchanges from ready when neither lists anything
    cannot_win: tuple[str, ...] = ()  # at shanten 0, the hall's codes for why no wait wins
    score: int = 0
    bot: bool = False
    bot_level: str | None = None  # how well a bot seat plays (easy, normal, strong)
    online: bool = True
    auto: bool = False  # the hall plays this seat (托管 after timeouts, or its player is away)
    coins: int | None = None  # the player's balance at a coin table (public there), else None
    river: tuple[RiverEntry, ...] = ()  # every discard in its place: 摸切, claimed (mahjong_river)
    flowers: tuple[int, ...] = ()  # flowers set aside (144-tile rooms), open to everyone


@dataclass(frozen=True)
class MahjongView:
    """One seat's (or a spectator's) picture of the table at one moment."""

    table: int
    you: int | None
    ruleset: str
    options: dict[str, Any]
    phase: str
    dealer: int
    turn: int | None
    wall: int
    seats: tuple[SeatView, ...]
    public: dict[str, Any]
    offer: dict[str, Any] | None
    legal: tuple[dict[str, Any], ...]
    settlement: dict[str, Any] | None
    seq: int | None = None
    hand_number: int = 1
    hands_total: int | None = None
    match_over: bool = False
    standing: tuple[dict[str, Any], ...] = ()
    deadline: float | None = None  # time.monotonic() when the current prompt times out
    room: str = ""
    match_phase: str = ""  # the table's: waiting, playing, between (hands), over
    paused: bool = False  # restored after the hall restarted: waiting for its players
    mine: tuple[int, ...] = ()  # every seat this connection plays (hot-seat: several)
    table_actions: tuple[str, ...] = ()  # ready, auto, manual, add_bots
    rounds: tuple[int, int] | None = None  # (this round, of how many) when the match counts rounds
    acting: tuple[int, ...] = ()  # our seats the hall waits for (hot-seat: the real claims too)
    tier: str | None = None  # a coin room's tier (docs/protocol.md), None at a friendly table
    stake: int | None = None  # a coin room's stake per hand (每注), read before every deal
    claims: dict[int, tuple[dict[str, Any], ...]] = dataclasses.field(default_factory=dict)
    """Hot-seat: the options of each of our seats a claim window waits for (``you.claims``)."""
    coins_moved: tuple[int, tuple[int, ...]] | None = None
    """A coin room: the last hand whose coins are written, and what it moved for each seat."""
    history: tuple[dict[str, Any], ...] = ()
    """The match's stored hands so far (``game.history``: hand, game id, dealer, totals)."""

    def hand_coins(self) -> tuple[int, ...] | None:
        """What this hand moved in coins, once written (``game.coins_moved``)."""
        if self.coins_moved is None or self.coins_moved[0] != self.hand_number:
            return None
        return self.coins_moved[1]

    @property
    def me(self) -> SeatView | None:
        return None if self.you is None else self.seats[self.you]

    def seconds_left(self, now: float) -> int | None:
        if self.deadline is None:
            return None
        return max(0, int(self.deadline - now + 0.999))

    def legal_of(self, kind: str) -> list[dict[str, Any]]:
        return [a for a in self.legal if a.get("type") == kind]


def _int(value: Any, what: str) -> int:
    if type(value) is not int:
        raise ViewError(f"{what} must be an integer, not {value!r}")
    return value


def _tiles(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or any(type(t) is not int for t in value):
        raise ViewError(f"{what} must be a list of tile ids")
    try:
        for tile in value:
            kind_of(tile)
    except ValueError as error:
        raise ViewError(f"{what}: {error}") from None
    return tuple(value)


def _meld(wire: Any) -> MeldView:
    if not isinstance(wire, dict) or not isinstance(wire.get("type"), str):
        raise ViewError("a meld is a map with a type")
    if wire.get("hidden"):
        return MeldView(wire["type"], None, None)
    source = wire.get("from")
    return MeldView(wire["type"], _tiles(wire.get("tiles"), "meld tiles"), source)


def _seat(wire: Any, player: dict[str, Any], score: int) -> SeatView:
    if not isinstance(wire, dict):
        raise ViewError("a seat is a map")
    hand = wire.get("hand")
    waits = wire.get("waits")
    discards = _tiles(wire.get("discards", []), "discards")
    try:
        river = read_river(wire.get("river"), discards)
    except ValueError as error:
        raise ViewError(str(error)) from None
    return SeatView(
        seat=_int(wire.get("seat"), "seat"),
        name=str(player.get("name") or f"seat {wire.get('seat')}"),
        hand=None if hand is None else tuple(sorted(_tiles(hand, "hand"))),
        hand_size=_int(wire.get("hand_size"), "hand_size"),
        melds=tuple(_meld(m) for m in wire.get("melds") or []),
        discards=discards,
        void=wire.get("void") if type(wire.get("void")) is int else None,
        won=wire.get("won") if isinstance(wire.get("won"), dict) else None,
        left=bool(wire.get("left")),
        waits=None if waits is None else tuple(_int(k, "wait") for k in waits),
        ready_discards=_ready_discards(wire.get("ready_discards")),
        shanten=None if wire.get("shanten") is None else _int(wire["shanten"], "shanten"),
        cannot_win=tuple(str(code) for code in wire.get("cannot_win") or ()),
        score=score,
        bot=bool(player.get("bot")),
        bot_level=level if (level := player.get("bot_level")) in BOT_LEVELS else None,
        online=bool(player.get("online", True)),
        auto=bool(player.get("auto")),
        coins=player["coins"] if type(player.get("coins")) is int else None,
        river=river,
        flowers=_tiles(wire.get("flowers", []), "flowers"),
    )


def _ready_discards(wire: Any) -> tuple[tuple[int, tuple[int, ...]], ...] | None:
    if wire is None:
        return None
    if not isinstance(wire, list) or not all(isinstance(r, dict) for r in wire):
        raise ViewError("ready_discards must be a list of maps")
    found = []
    for ready in wire:
        waits = ready.get("waits")
        if not isinstance(waits, list):
            raise ViewError("a ready discard lists its waits")
        found.append((_int(ready.get("discard"), "discard"), tuple(_int(k, "wait") for k in waits)))
    return tuple(found)


def read_view(
    hand: Any,
    *,
    table: int,
    you: int | None,
    players: list[dict[str, Any]] | None = None,
    scores: list[int] | None = None,
    seq: int | None = None,
    hand_number: int = 1,
    hands_total: int | None = None,
    match_over: bool = False,
    standing: list[dict[str, Any]] | None = None,
    seconds_left: float | None = None,
    now: float | None = None,
) -> MahjongView:
    """A view from the machine's `view(seat)` map plus the table's own facts (names, scores,
    the hand count, the prompt's remaining seconds as of this message)."""
    if not isinstance(hand, dict) or not isinstance(hand.get("seats"), list):
        raise ViewError("a mahjong view is a map with four seats")
    if len(hand["seats"]) != 4:
        raise ViewError("a mahjong table has four seats")
    players = players if isinstance(players, list) and len(players) == 4 else [{}] * 4
    scores = scores if isinstance(scores, list) and len(scores) == 4 else [0] * 4
    now = time.monotonic() if now is None else now
    seats = tuple(
        _seat(w, p if isinstance(p, dict) else {}, int(s or 0))
        for w, p, s in zip(hand["seats"], players, scores, strict=True)
    )
    turn = hand.get("turn")
    legal = hand.get("legal_actions") or []
    if not isinstance(legal, list) or any(not isinstance(a, dict) for a in legal):
        raise ViewError("legal actions must be a list of maps")
    return MahjongView(
        table=table,
        you=you,
        ruleset=str(hand.get("ruleset", "")),
        options=dict(hand.get("options") or {}),
        phase=str(hand.get("phase", "")),
        dealer=_int(hand.get("dealer"), "dealer"),
        turn=turn if type(turn) is int else None,
        wall=_int(hand.get("wall"), "wall"),
        seats=seats,
        public=dict(hand.get("table") or {}),
        offer=hand.get("offer") if isinstance(hand.get("offer"), dict) else None,
        legal=tuple(legal),
        settlement=hand.get("settlement") if isinstance(hand.get("settlement"), dict) else None,
        seq=seq,
        hand_number=hand_number,
        hands_total=hands_total,
        match_over=match_over,
        standing=tuple(standing or ()),
        deadline=None if seconds_left is None else now + float(seconds_left),
    )


@dataclass
class HandLog:
    """What the public event log adds to a view: the last discard, and our own last draw.
    Reset at each `hand_started`."""

    last_discard: tuple[int, int] | None = None  # (seat, tile)
    drawn: dict[int, int] = field(default_factory=dict)  # seat -> tile it just drew

    def follow(self, event: dict[str, Any]) -> None:
        kind, seat = event.get("type"), event.get("seat")
        if kind == "hand_started":
            self.last_discard = None
            self.drawn = {}
        elif kind == "discarded" and type(seat) is int and 0 <= seat < 4:
            tile = event.get("tile")
            if type(tile) is int:
                self.last_discard = (seat, tile)
            self.drawn.pop(seat, None)
        elif kind == "claimed":
            self.last_discard = None
        elif kind == "drew" and type(seat) is int:
            private = event.get("private") or {}
            if type(private.get("tile")) is int:
                self.drawn[seat] = private["tile"]
        elif kind in ("concealed_kong", "added_kong") and type(seat) is int:
            self.drawn.pop(seat, None)

    def drawn_tile(self, seat: SeatView) -> int | None:
        tile = self.drawn.get(seat.seat)
        return tile if seat.hand is not None and tile in seat.hand else None

    def last(self, view: MahjongView) -> tuple[int, int] | None:
        """(seat, tile) of the discard everyone is looking at: the open offer, else the log's."""
        if view.offer and not view.offer.get("robbing"):
            return int(view.offer["actor"]), int(view.offer["tile"])
        if self.last_discard is not None:
            seat, tile = self.last_discard
            if view.seats[seat].discards[-1:] == (tile,):
                return self.last_discard
        return None


def wind_of(seat: int, dealer: int, chinese: bool) -> str:
    """The seat wind: the dealer is East, then counter-clockwise (seat order) S, W, N."""
    return (WINDS_ZH if chinese else WINDS_EN)[(seat - dealer) % 4]


def _players(seats: Any) -> list[dict[str, Any]]:
    """The table's seat map (`{"0": {name, online, bot}, ...}`, or a list) as four entries."""
    if isinstance(seats, dict):
        seats = [seats.get(str(i)) or seats.get(i) for i in range(4)]
    if not isinstance(seats, list) or len(seats) != 4:
        return [{}] * 4
    return [s if isinstance(s, dict) else {} for s in seats]


def you_seats(wire: dict[str, Any]) -> list[int]:
    """The seats this connection plays (several in hot-seat; none for a spectator)."""
    you = wire.get("you")
    return _seat_numbers(you.get("seats") if isinstance(you, dict) else None)


def _seat_numbers(seats: Any) -> list[int]:
    if not isinstance(seats, list):
        return []
    return [int(s) for s in seats if str(s) in ("0", "1", "2", "3")]


def _claims(wire: Any) -> dict[int, tuple[dict[str, Any], ...]]:
    """``you.claims``; a seat whose options are not a list of maps is a bad view."""
    if wire is None:
        return {}
    if not isinstance(wire, dict):
        raise ViewError("claims must be a map of seats")
    claims = {}
    for seat, actions in wire.items():
        if str(seat) not in ("0", "1", "2", "3"):
            raise ViewError(f"claims name an unknown seat {seat!r}")
        if not isinstance(actions, list) or any(not isinstance(a, dict) for a in actions):
            raise ViewError("each seat's claims must be a list of maps")
        claims[int(seat)] = tuple(actions)
    return claims


def _shown_seat(wire: dict[str, Any]) -> int | None:
    you = wire.get("you")
    seat = you.get("seat") if isinstance(you, dict) else None
    return int(seat) if str(seat) in ("0", "1", "2", "3") else None


def _no_hand(dealer: Any, options: Any) -> dict[str, Any]:
    """Before the first deal (seats still free): an empty table of the room's ruleset."""
    seat = {"hand_size": 0, "hand": None, "melds": [], "discards": []}
    options = options if isinstance(options, dict) else {}
    return {
        "ruleset": options.get("ruleset", ""),
        "options": options.get("rules") if isinstance(options.get("rules"), dict) else {},
        "phase": "waiting",
        "dealer": dealer if type(dealer) is int else 0,
        "wall": 0,
        "seats": [{"seat": s, **seat} for s in range(4)],
    }


def hotseat_players(players: list[dict[str, Any]], names: Sequence[str] = ()) -> list[dict]:
    """Hot-seat: one account holds several seats, so each of them gets a name of its own for
    the cover, the table and the settlement - the ``names`` given (``--names``), one per such
    seat in seat order, else the account's name with the seat's wind (``root·南``). The hall
    still knows them all as the one account."""
    counts: dict[str, int] = {}
    for player in players:
        if player.get("name") and not player.get("bot"):
            counts[player["name"]] = counts.get(player["name"], 0) + 1
    renamed = []
    shared = 0
    for seat, player in enumerate(players):
        if counts.get(player.get("name"), 0) < 2:
            renamed.append(player)
            continue
        given = names[shared] if shared < len(names) else f"{player['name']}·{WINDS_ZH[seat]}"
        renamed.append({**player, "name": given})
        shared += 1
    return renamed


def _standing_names(standing: Any, players: list[dict[str, Any]]) -> Any:
    """The hall's standing names accounts: a hot-seat standing takes each seat's own name."""
    if not isinstance(standing, list):
        return None
    named = []
    for entry in standing:
        seat = entry.get("seat") if isinstance(entry, dict) else None
        if str(seat) in ("0", "1", "2", "3") and players[int(seat)].get("name"):
            entry = {**entry, "name": players[int(seat)]["name"]}
        named.append(entry)
    return named


def view_from_wire(wire: Any, now: float | None = None, names: Sequence[str] = ()) -> MahjongView:
    """A table view as the hall sends it (docs/protocol.md, the mahjong view): `game` holds the
    match (scores, hand number, the prompt's seconds left, the standing), `hand` the machine's
    `view(seat)` of the seat shown (`you.seat`), `you.legal` the table's own actions. Hot-seat
    seats are named apart (``hotseat_players``)."""
    if not isinstance(wire, dict):
        raise ViewError("a table view is a map")
    game = wire.get("game") if isinstance(wire.get("game"), dict) else {}
    hand = wire.get("hand")
    if hand is None:
        hand = _no_hand(game.get("dealer"), wire.get("options"))
    you = wire.get("you") if isinstance(wire.get("you"), dict) else {}
    players = hotseat_players(_players(wire.get("seats")), names)
    scores = game.get("scores")
    deadline = game.get("deadline")
    view = read_view(
        hand,
        table=int(wire.get("table") or 0),
        you=_shown_seat(wire),
        players=players,
        scores=scores if isinstance(scores, list) else None,
        seq=wire.get("seq") if type(wire.get("seq")) is int else None,
        hand_number=int(game.get("hand_number") or 1),
        hands_total=game.get("hands") if type(game.get("hands")) is int else None,
        match_over=game.get("phase") == "over",
        standing=_standing_names(game.get("standing"), players),
        seconds_left=deadline if isinstance(deadline, int | float) else None,
        now=now,
    )
    table_actions = you.get("legal") if isinstance(you.get("legal"), list) else []
    rounds = None
    if type(game.get("rounds")) is int and type(game.get("round")) is int:
        rounds = (min(game["round"] + 1, game["rounds"]), game["rounds"])
    return dataclasses.replace(
        view,
        room=str(wire.get("room") or ""),
        match_phase=str(game.get("phase") or ""),
        paused=game.get("paused") is True,
        mine=tuple(you_seats(wire)),
        table_actions=tuple(str(a) for a in table_actions),
        rounds=rounds,
        acting=tuple(_seat_numbers(you.get("acting"))),
        tier=game["tier"] if isinstance(game.get("tier"), str) else None,
        stake=game["stake"] if type(game.get("stake")) is int else None,
        claims=_claims(you.get("claims")),
        coins_moved=_coins_moved(game.get("coins_moved")),
        history=_history(game.get("history")),
    )


def _history(wire: Any) -> tuple[dict[str, Any], ...]:
    """``game.history``: the rows a client can read (a hand number, four totals), in order."""
    rows = [row for row in wire if isinstance(row, dict)] if isinstance(wire, list) else []
    return tuple(
        row
        for row in rows
        if type(row.get("hand")) is int
        and isinstance(row.get("totals"), list)
        and len(row["totals"]) == 4
        and all(type(t) is int for t in row["totals"])
    )


def _coins_moved(wire: Any) -> tuple[int, tuple[int, ...]] | None:
    if wire is None:
        return None
    moved = wire.get("coins") if isinstance(wire, dict) else None
    if not isinstance(moved, list) or len(moved) != 4:
        raise ViewError("coins_moved is a hand and four seats' coins")
    return _int(wire.get("hand"), "coins_moved hand"), tuple(_int(c, "coins") for c in moved)
