"""The board rows the Go table keeps between events follow the engine exactly (the forbidden
points it sends are the engine's own, tested in tests/go/test_forbidden_points.py)."""

from qipai.go import Game
from server.tables.go_board import BoardText


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
