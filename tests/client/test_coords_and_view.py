"""Point names and the typed copy of the server's Go view."""

import pytest

from client.coords import CoordinateError, parse_point, point_name
from client.go_view import BLACK, WHITE, ClockView, GoView
from qipai.go.clock import TimeLeft
from tests.client.fakes import board_rows, go_view_wire


@pytest.mark.parametrize(
    ("text", "size", "expected"),
    [("A1", 19, (0, 18)), ("t19", 19, (18, 0)), ("J10", 19, (8, 9)), (" d4 ", 9, (3, 5))],
)
def test_typed_points_use_gtp_columns_without_i(text, size, expected):
    assert parse_point(text, size) == expected
    assert point_name(*expected, size) == text.strip().upper()


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("I5", "bad_coordinate"),
        ("", "bad_coordinate"),
        ("5D", "bad_coordinate"),
        ("K1", "bad_coordinate"),
        ("A10", "off_board"),
        ("A0", "off_board"),
    ],
)
def test_bad_typed_points_raise_a_stable_code(text, code):
    with pytest.raises(CoordinateError) as caught:
        parse_point(text, 9)
    assert caught.value.code == code


def test_view_from_wire_reads_stones_marks_and_seats():
    wire = go_view_wire(
        board=board_rows("""
            X . . . . . . . .
            . O . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
        """),
        last_move="B8",
        dead=["A9"],
        forbidden=["C7"],
        captures={"black": 2, "white": 1},
        you=["black", "white"],
    )
    view = GoView.from_wire(wire, 0.0)
    assert view.grid[0][0] == BLACK and view.grid[1][1] == WHITE and view.grid[2][2] is None
    assert view.last_move == (1, 1)
    assert view.dead == {(0, 0)} and view.forbidden == {(2, 2)}
    assert view.captures == {BLACK: 2, WHITE: 1}
    assert view.seats == {BLACK, WHITE} and not view.is_spectator


def test_a_view_without_a_seat_is_a_spectators():
    view = GoView.from_wire(go_view_wire(you=[]), 0.0)
    assert view.is_spectator


def test_running_clock_counts_down_through_main_time_into_byo_yomi():
    clock = ClockView(main=10, periods=3, period=30, running=True, as_of=100.0)
    assert clock.remaining_at(104.0).main == pytest.approx(6)
    reading = clock.remaining_at(125.0)  # 10 s main, then 15 s into the first period
    assert (reading.in_byoyomi, reading.periods, reading.period) == (True, 3, pytest.approx(15))
    reading = clock.remaining_at(150.0)  # first period used up (40 s), 10 s into the next
    assert (reading.periods, reading.period) == (2, pytest.approx(20))
    assert clock.remaining_at(200.0).flagged


def test_byo_yomi_clock_from_the_wire_keeps_its_period_count():
    wire = go_view_wire(
        clocks={
            "black": {"main": 12.0, "periods": 2, "period": 30, "byoyomi": True},
            "white": {"main": 296.0, "periods": 3, "period": 30, "byoyomi": False},
            "running": "black",
        }
    )
    view = GoView.from_wire(wire, received_at=50.0)
    black, white = view.clocks[BLACK], view.clocks[WHITE]
    assert black.running and not white.running
    assert black.remaining_at(55.0) == TimeLeft(0.0, 2, pytest.approx(7))
    assert black.remaining_at(70.0) == TimeLeft(0.0, 1, pytest.approx(22))
    assert white.remaining_at(1000.0) == TimeLeft(296.0, 3, 30.0)


def test_stopped_clock_does_not_move():
    clock = ClockView(main=10, periods=3, period=30, running=False, as_of=0.0)
    assert clock.remaining_at(1000.0).main == 10


def test_seat_labels_say_who_is_away_or_a_bot():
    wire = go_view_wire(
        seats={
            "black": {"name": "ann", "online": False, "bot": False},
            "white": {"name": "gnugo", "online": True, "bot": True},
        }
    )
    view = GoView.from_wire(wire, 0.0)
    assert view.players == {BLACK: "ann (away)", WHITE: "gnugo (bot)"}
    assert (
        GoView.from_wire(go_view_wire(seats={"black": None, "white": None}), 0.0).players[BLACK]
        == "(free)"
    )
