"""The mahjong table in text, laid out as players sit: you at the bottom, 上家 (who discards to
you) on the left, 对家 at the top, 下家 on the right, and the table's facts (hand, wall, round,
the ruleset's own state, the last discard) in the middle.

Each seat shows its wind, name, dealer mark and score, at a coin table its coins, its concealed
count and marks (void, won, 下炮, bot), its exposed melds and its river, the newest discards kept when space runs out. The
lines are a fixed number for a given size, so a push rewrites only the cells that changed: at
80x24 the board takes 18 of the 20 rows left by the title, prompt, status line and footer; a
taller window gives the side seats and the middle more rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len, get_character_cell_size, set_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.strip import Strip
from textual.widget import Widget

from client import hall_rooms
from client.i18n import Strings
from client.mahjong_hints import Hint, hint
from client.mahjong_view import WINDS_EN, WINDS_ZH, HandLog, MahjongView, SeatView, wind_of
from client.widgets.cell_lines import Cell, CellLines
from client.widgets.tiles import TileStyle, meld_text, tile_row, tile_text
from qipai.mahjong.tiles import kind_of
from qipai.platform.rooms import RoomTier

WIDTH, HEIGHT = 80, 18  # the board's share of an 80x24 terminal
END_ROWS = 4  # the top seat: header and melds, then two lines of river
BOTTOM_ROWS = 5  # your river (two lines), your header with melds, your hand, the hint
RIVER_ROWS = 2  # the top and bottom rivers
MIDDLE_ROWS = 7  # the fewest rows of the middle band (the side seats and the table's facts)
MIN_WIDTH, MIN_HEIGHT = 60, END_ROWS + MIDDLE_ROWS + BOTTOM_ROWS  # the compact table, at 60x20


@dataclass(frozen=True)
class Layout:
    """Where things go for one board size: the side columns, the middle, the rows between."""

    width: int
    height: int

    @property
    def side(self) -> int:
        """A side seat's column: a third of the width, less a little for the middle."""
        return max(18, (self.width - max(24, self.width // 3)) // 2)

    @property
    def middle(self) -> int:
        return self.width - 2 * self.side

    @property
    def middle_rows(self) -> int:
        return max(MIDDLE_ROWS, self.height - END_ROWS - BOTTOM_ROWS)


def hand_order(seat: SeatView, log: HandLog, apart: bool = True) -> tuple[list[int], int | None]:
    """Your tiles as drawn: sorted by suit and rank, the tile just drawn kept apart at the end
    (unless ``apart`` is off: sorted in); returns the tiles and the index where the drawn tile
    starts (None if none stands apart)."""
    tiles = list(seat.hand or ())
    drawn = log.drawn_tile(seat)
    if not apart or drawn is None or (len(tiles) + 3 * len(seat.melds)) % 3 != 2:
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


def fit(text: Text, width: int) -> Text:
    """The text cropped or padded to exactly ``width`` cells (a wide character cut in half
    becomes a space), so columns put side by side line up."""
    fitted = text.copy()
    fitted.truncate(width, pad=True)
    return fitted


def indented(text: Text, by: int) -> Text:
    return Text(" " * by).append_text(text)


@dataclass(frozen=True)
class TableParts:
    """The table's lines by the part of the screen they fill: across the top, the three
    columns of the middle band, across the bottom."""

    top: list[Text]
    left: list[Text]
    middle: list[Text]
    right: list[Text]
    bottom: list[Text]

    def lines(self, layout: Layout) -> list[Text]:
        band = [
            fit(west, layout.side) + fit(middle, layout.middle) + fit(east, layout.side)
            for west, middle, east in zip(self.left, self.middle, self.right, strict=True)
        ]
        return [*self.top, *band, *self.bottom]


class BoardPart(CellLines):
    """One part of the table (see `TableParts`). Textual rewrites a changed line from the
    left edge of its widget: as parts side by side, a discard on the right rewrites only the
    right seat's column, not the whole width of the table (bench/mahjong_tui.py)."""

    DEFAULT_CSS = "BoardPart { width: 1fr; height: auto; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._texts: list[Text] = []
        self._styles: dict[str, Style] = {}

    def set_lines(self, texts: list[Text], width: int) -> None:
        for text in texts:
            text.truncate(width, pad=True)  # constant widths: only changed cells go out
        self._texts = texts
        self.redraw()

    def build_lines(self) -> list[list[Cell]]:
        return [text_cells(line) for line in self._texts]

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


class MahjongBoard(Widget):
    """The table, drawn by parts with the Line API (BoardPart): a push rewrites only the cells
    that changed - a discard is a few cells of one river and a count, not the whole table."""

    DEFAULT_CSS = """
    MahjongBoard { height: 1fr; width: 1fr; }
    MahjongBoard #band { height: auto; }
    """

    def __init__(self, strings: Strings, style: TileStyle, **kwargs) -> None:
        super().__init__(**kwargs)
        self.strings = strings
        self.tile_style = style
        self.drawn_apart = True  # the tile just drawn at the end of the hand, else sorted in
        self._shown: tuple[MahjongView, HandLog, int | None] | None = None
        self._layout: Layout | None = None

    def compose(self) -> ComposeResult:
        yield BoardPart(id="top")
        with Horizontal(id="band"):
            yield BoardPart(id="left")
            yield BoardPart(id="middle")
            yield BoardPart(id="right")
        yield BoardPart(id="bottom")

    def show(self, view: MahjongView, log: HandLog, cursor: int | None) -> None:
        self._shown = (view, log, cursor)
        if not self.is_mounted:
            return
        layout = self.board_layout()
        if layout != self._layout:
            self._layout = layout
            for name in ("left", "right"):
                self.query_one(f"#{name}", BoardPart).styles.width = layout.side
            self.query_one("#middle", BoardPart).styles.width = layout.middle
        parts = self.table_parts(view, log, cursor, layout)
        widths = {"left": layout.side, "middle": layout.middle, "right": layout.side}
        for name in ("top", "left", "middle", "right", "bottom"):
            width = widths.get(name, layout.width)
            self.query_one(f"#{name}", BoardPart).set_lines(getattr(parts, name), width)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)  # a new size is a new layout

    def text_lines(self) -> list[str]:
        """What a colourless terminal shows, one string a line."""
        top, left, middle, right, bottom = (
            self.query_one(f"#{name}", BoardPart).text_lines()
            for name in ("top", "left", "middle", "right", "bottom")
        )
        band = ["".join(parts) for parts in zip(left, middle, right, strict=True)]
        return [*top, *band, *bottom]

    def render_table(
        self, view: MahjongView, log: HandLog, cursor: int | None, layout: Layout | None = None
    ) -> Text:
        """The table as one text (what a colourless terminal shows, for tests and tools)."""
        return Text("\n").join(self.table_lines(view, log, cursor, layout))

    def board_layout(self) -> Layout:
        """The widget's size once laid out (down to the compact table of a 60x20 terminal, whose
        board has 16 rows); before that (and off screen) the 80x24 share."""
        width, height = self.size
        return Layout(width or WIDTH, max(height, MIN_HEIGHT) if width else HEIGHT)

    def table_lines(
        self, view: MahjongView, log: HandLog, cursor: int | None, layout: Layout | None = None
    ) -> list[Text]:
        layout = layout or self.board_layout()
        lines = self.table_parts(view, log, cursor, layout).lines(layout)
        for line in lines:
            line.truncate(layout.width, pad=True)
        return lines

    def table_parts(
        self, view: MahjongView, log: HandLog, cursor: int | None, layout: Layout
    ) -> TableParts:
        bottom = view.you if view.you is not None else 0  # a spectator sits where seat 0 does
        right, top, left = (view.seats[(bottom + step) % 4] for step in (1, 2, 3))
        wide = layout.width - layout.side
        rows = layout.middle_rows
        seat = view.seats[bottom]
        mine = self.header_line(view, seat).append_text(self.status(view, seat))
        mine.append_text(self.melds(seat))
        return TableParts(
            top=[indented(line, layout.side) for line in self.seat_block(view, log, top, wide)],
            left=self.side_block(view, log, left, layout.side, rows),
            middle=self.middle_lines(view, log, layout.middle, rows),
            right=self.side_block(view, log, right, layout.side, rows),
            bottom=[
                *(indented(line, layout.side) for line in self.river(view, log, bottom, wide)),
                mine,
                self.hand_line(seat, log, cursor),
                self.hint_line(view, hint(view), layout.width) if view.me is not None else Text(),
            ],
        )

    # The blocks.

    def seat_block(self, view: MahjongView, log: HandLog, seat: SeatView, width: int) -> list[Text]:
        """The top seat: header with its marks, the melds, two lines of river."""
        header = self.header_line(view, seat).append_text(self.status(view, seat))
        return [header, self.melds(seat), *self.river(view, log, seat.seat, width)]

    def side_block(
        self, view: MahjongView, log: HandLog, seat: SeatView, width: int, rows: int
    ) -> list[Text]:
        """A side seat in a narrow column: header, marks, melds as they fit, then as many
        lines of river as are left (the newest discards kept)."""
        lines = [
            self.header_line(view, seat, width),
            Text(" ").append_text(self.status(view, seat)),
        ]
        lines.extend(self.meld_lines(seat, width - 1))
        river_rows = max(1, rows - len(lines))
        lines.extend(self.river(view, log, seat.seat, width, river_rows))
        return (lines + [Text()] * rows)[:rows]

    def middle_lines(self, view: MahjongView, log: HandLog, width: int, rows: int) -> list[Text]:
        """The table's facts, centred: the ruleset, the hand (and round) of the match, the
        wall, the ruleset's own state, and the discard on the table."""
        s, public = self.strings, view.public
        number = (
            s("hand_of_total", n=view.hand_number, total=view.hands_total)
            if view.hands_total
            else s("hand_of", n=view.hand_number)
        )
        facts = [Text(ruleset_title(view)), Text(number)]
        if view.rounds is not None:
            facts.append(Text(s("round_of", n=view.rounds[0], total=view.rounds[1])))
        if view.tier is not None:
            facts.append(Text(coin_room(view.tier, view.stake)))
        facts.append(Text(s("wall", n=view.wall), style="bold"))
        if "round_wind" in public:
            facts.append(Text(s("round", wind=wind_name(public["round_wind"], s.chinese))))
        if "pot" in public:
            facts.append(Text(s("pot", n=public["pot"])))
        if public.get("treasure") is not None:
            facts.append(Text(f"{s('treasure')} ").append_text(self._named(public["treasure"])))
        last = log.last(view)
        if last is not None:
            facts.append(self.last_line(view, *last, width - 2))
        above = max(0, (rows - len(facts)) // 2)  # in the middle of the middle
        lines = ([Text() for _ in range(above)] + facts + [Text() for _ in range(rows)])[:rows]
        for line in lines:
            line.truncate(width - 2)
            line.align("center", width)
        return lines

    def last_line(self, view: MahjongView, seat: int, tile: int, width: int) -> Text:
        """`Last 5p bob`; a tile let go as drawn (摸切) is marked as in the river, `'5p`, and
        said in words, the name giving way to them."""
        s = self.strings
        river = view.seats[seat].river
        drawn = bool(river) and river[-1].tile == tile and river[-1].drawn
        face = self._named(kind_of(tile))
        line = Text(f"{s('last')} ")
        if drawn:
            face.stylize("italic")
            line.append("'", face.style)
        line.append_text(face)
        said = f" {s('last_drawn')}" if drawn else ""
        room = max(3, min(10, width - line.cell_len - 1 - cell_len(said)))
        line.append(f" {set_cell_size(view.seats[seat].name, room).rstrip()}")
        return line.append(said, "italic")

    # The parts.

    def header_line(self, view: MahjongView, seat: SeatView, width: int = WIDTH) -> Text:
        """Turn mark, seat wind, name, dealer mark, running score; the name gives way first
        when the column is narrow."""
        s = self.strings
        line = Text(">" if view.turn == seat.seat else " ", style="bold")
        wind = _seat_wind(view, seat.seat, s.chinese)
        name = seat.name + (f"({s('you')})" if seat.seat == view.you else "")
        dealer = s("dealer") if seat.seat == view.dealer else ""
        room = width - 1 - cell_len(wind) - 1 - 1 - cell_len(s("dealer")) - 6
        name = set_cell_size(name, max(4, min(14, room)))
        line.append(f"{wind} {name}", style="bold" if seat.seat == view.you else "")
        line.append(" " + set_cell_size(dealer, cell_len(s("dealer"))))
        line.append(f" {seat.score:+5d}")
        return line

    def status(self, view: MahjongView, seat: SeatView) -> Text:
        """The coins at a coin table, the count of face-down tiles (only for a hand the view
        does not show: never beside an open hand, yours or a replay's) and the seat's marks."""
        s = self.strings
        line = Text()
        if seat.coins is not None:
            line.append(f" {coin_label(seat.coins)}", style="yellow")
        if seat.hand is None:
            line.append(f" ▒▒x{seat.hand_size:<2}")
        if seat.won is not None:
            line.append(f" {s('won')}", style="bold reverse")
        if seat.void is not None:
            line.append(f" {s('void', suit=s.suit(seat.void))}", style="yellow")
        if seat.left:
            line.append(f" {s('left')}")
        if 0 <= seat.seat < len(xiapao := view.public.get("xiapao") or []) and xiapao[seat.seat]:
            line.append(f" {s('xiapao')}", style="yellow")
        if seat.bot:
            level = seat.bot_level
            mark = s("bot_at", level=s(f"level_{level}")) if level else s("bot")
            line.append(f" {mark}", style="dim")
        elif not seat.online:
            line.append(f" {s('offline')}", style="dim")
        elif seat.auto:
            line.append(f" {s('auto')}", style="dim")
        return line

    def laid_out(self, seat: SeatView) -> list[Text]:
        """What the seat has laid open beside its hand: the flowers it set aside (a 144-tile
        room), then its melds."""
        blocks = [tile_row([kind_of(t) for t in seat.flowers], self.tile_style)[1:]]
        blocks = blocks if seat.flowers else []
        return blocks + [meld_text(meld.kinds, self.tile_style) for meld in seat.melds]

    def melds(self, seat: SeatView) -> Text:
        line = Text()
        for block in self.laid_out(seat):
            line.append(" ")
            line.append_text(block)
        return line

    def meld_lines(self, seat: SeatView, width: int) -> list[Text]:
        """The flowers and exposed melds wrapped to a narrow column, a meld never split."""
        lines: list[Text] = []
        for block in self.laid_out(seat):
            if not lines or lines[-1].cell_len + 1 + block.cell_len > width:
                lines.append(Text("  "))
            else:
                lines[-1].append(" ")
            lines[-1].append_text(block)
        return lines

    def river(
        self, view: MahjongView, log: HandLog, seat: int, width: int, rows: int = RIVER_ROWS
    ) -> list[Text]:
        """The seat's discards in rows that fit ``width``: the last discard in brackets, a
        claimed one after a `~`, one let go straight from the draw (摸切) after a `'`; when they
        overflow, the oldest give way."""
        entries = view.seats[seat].river
        claimed = {i for i, entry in enumerate(entries) if entry.claimed}
        drawn = {i for i, entry in enumerate(entries) if entry.drawn}
        last = log.last(view)
        marked = len(entries) - 1 if last is not None and last[0] == seat and entries else None
        per_line = max(1, (width - 3) // (self.tile_style.face_width + 1))
        kinds = [kind_of(entry.tile) for entry in entries]
        lines = []
        for start in range(0, max(len(kinds), 1), per_line):
            chunk = kinds[start : start + per_line]
            row = tile_row(
                chunk,
                self.tile_style,
                marked=None if marked is None else marked - start,
                claimed=frozenset(i - start for i in claimed),
                drawn=frozenset(i - start for i in drawn),
            )
            lines.append(Text(" ").append_text(row))
        if len(lines) > rows:  # the oldest discards give way; the newest matter most
            lines = lines[-rows:]
        return lines + [Text("")] * (rows - len(lines))

    def hand_line(self, seat: SeatView, log: HandLog, cursor: int | None) -> Text:
        tiles, apart = hand_order(seat, log, self.drawn_apart)
        row = tile_row(
            [kind_of(t) for t in tiles], self.tile_style, marked=cursor, gap_before=apart
        )
        return Text("  ").append_text(row)

    def hint_line(self, view: MahjongView, found: Hint | None, width: int = WIDTH) -> Text:
        """The hint in the most detail that fits ``width``: with the unseen copies of each
        wait, then without them, then (holding 14) only the discards that leave you ready."""
        s = self.strings
        if found is None:
            return Text("  ", style="italic")
        if found.cannot_win and found.shanten == 0:
            return Text(self._cannot_win(found.cannot_win, width), style="italic")
        if found.shanten is not None and not found.waits and not found.ready_discards:
            text = s("complete") if found.shanten < 0 else s("shanten", n=found.shanten)
            return Text(f"  {text}", style="italic")
        for detail in (2, 1, 0):
            line = self._hint_text(found, detail)
            if line.cell_len <= width:
                return line
        return line

    def _cannot_win(self, codes: tuple[str, ...], width: int) -> str:
        """Every reason, then the first alone, then without the lead-in, rather than cut."""
        s = self.strings
        lines = [f"  {s('cannot_win', why=self.refusals(codes))}"]
        lines.append(f"  {s('cannot_win', why=self.refusals(codes[:1]))}")
        lines.append(f"  {s('cannot_win_short', why=self.refusals(codes[:1]))}")
        return next((line for line in lines if cell_len(line) <= width), lines[-1])

    def refusals(self, codes: tuple[str, ...]) -> str:
        """The hall's reason codes in words; a code this client does not know is said plainly,
        never shown raw."""
        s = self.strings
        words: list[str] = []
        for code in codes:
            word = s("why_" + code) if s.knows("why_" + code) else s("why_other")
            if word not in words:
                words.append(word)
        return s("why_join").join(words)

    def _hint_text(self, found: Hint, detail: int) -> Text:
        """``detail`` 2: waits with unseen counts; 1: waits alone; 0: ready discards alone."""
        s = self.strings
        line = Text("  ", style="italic")

        def waits(kinds: tuple[tuple[int, int], ...]) -> None:
            for kind, unseen in kinds:
                line.append(" ").append_text(self._named(kind))
                if detail == 2:
                    line.append(f"({unseen})")

        if found.waits:
            line.append(s("waits") if detail == 2 else s("waits_plain"))
            waits(found.waits)
            return line
        line.append(s("ready_after") if detail == 2 else s("ready_after_plain"))
        for discard, kinds in found.ready_discards:
            line.append(" ").append_text(self._named(discard))
            if detail:
                line.append(":")
                waits(kinds)
                line.append(" ")
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


def coin_label(coins: int) -> str:
    """A balance as a game hall shows it: 5,120枚."""
    return f"{coins:,}枚"


def wind_name(wind: int, chinese: bool) -> str:
    """Winds arrive as 0-3 (E S W N) or as the kinds 27-30."""
    index = wind - 27 if wind >= 27 else wind
    return (WINDS_ZH if chinese else WINDS_EN)[index % 4]


def coin_room(tier: str, stake: int | None) -> str:
    """A coin room's tier and this hand's stake (每注), e.g. `[100]场 注100`."""
    try:
        name = RoomTier[tier.upper()].value.name_zh
    except KeyError:
        name = tier
    return f"{name} 注{stake}" if stake is not None else name


def ruleset_title(view: MahjongView) -> str:
    """The room's Chinese name as the hall described it (the ruleset's id for a room it has
    not described: a table opened before any lobby reply)."""
    info = hall_rooms.room(view.room) or hall_rooms.room_playing(view.ruleset, view.options)
    return info.name_zh if info is not None else view.ruleset
