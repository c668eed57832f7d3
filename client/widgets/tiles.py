"""Tiles as text: `5m 5p 5s E S W N C F P`, three cells a tile, or CJK names (五萬 東) in CJK mode.

Colour is only a help: every mark that matters (the selected tile, the last discard, a claimed
discard, a discard straight from the draw) is also a bracket or a character, so a monochrome terminal (NO_COLOR) loses nothing.
The Unicode tile block is not used: terminals disagree on its width (style.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from qipai.mahjong.tiles import kind_name, kind_name_cjk, suit_of

BACK = "▒▒"
SUIT_STYLES = ("bold red", "bold blue", "bold green")
HONOUR_STYLE = "bold cyan"
"""Four colours that stay four: Textual draws the ANSI names through its theme, where red and
magenta are the same #f4005f (honours were magenta: one red with the characters), and a 16-colour
terminal (TERM=xterm) keeps red, blue, green and cyan apart."""


@dataclass(frozen=True)
class TileStyle:
    """How tiles are drawn: CJK names (4 cells a face) or short text (2 cells a face)."""

    cjk: bool = False

    @property
    def face_width(self) -> int:
        return 4 if self.cjk else 2


def face(kind: int, style: TileStyle) -> str:
    """The tile's face padded to the face width, so columns line up in both modes."""
    name = kind_name_cjk(kind) if style.cjk else kind_name(kind)
    return name + " " * (style.face_width - cell_len(name))


def kind_style(kind: int) -> str:
    suit = suit_of(kind) if kind < 34 else None
    return SUIT_STYLES[suit] if suit is not None else HONOUR_STYLE


def tile_text(kind: int, style: TileStyle) -> Text:
    return Text(face(kind, style), style=kind_style(kind))


def back_text(style: TileStyle) -> Text:
    return Text(BACK + " " * (style.face_width - cell_len(BACK)), style="dim")


def tile_row(
    kinds: Sequence[int | None],
    style: TileStyle,
    marked: int | None = None,
    gap_before: int | None = None,
    claimed: frozenset[int] = frozenset(),
    drawn: frozenset[int] = frozenset(),
) -> Text:
    """Tiles separated by one cell; the ``marked`` index gets brackets in its two separators
    (`5m[6m]7m`), ``gap_before`` an index that stands apart (the drawn tile), ``claimed``
    indexes a `~` before them and a faint face (discards another seat took), ``drawn`` indexes
    a `'` and an italic face (摸切: the tile just drawn let go at once). ``None`` draws a tile
    back.

    A separator takes the style of the tile after it, so a run of one suit is one styled run on
    the wire rather than two escapes a tile."""
    row = Text()
    for index, kind in enumerate(kinds):
        tile = back_text(style) if kind is None else tile_text(kind, style)
        if index in claimed:
            tile.stylize("dim")
        if index in drawn:
            tile.stylize("italic")
        if index == gap_before:
            row.append("  ")
        if index == marked:
            separator = "["
        elif index - 1 == marked:
            separator = "]"
        else:
            separator = "~" if index in claimed else "'" if index in drawn else " "
        row.append(separator, tile.style)
        row.append_text(tile)
    if marked is not None and marked == len(kinds) - 1:
        row.append("]", row.spans[-1].style if row.spans else "")
    return row


def same_word(first: int, kind: int) -> bool:
    """Whether ``kind`` joins a word begun with ``first``: the same suit, or the same honour."""
    if first >= 27 or kind >= 27:
        return first == kind
    return suit_of(first) == suit_of(kind)


def suit_groups(kinds: Sequence[int], style: TileStyle) -> Text:
    """Tiles as players write them: the ranks of a suit run under one suit mark (`1234m 55p`,
    CJK `一二三四萬 五五筒`), honours by name (`EE`, `東東`), a space between the groups, so
    neither `1p1p1p` nor CJK faces run together."""
    text = Text()
    group: list[int] = []

    def close() -> None:
        if not group:
            return
        if text:
            text.append(" ")
        names = [kind_name_cjk(k) if style.cjk else kind_name(k) for k in group]
        suited = group[0] < 27
        word = "".join(n[:-1] for n in names) + names[0][-1] if suited else "".join(names)
        text.append(word, kind_style(group[0]))
        group.clear()

    for kind in kinds:
        if group and not same_word(group[0], kind):
            close()
        group.append(kind)
    close()
    return text


def meld_text(tiles: Sequence[int] | None, style: TileStyle, size: int = 4) -> Text:
    """An exposed meld as one bracketed word (`[555p]`, `[123m]`, `[EEE]`; CJK `[五五五筒]`);
    ``None`` tiles = a concealed kong that stays face down (``size`` backs)."""
    if tiles is None:
        return Text("".join(BACK + " " * (style.face_width - 2) for _ in range(size)), "dim")
    word = suit_groups(tiles, style)
    style_of = word.spans[0].style if word.spans else ""
    return Text("[", style_of) + word + Text("]", style_of)
