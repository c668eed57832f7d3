"""The claim window's numbers are the ones the READMEs and the protocol give (issue 15: "the
claim window's numbers contradict the README"): the seat keys and lines of the hot-seat window,
the claim prompt's countdown, and the hall's claim timers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from qipai.platform.mahjong_table_io import Timing
from server.cli import DEFAULT_MAHJONG
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import (
    TableApp,
    claimable_discard,
    push,
    table_screen,
    table_wire,
    text_of,
    window_text,
)
from tests.mahjong.test_machine_positions import E, S, discard

ROOT = Path(__file__).resolve().parents[2]


def documented_window() -> str:
    """The window as client/README.md draws it (the code block of "Hot-seat claims")."""
    text = (ROOT / "client" / "README.md").read_text(encoding="utf-8")
    section = text.split("### Hot-seat claims (MJ-08)")[1]
    return section.split("```")[1].strip("\n")


@pytest.mark.asyncio
async def test_the_hot_seat_window_is_the_one_the_client_readme_draws():
    """bob (S) lets go a 5p at a keyboard that plays all four: keys 1, 3, 4 are the seat
    numbers + 1 of the three others, as the README says."""
    hand = claimable_discard()
    app = TableApp(FakeHall(), table_wire(hand, S, mine=(0, 1, 2, 3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        since = len(hand.events)
        discard(hand, S, "5p")
        table_screen(app).on_table_push(push(hand, E, since, 6))
        await pilot.pause()
        assert window_text(app) == documented_window()
    assert "(the seat number + 1)" in (ROOT / "client" / "README.md").read_text(encoding="utf-8")


@pytest.mark.asyncio
async def test_the_claim_prompt_counts_down_from_the_halls_claim_seconds():
    hand = claimable_discard()
    discard(hand, S, "5p")
    app = TableApp(FakeHall(), table_wire(hand, E, deadline=Timing().claim))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        assert screen.view.deadline is not None
        opened = screen.view.deadline - Timing().claim  # the moment the view came
        assert screen.prompt_text(opened).endswith(f"[{int(Timing().claim)}s]")
        assert text_of(app, "#prompt").endswith("s]")  # and on screen, counting down


def test_the_timers_in_the_readme_and_the_protocol_are_the_halls_defaults():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = dict(
        re.findall(r"--(turn-seconds|claim-seconds|claim-delay|escape-grace) ([\d.]+)", readme)
    )
    timing = DEFAULT_MAHJONG  # what qipai-server runs with (a Timing)
    assert {k: float(v) for k, v in found.items()} == {
        "turn-seconds": timing.turn,
        "claim-seconds": timing.claim,
        "claim-delay": timing.claim_delay,
        "escape-grace": timing.escape_grace,
    }
    protocol = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert f"discard/turn {timing.turn:g} s, claim {timing.claim:g} s" in protocol
    assert f"waits at least {timing.claim_delay:g} s before the next draw" in protocol
