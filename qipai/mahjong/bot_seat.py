"""What a bot knows, read from its seat's redacted view alone (``HandMachine.view(seat)``).

The bot never touches the machine: everything here comes from the view a client would get, so
the bot cannot see a concealed tile, the wall or another seat's 定缺 before it is revealed.
Candidate wins are valued by the ruleset's own ``score_win`` on a plain discard win (every
moment flag off), with the few table facts it reads rebuilt from the view (``TableFacts``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from qipai.mahjong.analysis import shanten, waits
from qipai.mahjong.bot_worth import win_worth
from qipai.mahjong.notation import MeldKind
from qipai.mahjong.table.actions import Action
from qipai.mahjong.table.state import TableMeld, WinContext
from qipai.mahjong.tiles import NUM_KINDS, kind_of

ORPHANS = tuple(k for k in range(NUM_KINDS) if k >= 27 or k % 9 in (0, 8))

if TYPE_CHECKING:
    from qipai.mahjong.rulesets.base import Ruleset


@dataclass(frozen=True)
class TableFacts:
    """The public facts a ruleset's ``score_win`` reads for a plain discard win: who deals,
    how many discards were made (Zhongyou's 人和) and the table state behind the public one."""

    dealer: int
    discard_count: int
    table_state: dict[str, Any]


@dataclass(frozen=True)
class Opponent:
    """Another seat still in play, as the table shows it. ``drawn_run``: how many of its last
    discards in a row were thrown as drawn (摸切, marked in its river), the plainest sign of a
    hand that no longer changes. ``passed``: the kinds let go by any seat (itself included)
    since its hand last changed (its last discard from the hand, 手切): a ready hand would have
    won on its wait, so these are safe unless it declines wins (``river_reading``)."""

    seat: int
    melds: tuple[dict, ...]
    discards: tuple[int, ...]
    void: int | None
    hand_size: int
    drawn_run: int = 0
    passed: frozenset[int] = frozenset()
    last_from_hand: int | None = None


def river_reading(
    rivers: dict[int, list[dict]], seat: int
) -> tuple[int, frozenset[int], int | None]:
    """(``drawn_run``, ``passed``, ``last_from_hand``: the kind of its last 手切) of ``seat`` from every seat's river (wire entries with the
    play order ``n`` and the ``drawn`` mark). A kong does not count as a change (its replacement
    may be thrown as drawn): the few hands a kong rearranges read as unchanged."""
    own = rivers[seat]
    run = 0
    for entry in reversed(own):
        if not entry.get("drawn"):
            break
        run += 1
    changed = max((e["n"] for e in own if not e.get("drawn")), default=0)
    passed = frozenset(
        kind_of(e["tile"]) for river in rivers.values() for e in river if e["n"] > changed
    )
    last = next((kind_of(e["tile"]) for e in reversed(own) if not e.get("drawn")), None)
    return run, passed, last


def _meld(wire: dict) -> TableMeld:
    return TableMeld(wire["type"], wire["kind"], tuple(wire["tiles"]), wire["from"])


class SeatPicture:
    """One seat's view turned into counts: its tiles and melds, the tiles it has seen, the
    opponents in play, and the ruleset's valuation of any candidate win."""

    def __init__(self, ruleset: Ruleset, view: dict, seat: int) -> None:
        self.ruleset = ruleset
        self.view = view
        self.seat = seat
        mine = view["seats"][seat]
        self.tiles: list[int] = list(mine["hand"])
        self.counts = [0] * NUM_KINDS
        for tile in self.tiles:
            self.counts[kind_of(tile)] += 1
        self.melds = [_meld(m) for m in mine["melds"]]
        self.void: int | None = mine["void"]
        self.wall: int = view["wall"]
        self.legal = [Action.from_wire(a) for a in view["legal_actions"]]
        self.offer: dict | None = view["offer"]
        self.phase: str = view["phase"]
        self.seen = list(self.counts)
        claimed = 0
        self.opponents: list[Opponent] = []
        rivers = {other["seat"]: other["river"] for other in view["seats"]}
        for other in view["seats"]:
            for tile in other["discards"]:
                self.seen[kind_of(tile)] += 1
            for meld in other["melds"]:
                if meld.get("hidden"):
                    continue
                claimed += meld["from"] is not None
                if other["seat"] != seat:
                    for tile in meld["tiles"]:
                        self.seen[kind_of(tile)] += 1
            if other["seat"] != seat and other["won"] is None:
                self.opponents.append(
                    Opponent(
                        other["seat"],
                        tuple(other["melds"]),
                        tuple(kind_of(t) for t in other["discards"]),
                        other["void"],
                        other["hand_size"],
                        *river_reading(rivers, other["seat"]),
                    )
                )
        for meld in self.melds:
            for tile in meld.tiles:
                self.seen[kind_of(tile)] += 1
        self.in_play = set(ruleset.kinds_in_play())
        self.unseen = [
            max(0, 4 - self.seen[k]) if k in self.in_play else 0 for k in range(NUM_KINDS)
        ]
        self.facts = TableFacts(
            view["dealer"],
            sum(len(s["discards"]) for s in view["seats"]) + claimed,
            ruleset.table_state_seen(view["table"]),
        )
        self.concealed_only = not self.melds
        self._values: dict[tuple, dict[int, float]] = {}

    # --- shape -----------------------------------------------------------------------------
    def shanten(self, counts: list[int], melds: list[TableMeld] | None = None) -> int:
        """Shanten toward the shapes worth aiming at: seven pairs only from four pairs up and
        thirteen orphans only from nine of its kinds up (further off, their few live tiles
        make them slower than they count)."""
        concealed = not (self.melds if melds is None else melds)
        return shanten(
            counts,
            seven_pairs=self.ruleset.seven_pairs
            and concealed
            and sum(1 for c in counts if c >= 2) >= 4,
            quads_as_two_pairs=self.ruleset.quads_as_two_pairs,
            thirteen_orphans=self.ruleset.thirteen_orphans
            and concealed
            and sum(1 for k in ORPHANS if counts[k]) >= 9,
        )

    def wait_values(
        self, counts: list[int], melds: list[TableMeld] | None = None
    ) -> dict[int, float]:
        """For a hand of 13 (melds as 3): each kind that makes a legal win, with its worth
        as a plain discard win, in the table's own money (``bot_worth``: what the winner
        collects for that fan, by discard or self-draw, from the seats still in play)."""
        melds = self.melds if melds is None else melds
        key = (tuple(counts), tuple(melds))
        found = self._values.get(key)
        if found is not None:
            return found
        concealed = not melds
        held = list(counts)
        for meld in melds:
            for tile in meld.tiles:
                held[kind_of(tile)] += 1
        worth = win_worth(self.ruleset, self.seat, self.facts)
        others = len(self.opponents)
        found = {}
        for kind in waits(
            counts,
            seven_pairs=self.ruleset.seven_pairs and concealed,
            quads_as_two_pairs=self.ruleset.quads_as_two_pairs,
            thirteen_orphans=self.ruleset.thirteen_orphans and concealed,
        ):
            if held[kind] == 4:
                continue
            counts[kind] += 1
            ctx = WinContext(self.seat, tuple(counts), tuple(melds), kind, False, self.void)
            score = self.ruleset.score_win(self.facts, ctx)  # type: ignore[arg-type]
            counts[kind] -= 1
            if score is not None:
                found[kind] = worth.worth(score.fan, others)
        self._values[key] = found
        return found

    def all_kinds(self, counts: list[int], melds: list[TableMeld]) -> list[int]:
        kinds = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
        for meld in melds:
            kinds.extend(kind_of(t) for t in meld.tiles)
        return kinds

    def opened(self, melds: list[TableMeld]) -> bool:
        return any(m.type != MeldKind.KONG_CONCEALED.value for m in melds)

    def tiles_of(self, kind: int, count: int) -> tuple[int, ...]:
        """``count`` of this seat's own tile ids of ``kind`` (for a hypothetical meld)."""
        return tuple(t for t in self.tiles if kind_of(t) == kind)[:count]
