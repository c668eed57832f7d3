"""Redacted views of a hand: what one seat, or a spectator, may see.

Other seats' concealed tiles and the wall never appear (flowers set aside are open to all); a face-down concealed kong shows only that
it exists until the hand ends or its owner wins; 定缺 choices appear together once all are made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipai.mahjong.notation import MeldKind
from qipai.mahjong.table.state import Phase, SeatState, TableMeld

if TYPE_CHECKING:
    from qipai.mahjong.table.hints import SeatHint
    from qipai.mahjong.table.machine import HandMachine

_CONCEALED_KONG = MeldKind.KONG_CONCEALED.value  # an enum's .value is a Python-level lookup


def meld_wire(meld: TableMeld) -> dict:
    return {
        "type": meld.type,
        "kind": meld.kind,
        "tiles": list(meld.tiles),
        "from": meld.from_seat,
    }


def river_wire(state: SeatState) -> list[dict]:
    """The seat's river (public), its entries built once per change of it."""
    if state.river_wire is None:
        state.river_wire = [entry.to_wire() for entry in state.river]
    return state.river_wire


def seat_view(hand: HandMachine, seat: int | None) -> dict:
    """The state as ``seat`` may see it; None = a spectator (public information only)."""
    parts = ViewParts(hand)
    return parts.view(seat)


class ViewParts:
    """One moment of a hand, cut into what every receiver may see (the head, each seat as the
    others see it) and what only one seat sees of itself (``own``, ``legal``): a table builds
    the shared parts once per event and adds each seat's own, rather than every seat's view
    whole (``server/tables/mahjong_views.py`` also encodes the shared parts once).

    Another seat sees of seat ``s`` exactly what a spectator sees, so ``others[s]`` is both.
    """

    def __init__(self, hand: HandMachine) -> None:
        self.hand = hand
        ended = hand.phase is Phase.ENDED
        self.ended = ended
        self.voids_public = hand.phase is not Phase.DECLARE_VOID
        window = hand.window
        self.head = {
            "ruleset": hand.ruleset.name,
            "options": hand.ruleset.options.to_values(),
            "phase": hand.phase.value,
            "dealer": hand.dealer,
            "turn": hand.current if hand.phase is Phase.TURN else None,
            "wall": hand.wall.remaining(),
            **hand.wall_info(),
            "table": hand.public_state(),
            "offer": {"actor": window.actor, "tile": window.tile, "robbing": window.robbing}
            if window
            else None,
            "payments": [p.to_wire() for p in hand.ledger],
            "settlement": hand.settlement.to_wire() if hand.settlement else None,
        }
        self.others = [self._seat(s, None) for s in range(len(hand.seats))]

    def own(self, seat: int) -> dict:
        """Seat ``seat`` as its own player sees it: its tiles, its hint line, its 定缺."""
        if self.ended or self.hand.seats[seat].win is not None:
            shown = self.others[seat]  # open to all: only the hint line is the seat's own
            if self.voids_public:
                return shown
        return self._seat(seat, seat)

    def legal(self, seat: int | None) -> list[dict]:
        if seat is None:
            return []
        return [a.to_wire() for a in self.hand.legal_actions(seat)]

    def view(self, seat: int | None) -> dict:
        """The whole view of ``seat``, its seats copies the caller may change (``open_view``)."""
        seats = [dict(shown) for shown in self.others]
        if seat is not None:
            seats[seat] = dict(self.own(seat))
        return {**self.head, "seats": seats, "legal_actions": self.legal(seat)}

    def _seat(self, s: int, seat: int | None) -> dict:
        """Seat ``s`` as the receiver holding ``seat`` sees it; the same dict as the last
        event's while nothing it shows changed (most seats, most events: ``key``), so
        a table that encodes it keeps its bytes (``server/tables/mahjong_views.py``). It is
        shared: never changed once made."""
        hand = self.hand
        state = hand.seats[s]
        own = s == seat
        hint = hand.hint(s) if own and state.win is None and not self.ended else None
        open_hand = self.ended or state.win is not None or own
        key = (
            tuple(state.concealed) if open_hand else len(state.concealed),
            tuple(state.melds),
            tuple(state.discards),
            river_wire(state),
            tuple(state.flowers),
            state.void if (self.voids_public or own) else None,
            state.win,
            state.left,
            hint,
        )
        kept = hand.seat_views.get((s, own))
        if kept is not None and kept[0] == key:
            return kept[1]
        shown = self._seat_dict(s, own, hint, open_hand)
        hand.seat_views[s, own] = (key, shown)
        return shown

    def _seat_dict(self, s: int, own: bool, hint: SeatHint | None, open_hand: bool) -> dict:
        hand = self.hand
        state = hand.seats[s]
        wire = hint.to_wire() if hint else None
        melds = []
        for meld in state.melds:
            hidden = (
                meld.type == _CONCEALED_KONG
                and hand.ruleset.concealed_kongs_hidden
                and not open_hand
            )
            melds.append({"type": meld.type, "hidden": True} if hidden else meld_wire(meld))
        return {
            "seat": s,
            "hand_size": len(state.concealed),
            "hand": sorted(state.concealed) if open_hand else None,
            "waits": wire["waits"] if wire else None,
            "ready_discards": wire["ready_discards"] if wire else None,
            "shanten": wire["shanten"] if wire else None,
            "cannot_win": wire["cannot_win"] if wire else None,
            "melds": melds,
            "discards": list(state.discards),
            "river": river_wire(state),
            "flowers": list(state.flowers),
            "void": state.void if (self.voids_public or own) else None,
            "won": state.win.to_wire() if state.win else None,
            "left": state.left,
        }
