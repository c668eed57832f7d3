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
