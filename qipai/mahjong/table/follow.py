"""A hand followed from one receiver's redacted events: the view it would have been sent.

A client that takes incremental events (docs/protocol.md) gets a full view (a snapshot, or an
event's ``hand``) and then only the events. ``HandReplica`` is a ``HandMachine`` rebuilt from
that view with what the receiver may know — its own tiles, every public fact, a placeholder for
each tile hidden from it — and moved by the events as the machine moved, so that the machine's
own ``ViewParts`` and hint line make the view: the same code as the hall's, not a second copy.

What events alone cannot tell (a new hand's rules and dice, the hands shown at the end, a
Baicheng treasure turned up) the hall sends as a full ``hand`` instead. A 定缺 is secret but
followed: its ``void_declared`` tells the declaring seat its own suit.
"""

from __future__ import annotations

from qipai.mahjong.notation import MeldKind
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table.state import ClaimWindow, Phase, RiverTile, SeatState, TableMeld
from qipai.mahjong.table.views import ViewParts

HIDDEN = -1
"""A concealed tile the receiver may not see: only how many there are is shown."""

_HIDDEN_KONG = MeldKind.KONG_CONCEALED.value
_MOVED = Action(HIDDEN, ActionType.PASS)
"""Counted in ``actions`` for every other event: the default ``win_judgement_key`` (how many
actions the hand has seen) then changes whenever the table did, as the machine's does."""


class Wired(dict):
    """A record already in its wire form (a payment, a win): the view sends it as it came."""

    def to_wire(self) -> dict:
        return dict(self)


class SeenWall:
    """The wall as a seat knows it: how many tiles are left."""

    def __init__(self, remaining: int) -> None:
        self.left = remaining

    def remaining(self) -> int:
        return self.left


def _meld(wire: dict) -> TableMeld:
    if wire.get("hidden"):
        return TableMeld(wire["type"], HIDDEN, ())
    return TableMeld(wire["type"], wire["kind"], tuple(wire["tiles"]), wire["from"])


def _river(wire: dict) -> RiverTile:
    return RiverTile(
        wire["tile"], wire["n"], bool(wire.get("drawn")), wire.get("claimed_by"), wire.get("claim")
    )


class HandReplica(HandMachine):
    """The hand as ``seats`` (the receiver's, several in hot-seat) may know it, from the view
    ``shown`` (the machine's ``view(seat)``), kept up by ``follow``. Never applies actions."""

    def __init__(self, shown: dict, seats: frozenset[int]) -> None:
        self.mine = seats
        self.shown = shown
        self.ruleset = get_ruleset(shown["ruleset"], shown["options"])
        self.dealer = shown["dealer"]
        self.table_state = self.ruleset.table_state_seen(shown["table"])
        self.public = shown["table"]
        self.wall = SeenWall(shown["wall"])  # type: ignore[assignment]
        self.dice = {"dice": shown.get("dice"), "break_stack": shown.get("break_stack")}
        self.phase = Phase(shown["phase"])
        self.current = shown["turn"] if shown["turn"] is not None else self.dealer
        offer = shown.get("offer")
        self.window = (
            ClaimWindow(offer["actor"], offer["tile"], bool(offer["robbing"]), {})
            if offer
            else None
        )
        self.ledger = [Wired(p) for p in shown.get("payments") or []]  # type: ignore[misc]
        self.settlement = None
        self.seats = [self._seat(s) for s in shown["seats"]]
        self.river_count = max((e.number for s in self.seats for e in s.river), default=0)
        self.discard_count = self.river_count
        last = [(e.number, n, e.tile) for n, s in enumerate(self.seats) for e in s.river]
        self.actions = [Action(max(last)[1], ActionType.DISCARD, max(last)[2])] if last else []
        self._legal_cache = {}
        self._hints = {}
        self.seat_views = {}
        self.moved = False

    @staticmethod
    def _seat(wire: dict) -> SeatState:
        hand = wire["hand"]
        return SeatState(
            concealed=list(hand) if hand is not None else [HIDDEN] * wire["hand_size"],
            melds=[_meld(m) for m in wire["melds"]],
            discards=list(wire["discards"]),
            river=[_river(e) for e in wire["river"]],
            flowers=list(wire.get("flowers") or []),
            void=wire.get("void"),
            win=Wired(wire["won"]) if wire.get("won") else None,  # type: ignore[arg-type]
            left=bool(wire.get("left")),
        )

    # ------------------------------------------------------------------ what the view reads
    def wall_info(self) -> dict:
        return dict(self.dice)

    def public_state(self) -> dict:
        return self.public

    def view_of(self, seat: int | None, legal: list[dict]) -> dict:
        """The machine's ``view(seat)``, its legal actions as the hall listed them."""
        if not self.moved:
            return {**self.shown, "legal_actions": legal}
        parts = ViewParts(self)
        seats = [dict(shown) for shown in parts.others]
        if seat is not None:
            seats[seat] = dict(parts.own(seat))
        return {**parts.head, "seats": seats, "legal_actions": legal}

    # ------------------------------------------------------------------ the events
    def follow(self, events: list[dict]) -> None:
        """Move the replica as these events (the machine's, redacted for us) moved the hand."""
        for event in events:
            handler = getattr(self, f"_on_{event.get('type')}", None)
            if handler is not None:
                handler(event)
            if event.get("type") != "discarded":
                self.actions.append(_MOVED)
        self.moved = True

    def _take(self, seat: int, tiles: list[int]) -> None:
        """Tiles leave a concealed hand: ours by id, another seat's as placeholders."""
        concealed = self.seats[seat].concealed
        for tile in tiles:
            concealed.remove(tile if tile in concealed else HIDDEN)

    def _on_drew(self, event: dict) -> None:
        seat = event["seat"]
        tile = (event.get("private") or {}).get("tile", HIDDEN)
        state = self.seats[seat]
        state.concealed.append(tile)
        state.concealed.sort()
        self.wall.left = event["wall"]  # type: ignore[attr-defined]
        self.phase, self.current, self.window = Phase.TURN, seat, None

    def _on_flowers(self, event: dict) -> None:
        self.seats[event["seat"]].flowers.extend(event["tiles"])
        if not event.get("dealt"):
            self.wall.left -= 1  # type: ignore[attr-defined]  # the flower came off the wall

    def _on_discarded(self, event: dict) -> None:
        seat, tile = event["seat"], event["tile"]
        state = self.seats[seat]
        self._take(seat, [tile])
        state.discards.append(tile)
        self.river_count += 1
        self.discard_count += 1
        state.river.append(RiverTile(tile, self.river_count, bool(event.get("drawn"))))
        state.river_wire = None
        self.actions.append(Action(seat, ActionType.DISCARD, tile))

    def _on_claim_window(self, event: dict) -> None:
        robbing = bool(event["robbing"])
        self.window = ClaimWindow(event["actor"], event["tile"], robbing, {})
        self.phase = Phase.ROB if robbing else Phase.CLAIM

    def _taken_from_river(self, actor: int, seat: int, claim: str) -> None:
        state = self.seats[actor]
        state.discards.pop()
        state.river[-1].claimed_by, state.river[-1].claim = seat, claim
        state.river_wire = None

    def _on_claimed(self, event: dict) -> None:
        seat, tile, meld = event["seat"], event["tile"], _meld(event["meld"])
        self._taken_from_river(event["from"], seat, event["claim"])
        used = list(meld.tiles)
        used.remove(tile)
        self._take(seat, used)
        self.seats[seat].melds.append(meld)
        self.window = None
        self.phase, self.current = Phase.TURN, seat

    def _on_concealed_kong(self, event: dict) -> None:
        seat = event["seat"]
        wire = event.get("meld") or (event.get("private") or {}).get("meld")
        meld = _meld(wire) if wire else TableMeld(_HIDDEN_KONG, HIDDEN, ())
        self._take(seat, list(meld.tiles) if wire else [HIDDEN] * 4)
        self.seats[seat].melds.append(meld)

    def _on_added_kong(self, event: dict) -> None:
        seat, kong = event["seat"], _meld(event["meld"])
        melds = self.seats[seat].melds
        index = next(
            i for i, m in enumerate(melds) if m.type == MeldKind.PUNG.value and m.kind == kong.kind
        )
        added = [t for t in kong.tiles if t not in melds[index].tiles]
        self._take(seat, added)
        melds[index] = kong
        self.window = None

    def _on_kong_robbed(self, event: dict) -> None:
        self._take(event["seat"], [event["tile"]])

    def _on_payment(self, event: dict) -> None:
        self.ledger.append(Wired(event["payment"]))  # type: ignore[arg-type]

    def _on_won(self, event: dict) -> None:
        seat = event["seat"]
        window = self.window
        if window is not None and not window.robbing:
            self._taken_from_river(window.actor, seat, ActionType.WIN.value)
        self.window = None
        state = self.seats[seat]
        state.win = Wired(event["record"])  # type: ignore[assignment]
        state.concealed = sorted(event["hand"])
        state.melds = [_meld(m) for m in event["melds"]]

    def _on_left(self, event: dict) -> None:
        self.seats[event["seat"]].left = True

    def _on_void_declared(self, event: dict) -> None:
        private = event.get("private")
        if private is not None:  # our own 定缺; the others' stay secret until all have chosen
            self.seats[event["seat"]].void = private["suit"]

    def _on_voids_revealed(self, event: dict) -> None:
        for state, suit in zip(self.seats, event["voids"], strict=True):
            state.void = suit
        self.phase = Phase.TURN
