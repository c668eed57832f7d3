"""Golden-table bets: the window, the limits, the parimutuel split and refunds (§5, PL-09 …
PL-12, PL-23)."""

from __future__ import annotations

import pytest

from qipai.platform.betting import BetBook, Side
from qipai.platform.errors import (
    BadInput,
    BetAmountOutOfRange,
    BetLimitReached,
    BetsAlreadySettled,
    BetWindowClosed,
    InsufficientCoins,
    NotGoldenTable,
    SeatedCannotBet,
)
from qipai.platform.grants import new_account, operator_grant
from qipai.platform.ledger import HOUSE, Ledger, bet_pool_account

GAME = "go:42"
POOL = bet_pool_account(GAME)


@pytest.fixture
def hall() -> tuple[Ledger, BetBook]:
    ledger = Ledger()
    for name in ("black", "white", "s1", "s2", "s3"):
        ledger.post(new_account(name))
    return ledger, BetBook(GAME, frozenset({"black", "white"}), ranked_go=True)


def bet(hall, bettor, side, amount, ply=10):
    ledger, book = hall
    ledger.post(book.place(bettor, side, amount, plies_played=ply, balance=ledger.balance(bettor)))


def test_worked_example_pool_split_with_remainders(hall):
    ledger, book = hall
    bet(hall, "s1", Side.BLACK, 100)
    bet(hall, "s2", Side.WHITE, 300)
    bet(hall, "s3", Side.BLACK, 200)
    bet(hall, "s3", Side.WHITE, 100)
    assert ledger.balance(POOL) == 700
    result = book.settle(Side.BLACK, valid=True)
    ledger.post(result.movement)
    assert result.rake == 35 and not result.refunded
    assert result.nets == {"s1": 121, "s2": -300, "s3": 143}
    assert [result.message(s) for s in ("s1", "s2", "s3")] == ["赢 121", "输 300", "赢 143"]
    assert ledger.balance("s1") == 5_121 and ledger.balance("s2") == 4_700
    assert ledger.balance("s3") == 5_143
    assert ledger.balance(POOL) == 0
    assert ledger.balance(HOUSE) == -25_000 + 36  # rake 35 + remainder 1


@pytest.mark.parametrize(
    ("winner", "valid"),
    [(None, True), (Side.BLACK, False), (Side.WHITE, True)],
    ids=["draw", "invalid game", "no bet on the winner"],
)
def test_refunds_without_rake(hall, winner, valid):
    ledger, book = hall
    bet(hall, "s1", Side.BLACK, 100)
    bet(hall, "s2", Side.BLACK, 250)
    if winner is not Side.WHITE:
        bet(hall, "s3", Side.WHITE, 40)
    result = book.settle(winner, valid=valid)
    ledger.post(result.movement)
    assert result.refunded and result.rake == 0
    assert all(ledger.balance(s) == 5_000 for s in ("s1", "s2", "s3"))
    assert ledger.balance(POOL) == 0 and ledger.balance(HOUSE) == -25_000
    assert result.message("s1") == "竞猜退还 (bets refunded)"


def test_no_bet_on_the_losing_side_is_refunded(hall):
    ledger, book = hall
    bet(hall, "s1", Side.WHITE, 500)
    result = book.settle(Side.WHITE, valid=True)
    ledger.post(result.movement)
    assert result.refunded and ledger.balance("s1") == 5_000


def test_betting_closes_when_ply_50_is_played(hall):
    ledger, book = hall
    bet(hall, "s1", Side.BLACK, 10, ply=49)
    with pytest.raises(BetWindowClosed) as err:
        bet(hall, "s2", Side.BLACK, 10, ply=50)
    assert err.value.code == "bet_window_closed"
    assert len(book.bets) == 1 and ledger.balance("s2") == 5_000


def test_betting_closes_when_the_game_ends_early(hall):
    ledger, book = hall
    book.close()
    with pytest.raises(BetWindowClosed):
        bet(hall, "s1", Side.BLACK, 10, ply=30)
    assert book.bets == [] and ledger.balance("s1") == 5_000


def test_a_third_bet_is_refused(hall):
    ledger, book = hall
    bet(hall, "s1", Side.BLACK, 10)
    bet(hall, "s1", Side.WHITE, 20)
    with pytest.raises(BetLimitReached) as err:
        bet(hall, "s1", Side.BLACK, 30)
    assert err.value.code == "bet_limit_reached"
    assert len(book.bets) == 2 and ledger.balance("s1") == 4_970


def test_a_bet_beyond_ones_coins_is_refused(hall):
    ledger, book = hall
    bet(hall, "s1", Side.BLACK, 4_995)
    with pytest.raises(InsufficientCoins) as err:
        bet(hall, "s1", Side.WHITE, 10)
    assert err.value.code == "insufficient_coins"
    assert len(book.bets) == 1 and ledger.balance("s1") == 5


@pytest.mark.parametrize("bettor", ["black", "white"])
def test_players_cannot_bet_on_their_own_game(hall, bettor):
    ledger, book = hall
    with pytest.raises(SeatedCannotBet) as err:
        bet(hall, bettor, Side.BLACK, 100)
    assert err.value.code == "seated_cannot_bet"
    assert book.bets == [] and ledger.balance(bettor) == 5_000


@pytest.mark.parametrize("amount", [9, 10_001, 0, -10, 12.5])
def test_amounts_outside_10_to_10000_are_refused(hall, amount):
    ledger, book = hall
    with pytest.raises(BetAmountOutOfRange) as err:
        bet(hall, "s1", Side.BLACK, amount)
    assert err.value.code == "bet_amount_out_of_range"
    assert book.bets == []


def test_limits_are_inclusive(hall):
    ledger, book = hall
    bet(hall, "s1", Side.BLACK, 10)
    bet(hall, "s2", Side.WHITE, 10_000 // 2)
    ledger.post(operator_grant("rich", 10_000, "test", "op:1"))
    bet(hall, "rich", Side.WHITE, 10_000)
    assert [b.amount for b in book.bets] == [10, 5_000, 10_000]


def test_unknown_side_is_refused(hall):
    with pytest.raises(BadInput):
        bet(hall, "s1", "red", 100)


def test_only_ranked_go_games_are_golden():
    with pytest.raises(NotGoldenTable) as err:
        BetBook("go:1", frozenset({"a", "b"}), ranked_go=False)
    assert err.value.code == "not_golden_table"


def test_settling_twice_is_refused_and_bets_after_settling_too(hall):
    ledger, book = hall
    bet(hall, "s1", Side.BLACK, 100)
    ledger.post(book.settle(Side.BLACK, valid=True).movement)
    with pytest.raises(BetsAlreadySettled):
        book.settle(Side.BLACK, valid=True)
    with pytest.raises(BetWindowClosed):
        bet(hall, "s2", Side.BLACK, 100)


def test_a_sixth_win_still_settles_the_bets_normally(hall):
    """PL-23: the anti-collusion rule drops only the ranked-window entry, so the book is settled
    from the board result like any other game."""
    ledger, book = hall
    bet(hall, "s1", Side.BLACK, 1_000)
    bet(hall, "s2", Side.WHITE, 1_000)
    result = book.settle(Side.BLACK, valid=True)
    assert result.nets == {"s1": 900, "s2": -1_000} and result.rake == 100


def test_the_bet_list_is_public_data(hall):
    _, book = hall
    bet(hall, "s1", Side.BLACK, 100)
    assert [b.to_wire() for b in book.bets] == [{"bettor": "s1", "side": "black", "amount": 100}]


def test_the_book_is_rebuilt_from_the_ledger_after_a_restart(hall):
    ledger, book = hall
    bet(hall, "s1", Side.BLACK, 100)
    bet(hall, "s3", Side.WHITE, 200)
    bet(hall, "s3", Side.BLACK, 50)
    restored = BetBook.from_ledger(GAME, book.seated, ledger.entries())
    assert restored.bets == book.bets and not restored.settled
    with pytest.raises(BetLimitReached):
        restored.place("s3", Side.BLACK, 10, plies_played=20, balance=ledger.balance("s3"))
    ledger.post(restored.settle(Side.BLACK, valid=True).movement)
    assert ledger.balance(POOL) == 0
    again = BetBook.from_ledger(GAME, book.seated, ledger.entries())
    assert again.settled and again.bets == book.bets
    with pytest.raises(BetsAlreadySettled):
        again.settle(Side.BLACK, valid=True)


@pytest.mark.parametrize(("ply", "balance"), [(-1, 500), (1.5, 500), (3, "500")])
def test_bad_ply_or_balance_is_refused(hall, ply, balance):
    _, book = hall
    with pytest.raises(BadInput):
        book.place("s1", Side.BLACK, 100, plies_played=ply, balance=balance)
    assert book.bets == []


def test_bad_winner_is_refused_and_settles_nothing(hall):
    ledger, book = hall
    bet(hall, "s1", Side.BLACK, 100)
    with pytest.raises(BadInput):
        book.settle("red", valid=True)
    assert not book.settled and ledger.balance(POOL) == 100
