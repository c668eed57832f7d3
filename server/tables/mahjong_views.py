"""What a mahjong table shows: each receiver's view and the events it is sent.

Every receiver gets only what its seats may see (``Event`` redaction, ``HandMachine.view``);
the parts every receiver shares are encoded once per event and spliced around each one's own
(``publish``). The state shown is the match's (``MahjongTableMatch``); this module only reads it.
"""

from __future__ import annotations

from typing import Any

import msgpack

from qipai.mahjong.table.events import Event
from qipai.mahjong.table.match import Match
from qipai.mahjong.table.state import Phase
from qipai.mahjong.table.views import ViewParts
from qipai.platform.mahjong_table import CLAIM_PHASES, MahjongTableMatch
from qipai.protocol import encode

from .base import _GAME_KEY, _VIEW_KEY, _YOU_KEY, Occupant, Table, _entries, _map_header

_HAND_KEY, _SEATS_KEY, _LEGAL_KEY, _EVENTS_KEY = (
    encode(key) for key in ("hand", "seats", "legal_actions", "events")
)
_array_header = msgpack.Packer().pack_array_header
_NO_HAND = _HAND_KEY + encode(None)


def redact(event: Event, seats: frozenset[int]) -> dict[str, Any]:
    """An event as a receiver holding ``seats`` may see it (hot-seat holds several)."""
    wire = {"type": event.type, **event.public}
    if event.private is not None and event.to in seats:
        wire["private"] = dict(event.private)
    return wire


def standing(names: list[str], match: Match) -> list[dict[str, Any]]:
    """The match's standings on the wire, seats best first; equal scores share a place."""
    return [
        {"seat": str(p.seat), "name": names[p.seat], "score": p.score, "place": p.place}
        for p in match.standing()
    ]


class MahjongViews(Table):
    """The view half of ``MahjongTable``."""

    core: MahjongTableMatch
    game_ids: dict[int, int]
    incremental: set[str]
    history_published: int
    public_shown: dict[str, Any] | None
    """The hand's public ruleset facts as last published (``_events_untold``)."""
    showing: dict[str, tuple[tuple | None, int]]
    last_seat: dict[str, int]
    coins: dict[str, int]
    coins_moved: dict[str, Any] | None
    stake: int | None
    _wire_cache: WireCache
    _history_rows: tuple[Any, int, int, list[dict[str, Any]]]
    paused_until: float | None
    """Set while a restored match waits for its players (``MahjongDurable``)."""

    def occupant(self, seat: int) -> Occupant:
        occupant = self.seats[str(seat)]
        assert occupant is not None
        return occupant

    def _names(self) -> tuple[str, ...]:
        return tuple(self.occupant(s).name for s in range(4))

    def _refresh(self, seat: int) -> None:
        """Only the answering player learns that its answer was taken: a private snapshot."""
        name = self.occupant(seat).name
        for session in list(self.audience):
            if session.name == name:
                self.snapshot(session)

    def game_view(self) -> dict[str, Any]:
        core = self.core
        match = core.match
        hand = core.hand
        deadline = None
        if core.deadline is not None and hand is not None and not hand.over and not core.between:
            deadline = round(max(0.0, core.deadline - self.now()), 1)
        names = [o.name if o else None for o in self.seats.values()]
        options = self.options
        shown = core.figures() if match else None  # from before a hand still being stored
        return {
            "phase": self.phase,
            "paused": self.paused_until is not None,  # restored, waiting for its players
            "hand_number": core.hand_number,
            "hands": options.hands,
            "rounds": options.rounds,
            "round": shown.rounds_done if shown else 0,
            "scores": list(shown.scores) if shown else [0, 0, 0, 0],
            "pot": shown.pot if shown else 0,
            "dealer": shown.dealer if shown else None,
            "deadline": deadline,
            "history": self.history(),
            "ready": sorted(str(s) for s in core.ready),
            "auto": sorted(str(s) for s in range(4) if self.started and core.served(s)),
            "standing": standing(names, match) if core.finished and match else None,  # type: ignore[arg-type]
            **({"tier": options.tier, "stake": self.stake} if options.tier else {}),
            **({"coins_moved": self.coins_moved} if options.tier else {}),
        }

    def history(self) -> list[dict[str, Any]]:
        """The match's hands whose records are committed, each with the id it is stored under.
        Asked for every event and as long as the match: rebuilt only when a hand was booked
        or stored (both only grow, and a booked hand never changes); not to be changed."""
        match = self.core.match
        if match is None:
            return []
        built_for, booked, stored, rows = self._history_rows
        if built_for is match and (booked, stored) == (len(match.history), len(self.game_ids)):
            return rows
        rows = []
        for booked in match.history:
            game = self.game_ids.get(booked.number)
            if game is None:
                continue
            row: dict[str, Any] = {
                "hand": booked.number,
                "game": game,
                "dealer": booked.dealer,
                "totals": list(booked.totals),
            }
            if booked.escaped is not None:
                row["escaped"] = str(booked.escaped)
            rows.append(row)
        self._history_rows = (match, len(match.history), len(self.game_ids), rows)
        return rows

    def seat_info(self, occupant: Occupant | None) -> dict[str, Any] | None:
        """A coin room's seats carry their players' balances: public at the table; a bot's
        seat says how well it plays."""
        info = super().seat_info(occupant)
        if info is not None and occupant is not None and occupant.name in self.coins:
            info["coins"] = self.coins[occupant.name]
        if info is not None and occupant is not None and occupant.bot:
            info["bot_level"] = self.options.bot_level
        return info

    def summary(self) -> dict[str, Any]:
        """The lobby's line; a coin table's adds its stake (每注, null before the first deal)."""
        summary = super().summary()
        if self.options.tier:
            summary["stake"] = self.stake
        return summary

    def shown_seat(
        self, seats: tuple[str, ...], name: str | None, waiting: list[int] | None = None
    ) -> int | None:
        """Whose hand a receiver looks at: hot-seat shows the seat that must act next.
        ``waiting`` is ``_waiting()`` when the caller has it (once per event)."""
        if len(seats) < 2:
            return int(seats[0]) if seats else None  # a player's one seat, whoever acts
        core = self.core
        held = [int(s) for s in seats]
        if waiting is None:
            waiting = self._waiting()
        if waiting:
            prompt, chosen = self.showing.get(name or "", (None, -1))
            if prompt == core.prompt_key and chosen in held and chosen in waiting:
                return chosen
            for seat in waiting:
                if seat in held:
                    return seat
        last = self.last_seat.get(name or "")
        return last if last in held else held[0]

    def _waiting(self) -> list[int]:
        """The seats the hand waits for that have not answered, in the hand's order."""
        core = self.core
        hand = core.hand
        if hand is None or not core.in_hand():
            return []
        return [s for s in hand.to_act() if not core.answered(s)]

    def private_view(self, seats: tuple[str, ...]) -> dict[str, Any]:
        return {"legal": self.table_actions(seats)}

    def table_actions(self, seats: tuple[str, ...]) -> list[str]:
        core = self.core
        if not seats or core.finished or self.paused_until is not None:
            return []
        if not self.started:
            owner = self.seats[seats[0]]
            return ["add_bots"] if owner is not None and owner.name == self.created_by else []
        actions = []
        if core.between and any(int(s) not in core.ready for s in seats):
            actions.append("ready")
        if core.between and core.match is not None:
            actions.extend(core.match.choices)
        if any(int(s) in core.auto for s in seats):
            actions.append("manual")
        elif core.rules.timed:
            actions.append("auto")
        return actions

    def hand_view(self, seat: int | None) -> dict[str, Any] | None:
        core = self.core
        hand = core.hand
        if hand is None:
            return None
        view = hand.view(seat)
        if not self._may_act(seat):
            view["legal_actions"] = []
        if core.hand_number not in self.game_ids:
            view["settlement"] = None  # shown once the hand's record is committed
        return view

    def _may_act(self, seat: int | None) -> bool:
        """Whether the hand view lists the seat's legal actions: not once it answered, nor
        between hands, nor while a restored match waits (``act``: wrong_phase)."""
        core = self.core
        if seat is not None and core.answered(seat) or not core.in_hand():
            return False
        return self.paused_until is None

    def _hand_wire(self) -> HandWire | None:
        """This moment's hand view for every receiver, its shared parts encoded once."""
        hand = self.core.hand
        if hand is None:
            return None
        stored = self.core.hand_number in self.game_ids
        return HandWire(ViewParts(hand), self._may_act, stored, self._wire_cache)

    def view(
        self,
        seats: tuple[str, ...],
        game: dict[str, Any] | None = None,
        shared: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The full view of ``seats``; ``game`` and ``shared`` (the head every receiver gets)
        are passed in when one event builds many views."""
        seat = self.shown_seat(seats, self._name_of(seats))
        return {
            **(self._shared_view() if shared is None else shared),
            "you": self._you(seats, seat),
            "game": self.game_view() if game is None else game,
            "hand": self.hand_view(seat),
        }

    def _name_of(self, seats: tuple[str, ...]) -> str | None:
        occupant = self.seats[seats[0]] if seats else None
        return occupant.name if occupant else None

    def _shared_view(self) -> dict[str, Any]:
        seats_view = {s: self.seat_info(o) for s, o in self.seats.items()}
        playing = self.started and not self.core.finished
        for s, info in seats_view.items():
            if info is not None:
                info["auto"] = playing and int(s) in self.core.auto
        return {
            "table": self.id,
            "room": self.room,
            "seq": self.seq,
            "options": self.options_wire,
            "seats": seats_view,
            "spectators": self.spectators(),
        }

    def _you(
        self, seats: tuple[str, ...], seat: int | None, waiting: list[int] | None = None
    ) -> dict[str, Any]:
        if waiting is None:
            waiting = self._waiting()
        acting = [s for s in seats if int(s) in waiting]
        you: dict[str, Any] = {
            "seats": list(seats),
            "seat": None if seat is None else str(seat),
            "acting": acting,
            "legal": self.table_actions(seats),
        }
        if len(seats) > 1:
            you["claims"] = self._claims(seats)
        return you

    def _claims(self, seats: tuple[str, ...]) -> dict[str, list[dict[str, Any]]]:
        """Hot-seat (MJ-08): the options of every seat here that a claim window waits for, not
        only the shown one's, so that whichever of them takes the keyboard can answer. Only
        this connection gets them: it plays all these seats."""
        core = self.core
        hand = core.hand
        if hand is None or hand.phase not in CLAIM_PHASES or not core.in_hand():
            return {}
        waiting = hand.to_act()
        return {
            s: [action.to_wire() for action in hand.legal_actions(int(s))]
            for s in seats
            if int(s) in waiting and not core.answered(int(s))
        }

    def publish(self, kind: str, events: list[Event] | None = None, **detail: Any) -> None:
        """Advance ``seq`` and send the event to each receiver with its own redaction.

        A receiver gets the events redacted for its seats and, by default, its full view
        after them (what a simple client draws). A player who asked for ``incremental``
        events gets instead only what changes beyond the events: the seats, the public game
        part (``history`` only when a hand was added to it), its table actions and the legal
        actions of its shown seat, and its whole ``hand`` only where the events cannot tell
        it (``_events_untold``). Building a seat's full hand view is most of an event's
        cost; such a client follows the hand from the events and asks for a ``snapshot`` (the
        full view) when it joins or sees a gap.
        """
        self.seq += 1
        history_grew = len(self.game_ids) != self.history_published
        self.history_published = len(self.game_ids)
        if not self.audience:
            self.wake()
            return
        held = self._hold()  # what the table's task did too (advance): shown once logged
        encoded: dict[tuple[tuple[str, ...], bool], bytes] = {}
        seats_by_name: dict[str | None, tuple[str, ...]] = {}
        game = self.game_view()
        shared = self._shared_view()
        head = {"type": "event", "table": self.id, "seq": self.seq, "kind": kind, **detail}
        head_bytes = _entries(head)
        redacted = _Redactions(events)
        full: list[tuple[bytes, bytes, HandWire | None]] = []  # for the first full view
        brief: list[tuple[int, bytes, bytes]] = []  # incremental receivers' shared parts
        waiting = self._waiting()
        whole_hand: list[bool] = []  # asked of the first incremental receiver
        for session in list(self.audience):
            name = session.name
            seats = seats_by_name.get(name)
            if seats is None:
                seats = seats_by_name[name] = self.seats_of(name)
            incremental = bool(seats) and name in self.incremental
            data = encoded.get((seats, incremental))
            if data is None:
                events_bytes = redacted.encoded(seats)
                seat = self.shown_seat(seats, name, waiting)
                if incremental:
                    if not brief:
                        brief.append(self._incremental_parts(head, game, shared, history_grew))
                        whole_hand.append(self._events_untold(kind))
                    keys, own_head, tail = brief[0]
                    you = self._you(seats, seat, waiting)
                    parts = [
                        _map_header(keys + (events is not None) + 3 + whole_hand[0]),
                        own_head,
                        events_bytes,
                        tail,
                        _map_header(len(you) + 1),
                        _entries(you),
                        _LEGAL_KEY,
                        self._legal_bytes(seat),
                    ]
                    if whole_hand[0]:
                        parts += (_HAND_KEY, encode(self.hand_view(seat)))
                    data = b"".join(parts)
                else:
                    # The view's head and game are the same for every receiver: encoded once,
                    # spliced around each one's own ``you`` and hand (the same bytes).
                    if not full:
                        full.append(self._full_parts(shared, game))
                    view_head, game_bytes, wire = full[0]
                    data = b"".join(
                        (
                            _map_header(len(head) + (events is not None) + 1),
                            head_bytes,
                            events_bytes,
                            _VIEW_KEY,
                            view_head,
                            encode(self._you(seats, seat, waiting)),
                            game_bytes,
                            _NO_HAND if wire is None else wire.encoded(seat),
                        )
                    )
                encoded[seats, incremental] = data
            self.deliver(session, data, held)
        self.wake()

    def _full_parts(
        self, shared: dict[str, Any], game: dict[str, Any]
    ) -> tuple[bytes, bytes, HandWire | None]:
        """What every full view of one event shares: its head up to ``you``, the encoded game
        part and the hand's shared bytes. Made only when some receiver takes full views."""
        view_head = _map_header(len(shared) + 3) + _entries(shared) + _YOU_KEY
        return view_head, _GAME_KEY + encode(game), self._hand_wire()

    def _incremental_parts(
        self, head: dict[str, Any], game: dict[str, Any], shared: dict[str, Any], grew: bool
    ) -> tuple[int, bytes, bytes]:
        """What every incremental receiver of one event shares: the head (its own ``game``
        part stands for a detail's ``game``, the record id a settled hand's history row also
        holds), its number of keys and the encoded seats, game part and ``you`` key that
        follow its events. The game part has the history only when it grew."""
        own_head = {k: v for k, v in head.items() if k not in ("seats", "game", "you", "hand")}
        brief = game if grew else {k: v for k, v in game.items() if k != "history"}
        tail = _SEATS_KEY + encode(shared["seats"]) + _GAME_KEY + encode(brief) + _YOU_KEY
        return len(own_head), _entries(own_head), tail

    def _events_untold(self, kind: str) -> bool:
        """Whether an incremental event carries its receiver's whole ``hand`` view: when the
        events cannot tell it (a new hand's rules and dice, the hands shown and the
        settlement at its end, an escape, a ruleset's public facts that changed:
        Baicheng's treasure turned up). A few events a hand; the rest carry only the events."""
        hand = self.core.hand
        if hand is None:
            return False
        public = hand.public_state()
        changed = public != self.public_shown
        self.public_shown = public
        over = hand.phase is Phase.ENDED or not self.core.in_hand()
        return changed or over or kind in ("deal", "escaped")

    def _legal_bytes(self, seat: int | None) -> bytes:
        """The encoded ``hand.legal_actions`` of the full view for ``seat`` (``WireCache``)."""
        hand = self.core.hand
        if hand is None or seat is None or not self._may_act(seat):
            return _NO_ACTIONS
        return self._wire_cache.actions(seat, hand.legal_actions(seat))


class _Redactions:
    """One event's ``events`` entry for each receiver, encoded once per distinct redaction:
    a receiver sees a private part only of events sent to one of its seats, so receivers
    holding none of those seats share the public encoding."""

    def __init__(self, events: list[Event] | None) -> None:
        self.events = events
        self.private_to = frozenset(e.to for e in events or () if e.private is not None)
        self.by_seats: dict[frozenset[int], bytes] = {}

    def encoded(self, seats: tuple[str, ...]) -> bytes:
        """The ``events`` key and list for a receiver holding ``seats`` (nothing if the
        publish has no events)."""
        if self.events is None:
            return b""
        private = self.private_to
        mine = private.intersection([int(s) for s in seats]) if private else private
        data = self.by_seats.get(mine)
        if data is None:
            data = _EVENTS_KEY + encode([redact(e, mine) for e in self.events])
            self.by_seats[mine] = data
        return data


class WireCache:
    """A table's encoded seats and legal actions, kept from event to event: the core hands
    out the same seat view (``ViewParts._seat``) and legal list while they do not change,
    so their bytes are encoded once per change, not once per event. Each entry holds the
    object it was encoded from and is used only for that very object (never changed once
    made), so it cannot be stale."""

    def __init__(self) -> None:
        self.seats: dict[tuple[int, bool], tuple[dict[str, Any], bytes]] = {}
        self.legal: dict[int, tuple[list[Any], bytes]] = {}

    def seat(self, s: int, own: bool, shown: dict[str, Any]) -> bytes:
        kept = self.seats.get((s, own))
        if kept is not None and kept[0] is shown:
            return kept[1]
        data = encode(shown)
        self.seats[s, own] = (shown, data)
        return data

    def actions(self, seat: int, legal: list[Any]) -> bytes:
        kept = self.legal.get(seat)
        if kept is not None and kept[0] is legal:
            return kept[1]
        data = encode([action.to_wire() for action in legal])
        self.legal[seat] = (legal, data)
        return data


_NO_ACTIONS = encode([])


class HandWire:
    """The encoded ``hand`` entry of one event's full views: the head and every seat as the
    others see it are encoded once (a seat's bytes kept while it does not change:
    ``WireCache``), and each receiver's bytes splice in its own seat and legal actions (the
    same bytes as encoding its ``hand_view``)."""

    def __init__(self, parts: ViewParts, may_act: Any, stored: bool, cache: WireCache) -> None:
        self.parts = parts
        self.may_act = may_act
        self.cache = cache
        head = parts.head if stored else {**parts.head, "settlement": None}
        self.prefix = b"".join(
            (
                _HAND_KEY,
                _map_header(len(head) + 2),
                _entries(head),
                _SEATS_KEY,
                _array_header(len(parts.others)),
            )
        )
        self.others = [cache.seat(s, False, shown) for s, shown in enumerate(parts.others)]

    def encoded(self, seat: int | None) -> bytes:
        if seat is None:
            return self._join(None, _NO_ACTIONS)  # a spectator's: once per event (``publish``)
        if not self.may_act(seat):
            return self._join(seat, _NO_ACTIONS)
        return self._join(seat, self.cache.actions(seat, self.parts.hand.legal_actions(seat)))

    def _join(self, seat: int | None, legal: bytes) -> bytes:
        seats = list(self.others)
        if seat is not None:
            shown = self.parts.own(seat)
            own = shown is not self.parts.others[seat]
            seats[seat] = self.cache.seat(seat, own, shown) if own else self.others[seat]
        return b"".join((self.prefix, *seats, _LEGAL_KEY, legal))
