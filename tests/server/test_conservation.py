"""Conservation in the hall's own database (issue 7, Tests): thousands of bot-played hands and
Go games through the server's economy functions against one SQLite file.

Coin-room matches of every mahjong room and tier (the stake read from the balances before every
deal, fees, the Lengzi pot, PL-20 limits, escapes, xuezhan winners leaving, players leaving
between hands), ranked Go games with spectators' bets (settled with the game, or refunded when
the game is lost with its server), daily relief and operator grants and removals. Every step
goes through the function the server itself calls (``Store.add_mahjong_hand``,
``mahjong_escape.record_escape`` …) and every 25 steps (a match, a game, a grant or a day
of relief each) the books must hold:

- every account but the house ≥ 0;
- the coins of players, pots and pools = what was granted (tallied by this test from the grants
  it made) − what was taken back − what the house took (fees, rake, escape remainders, closed
  pots: nothing else ever reaches the house);
- every stored balance = the sum of its ledger entries (``check_ledger``, and recomputed here);

and at the end: no coin left in a pot or a bet pool, the 积分 totals equal their log
(``check_points``), every ranked hand's 积分 sum to zero and escapes cost exactly 16 each.

The CI size plays ``QIPAI_CONSERVATION_HANDS`` hands (default 1,500 in three sessions of 500,
about 20 s each on one core, nearly all of it the bots' play); set it higher for a long run (e.g. 50000), and ``QIPAI_CONSERVATION_SEED``
for other random sessions.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field

import pytest

from qipai.mahjong.analysis import prepare_tables
from qipai.mahjong.bots import BASELINE, DEFAULT_LEVEL, choose_action
from qipai.mahjong.rulesets import get_ruleset, mahjong_rooms
from qipai.mahjong.table import Action, ActionType
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table.match import Match
from qipai.platform.betting import BetBook
from qipai.platform.errors import PlatformError, ReliefUnavailable
from qipai.platform.escape import escape_settlement, payments_due
from qipai.platform.go_ranks import GoStanding
from qipai.platform.ledger import HOUSE, Reason, pot_account
from qipai.platform.rooms import RoomTier, economy_fee, room_fee, seats_to_stand_up, stake_for
from server import bets, economy
from server.economy import HandCoins
from server.operator import GrantRefused, grant
from server.store import GameRecord, MahjongHand, Store
from server.tables.mahjong_escape import (
    EscapeCoins,
    record_escape,
    record_leaver_fee,
    record_leaving,
)

HANDS = int(os.environ.get("QIPAI_CONSERVATION_HANDS", "1500"))
SEED = int(os.environ.get("QIPAI_CONSERVATION_SEED", "1"))
SESSIONS = 3
"""The hands are played as this many hall sessions of their own (seeds SEED, SEED+1, ...), each
with its own books checked, so that parallel test workers share them."""
PLAYERS = 16
LEVELS = (DEFAULT_LEVEL, BASELINE, BASELINE, BASELINE)
"""One seat plays as the hall's bot fills seats and three as the plain shape bot: what the
coins go through is the same, and the shape bot takes a fifth of the time (the test was
timed by its bots)."""
HOUSE_TAKES = {
    Reason.TABLE_FEE.value,
    Reason.BET_RAKE.value,
    Reason.ESCAPE_PENALTY.value,
    Reason.POT_CLOSED.value,
    Reason.OPERATOR.value,
}
"""Why coins may reach the house; the test fails on any other reason."""


@dataclass
class Tally:
    """What the test itself knows, apart from the database."""

    granted: int = 0
    hands: int = 0
    escapes: int = 0
    winners_left: int = 0
    left_between: int = 0
    go_games: int = 0
    bets: int = 0
    refused: dict[str, int] = field(default_factory=dict)

    def refuse(self, error: Exception) -> None:
        code = getattr(error, "code", type(error).__name__)
        self.refused[code] = self.refused.get(code, 0) + 1


class Hall:
    """The server's economy calls, in the order the tables make them."""

    def __init__(self, store: Store, seed: int) -> None:
        self.store = store
        self.db = store.db
        self.rng = random.Random(seed)
        self.tally = Tally()
        self.players: list[str] = []
        self.now = 1_800_000_000.0
        self.day = 1
        self.tables = 0

    def tick(self) -> float:
        self.now += 1.0
        return self.now

    # where coins come from

    def open_accounts(self, count: int) -> None:
        for index in range(count):
            name = f"p{index:02d}"
            rank = GoStanding.new(self.rng.choice(["18k", "10k", "5k", "1k"]))
            assert economy.open_account(self.db, name, b"s", b"h", self.tick(), rank)
            self.players.append(name)
            self.tally.granted += 5000

    def relief(self) -> None:
        for name in self.players:
            if economy.balance(self.db, name) < 320:
                try:
                    economy.claim_relief(self.db, name, f"2027-01-{self.day:02d}", self.tick())
                    self.tally.granted += 1000
                except ReliefUnavailable as error:
                    self.tally.refuse(error)

    def operator(self) -> None:
        name = self.rng.choice(self.players)
        amount = self.rng.choice([-5000, -300, 200, 1500, 40_000])
        try:
            grant(self.db, name, amount, "conservation test", self.tick())
            self.tally.granted += amount
        except GrantRefused as error:
            self.tally.refuse(error)

    # mahjong coin rooms

    def seat_four(self, tier: RoomTier) -> list[str] | None:
        able = [p for p in self.players if economy.balance(self.db, p) >= tier.value.minimum]
        return self.rng.sample(able, 4) if len(able) >= 4 else None

    def coin_match(self) -> None:
        room = self.rng.choice(list(mahjong_rooms()))
        tier = self.rng.choice(
            [RoomTier.FREE, RoomTier.FREE, RoomTier.ANTI_CHEAT, RoomTier.HUNDRED, RoomTier.THOUSAND]
        )
        names = self.seat_four(tier)
        if names is None:
            return
        self.tables += 1
        table = self.tables
        ruleset_class, found = mahjong_rooms()[room]
        ruleset_name, rules = ruleset_class.name, dict(found.imposed)
        pot = pot_account(f"table:{table}") if ruleset_name == "lengzi" else None
        match = Match(get_ruleset(ruleset_name, rules), self.rng.getrandbits(63))
        length = self.rng.randint(1, 8)
        number = 0
        while True:
            balances = economy.balances_of(self.db, names)
            ended = number >= length or match.over or seats_to_stand_up(tier, balances)
            if not ended and self.rng.random() < 0.04:  # someone leaves between hands
                self.tally.left_between += 1
                if pot and number:
                    leaver = self.rng.randrange(4)
                    ref = f"leave:{table}:{number}"
                    record_leaving(self.db, pot, tuple(names), leaver, True, ref, self.tick())
                    pot = None
                ended = True
            if ended:
                if pot:
                    economy.close_table_pot(self.db, pot, f"table:{table}:closed", self.tick())
                return
            stake = stake_for(balances)
            match.ruleset = get_ruleset(ruleset_name, {**rules, "base": stake})
            if pot:
                match.table_state["pot"] = economy.balance(self.db, pot)
            number += 1
            if not self.hand(room, table, number, names, match, stake, pot, number == length):
                return  # an escape or a leaving winner ends a coin match

    def hand(
        self,
        room: str,
        table: int,
        number: int,
        names: list[str],
        match: Match,
        stake: int,
        pot: str | None,
        last: bool,
    ) -> bool:
        """One deal played by bots to its end, or cut short; False when the match ends."""
        hand = match.start_hand(self.rng.getrandbits(63))
        start_state = json.loads(json.dumps(match.table_state))
        escape_at = self.rng.randrange(200) if self.rng.random() < 0.05 else None
        fee_paid: set[int] = set()
        moves = 0
        while not hand.over:
            if escape_at is not None and moves >= escape_at:
                self.escape(room, table, number, names, match, hand, stake, pot, start_state)
                return False
            for seat in hand.to_act():
                if hand.over or seat not in hand.to_act():
                    continue
                hand.apply(choose_action(hand, seat, LEVELS[seat]))
                moves += 1
            leaving = [
                s
                for s in range(4)
                if hand.seats[s].win is not None and not hand.seats[s].left and not hand.over
            ]
            if leaving and match.ruleset.continues_after_win and self.rng.random() < 0.2:
                seat = leaving[0]
                hand.apply(Action(seat, ActionType.LEAVE))
                fee = room_fee(match.ruleset, stake)
                ref = f"leave:{table}:{number}"
                record_leaver_fee(self.db, names[seat], fee, ref, self.tick())
                fee_paid.add(seat)
                self.tally.winners_left += 1
        match.finish_hand(hand)
        last = last or bool(fee_paid)
        row = self.row(room, table, number, names, hand, hand.settlement, start_state)
        coins = HandCoins(
            settlement=hand.settlement,
            seats=tuple(names),
            fee=economy_fee(match.ruleset, stake),
            pot=pot,
            close_pot=last,
            fee_paid=tuple(sorted(fee_paid)),
        )
        self.store.add_mahjong_hand(row, coins)
        self.tally.hands += 1
        return not last

    def escape(self, room, table, number, names, match, hand, stake, pot, start_state) -> None:
        seat = self.rng.randrange(4)
        settlement = escape_settlement(hand, seat, stake)
        row = self.row(room, table, number, names, hand, settlement, start_state)
        coins = EscapeCoins(
            due=tuple(payments_due(hand)),
            escaper=seat,
            seats=tuple(names),
            stake=stake,
            fee=room_fee(match.ruleset, stake),
            pot=pot,
            split_pot=pot is not None,
            close_pot=True,
            room=room,
        )
        record_escape(self.db, self.store._insert_mahjong_hand, row, coins)
        self.tally.hands += 1
        self.tally.escapes += 1

    def row(self, room, table, number, names, hand: HandMachine, settlement, state) -> MahjongHand:
        return MahjongHand(
            id=self.store.next_game_id(),
            room=room,
            table_id=table,
            hand_number=number,
            players=json.dumps(names),
            record=json.dumps({**hand.record(), "table_state": state}),
            settlement=json.dumps(settlement.to_wire(), ensure_ascii=False),
            finished_at=self.tick(),
        )

    # ranked Go with golden-table bets

    def go_game(self) -> None:
        black, white, *watchers = self.rng.sample(self.players, 6)
        game_id = self.store.next_game_id()
        ref = bets.game_ref(game_id)
        book = BetBook(ref, frozenset({black, white}), ranked_go=True)
        for _ in range(self.rng.randint(0, 8)):
            bettor = self.rng.choice([*watchers, black])  # a player's bet is refused (PL-11)
            amount = self.rng.choice([5, 10, 100, 999, 10_000, 20_000])
            try:
                movement = book.place(
                    bettor,
                    self.rng.choice(["black", "white"]),
                    amount,
                    plies_played=self.rng.randrange(60),
                    balance=economy.balance(self.db, bettor),
                )
            except PlatformError as error:
                self.tally.refuse(error)
                continue
            bets.place_bet(self.db, game_id, movement, self.tick())
            self.tally.bets += 1
        if self.rng.random() < 0.1:  # lost with its server: refunded on the next start
            bets.refund_unfinished(self.db, self.tick())
            return
        winner = self.rng.choice(["black", "white", "white", None])
        result = {"black": "黑中盘胜", "white": "白中盘胜", None: "和棋"}[winner]
        record = GameRecord(
            id=game_id,
            room="go",
            options=json.dumps({"size": 19, "friendly": False}),
            black=black,
            white=white,
            result=result,
            winner=winner,
            reason="resign" if winner else "count",
            valid=self.rng.random() < 0.9,
            moves=self.rng.randint(5, 300),
            record="(;GM[1])",
            finished_at=self.tick(),
        )
        self.store.add_go_game(record)
        self.tally.go_games += 1

    # the books

    def check(self) -> None:
        db = self.db
        balances = dict(db.execute("SELECT account, coins FROM balances WHERE coins != 0"))
        derived = dict(
            db.execute(
                "SELECT account, SUM(amount) FROM ledger GROUP BY account HAVING SUM(amount) != 0"
            )
        )
        assert balances == derived
        assert all(coins >= 0 for account, coins in balances.items() if account != HOUSE)
        house_reasons = {
            reason
            for (reason,) in db.execute(
                "SELECT DISTINCT reason FROM ledger WHERE account = ? AND amount > 0", (HOUSE,)
            )
        }
        assert house_reasons <= HOUSE_TAKES, house_reasons
        taken = db.execute(
            "SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE account = ? AND amount > 0",
            (HOUSE,),
        ).fetchone()[0]
        removed = db.execute(
            "SELECT COALESCE(SUM(amount), 0) FROM ledger"
            " WHERE account = ? AND reason = ? AND amount > 0",
            (HOUSE, Reason.OPERATOR.value),
        ).fetchone()[0]
        held = sum(coins for account, coins in balances.items() if account != HOUSE)
        # granted counts the operator's removals as negative grants: the house took the rest
        assert held == self.tally.granted - (taken - removed)
        economy.check_ledger(db)

    def check_end(self) -> None:
        db = self.db
        self.check()
        stranded = db.execute(
            "SELECT account, coins FROM balances WHERE coins != 0"
            " AND (account LIKE 'pot:%' OR account LIKE 'bets:%')"
        ).fetchall()
        assert stranded == []
        economy.check_points(db)
        by_hand = db.execute(
            "SELECT ref, SUM(amount) FROM points_log WHERE reason = 'hand' GROUP BY ref"
        ).fetchall()
        assert by_hand and all(total == 0 for _, total in by_hand)
        escapes = db.execute(
            "SELECT COUNT(*), SUM(amount) FROM points_log WHERE reason = 'escape'"
        ).fetchone()
        assert escapes == (self.tally.escapes, -16 * self.tally.escapes or None)


@pytest.mark.parametrize("session", range(SESSIONS))
def test_thousands_of_hands_and_games_neither_create_nor_lose_a_coin(tmp_path, session):
    prepare_tables()
    store = Store(str(tmp_path / "hall.db"))
    try:
        hall = Hall(store, SEED + session)
        hall.open_accounts(PLAYERS)
        steps = 0
        while hall.tally.hands < HANDS // SESSIONS:
            roll = hall.rng.random()
            if roll < 0.70:
                hall.coin_match()
            elif roll < 0.90:
                hall.go_game()
            elif roll < 0.95:
                hall.operator()
            else:
                hall.relief()
                hall.day += 1
            steps += 1
            if steps % 25 == 0:
                hall.check()
        hall.check_end()
        tally = hall.tally
        print(tally)
        assert tally.escapes and tally.winners_left and tally.left_between
        assert tally.go_games and tally.bets
        for code in ("bet_window_closed", "seated_cannot_bet", "bet_amount_out_of_range"):
            assert tally.refused.get(code), code
    finally:
        store.close()
