"""`Game.play` carries an inlined copy of `Board.play` (one Python call a move fewer on the
replay hot path). These tests play both side by side and ask that they never differ: the same
stones, chains, liberties, hashes and captures after every move, and the same refusal with the
same code for every point where a stone may not go."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sgfmill import sgf as sgfmill_sgf

from qipai.go import Color, Game, IllegalMove
from qipai.go.board import Board, BoardRefusal
from tests.go.records import sgf_dir


def _structure(board: Board) -> list:
    """Everything the board holds, chain by chain (stones in their order), point by point."""
    return [
        None if chain is None else (chain.color, tuple(chain.stones), set(chain.libs))
        for chain in board.chains
    ] + [board.colors, board.hash]


class Twins:
    """A Game and a bare Board with its own superko history, fed the same stones."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.game = Game(size)
        self.board = Board(size)
        self.seen = {self.board.hash}

    def index(self, point: tuple[int, int]) -> int:
        return point[1] * self.size + point[0]

    def play(self, point: tuple[int, int], color: Color) -> None:
        move = self.game.play(point, color)
        removed = self.board.play(self.index(point), int(color), self.seen)
        assert move.captured == tuple((i % self.size, i // self.size) for i in removed)
        assert self.game.position_hash == self.board.hash
        assert self.game._seen == self.seen

    def pass_(self, color: Color) -> None:
        self.game.pass_(color)

    def agree_on_refusals(self) -> None:
        """Every point the side to move may not play is refused alike by both, with the same
        code, and neither changes; the game's forbidden points are exactly those."""
        game = self.game
        color = game.to_move
        before = _structure(game._board)
        refused = []
        for index in range(self.size * self.size):
            point = (index % self.size, index // self.size)
            try:
                self.board.check(index, int(color), self.seen)
            except BoardRefusal as refusal:
                with pytest.raises(IllegalMove) as err:
                    game.play(point, color)
                assert err.value.code == refusal.code
                with pytest.raises(BoardRefusal) as board_err:
                    self.board.play(index, int(color), self.seen)
                assert board_err.value.code == refusal.code
                refused.append(point)
        assert _structure(game._board) == before == _structure(self.board)
        empty = {p for p in refused if game.color_at(p) is None}
        assert set(game.forbidden_points()) == empty

    def agree(self) -> None:
        assert _structure(self.game._board) == _structure(self.board)


def test_every_shared_record_plays_alike_through_game_and_board():
    folder = sgf_dir()
    paths = sorted(folder.glob("pro-19x19/*.sgf")) + sorted(folder.glob("9x9/*.sgf"))
    assert paths
    colours = {"b": Color.BLACK, "w": Color.WHITE}
    for path in paths:
        record = sgfmill_sgf.Sgf_game.from_bytes(path.read_bytes())
        twins = Twins(record.get_size())
        for node in record.get_main_sequence()[1:]:
            colour, move = node.get_move()
            if colour is None:
                continue
            if move is None:
                twins.pass_(colours[colour])
            else:
                twins.play((move[1], move[0]), colours[colour])
        twins.agree()


picks = st.lists(st.integers(min_value=0, max_value=10**6), min_size=10, max_size=200)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([3, 4, 5, 7]), picks)
def test_random_games_with_every_refusal_tried_play_alike(size, choices):
    twins = Twins(size)
    for pick in choices:
        game = twins.game
        if game.phase != "play":
            break
        twins.agree_on_refusals()
        legal = game.legal_points()
        if pick % 12 == 0 or not legal:
            twins.pass_(game.to_move)
        else:
            twins.play(legal[pick % len(legal)], game.to_move)
        twins.agree()


def test_a_ko_retake_and_a_suicide_are_refused_alike():
    twins = Twins(4)
    # 4 . . . X      Black c2 captures White b2; then White may not retake at b2 (ko),
    # 3 . X O .      nor play a1 (suicide), nor c2 (occupied)
    # 2 X O . O
    # 1 . X O .
    moves = [(1, 2), (2, 2), (0, 1), (1, 1), (1, 0), (3, 1), (3, 3), (2, 0)]
    for number, point in enumerate(moves):
        twins.play(point, Color.BLACK if number % 2 == 0 else Color.WHITE)
    twins.play((2, 1), Color.BLACK)
    assert twins.game.last_move.captured == ((1, 1),)
    twins.agree_on_refusals()
    forbidden = set(twins.game.forbidden_points())
    assert {(1, 1), (0, 0)} <= forbidden
    with pytest.raises(IllegalMove) as err:
        twins.game.play((1, 1), Color.WHITE)
    assert err.value.code == "ko"
    with pytest.raises(IllegalMove) as err:
        twins.game.play((0, 0), Color.WHITE)
    assert err.value.code == "suicide"
    with pytest.raises(IllegalMove) as err:
        twins.game.play((2, 1), Color.WHITE)
    assert err.value.code == "occupied"
    twins.agree()
