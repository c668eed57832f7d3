"""The client's clock display agrees with the hall: from the clock entry the hall sends at one
instant, the panel's count at any later instant is what the hall's own clock says then (GO-07;
the hall is the judge, so its edges are the client's edges)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from client.go_view import ClockView
from client.widgets.go_panel import format_clock
from qipai.go import Color
from qipai.go.clock import GameClock, TimeControl
from server.tables.go_clocks import clock_entry

BLACK = Color.BLACK


def seen_by_client(clock: GameClock, at: float) -> ClockView:
    """The running black clock as a client holds it after the hall's view built at ``at``."""
    entry = clock_entry(clock, BLACK, at)
    return ClockView(**entry, running=True, as_of=at)


@pytest.mark.parametrize(
    ("later", "text"),
    [
        (9.5, "0:01 +3x30s"),
        (10.0, "0:30 byo 3"),  # main time at exactly 0: the first period has begun, whole
        (39.5, "0:01 byo 3"),
        (40.0, "0:30 byo 2"),  # a period at exactly 0 is used up: the next one, whole
        (99.5, "0:01 byo 1"),
        (100.0, "0:00 flag"),  # the last period at exactly 0: the flag, as the hall decides
    ],
)
def test_the_panel_shows_the_edges_as_the_hall_decides_them(later, text):
    clock = GameClock(TimeControl(main_seconds=10, periods=3, period_seconds=30))
    clock.start(BLACK, 0.0)
    view = seen_by_client(clock, 0.0)
    assert format_clock(view, later) == text
    assert (clock.flag(later) is BLACK) == (text == "0:00 flag")


@settings(max_examples=200, deadline=None)
@given(
    main=st.sampled_from([0, 5, 10, 60]),
    periods=st.integers(min_value=1, max_value=5),
    length=st.sampled_from([10, 30, 60]),
    seen_at=st.integers(min_value=0, max_value=4000),
    later=st.integers(min_value=0, max_value=4000),
)
def test_a_client_counting_from_any_view_agrees_with_the_hall_later(
    main, periods, length, seen_at, later
):
    """Whole tenths of a second, so that the edges themselves are hit, not only passed."""
    clock = GameClock(TimeControl(main_seconds=main, periods=periods, period_seconds=length))
    clock.start(BLACK, 0.0)
    seen_at, later = seen_at / 10, seen_at / 10 + later / 10
    view = seen_by_client(clock, seen_at)
    theirs = clock.remaining(BLACK, later)
    ours = view.remaining_at(later)
    assert (ours.flagged, ours.periods, ours.in_byoyomi) == (
        theirs.flagged,
        theirs.periods,
        theirs.in_byoyomi,
    )
    assert ours.main == pytest.approx(theirs.main, abs=1e-6)
    assert ours.period == pytest.approx(theirs.period, abs=1e-6)
