"""What a mahjong table stores and what its coin room moves, each write through the host.

A finished hand is stored with its coins in one transaction (``record_mahjong_hand``); an
escape's hand with the escape's coins (``mahjong_escape.record_escape``). The match waits
until that transaction is committed (``MahjongTable._hand_written``): only then are the settlement, the
record id and what follows published, so that nothing a player saw settled is lost by a crash,
and an id a player saw is in the store, never handed to another hand by a later life (the
hall's ids start above every stored one). A xuezhan winner who
leaves pays the fee as he goes (PL-22); a coin table's pot is split by its first leaver and
closed as the match ends (LZ-10). The match decided each of these (``MahjongTableMatch``'s
outputs); this half of ``MahjongTable`` only writes them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from qipai.mahjong.scoring import Settlement
from qipai.mahjong.table.machine import HandMachine
from qipai.platform import mahjong_table_io as table_match
from qipai.platform.escape import ESCAPE_REASON, payments_due
from qipai.platform.rooms import RoomTier, economy_fee, room_fee

from ..economy import HandCoins
from ..store import MahjongHand
from .host import MahjongHost
from .mahjong_escape import (
    EscapeCoins,
    record_escape,
    record_leaver_fee,
    record_leaving,
)
from .mahjong_views import MahjongViews


class MahjongBooks(MahjongViews):
    """The storing half of ``MahjongTable``."""

    _hand_written: Callable[[int, int, tuple[str, ...] | None, Any], None]
    """``MahjongTable``'s: the match goes on once a hand's record is committed."""

    hall: MahjongHost
    tier: RoomTier | None
    pot: str | None
    fee_paid: set[int]

    def _coins(self, hand: HandMachine, last: bool) -> HandCoins | None:
        if self.tier is None:
            return None
        assert hand.settlement is not None and self.stake is not None
        return HandCoins(
            settlement=hand.settlement,
            seats=self._names(),
            fee=economy_fee(self.core.ruleset, self.stake),
            pot=self.pot,
            close_pot=last,
            fee_paid=tuple(sorted(self.fee_paid)),
            newcomer_rule=self.hall.config.newcomers,
        )

    def _coins_written(self, hand_number: int, names: tuple[str, ...], outcome: Any) -> None:
        """The hand's coins are in the ledger: every seat sees the new balances."""
        before, after = outcome
        self.coins.update(zip(names, after, strict=True))
        moved = [new - old for old, new in zip(before, after, strict=True)]
        self.coins_moved = {"hand": hand_number, "coins": moved}
        self.log_input(["coins_moved", self.coins_moved])
        self.publish("coins")

    # ------------------------------------------------------------------ storing

    def _store_hand(self, done: table_match.HandDone) -> None:
        record_id = self.hall.allocate_game_id()
        row = self._stored(record_id, done.number, done.hand, done.start_state)
        coins = self._coins(done.hand, done.last)
        seats = None if coins is None else coins.seats
        written = partial(self._hand_written, done.number, record_id, seats)
        self.hall.record_mahjong_hand(row, coins, written)

    def _store_escape(self, escape: table_match.Escaped) -> None:
        """The interrupted hand is stored with its coins in one transaction; the escaper pays
        the fee alone in a coin room (PL-25)."""
        seat, hand = escape.seat, escape.hand
        record_id = self.hall.allocate_game_id()
        why = {"seat": seat, "cause": escape.cause}
        row = self._stored(
            record_id, escape.number, hand, escape.start_state, escape.settlement, why
        )
        coins = None
        if self.tier is not None:
            stake = self.core.ruleset.options.base
            coins = EscapeCoins(
                due=tuple(payments_due(hand)),
                escaper=seat,
                seats=self._names(),
                stake=stake,
                fee=room_fee(self.core.ruleset, stake),
                pot=self.pot,
                split_pot=escape.first_leaver,
                close_pot=True,
                room=self.room,
                newcomer_rule=self.hall.config.newcomers,
                penalty=sum(
                    p.amount for p in escape.settlement.payments if p.reason == ESCAPE_REASON
                ),
            )
        self.hall.write_mahjong(
            lambda db, insert: record_escape(db, insert, row, coins),
            f"mahjong hand {record_id} (escape)",
            partial(self._hand_written, escape.number, record_id, None),
        )

    def _winner_pays_fee(self, left: table_match.WinnerLeft) -> None:
        """SC-16 and PL-22: in a coin room a xuezhan winner who leaves pays the fee now."""
        seat = left.seat
        if self.tier is None or seat in self.fee_paid:
            return
        assert self.stake is not None
        self.fee_paid.add(seat)
        account = self.occupant(seat).name
        fee = room_fee(self.core.ruleset, self.stake)
        ref = f"leave:{self.id}:{left.number}"
        self.hall.write_mahjong(
            lambda db, _insert: record_leaver_fee(db, account, fee, ref, time.time()),
            f"table {self.id}: {account} paid the fee leaving",
        )

    def _pot_on_leaving(self, left: table_match.LeftBetween) -> None:
        """A coin table's pot is split (by its first leaver) and closed as the match ends."""
        if self.tier is None or not self.pot:
            return
        pot, names = self.pot, self._names()
        leaver = left.seat if left.first_leaver else None
        ref = f"leave:{self.id}:{left.number}"
        self.hall.write_mahjong(
            lambda db, _insert: record_leaving(db, pot, names, leaver, True, ref, time.time()),
            f"table {self.id}: {names[left.seat]} left",
        )

    def _stored(
        self,
        record_id: int,
        number: int,
        hand: HandMachine,
        start_state: dict[str, Any],
        settlement: Settlement | None = None,
        escaped: dict[str, Any] | None = None,
    ) -> MahjongHand:
        """The hand as stored; an escape's record says who escaped and why, and carries the
        settlement of the interrupted hand (the machine has none)."""
        record = {**hand.record(), "table_state": start_state}
        if escaped is not None:
            record["escaped"] = escaped
        settlement = settlement or hand.settlement
        assert settlement is not None
        return MahjongHand(
            id=record_id,
            room=self.room,
            table_id=self.id,
            hand_number=number,
            players=json.dumps(list(self._names()), ensure_ascii=False),
            record=json.dumps(record, ensure_ascii=False),
            settlement=json.dumps(settlement.to_wire(), ensure_ascii=False),
            finished_at=time.time(),
        )
