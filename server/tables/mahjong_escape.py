"""Leaving a mahjong table mid-match: escapes (PL-17/18/25), the xuezhan winner who goes
(SC-16, PL-22) and the Lengzi pot of the first leaver (LZ-10).

The match decides *that* someone left and what the interrupted hand settles (the nominal
lines shown to every seat and stored with the hand, ``qipai.platform.escape``); this module
writes what a coin room moves, each in ONE transaction with the record it belongs to.  The coins themselves
are the core's (``qipai.platform.hand_coins``), computed on the writer thread from the balances
of that moment, as PL-20 needs.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from qipai.mahjong.rulesets.lengzi_settlement import split_pot
from qipai.mahjong.scoring import Payment, Settlement
from qipai.platform.hand_coins import (
    close_pot,
    leaver_fee,
    settle_escape,
    split_pot_movement,
)
from qipai.platform.newcomers import NO_NEWCOMERS, NewcomerRule
from qipai.platform.titles import escape_points, hand_points

from .. import economy


@dataclass(frozen=True)
class EscapeCoins:
    """What an escape moves in a coin room; the amounts are settled on the writer thread."""

    due: tuple[Payment, ...]
    escaper: int
    seats: tuple[str, ...]
    stake: int
    fee: int
    """The room's fee (``rooms.room_fee``), paid by the escaper alone (PL-25)."""
    pot: str | None
    split_pot: bool
    """The escaper is the match's first leaver at a Lengzi table (LZ-10)."""
    close_pot: bool
    room: str
    """The room whose 积分 move (PL-02)."""
    newcomer_rule: NewcomerRule = NO_NEWCOMERS
    penalty: int | None = None
    """The 逃跑 lines of the escape's settlement (``escape.escape_penalty``); None: 16 × stake."""


def record_escape(
    db: sqlite3.Connection,
    insert_hand: Callable[[Any], None],
    hand: Any,
    coins: EscapeCoins | None,
) -> None:
    """The interrupted hand (a ``MahjongHand``) and, in a coin room, the escape's coins (the
    escaper's fee, the payments due and the penalty, then the Lengzi pot split and closed)
    and 积分 (the payments due at stake 1 as a hand played, then −16 for the escaper, PL-19)
    — in one transaction."""
    with economy.transaction(db):
        insert_hand(hand)
        if coins is None:
            return
        ref = f"hand:{hand.id}"
        accounts = [*coins.seats, *([coins.pot] if coins.pot else [])]
        balances = dict(zip(accounts, economy.balances_of(db, accounts), strict=True))
        newcomers = economy.newcomer_seats(db, coins.seats, coins.newcomer_rule, hand.finished_at)
        movement = settle_escape(
            coins.due,
            coins.escaper,
            seats=coins.seats,
            balances=balances,
            stake=coins.stake,
            fee=coins.fee,
            ref=ref,
            pot=coins.pot,
            newcomers=newcomers,
            penalty=coins.penalty,
        )
        economy.post(db, movement, hand.finished_at)
        points = hand_points(Settlement((), coins.due, False), coins.stake)
        economy.move_points(
            db,
            coins.room,
            dict(zip(coins.seats, points, strict=True)),
            ref,
            hand.finished_at,
            economy.POINTS_HAND,
        )
        penalty = escape_points(coins.escaper)
        economy.move_points(
            db, coins.room, dict(zip(coins.seats, penalty, strict=True)), ref, hand.finished_at
        )
        if coins.pot:
            _share_and_close_pot(
                db,
                coins.pot,
                coins.seats,
                coins.escaper if coins.split_pot else None,
                coins.close_pot,
                ref,
                hand.finished_at,
            )


def record_leaving(
    db: sqlite3.Connection,
    pot: str,
    seats: Sequence[str],
    leaver: int | None,
    close: bool,
    ref: str,
    at: float,
) -> None:
    """A player left a Lengzi coin table between hands: the pot split among the other three if
    he is the first leaver, and what is left to the house if the match ends, together."""
    with economy.transaction(db):
        _share_and_close_pot(db, pot, seats, leaver, close, ref, at)


def _share_and_close_pot(
    db: sqlite3.Connection,
    pot: str,
    seats: Sequence[str],
    leaver: int | None,
    close: bool,
    ref: str,
    at: float,
) -> None:
    """LZ-10 from the pot's true balance (a short 点炮 may have paid in less than booked)."""
    if leaver is not None:
        shares = split_pot(economy.balance(db, pot), leaver)
        economy.post(db, split_pot_movement(shares, seats=seats, pot=pot, ref=ref), at)
    if close:
        economy.post(db, close_pot(pot, economy.balance(db, pot), ref), at)


def record_leaver_fee(db: sqlite3.Connection, account: str, fee: int, ref: str, at: float) -> None:
    """PL-22: a xuezhan winner who leaves early pays the hand's fee as he goes."""
    with economy.transaction(db):
        economy.post(db, leaver_fee(account, economy.balance(db, account), fee, ref), at)
