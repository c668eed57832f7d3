"""What the Go table tells the seat to move: the forbidden points it may grey out."""

from qipai.go import Game
from server.tables.go_board import BoardText, forbidden_points, lone_empty_points


def game_after(size: int, moves: list[str]) -> Game:
    game = Game(size)
    for point in moves:
        game.play(point)
    return game


def test_ko_recapture_point_is_forbidden_rules_book_3_3():
    # White D5 is taken by Black E5; retaking at once would repeat the position (GO-01).
    game = game_after(9, ["C5", "E6", "D6", "E4", "D4", "F5", "J9", "D5", "E5"])
    assert game.captures[game.to_move.other] == 1
    assert forbidden_points(game, game.rows()) == ["D5"]


def test_suicide_point_is_forbidden_rules_book_3_2():
    # Rules book 3.2: Black B3, A2, C2, B1 around B2, each still with liberties of its own.
    game = game_after(9, ["B3", "J9", "A2", "J8", "C2", "J7", "B1"])
    # A1 is a suicide too (A2 and B1 are Black); the list runs from the top row down.
    assert forbidden_points(game, game.rows()) == ["B2", "A1"]


def test_a_capturing_move_without_liberties_is_not_forbidden_rules_book_3_1():
    # Rules book 3.1: White B2 captures Black C2 although both end without liberties.
    game = game_after(9, ["B3", "C3", "A2", "D2", "C2", "C1", "B1"])
    assert game.to_move.name == "WHITE"
    assert "B2" not in forbidden_points(game, game.rows())
    assert game.is_legal("B2")


def test_open_board_has_no_forbidden_points():
    game = game_after(19, ["D4", "Q16", "C3"])
    assert forbidden_points(game, game.rows()) == []


def test_lone_empty_points_on_a_small_board():
    rows = ["X.X", "XXO", ".O."]
    assert lone_empty_points(rows, 3) == [(1, 2), (0, 0), (2, 0)]
    assert lone_empty_points(["...", "...", "..."], 3) == []


def test_board_text_follows_moves_and_captures_like_the_engine():
    game = Game(9)
    text = BoardText()
    moves = ["C5", "E6", "D6", "E4", "D4", "F5", "J9", "D5", "E5", "A1", "B1", "A2"]
    text.rows(game)
    for point in moves:
        before = BoardText.key(game)
        text.played(game, before, game.play(point))
        assert text.rows(game) == game.rows()
    game.undo()
    assert text.rows(game) == game.rows()
