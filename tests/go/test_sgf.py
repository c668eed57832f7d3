"""SGF: what we write reads back as the same game; real records replay or are refused exactly."""

from __future__ import annotations

import pytest
from sgfmill import boards
from sgfmill import sgf as sgfmill_sgf

from qipai.go import Color, Game, SgfError, sgf
from tests.go.records import read, sgf_dir

BLACK, WHITE = Color.BLACK, Color.WHITE


def test_written_record_names_komi_in_points_rules_and_moves():
    game = Game(9)
    game.play("E5")
    game.pass_()
    text = sgf.dumps(game, PB="甲", PW="乙")
    assert "SZ[9]" in text and "KM[7]" in text and "RU[Chinese]" in text
    assert ";B[ee];W[]" in text and "PB[甲]" in text


def test_handicap_game_round_trip():
    game = Game(19, handicap=4)
    game.play("K10")
    text = sgf.dumps(game)
    assert "HA[4]" in text and "AB[dp][pd][dd][pp]" in text and "PL[W]" in text
    back = sgf.loads(text)
    assert back.handicap == 4 and back.komi == 0 and back.rows() == game.rows()
    assert back.to_move is BLACK and back.count() == game.count()


def test_resigned_game_round_trip():
    game = Game(13)
    game.play("D4")
    game.resign(WHITE)
    text = sgf.dumps(game)
    assert "RE[B+R]" in text
    back = sgf.loads(text)
    assert back.result == game.result and back.result.text == "黑中盘胜"


def test_time_loss_round_trip():
    game = Game(9)
    game.lose_on_time(BLACK)
    back = sgf.loads(sgf.dumps(game))
    assert back.result.sgf == "W+T" and back.result.text == "黑超时负"


def test_counted_game_with_dead_stones_round_trip():
    game = Game(9, komi=0)
    for point in ["C3", "G7", "C7", "G3", "E5", "F5"]:
        game.play(point)
    game.pass_()
    game.pass_()
    game.mark_dead(["F5"])
    game.confirm(BLACK)
    game.confirm(WHITE)
    text = sgf.dumps(game)
    back = sgf.loads(text)
    assert back.phase == "over" and back.dead_stones == {(5, 4)}
    assert back.result == game.result and f"RE[{game.result.sgf}]" in text


def test_setup_stones_and_player_to_move_round_trip():
    game = Game(9, setup={BLACK: [(0, 0)], WHITE: [(8, 8), (7, 8)]}, first=WHITE)
    back = sgf.loads(sgf.dumps(game))
    assert back.rows() == game.rows() and back.to_move is WHITE


def test_illegal_record_names_the_move_number():
    text = "(;GM[1]SZ[9];B[ee];W[ee])"
    with pytest.raises(SgfError) as err:
        sgf.loads(text)
    assert err.value.move_number == 2 and err.value.reason == "occupied"
    assert "move 2" in str(err.value)


@pytest.mark.parametrize(
    "text",
    ["", "(;GM[1]SZ[9];B[ee]", "(;GM[2])", "(;GM[1]SZ[9];B[zz])", "(;SZ[x])", "(;B)"],
)
def test_malformed_records_are_refused(text):
    with pytest.raises(SgfError):
        sgf.loads(text)


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("(;GM[1]SZ[9];B[ee](;W[cc];B[gg])(;W[dd]))", [(4, 4), (2, 6), (6, 2)]),
        ("(;GM[1]SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))", [(0, 8), (1, 7), (2, 6)]),
        ("(;GM[1]SZ[9];B[aa])(;GM[1]SZ[9];B[bb])", [(0, 8)]),  # a collection: the first game
        ("(;GM[1]SZ[9]C[a \\] b];B[aa];W[tt])", [(0, 8), None]),  # escaped ], tt is a pass
    ],
)
def test_main_line_follows_the_first_variation(text, points):
    game = sgf.loads(text)
    assert [m.point for m in game.moves] == points


# Records whose game comment names the offending move, and what our rules call it.
REFUSED = [
    ("illegal_ko_1.sgf", 213, "ko"),
    ("illegal_ko_2.sgf", 202, "ko"),
    ("illegal_ko_3.sgf", 151, "ko"),
    ("illegal_ko_4.sgf", 265, "ko"),
    ("illegal_ko_5.sgf", 148, "ko"),
    ("illegal_ko_6.sgf", 183, "ko"),
    ("illegal_ko_7.sgf", 226, "ko"),
    ("illegal_ko_9.sgf", 229, "ko"),
    ("illegal_ko_10.sgf", 189, "ko"),
    ("suicide_1.sgf", 105, "suicide"),
]


@pytest.mark.parametrize(("name", "number", "reason"), REFUSED)
def test_real_records_with_an_illegal_move_are_refused_at_that_move(name, number, reason):
    with pytest.raises(SgfError) as err:
        sgf.loads(read(f"edge-cases/{name}"))
    assert (err.value.move_number, err.value.reason) == (number, reason)


# Cycles that Japanese rules let run (the games were voided); positional superko stops them.
CYCLES_STOPPED = [
    "triple_ko_7.sgf",
    "triple_ko_8.sgf",
    "triple_ko_9.sgf",
    "triple_ko_10.sgf",
    "3ko-connect.sgf",
    "3ko-lost.sgf",
    "quadruple_ko_1.sgf",
    "quadruple_ko_3.sgf",
    "quadruple_ko_4.sgf",
    "quadruple_ko_5.sgf",
    "eternal_life_1.sgf",
    "eternal_life_2.sgf",
]


@pytest.mark.parametrize("name", CYCLES_STOPPED)
def test_superko_stops_triple_quadruple_ko_and_eternal_life(name):
    with pytest.raises(SgfError) as err:
        sgf.loads(read(f"edge-cases/{name}"))
    assert err.value.reason == "ko"


def test_a_forfeited_ko_move_is_read_as_a_pass():
    game = sgf.loads(read("edge-cases/illegal_ko_8.sgf"))
    assert game.moves[33].is_pass and game.moves[33].color is WHITE


def test_every_professional_and_9x9_record_replays_and_survives_a_round_trip():
    folder = sgf_dir()
    files = sorted(folder.glob("pro-19x19/*.sgf")) + sorted(folder.glob("9x9/*.sgf"))
    assert len(files) == 371
    for path in files:
        game = sgf.loads(path.read_text(encoding="utf-8", errors="replace"))
        back = sgf.loads(sgf.dumps(game))
        assert back.rows() == game.rows(), path.name
        assert back.moves == game.moves and back.captures == game.captures, path.name


def _sgfmill_positions(text: str, upto: int) -> list[frozenset]:
    """Positions after each of the first ``upto`` moves, replayed by sgfmill (no ko rule)."""
    record = sgfmill_sgf.Sgf_game.from_string(text)
    board = boards.Board(record.get_size())
    positions = [frozenset(board.list_occupied_points())]
    moves = [node.get_move() for node in record.get_main_sequence()[1:]]
    moves = [(colour, move) for colour, move in moves if colour is not None]
    for colour, move in moves[:upto]:
        if move is not None:
            board.play(move[0], move[1], colour)
        positions.append(frozenset(board.list_occupied_points()))
    return positions


@pytest.mark.parametrize(
    "name", [name for name, _, reason in REFUSED if reason == "ko"] + CYCLES_STOPPED
)
def test_superko_refuses_exactly_the_first_move_that_repeats_a_position(name):
    """sgfmill, which has no ko rule, confirms that the refused move recreates an earlier
    whole-board position and that no earlier move did."""
    text = read(f"edge-cases/{name}")
    with pytest.raises(SgfError) as err:
        sgf.loads(text)
    number = err.value.move_number
    positions = _sgfmill_positions(text, number)
    stone_positions = [positions[0]] + [
        p for i, p in enumerate(positions[1:], 1) if p != positions[i - 1]
    ]  # passes leave the position unchanged and never violate superko
    assert positions[-1] in positions[:-1]
    assert len(set(stone_positions[:-1])) == len(stone_positions) - 1
