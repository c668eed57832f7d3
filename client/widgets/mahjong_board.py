"""The mahjong table in text: a line of table facts, the other seats (header with melds, then
their river), your own seat with your hand under a cursor, and the hint line.

Every line is cropped to the widget's width, so 80 columns always hold the table: three seats of
three lines, your seat of four, the facts and the hint make 15 lines, leaving room for the
title, the prompt, the status line and the footer in 24 rows.
"""

from __future__ import annotations

from rich.cells import get_character_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from client.i18n import Strings
from client.mahjong_hints import Hint, hint
from client.mahjong_view import WINDS_EN, WINDS_ZH, HandLog, MahjongView, SeatView, wind_of
from client.widgets.cell_lines import Cell, CellLines
from client.widgets.tiles import TileStyle, meld_text, tile_row, tile_text
from qipai.mahjong.rulesets import RULESETS
from qipai.mahjong.tiles import kind_of

RIVER_LINES = 2


def hand_order(seat: SeatView, log: HandLog) -> tuple[list[int], int | None]:
    """Your tiles as drawn: sorted by suit and rank, the tile just drawn kept apart at the end;
    returns the tiles and the index where the drawn tile starts (None if none stands apart)."""
    tiles = list(seat.hand or ())
    drawn = log.drawn_tile(seat)
    if drawn is None or (len(tiles) + 3 * len(seat.melds)) % 3 != 2:
        return tiles, None
    tiles.remove(drawn)
    return [*tiles, drawn], len(tiles)


def text_cells(text: Text) -> list[Cell]:
    """Cells of one line of Rich text, each with its style as a string (wide characters take
    two cells, measured)."""
    styles = [str(text.style) if text.style else ""] * len(text.plain)
    for span in text.spans:
        for index in range(span.start, min(span.end, len(styles))):
            styles[index] = f"{styles[index]} {span.style}".strip()
    cells: list[Cell] = []
    for character, style in zip(text.plain, styles, strict=True):
        cells.append((character, style))
        if get_character_cell_size(character) == 2:
            cells.append(("", style))
    return cells


class MahjongBoard(CellLines):
    """Drawn with the Line API (CellLines): a push rewrites only the cells that changed - a
    discard is a few cells of one river and a count, not the whole table (bench/mahjong_tui.py)."""

    DEFAULT_CSS = "MahjongBoard { height: auto; width: 1fr; }"

    def __init__(self, strings: Strings, style: TileStyle, **kwargs) -> None:
        super().__init__(**kwargs)
        self.strings = strings
        self.tile_style = style
        self._table: list[Text] = []
        self._styles: dict[str, Style] = {}

    def show(self, view: MahjongView, log: HandLog, cursor: int | None) -> None:
        self._table = self.table_lines(view, log, cursor)
        self.redraw()

    def build_lines(self) -> list[list[Cell]]:
        return [text_cells(line) for line in self._table]

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        line = self._lines[y]
        segments = []
        start = 0
        for end in range(1, len(line) + 1):
            if end == len(line) or line[end][1] != line[start][1]:
                text = "".join(ch for ch, _ in line[start:end])
                segments.append(Segment(text, self._style(line[start][1])))
                start = end
        strip = Strip(segments, len(line))
        return strip.extend_cell_length(width, self.rich_style).crop(0, width)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()  # the theme changed: styles are rebuilt on top of the new one

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.rich_style + Style.parse(name or "none")
        return style

    def render_table(self, view: MahjongView, log: HandLog, cursor: int | None) -> Text:
        """The table as one text (what a colourless terminal shows, for tests and tools)."""
        return Text("\n").join(self.table_lines(view, log, cursor))

    def table_lines(self, view: MahjongView, log: HandLog, cursor: int | None) -> list[Text]:
        lines = [self.facts_line(view)]
        others = (
            [view.seats[(view.you + step) % 4] for step in (1, 2, 3)]
            if view.you is not None
            else view.seats
        )
        for seat in others:
            lines.append(self.header_line(view, seat))
            lines.extend(self.river_lines(view, log, seat))
        if view.me is not None:
            lines.append(self.header_line(view, view.me))
            lines.extend(self.river_lines(view, log, view.me))
            lines.append(self.hand_line(view.me, log, cursor))
            lines.append(self.hint_line(view, hint(view)))
        width = self.size.width or 80
        for line in lines:
            line.truncate(width, pad=True)  # constant widths: no relayout, only changed cells
        return lines

    # The parts.

    def facts_line(self, view: MahjongView) -> Text:
        s = self.strings
        number = (
            s("hand_of_total", n=view.hand_number, total=view.hands_total)
            if view.hands_total
            else s("hand_of", n=view.hand_number)
        )
        parts = [ruleset_title(view), number, s("wall", n=view.wall)]
        if view.rounds is not None:
            parts.insert(2, s("round_of", n=view.rounds[0], total=view.rounds[1]))
        public = view.public
        if "round_wind" in public:
            parts.append(s("round", wind=wind_name(public["round_wind"], s.chinese)))
        if "pot" in public:
            parts.append(s("pot", n=public["pot"]))
        line = Text("  ".join(str(p) for p in parts))
        if public.get("treasure") is not None:
            line.append(f"  {s('treasure')} ")
            line.append_text(tile_text(int(public["treasure"]), self.tile_style))
        return line

    def header_line(self, view: MahjongView, seat: SeatView) -> Text:
        s = self.strings
        line = Text(">" if view.turn == seat.seat else " ", style="bold")
        wind = _seat_wind(view, seat.seat, s.chinese)
        name = seat.name + (f"({s('you')})" if seat.seat == view.you else "")
        line.append(f"{wind} {name[:14]:<14}", style="bold" if seat.seat == view.you else "")
        line.append(f" {s('dealer') if seat.seat == view.dealer else ' ':<1}")
        line.append(f" {seat.score:+5d}")
        if seat.seat != view.you or seat.hand is None:
            line.append(f" ▒▒x{seat.hand_size:<2}")
        if seat.void is not None:
            line.append(f" {s('void', suit=s.suit(seat.void))}", style="yellow")
        if seat.won is not None:
            line.append(f" {s('won')}", style="bold reverse")
        if seat.left:
            line.append(f" {s('left')}")
        if 0 <= seat.seat < len(xiapao := view.public.get("xiapao") or []) and xiapao[seat.seat]:
            line.append(f" {s('xiapao')}", style="yellow")
        if seat.bot:
            line.append(f" {s('bot')}", style="dim")
        elif not seat.online:
            line.append(f" {s('offline')}", style="dim")
        elif seat.auto:
            line.append(f" {s('auto')}", style="dim")
        for meld in seat.melds:
            line.append(" ")
            line.append_text(meld_text(meld.kinds, self.tile_style))
        return line

    def river_lines(self, view: MahjongView, log: HandLog, seat: SeatView) -> list[Text]:
        tiles, claimed = log.river(seat)
        last = log.last(view)
        marked = len(tiles) - 1 if last is not None and last[0] == seat.seat and tiles else None
        per_line = max(1, (self.size.width or 80) // (self.tile_style.face_width + 1) - 2)
        kinds = [kind_of(t) for t in tiles]
        lines = []
        for start in range(0, max(len(kinds), 1), per_line):
            chunk = kinds[start : start + per_line]
            lines.append(
                Text("  ").append_text(
                    tile_row(
                        chunk,
                        self.tile_style,
                        marked=None if marked is None else marked - start,
                        claimed=frozenset(i - start for i in claimed),
                    )
                )
            )
        if len(lines) > RIVER_LINES:  # the oldest discards give way; the newest matter most
            lines = lines[-RIVER_LINES:]
        return lines + [Text("")] * (RIVER_LINES - len(lines))

    def hand_line(self, seat: SeatView, log: HandLog, cursor: int | None) -> Text:
        tiles, apart = hand_order(seat, log)
        row = tile_row(
            [kind_of(t) for t in tiles], self.tile_style, marked=cursor, gap_before=apart
        )
        return Text("  ").append_text(row)

    def hint_line(self, view: MahjongView, found: Hint | None) -> Text:
        s = self.strings
        line = Text("  ", style="italic")
        if found is None:
            return line
        if found.waits:
            line.append(s("waits"))
            for kind, unseen in found.waits:
                line.append(" ").append_text(self._named(kind)).append(f"({unseen})")
        elif found.ready_discards:
            line.append(s("ready_after"))
            for discard, waits in found.ready_discards:
                line.append(" ").append_text(self._named(discard)).append(":")
                for kind, unseen in waits:
                    line.append(" ").append_text(self._named(kind)).append(f"({unseen})")
                line.append(" ")
        elif found.shanten is not None:
            line.append(s("complete") if found.shanten < 0 else s("shanten", n=found.shanten))
        return line

    def _named(self, kind: int) -> Text:
        """A tile's face in its colour without the padding of a column (`E`, not `E `)."""
        face_text = tile_text(kind, self.tile_style)
        face_text.rstrip()
        return face_text


def _seat_wind(view: MahjongView, seat: int, chinese: bool) -> str:
    winds = view.public.get("seat_winds")
    if isinstance(winds, list) and len(winds) == 4 and type(winds[seat]) is int:
        return wind_name(winds[seat], chinese)
    return wind_of(seat, view.dealer, chinese)


def wind_name(wind: int, chinese: bool) -> str:
    """Winds arrive as 0-3 (E S W N) or as the kinds 27-30."""
    index = wind - 27 if wind >= 27 else wind
    return (WINDS_ZH if chinese else WINDS_EN)[index % 4]


def ruleset_title(view: MahjongView) -> str:
    """The ruleset's Chinese title from the core, 血战到底 marked."""
    ruleset = RULESETS.get(view.ruleset)
    title = ruleset.title_zh if ruleset is not None else view.ruleset
    return title + (" 血战到底" if view.options.get("xuezhan") else "")
