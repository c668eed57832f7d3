"""Redacted views of a hand: what one seat, or a spectator, may see.

Other seats' concealed tiles and the wall never appear (flowers set aside are open to all); a face-down concealed kong shows only that
it exists until the hand ends or its owner wins; 定缺 choices appear together once all are made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipai.mahjong.notation import MeldKind
from qipai.mahjong.table.state import Phase, SeatState, TableMeld

if TYPE_CHECKING:
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
    ended = hand.phase is Phase.ENDED
    voids_public = hand.phase is not Phase.DECLARE_VOID
    seats = []
    for s, state in enumerate(hand.seats):
        hint = hand.hint(s) if s == seat and state.win is None and not ended else None
        shown = hint.to_wire() if hint else None
        open_hand = ended or state.win is not None or s == seat
        melds = []
        for meld in state.melds:
            hidden = (
                meld.type == _CONCEALED_KONG
                and hand.ruleset.concealed_kongs_hidden
                and not open_hand
            )
            melds.append({"type": meld.type, "hidden": True} if hidden else meld_wire(meld))
        seats.append(
            {
                "seat": s,
                "hand_size": len(state.concealed),
                "hand": sorted(state.concealed) if open_hand else None,
                "waits": shown["waits"] if shown else None,
                "ready_discards": shown["ready_discards"] if shown else None,
                "shanten": shown["shanten"] if shown else None,
                "cannot_win": shown["cannot_win"] if shown else None,
                "melds": melds,
                "discards": list(state.discards),
                "river": river_wire(state),
                "flowers": list(state.flowers),
                "void": state.void if (voids_public or s == seat) else None,
                "won": state.win.to_wire() if state.win else None,
                "left": state.left,
            }
        )
    window = hand.window
    return {
        "ruleset": hand.ruleset.name,
        "options": hand.ruleset.options.to_values(),
        "phase": hand.phase.value,
        "dealer": hand.dealer,
        "turn": hand.current if hand.phase is Phase.TURN else None,
        "wall": hand.wall.remaining(),
        **hand.wall_info(),
        "seats": seats,
        "table": hand.ruleset.public_state(hand),
        "offer": {"actor": window.actor, "tile": window.tile, "robbing": window.robbing}
        if window
        else None,
        "payments": [p.to_wire() for p in hand.ledger],
        "legal_actions": [a.to_wire() for a in hand.legal_actions(seat)]
        if seat is not None
        else [],
        "settlement": hand.settlement.to_wire() if hand.settlement else None,
    }
