"""Set positions for the table tests: hands written in the rules book's notation.

``Table`` hands out distinct tile instances for the kinds a test names, builds a scripted wall
(normal draws from the front, kong replacements from the back) and starts a ``HandMachine``
from that position, so a test reads like the worked example it checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipai.mahjong.notation import parse_hand
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.state import TableMeld
from qipai.mahjong.tiles import kind_of, parse_kinds
from qipai.mahjong.wall import Dice

if TYPE_CHECKING:
    from qipai.mahjong.table.machine import HandMachine

E, S, W, N = 0, 1, 2, 3
M, P, SUIT_S = 0, 1, 2


class ScriptedWall:
    """A wall whose draw order the test chooses; replacements come off the back."""

    def __init__(self, draws: list[int], replacements: list[int]) -> None:
        self.tiles = list(draws) + list(reversed(replacements))
        self.dice = Dice((3, 4), (2, 5))
        self.start_stack = 14

    def draw(self) -> int:
        return self.tiles.pop(0)

    def draw_replacement(self) -> int:
        return self.tiles.pop()

    def remaining(self) -> int:
        return len(self.tiles)


class Table:
    """Builds one position. Every kind named anywhere gets its own instance (at most four)."""

    def __init__(self) -> None:
        self.used: dict[int, int] = {}

    def tile(self, kind: int) -> int:
        copy = self.used.get(kind, 0)
        assert copy < 4, f"a fifth copy of kind {kind} was asked for"
        self.used[kind] = copy + 1
        return kind * 4 + copy

    def tiles(self, text: str) -> list[int]:
        return [self.tile(k) for k in parse_kinds(text)] if text.strip() else []

    def seat(self, text: str, from_seat: int | None = None) -> tuple[list[int], list[TableMeld]]:
        """Concealed instances and table melds of a hand written as in the rules book."""
        hand = parse_hand(text)
        concealed = [self.tile(k) for k in hand.concealed]
        melds = []
        for meld in hand.melds:
            tiles = tuple(self.tile(k) for k in meld.tiles)
            source = None if meld.kind.value == "kong_concealed" else from_seat
            melds.append(TableMeld(meld.kind.value, meld.tiles[0], tiles, source))
        return concealed, melds

    def junk(self) -> list[int]:
        """13 harmless tiles: bamboo first (everyone's void in these tests), then spread-out
        singles of the other suits."""
        order = [k for k in range(18, 27)] + [
            k for r in (0, 8, 4, 1, 7, 2, 6, 3, 5) for k in (r, 9 + r)
        ]
        hand: list[int] = []
        while len(hand) < 13:
            progress = False
            for kind in order:
                if len(hand) < 13 and self.used.get(kind, 0) < 4:
                    hand.append(self.tile(kind))
                    progress = True
            assert progress, "no tiles left for a junk hand"
        return hand

    def start(
        self,
        seats: list[str],
        draws: str = "",
        replacements: str = "",
        *,
        options: dict | None = None,
        dealer: int = E,
        turn: int | None = None,
        voids: list[int] | None = (SUIT_S, SUIT_S, SUIT_S, SUIT_S),
        filler: int = 0,
        ruleset: str = "sichuan",
    ) -> HandMachine:
        """Start the position. ``filler`` extra wall tiles (the unused copies of suit tiles, in
        order) go after the scripted draws so the compulsory last-four rule stays out of the way."""
        hands: list[list[int]] = [[], [], [], []]
        melds: list[list[TableMeld]] = [[], [], [], []]
        for seat, text in enumerate(seats):
            if text != "*":
                hands[seat], melds[seat] = self.seat(text, from_seat=(seat + 2) % 4)
        draw_tiles = self.tiles(draws)
        replacement_tiles = self.tiles(replacements)
        for seat, text in enumerate(seats):
            if text == "*":
                hands[seat] = self.junk()
        spare = [k for k in range(27) for _ in range(4 - self.used.get(k, 0))]
        draw_tiles += [self.tile(k) for k in spare[:filler]]
        options = {"base": 6, **(options or {})}
        rules = get_ruleset(ruleset, options)
        if not rules.uses_void_declaration:
            voids = None
        from qipai.mahjong.table.machine import HandMachine  # the wall module may land later

        wall = ScriptedWall(draw_tiles, replacement_tiles)
        return HandMachine.arranged(
            rules,
            wall,
            hands,
            dealer=dealer,
            turn=turn,
            melds=melds,
            voids=list(voids) if voids is not None else None,
        )


def act(hand: HandMachine, seat: int, kind: ActionType, tile: int | None = None) -> None:
    hand.apply(Action(seat, kind, tile))


def discard(hand: HandMachine, seat: int, kind_text: str) -> int:
    """Discard one tile of the named kind; returns its instance id."""
    (kind,) = parse_kinds(kind_text)
    tile = next(t for t in hand.seats[seat].concealed if kind_of(t) == kind)
    act(hand, seat, ActionType.DISCARD, tile)
    return tile


def pass_all(hand: HandMachine, except_for: tuple[int, ...] = ()) -> None:
    """Every prompted seat not listed passes."""
    for seat in list(hand.to_act()):
        if seat not in except_for and hand.window is not None:
            act(hand, seat, ActionType.PASS)


def types(hand: HandMachine, seat: int) -> set[ActionType]:
    return {a.type for a in hand.legal_actions(seat)}
