"""The pieces of a hand's state, kept apart from the machine that moves them."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from qipai.mahjong.scoring import Payment, WinRecord
from qipai.mahjong.table.actions import Action
from qipai.mahjong.tiles import NUM_KINDS, kind_of


@dataclass(frozen=True)
class TableMeld:
    """A declared set on the table. ``type`` is a MeldKind value; ``tiles`` are instance ids.

    ``from_seat`` is the seat whose discard completed it (None for concealed kongs; for an added
    kong, the seat the original pung came from).
    """

    type: str
    kind: int
    tiles: tuple[int, ...]
    from_seat: int | None = None

    @property
    def is_kong(self) -> bool:
        return self.type.startswith("kong")


@dataclass(frozen=True)
class WinContext:
    """Everything a ruleset needs to judge and value one candidate win.

    ``counts`` is the concealed part including the winning tile. The flags describe the moment:
    ``after_kong`` = on a kong replacement (杠上花), ``robbing`` = on another player's added kong,
    ``heavenly``/``earthly`` = 天和/地和 conditions already checked by the machine. A purely static
    evaluation (查大叫, hints) uses all flags False.
    """

    seat: int
    counts: tuple[int, ...]
    melds: tuple[TableMeld, ...]
    win_kind: int
    self_draw: bool
    void_suit: int | None = None
    after_kong: bool = False
    robbing: bool = False
    heavenly: bool = False
    earthly: bool = False


class Phase(StrEnum):
    DECLARE_VOID = "declare_void"  # 定缺: every seat chooses at once, in secret
    TURN = "turn"  # one seat holds an extra tile and must discard, kong or win
    CLAIM = "claim"  # a discard is on offer
    ROB = "rob"  # an added kong may be robbed
    ENDED = "ended"


@dataclass
class KongRecord:
    """A kong with the money it earned, so 杠上炮 can transfer it and 退税 can refund it."""

    seat: int
    kind: int
    type: str
    from_seat: int | None
    payments: list[Payment] = field(default_factory=list)
    transferred: bool = False

    @property
    def income(self) -> int:
        return sum(p.amount for p in self.payments)


@dataclass
class PassedWin:
    kind: int
    raw_fan: int


@dataclass
class RiverTile:
    """One discard as the river keeps it, public to everyone: ``number`` counts the hand's
    discards across all seats from 1 (the order of play), ``drawn`` = the tile just drawn let go
    at once (摸切), ``claimed_by``/``claim`` = the seat that took it and how (pung, kong, chow,
    win). A claimed tile stays in its river place, marked, as players read a river."""

    tile: int
    number: int
    drawn: bool
    claimed_by: int | None = None
    claim: str | None = None

    def to_wire(self) -> dict:
        """``tile`` and ``n`` always; ``drawn`` only when true, ``claimed_by`` and ``claim`` only
        once claimed (four views go out per event: most discards are neither)."""
        wire: dict = {"tile": self.tile, "n": self.number}
        if self.drawn:
            wire["drawn"] = True
        if self.claimed_by is not None:
            wire["claimed_by"], wire["claim"] = self.claimed_by, self.claim
        return wire


@dataclass
class SeatState:
    concealed: list[int] = field(default_factory=list)
    melds: list[TableMeld] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)  # the tiles still in the river
    river: list[RiverTile] = field(default_factory=list)  # every discard, claimed ones too
    river_wire: list[dict] | None = field(default=None, repr=False, compare=False)
    """The river as views send it, built once per change (every event sends four views);
    the machine drops it when the river changes, so a list handed out is never altered."""
    flowers: list[int] = field(default_factory=list)
    """Flowers set aside (144-tile set): face up before everyone, never held."""
    void: int | None = None
    win: WinRecord | None = None
    left: bool = False
    passed: list[PassedWin] = field(default_factory=list)
    draws: int = 0
    last_drawn: int | None = None
    drawn_at_remaining: int = 0

    def counts(self) -> list[int]:
        """The concealed tiles' count of each kind. Asked by every hint and claim check, so
        a playing tile's kind is worked out here (``kind_of``'s own rule, MJ-01) rather
        than by a call per tile; anything else is still ``kind_of``'s to judge."""
        counts = [0] * NUM_KINDS
        for tile in self.concealed:
            if 0 <= tile < 136:
                counts[tile >> 2] += 1
            else:
                counts[kind_of(tile)] += 1
        return counts


@dataclass
class ClaimWindow:
    actor: int  # the discarder, or the konger for a robbing window
    tile: int
    robbing: bool
    options: dict[int, list[Action]]
    answers: dict[int, Action] = field(default_factory=dict)
    kong_chain: tuple[KongRecord, ...] = ()
