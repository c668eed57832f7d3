"""GO-07/GO-08 byo-yomi with concrete numbers: the ranked 20 min + 3 x 30 s and a short one."""

from __future__ import annotations

import pytest

from qipai.go import Color, GoError
from qipai.go.clock import RANKED_19, GameClock, TimeControl, TimeLeft

BLACK, WHITE = Color.BLACK, Color.WHITE


def test_main_time_runs_down_and_the_other_side_is_untouched():
    clock = GameClock(RANKED_19)
    clock.start(BLACK, now=100.0)
    assert clock.remaining(BLACK, 160.0) == TimeLeft(1140.0, 3, 30.0)
    assert clock.stop(now=175.0) is None
    assert clock.remaining(BLACK, 999.0) == TimeLeft(1125.0, 3, 30.0)
    assert clock.remaining(WHITE, 999.0) == TimeLeft(1200.0, 3, 30.0)


def test_expires_at_is_main_time_plus_every_period():
    clock = GameClock(RANKED_19)
    clock.start(WHITE, now=50.0)
    assert clock.expires_at() == 50.0 + 1200 + 90


def test_a_move_inside_a_period_gives_the_period_back():
    clock = GameClock(TimeControl(main_seconds=10, periods=3, period_seconds=30))
    clock.start(BLACK, 0.0)
    assert clock.remaining(BLACK, 25.0) == TimeLeft(0.0, 3, 15.0)
    assert clock.stop(25.0) is None  # 15 s into the first period: still 3 periods
    assert clock.remaining(BLACK, 25.0) == TimeLeft(0.0, 3, 30.0)
    clock.start(WHITE, 25.0)
    clock.stop(26.0)
    clock.start(BLACK, 26.0)
    assert clock.expires_at() == 26.0 + 90


def test_an_expired_period_is_used_up():
    clock = GameClock(TimeControl(main_seconds=10, periods=3, period_seconds=30))
    clock.start(BLACK, 0.0)
    assert clock.stop(75.0) is None  # 10 main + 30 (lost) + 30 (lost) + 5 into the third
    assert clock.remaining(BLACK, 75.0) == TimeLeft(0.0, 1, 30.0)


def test_the_flag_falls_exactly_when_the_last_period_ends():
    clock = GameClock(TimeControl(main_seconds=10, periods=1, period_seconds=30))
    clock.start(BLACK, 0.0)
    assert clock.flag(39.999) is None
    assert clock.flag(40.0) is BLACK
    assert clock.flagged is BLACK and clock.running is None
    assert clock.remaining(BLACK, 41.0).flagged


def test_a_move_that_arrives_after_the_flag_fell_reports_the_loss():
    clock = GameClock(TimeControl(main_seconds=60))
    clock.start(WHITE, 0.0)
    assert clock.stop(61.0) is WHITE
    with pytest.raises(GoError) as err:
        clock.start(BLACK, 62.0)
    assert err.value.code == "flag_fallen"


def test_untimed_clock_never_expires():
    clock = GameClock(None)
    clock.start(BLACK, 0.0)
    assert clock.expires_at() is None and clock.flag(1e9) is None
    assert clock.stop(1e9) is None and clock.remaining(BLACK, 1e9) is None


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("stop", "clock_stopped"),
        ("double_start", "clock_running"),
        ("backwards", "clock_backwards"),
    ],
)
def test_misuse_is_a_typed_error(action, code):
    clock = GameClock(RANKED_19)
    with pytest.raises(GoError) as err:
        if action == "stop":
            clock.stop(1.0)
        elif action == "double_start":
            clock.start(BLACK, 1.0)
            clock.start(WHITE, 2.0)
        else:
            clock.start(BLACK, 5.0)
            clock.stop(4.0)
    assert err.value.code == code


@pytest.mark.parametrize(
    ("main", "periods", "length"), [(-1, 0, 0), (0, 0, 0), (10, 2, 0), (10, -1, 30)]
)
def test_bad_time_controls_are_refused(main, periods, length):
    with pytest.raises(GoError) as err:
        TimeControl(main, periods, length)
    assert err.value.code == "bad_time_control"


# ---------------------------------------------------------------- the edges (GO-07, GO-08)


def test_main_time_at_exactly_zero_has_begun_the_first_full_period():
    clock = GameClock(TimeControl(main_seconds=10, periods=3, period_seconds=30))
    clock.start(BLACK, 0.0)
    assert clock.remaining(BLACK, 9.5) == TimeLeft(0.5, 3, 30.0)
    assert clock.remaining(BLACK, 10.0) == TimeLeft(0.0, 3, 30.0)
    assert clock.remaining(BLACK, 10.0).in_byoyomi
    assert clock.stop(10.0) is None  # a move at that instant is in byo-yomi, not late
    assert clock.remaining(BLACK, 10.0) == TimeLeft(0.0, 3, 30.0)


def test_a_period_at_exactly_zero_is_used_up_and_the_next_has_begun():
    clock = GameClock(TimeControl(main_seconds=0, periods=3, period_seconds=30))
    clock.start(BLACK, 0.0)
    assert clock.remaining(BLACK, 29.5) == TimeLeft(0.0, 3, 0.5)
    assert clock.remaining(BLACK, 30.0) == TimeLeft(0.0, 2, 30.0)
    assert clock.stop(30.0) is None
    assert clock.remaining(BLACK, 30.0) == TimeLeft(0.0, 2, 30.0)


def test_the_last_period_at_exactly_zero_is_the_flag():
    clock = GameClock(TimeControl(main_seconds=0, periods=2, period_seconds=30))
    clock.start(BLACK, 0.0)
    assert clock.remaining(BLACK, 59.5) == TimeLeft(0.0, 1, 0.5)
    assert clock.remaining(BLACK, 60.0).flagged
    assert clock.expires_at() == 60.0
    assert clock.stop(60.0) is BLACK


def test_main_time_alone_flags_at_exactly_zero():
    clock = GameClock(TimeControl(main_seconds=5))
    clock.start(WHITE, 0.0)
    assert clock.remaining(WHITE, 4.999) == TimeLeft(pytest.approx(0.001), 0, 0.0)
    assert clock.remaining(WHITE, 5.0).flagged


def test_a_reading_inside_a_period_counts_on_like_the_clock_it_was_read_from():
    """What a client does between two of the hall's views: count on from a reading."""
    control = TimeControl(main_seconds=10, periods=3, period_seconds=30)
    clock = GameClock(control)
    clock.start(BLACK, 0.0)
    read = clock.remaining(BLACK, 22.0)  # 12 s into the first period
    assert read == TimeLeft(0.0, 3, 18.0)
    for later in (0.0, 17.5, 18.0, 47.5, 48.0, 77.5, 78.0, 100.0):
        assert read.after(later, 30.0) == clock.remaining(BLACK, 22.0 + later), later
    assert read.after(78.0, 30.0).flagged and clock.expires_at() == 100.0
