"""Conservation: random sequences of hands, bets, fees, pots, escapes, relief and grants.

After every step the ledger must hold: no account but the house below zero, every balance equal
to its recomputation from the entries, and the coins held by players, pots and bet pools equal
to what the test granted minus what the house took. Where nobody is short of coins, each seat
must also move by exactly its settlement (PL-20 only ever changes what short payers pay).
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from qipai.mahjong.notation import MeldKind
from qipai.mahjong.rulesets.lengzi import Lengzi, book_pot
from qipai.mahjong.rulesets.lengzi_settlement import LengziWin, settle_win
from qipai.mahjong.scoring import Fan, Payment, Settlement, WinRecord, WinScore, net
from qipai.platform.betting import BetBook, Side
from qipai.platform.errors import PlatformError
from qipai.platform.grants import (
    NEW_ACCOUNT_COINS,
    RELIEF_COINS,
    new_account,
    operator_grant,
    relief,
)
from qipai.platform.hand_coins import close_pot, settle_escape, settle_hand, split_pot_movement
from qipai.platform.ledger import HOUSE, Ledger, Movement, Reason, balances_from, pot_account
from qipai.platform.rooms import stake_for
from qipai.platform.titles import hand_points

HOUSE_TAKE = {Reason.TABLE_FEE, Reason.BET_RAKE, Reason.ESCAPE_PENALTY, Reason.POT_CLOSED}
KONG_KINDS = (MeldKind.KONG_EXPOSED, MeldKind.KONG_ADDED, MeldKind.KONG_CONCEALED)
PLAYERS = 8
SCORE = WinScore((Fan("test", 1),), 1, 1)


class Hall:
    """The ledger plus what the test itself knows: coins it granted, the Lengzi table state."""

    def __init__(self) -> None:
        self.ledger = Ledger()
        self.granted = 0
        self.players: list[str] = []
        self.lengzi_state = {"pot": 0, "xiapao": [False] * 4}
        self.pot = pot_account("lengzi-1")
        self.games = 0

    def post(self, movement: Movement) -> dict[str, int]:
        before = dict(self.ledger.balances())
        self.ledger.post(movement)
        return {a: self.ledger.balance(a) - before.get(a, 0) for a in movement.net()}

    def grant(self, movement: Movement, amount: int) -> None:
        self.post(movement)
        self.granted += amount

    def house_take(self) -> int:
        return sum(
            e.amount for e in self.ledger.entries() if e.account == HOUSE and e.reason in HOUSE_TAKE
        )

    def check(self) -> None:
        balances = self.ledger.balances()
        assert all(coins >= 0 for account, coins in balances.items() if account != HOUSE)
        assert balances_from(self.ledger.entries()) == balances
        held = sum(coins for account, coins in balances.items() if account != HOUSE)
        assert held == self.granted - self.house_take()
        assert self.ledger.balance(self.pot) == self.lengzi_state["pot"]

    def table(self, order: list[int]) -> list[str] | None:
        """The first four players in ``order`` who can sit (≥ 320 coins), or None."""
        seats = [
            self.players[i]
            for i in order
            if i < len(self.players) and self.ledger.balance(self.players[i]) >= 320
        ]
        return seats[:4] if len(seats) >= 4 else None


def seats_moved(hall: Hall, seats: list[str], changes: dict[str, int]) -> list[int]:
    return [changes.get(s, 0) for s in seats]


def all_solvent(balances, seats: list[str], payments: list[Payment]) -> bool:
    """Whether every seat can pay its whole loss from the coins it holds."""
    owed = net(payments)
    return all(balances.get(s, 0) + min(0, owed.get(i, 0)) >= 0 for i, s in enumerate(seats))


def do_lengzi(hall: Hall, data) -> None:
    seats = hall.table(data["picks"])
    if seats is None:
        return
    stake = stake_for([hall.ledger.balance(s) for s in seats])
    winner, discarder = data["winner"], data["discarder"]
    if discarder == winner:
        discarder = None
    hall.lengzi_state["xiapao"] = list(data["xiapao"])
    payments = settle_win(
        LengziWin(winner, discarder, data["lengzi"]),
        dealer=data["dealer"],
        stake=stake,
        xiapao=data["xiapao"],
        kongs=data["kongs"],
        pot=hall.lengzi_state["pot"],
        table_fee=10,
    )
    solvent = all_solvent(hall.ledger.balances(), seats, payments)
    settlement = Settlement((WinRecord(winner, 0, discarder, SCORE),), tuple(payments), False)
    hall.games += 1
    movement = settle_hand(
        settlement, seats=seats, balances=hall.ledger.balances(), ref=f"h{hall.games}", pot=hall.pot
    )
    changes = hall.post(movement)
    event(f"lengzi hand, short payer: {not solvent}")
    if solvent:
        assert seats_moved(hall, seats, changes) == settlement.seat_totals()
        book_pot(hall.lengzi_state, payments)
    else:
        # The pot holds what was actually paid into it (a short 点炮 pays it less).
        hall.lengzi_state["pot"] = hall.ledger.balance(hall.pot)
    assert all(type(p) is int for p in hand_points(settlement_without_pot(payments), stake))


def settlement_without_pot(payments: list[Payment]) -> Settlement:
    return Settlement((WinRecord(0, 0, None, SCORE),), tuple(payments), False)


def do_sichuan(hall: Hall, data) -> None:
    seats = hall.table(data["picks"])
    if seats is None:
        event("sichuan hand, no table")
        return
    stake = stake_for([hall.ledger.balance(s) for s in seats])
    payments = [
        Payment(payer, payee, units * stake, "点炮")
        for payer, payee, units in data["lines"]
        if payer != payee
    ]
    wins = (WinRecord(0, 0, None, SCORE),) if data["won"] else ()
    settlement = Settlement(wins, tuple(payments), not data["won"])
    fee = max(1, stake // 10)
    hall.games += 1
    balances = hall.ledger.balances()
    movement = settle_hand(
        settlement, seats=seats, balances=balances, ref=f"h{hall.games}", fee=fee
    )
    changes = hall.post(movement)
    fee_lines = [Payment(s, -2, fee, "台费") for s in range(4)] if wins else []
    solvent = all_solvent(balances, seats, fee_lines + payments)
    event(f"sichuan hand, short payer: {not solvent}")
    if solvent:
        expected = [t - (fee if wins else 0) for t in settlement.seat_totals()]
        assert seats_moved(hall, seats, changes) == expected
    assert changes.get(HOUSE, 0) <= 4 * fee


def do_escape(hall: Hall, data) -> None:
    seats = hall.table(data["picks"])
    if seats is None:
        return
    stake = stake_for([hall.ledger.balance(s) for s in seats])
    due = [Payment(payer, payee, stake, "刮风") for payer, payee in data["kongs"] if payer != payee]
    hall.games += 1
    movement = settle_escape(
        due,
        data["escaper"],
        seats=seats,
        balances=hall.ledger.balances(),
        stake=stake,
        fee=10,
        ref=f"h{hall.games}",
    )
    changes = hall.post(movement)
    assert changes.get(HOUSE, 0) <= 10 + 2


def do_pot_split(hall: Hall, data) -> None:
    seats = hall.table(data["picks"])
    if seats is None:
        return
    payments = Lengzi().first_leaver_payments(hall.lengzi_state, data["leaver"])
    hall.post(split_pot_movement(payments, seats=seats, pot=hall.pot, ref="leave"))


def do_bets(hall: Hall, data) -> None:
    hall.games += 1
    black, white = hall.players[0], hall.players[1]
    book = BetBook(f"go{hall.games}", frozenset({black, white}), ranked_go=True)
    for who, side, amount, ply in data["bets"]:
        bettor = hall.players[who % len(hall.players)]
        before = dict(hall.ledger.balances())
        try:
            movement = book.place(
                bettor, side, amount, plies_played=ply, balance=hall.ledger.balance(bettor)
            )
        except PlatformError:
            assert hall.ledger.balances() == before
            continue
        hall.post(movement)
    pool = sum(b.amount for b in book.bets)
    result = book.settle(data["winner"], valid=data["valid"])
    changes = hall.post(result.movement)
    assert hall.ledger.balance(book.pool) == 0
    assert changes.get(HOUSE, 0) <= pool * 5 // 100 + len(book.bets)
    assert sum(result.nets.values()) == -changes.get(HOUSE, 0)


def do_relief(hall: Hall, data) -> None:
    account = hall.players[data["who"] % len(hall.players)]
    before = dict(hall.ledger.balances())
    try:
        movement = relief(hall.ledger, account, f"day{data['day']}")
    except PlatformError:
        assert hall.ledger.balances() == before
        return
    hall.grant(movement, RELIEF_COINS)


def do_operator(hall: Hall, data) -> None:
    """A grant, a removal, or (``leave``) a removal down to a few hundred coins, which makes
    short payers common in the hands that follow."""
    account = hall.players[data["who"] % len(hall.players)]
    amount = data["amount"]
    if data["leave"] is not None:
        amount = data["leave"] - hall.ledger.balance(account)
        if amount == 0:
            return
    movement = operator_grant(account, amount, "test", "op")
    if -amount > hall.ledger.balance(account):
        before = dict(hall.ledger.balances())
        try:
            hall.post(movement)
        except PlatformError:
            assert hall.ledger.balances() == before
            return
        raise AssertionError("an overdraft was posted")
    hall.grant(movement, amount)


def do_join(hall: Hall, data) -> None:
    if len(hall.players) < PLAYERS:
        hall.players.append(f"p{len(hall.players)}")
        hall.grant(new_account(hall.players[-1]), NEW_ACCOUNT_COINS)


seat = st.integers(0, 3)
picks = st.permutations(range(PLAYERS))
OPS = st.one_of(
    st.fixed_dictionaries(
        {
            "op": st.just(do_lengzi),
            "picks": picks,
            "winner": seat,
            "discarder": st.one_of(st.none(), seat),
            "lengzi": st.booleans(),
            "dealer": seat,
            "xiapao": st.tuples(*[st.booleans()] * 4),
            "kongs": st.lists(st.tuples(seat, st.sampled_from(KONG_KINDS)), max_size=3),
        }
    ),
    st.fixed_dictionaries(
        {
            "op": st.just(do_sichuan),
            "picks": picks,
            "won": st.booleans(),
            "lines": st.lists(st.tuples(seat, seat, st.integers(1, 64)), max_size=6),
        }
    ),
    st.fixed_dictionaries(
        {
            "op": st.just(do_escape),
            "picks": picks,
            "escaper": seat,
            "kongs": st.lists(st.tuples(seat, seat), max_size=3),
        }
    ),
    st.fixed_dictionaries({"op": st.just(do_pot_split), "picks": picks, "leaver": seat}),
    st.fixed_dictionaries(
        {
            "op": st.just(do_bets),
            "bets": st.lists(
                st.tuples(
                    st.integers(0, PLAYERS - 1),
                    st.sampled_from(Side),
                    st.integers(0, 12_000),
                    st.integers(0, 60),
                ),
                max_size=8,
            ),
            "winner": st.one_of(st.none(), st.sampled_from(Side)),
            "valid": st.booleans(),
        }
    ),
    st.fixed_dictionaries(
        {"op": st.just(do_relief), "who": st.integers(0, 7), "day": st.integers(0, 3)}
    ),
    st.fixed_dictionaries(
        {
            "op": st.just(do_operator),
            "who": st.integers(0, 7),
            "amount": st.integers(1, 3_000) | st.integers(-3_000, -1),
            "leave": st.none() | st.integers(300, 700),
        }
    ),
    st.fixed_dictionaries({"op": st.just(do_join)}),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(OPS, min_size=1, max_size=60))
def test_coins_are_conserved(ops):
    run(ops)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(st.lists(OPS, min_size=150, max_size=250))
def test_coins_are_conserved_over_long_sessions(ops):
    run(ops)


def run(ops) -> None:
    hall = Hall()
    for _ in range(4):
        do_join(hall, {})
    hall.check()
    for data in ops:
        data["op"](hall, data)
        event(data["op"].__name__)
        hall.check()
    hall.post(close_pot(hall.pot, hall.ledger.balance(hall.pot), "closed"))
    hall.lengzi_state["pot"] = 0
    hall.check()
