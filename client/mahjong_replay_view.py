"""What the replay viewer (牌谱) draws at one step of one hand of a match: the table as the
board widget reads it, the line saying what the step did, and the hands the board does not show.

Every position is the core's (``qipai.mahjong.replay``): the viewer reads its view maps as the
table screen reads the hall's, so a seat's replay is redacted exactly as that seat's table was.
Scores run across the match's stored hands, as the table showed them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from client.i18n import Strings
from client.mahjong_view import HandLog, MahjongView, read_view, wind_of
from client.widgets.tiles import TileStyle, meld_text, tile_row, tile_text
from qipai.mahjong.replay import HandReplay, Step
from qipai.mahjong.table import ActionType
from qipai.mahjong.tiles import kind_of

#: The view cycle's first entry, every hand open (no seat); the seats follow, 東 first.
OPEN = None


@dataclass(frozen=True)
class Position:
    """One hand of the match at one step, seen all open (``seat`` None) or by one seat."""

    hand: int  # index into the match's hands
    step: int
    seat: int | None


def scores_before(hands: Sequence[HandReplay], index: int) -> list[int]:
    """The running scores before hand ``index``: the totals of the stored hands before it."""
    scores = [0, 0, 0, 0]
    for replay in hands[:index]:
        for seat, total in enumerate((replay.settlement or {}).get("totals") or [0] * 4):
            scores[seat] += int(total)
    return scores


def position_view(hands: Sequence[HandReplay], at: Position) -> tuple[MahjongView, HandLog]:
    """The board's view and event log at ``at``; at a hand's last step its stored settlement
    (an escaped hand's too) and the scores after it."""
    replay = hands[at.hand]
    wire = replay.view(at.step, at.seat)
    scores = scores_before(hands, at.hand)
    if at.step >= replay.last:
        wire = {**wire, "settlement": replay.settlement}
        totals = (replay.settlement or {}).get("totals") or [0] * 4
        scores = [s + int(t) for s, t in zip(scores, totals, strict=True)]
    view = read_view(
        wire,
        table=int(replay.stored.get("table") or 0),
        you=at.seat,
        players=[{"name": name} for name in replay.players],
        scores=scores,
        hand_number=replay.hand_number,
        hands_total=len(hands),
    )
    log = HandLog()
    for event in replay.events(at.step, at.seat):
        log.follow(event)
    return view, log


def view_name(view: MahjongView, seat: int | None, strings: Strings) -> str:
    """The view cycle's words: all open, or whose seat."""
    if seat is None:
        return strings("replay_view_open")
    wind = wind_of(seat, view.dealer, strings.chinese)
    return strings("replay_view_seat", wind=wind, name=view.seats[seat].name)


def next_view(seat: int | None, dealer: int) -> int | None:
    """All open, then 東 南 西 北 (the seats from the dealer on), then all open again."""
    order = [OPEN, *((dealer + step) % 4 for step in range(4))]
    return order[(order.index(seat) + 1) % len(order)]


def step_text(
    replay: HandReplay, step: Step, view: MahjongView, strings: Strings, style: TileStyle
) -> Text:
    """What the step did, with its tile: `南 bob: discard 5m (2 passed)`; step 0 is the deal."""
    action = step.action
    if action is None:
        return Text(strings("replay_deal"))
    who = f"{wind_of(action.seat, view.dealer, strings.chinese)} {view.seats[action.seat].name}"
    line = Text(f"{who}: {strings.action(action.type.value)}")
    tile = _tile_of(step)
    if action.type is ActionType.DECLARE_VOID and action.tile is not None:
        line.append(f" {strings.suit(action.tile)}")
    elif tile is not None:
        line.append(" ").append_text(tile_text(tile, style))
        line.rstrip()
    if step.passes:
        line.append(" " + strings("replay_passes", n=step.passes), "dim")
    escaped = replay.escaped
    if escaped is not None and step.number == len(replay.actions):
        name = view.seats[int(escaped.get("seat", 0))].name
        line.append("  " + strings("replay_escaped", name=name), "bold")
    return line


def _tile_of(step: Step) -> int | None:
    """The kind the step's tile names: a discard's instance, a kong's kind, or for a claim
    (a chow too) the tile on offer."""
    action = step.action
    assert action is not None
    if action.type is ActionType.DISCARD and action.tile is not None:
        return kind_of(action.tile)
    if action.type in (ActionType.CONCEALED_KONG, ActionType.ADDED_KONG):
        return action.tile
    if step.offered is not None:
        return kind_of(step.offered)
    return None


def open_hands(view: MahjongView, strings: Strings, style: TileStyle) -> list[Text]:
    """The concealed tiles the board does not draw (it draws only the bottom seat's): each other
    seat's, when the view shows them (all open, or a hand already won)."""
    bottom = view.you if view.you is not None else 0
    lines = []
    for step in (1, 2, 3):
        seat = view.seats[(bottom + step) % 4]
        line = Text(f"{wind_of(seat.seat, view.dealer, strings.chinese)} {seat.name[:10]:<10} ")
        if seat.hand is None:
            line.append(strings("replay_hidden", n=seat.hand_size), "dim")
        else:
            line.append_text(tile_row([kind_of(t) for t in seat.hand], style))
        for meld in seat.melds:
            line.append(" ").append_text(meld_text(meld.kinds, style))
        lines.append(line)
    return lines
