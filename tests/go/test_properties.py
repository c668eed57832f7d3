"""Hypothesis: random legal games keep the board consistent, undo is exact, SGF round-trips,
and sgfmill's board (written by someone else) agrees on every capture and the final position."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sgfmill import boards

from qipai.go import Color, Game, IllegalMove, sgf
from qipai.go.board import EMPTY, neighbours, zobrist_keys

SETTINGS = settings(max_examples=80, deadline=None)
choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=20, max_size=250)
sizes = st.sampled_from([5, 7, 9])


def random_game(size: int, picks: list[int], on_move=None) -> Game:
    """Play the picks as indices into (legal points + pass); resume play if scoring opens."""
    game = Game(size)
    for pick in picks:
        if game.phase == "over":  # the third resumption's passes end it
            break
        if game.phase == "scoring":
            game.resume(game.to_move)
        options = game.legal_points()
        before = _snapshot(game) if on_move else None
        if pick % 10 == 0 or not options:
            move = game.pass_()
        else:
            move = game.play(options[pick % len(options)])
        if on_move:
            on_move(game, move, before)
    return game


def _snapshot(game: Game):
    return (
        game.rows(),
        game.to_move,
        game.phase,
        dict(game.captures),
        list(game.moves),
        game.position_hash,
        frozenset(game._seen),
        game.dead_stones,
        game.resumptions,
        game.result,
        game.legal_points(),
    )


def _check_chains(game: Game) -> None:
    board = game._board
    nbrs = neighbours(game.size)
    keys = zobrist_keys(game.size)
    expected_hash = 0
    for index, color in enumerate(board.colors):
        chain = board.chains[index]
        if color == EMPTY:
            assert chain is None
            continue
        expected_hash ^= keys[color][index]
        assert chain.color == color and index in chain.stones
        libs = {n for s in chain.stones for n in nbrs[s] if board.colors[n] == EMPTY}
        assert libs, "a chain without liberties was left on the board"
        assert chain.libs == libs
    assert board.hash == expected_hash


@SETTINGS
@given(sizes, choices)
def test_random_games_never_leave_a_chain_without_liberties(size, picks):
    random_game(size, picks, on_move=lambda game, move, before: _check_chains(game))


def test_a_ko_retake_refused_leaves_every_liberty_in_place():
    """The board takes a stone's liberty from the opposing chains in its one pass over the
    neighbours, before it knows the move is legal; a refusal gives the liberty back."""
    game = Game(9)
    for point in [(1, 2), (2, 2), (0, 1), (3, 1), (1, 0), (2, 0), (8, 8), (1, 1), (2, 1)]:
        game.play(point)  # ... Black (2, 1) takes the ko stone at (1, 1)
    before = _snapshot(game)
    with pytest.raises(IllegalMove) as err:
        game.play((1, 1))  # White's retake would repeat the position before Black's capture
    assert err.value.code == "ko"
    _check_chains(game)
    assert game._board.chains[game._index((2, 1))].libs == {game._index((1, 1))}
    assert _snapshot(game) == before


@SETTINGS
@given(sizes, choices)
def test_every_refused_stone_changes_nothing(size, picks):
    def try_forbidden(game, move, before):
        if game.phase != "play":
            return
        state = _snapshot(game)
        for point in game.forbidden_points():
            with pytest.raises(IllegalMove):
                game.play(point)
        _check_chains(game)
        assert _snapshot(game) == state

    random_game(size, picks, on_move=try_forbidden)


@SETTINGS
@given(sizes, choices)
def test_undo_restores_the_exact_prior_state(size, picks):
    def undo_and_redo(game, move, before):
        if game.phase == "over":
            return  # a finished game cannot be undone (tested in test_game_flow)
        game.undo()
        assert _snapshot(game) == before
        if move.point is None:
            game.pass_()
        else:
            game.play(move.point)

    random_game(size, picks, on_move=undo_and_redo)


@SETTINGS
@given(sizes, choices, st.sampled_from([None, Color.BLACK, Color.WHITE]))
def test_sgf_write_then_read_reproduces_the_game(size, picks, resigner):
    game = random_game(size, picks)
    if resigner is not None and game.phase != "over":
        game.resign(resigner)
    back = sgf.loads(sgf.dumps(game))
    assert back.rows() == game.rows() and back.moves == game.moves
    assert back.captures == game.captures and back.to_move is game.to_move
    assert back.result == game.result and back.position_hash == game.position_hash


@SETTINGS
@given(sizes, choices)
def test_sgfmill_board_agrees_on_captures_and_final_position(size, picks):
    theirs = boards.Board(size)

    def mirror(game, move, before):
        if move.point is None:
            return
        col, row = move.point
        theirs.play(row, col, "b" if move.color is Color.BLACK else "w")
        for c, r in move.captured:
            assert theirs.get(r, c) is None
        for r in range(size):
            for c in range(size):
                stone = theirs.get(r, c)
                ours = game.color_at((c, r))
                assert (stone, ours) in ((None, None), ("b", Color.BLACK), ("w", Color.WHITE))

    random_game(size, picks, on_move=mirror)
