"""Tiles readable without colour and in 16 colours: under NO_COLOR the app draws in the
terminal's own colours (not Textual's greyscale, which made red, blue and magenta tiles dark grey
on a dark terminal), and the four tile colours stay four through the theme and a 16-colour
terminal (honours were magenta, which the theme draws as the same red as m)."""

from __future__ import annotations

import pytest
from rich.color import Color, ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual._ansi_theme import DEFAULT_TERMINAL_THEME
from textual.color import Color as TextualColor
from textual.filter import Monochrome

from client.app import QipaiApp
from client.launch import Launch
from client.widgets.tiles import kind_style
from qipai.mahjong.tiles import parse_kinds


def test_every_suit_and_the_honours_have_their_own_colour_in_truecolor_and_16_colours():
    kinds = parse_kinds("5m 5p 5s E")
    truecolor = [
        Style.parse(kind_style(k)).color.get_truecolor(DEFAULT_TERMINAL_THEME) for k in kinds
    ]
    assert len(set(truecolor)) == 4
    sixteen = [Color.from_triplet(rgb).downgrade(ColorSystem.STANDARD).number for rgb in truecolor]
    assert len(set(sixteen)) == 4


@pytest.mark.asyncio
async def test_no_color_draws_tiles_in_the_terminals_default_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = QipaiApp(Launch())
    assert app.no_color and not any(isinstance(f, Monochrome) for f in app._filters)
    red_tile = Segment("5m", Style.parse("bold red"))
    for line_filter in app._filters:
        (red_tile,) = line_filter.apply([red_tile], TextualColor(0, 0, 0))
    assert red_tile.style.color is None or red_tile.style.color.is_default
    assert red_tile.style.bold
