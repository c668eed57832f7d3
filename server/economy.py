"""Coins and Go standing in SQLite: the rules of ``qipai.platform`` made durable.

The core builds every movement and standing; this module only stores them, and always in ONE
transaction with the record they belong to (an account, a finished game), so a crash leaves a
game either fully recorded with its coins and ranks or not recorded at all.  Every function runs
on the store's single writer thread (``Store.call``) and takes the connection as its first
argument.  Entries are append-only (triggers refuse UPDATE and DELETE); the ``balances`` table is
a cache of their sums that ``check_ledger`` verifies before the hall opens.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from qipai.mahjong.rulesets import mahjong_rooms
from qipai.mahjong.scoring import Settlement
from qipai.platform.errors import BadInput, InsufficientCoins, PairingRefused
from qipai.platform.go_ranks import GoStanding, RankedEntry, record_ranked_game
from qipai.platform.grants import new_account, relief
from qipai.platform.hand_coins import close_pot, settle_hand
from qipai.platform.ledger import HOUSE, Movement, Reason, pot_account
from qipai.platform.newcomers import NO_NEWCOMERS, NewcomerRule
from qipai.platform.titles import RANKED_SPREAD, check_ranked_table, hand_points, title_for
from qipai.protocol.names import name_key

RECENT_ENTRIES = 20


class LedgerMismatch(RuntimeError):
    """Stored balances disagree with the ledger: the hall refuses to start rather than guess."""


POINTS_HAND = "hand"
"""积分 reasons in the points log: a ranked hand at stake 1, or an escape (PL-19)."""
POINTS_ESCAPE = "escape"

STRANDED_POT = "closed_on_start"
"""The ref of a pot closed on start reads ``<table>:closed_on_start:<movement>``."""


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE … COMMIT, rolled back whole on any error (the connection autocommits)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def post(db: sqlite3.Connection, movement: Movement, at: float) -> None:
    """Append a movement and update the cached balances; call inside a transaction.

    Refuses the whole movement (the caller's transaction rolls back) if an account other than
    the house would go below zero: nobody pays beyond their balance (PL-20).
    """
    if not movement.entries:
        return
    number = db.execute("SELECT COALESCE(MAX(movement), 0) + 1 FROM ledger").fetchone()[0]
    db.executemany(
        "INSERT INTO ledger(movement, account, amount, reason, ref, detail, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (number, e.account, e.amount, e.reason.value, e.ref, e.detail, at)
            for e in movement.entries
        ],
    )
    for account, change in movement.net().items():
        db.execute(
            "INSERT INTO balances(account, coins) VALUES (?, ?)"
            " ON CONFLICT(account) DO UPDATE SET coins = coins + excluded.coins",
            (account, change),
        )
        if account != HOUSE and balance(db, account) < 0:
            raise InsufficientCoins(f"{account} cannot pay {-change} coins")


def balance(db: sqlite3.Connection, account: str) -> int:
    row = db.execute("SELECT coins FROM balances WHERE account = ?", (account,)).fetchone()
    return row[0] if row else 0


def check_ledger(db: sqlite3.Connection) -> None:
    """The start-up check: every stored balance equals the sum of its ledger entries, every
    movement sums to zero (no coin created or lost) and carries known reasons.

    The sums are SQL aggregates rather than the core's ``balances_from`` over ``Entry`` objects:
    the same arithmetic, about ten times faster on a ledger of 100,000 entries
    (bench/economy.py), which the hall waits for before it opens.
    """
    reasons = {reason for (reason,) in db.execute("SELECT DISTINCT reason FROM ledger")}
    unknown = reasons - {reason.value for reason in Reason}
    if unknown:
        raise LedgerMismatch(f"the ledger holds entries of unknown reasons {sorted(unknown)}")
    row = db.execute(
        "SELECT movement, SUM(amount) FROM ledger GROUP BY movement HAVING SUM(amount) != 0 LIMIT 1"
    ).fetchone()
    if row is not None:
        raise LedgerMismatch(
            f"the ledger sums to {row[1]} coins, not 0, in movement {row[0]}: entries are missing"
        )
    derived = dict(
        db.execute(
            "SELECT account, SUM(amount) FROM ledger GROUP BY account HAVING SUM(amount) != 0"
        )
    )
    stored = {a: c for a, c in db.execute("SELECT account, coins FROM balances") if c}
    if derived != stored:
        wrong = sorted(set(derived) | set(stored), key=str)
        diffs = [
            f"{a}: stored {stored.get(a, 0)}, ledger {derived.get(a, 0)}"
            for a in wrong
            if stored.get(a, 0) != derived.get(a, 0)
        ]
        raise LedgerMismatch(
            "stored balances disagree with the ledger ("
            + "; ".join(diffs[:5])
            + (f"; and {len(diffs) - 5} more" if len(diffs) > 5 else "")
            + "); restore the database from a backup or ask the operator"
        )


class _StoredBalances:
    """What ``grants.relief`` asks of a ledger (a balance, whether an entry exists), from SQL."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def balance(self, account: str) -> int:
        return balance(self.db, account)

    def has_entry(self, account: str, reason: Reason, ref: str) -> bool:
        row = self.db.execute(
            "SELECT 1 FROM ledger WHERE account = ? AND reason = ? AND ref = ? LIMIT 1",
            (account, reason.value, ref),
        ).fetchone()
        return row is not None


# ---------------------------------------------------------------------- accounts and grants


def open_account(
    db: sqlite3.Connection, name: str, salt: bytes, digest: bytes, now: float, start: GoStanding
) -> bool:
    """The account, its PL-21 grant and its Go standing (PL-07), together or not at all;
    False when the name, or one that looks like it (its ``name_key``), is taken."""
    try:
        with transaction(db):
            db.execute(
                "INSERT INTO accounts(name, salt, hash, created_at, name_key)"
                " VALUES (?, ?, ?, ?, ?)",
                (name, salt, digest, now, name_key(name)),
            )
            post(db, new_account(name), now)
            _save_standing(db, name, start)
    except sqlite3.IntegrityError:
        return False
    return True


def claim_relief(db: sqlite3.Connection, name: str, day: str, now: float) -> int:
    """救济金 (PL-21); returns the new balance, or raises ``ReliefUnavailable``."""
    with transaction(db):
        post(db, relief(_StoredBalances(db), name, day), now)  # type: ignore[arg-type]
        return balance(db, name)


def recent_entries(db: sqlite3.Connection, name: str, limit: int = RECENT_ENTRIES) -> list[dict]:
    rows = db.execute(
        "SELECT amount, reason, ref, detail, at FROM ledger WHERE account = ?"
        " ORDER BY id DESC LIMIT ?",
        (name, limit),
    ).fetchall()
    return [
        {"amount": amount, "reason": reason, "ref": ref, "detail": detail, "at": at}
        for amount, reason, ref, detail, at in rows
    ]


def ranked_plays(db: sqlite3.Connection, name: str) -> int:
    """Coin-room hands and counted ranked Go games: what "has really played" counts."""
    hands = db.execute("SELECT COALESCE(SUM(hands), 0) FROM points WHERE name = ?", (name,))
    games = db.execute("SELECT COUNT(*) FROM ranked_go WHERE name = ? AND counted", (name,))
    return hands.fetchone()[0] + games.fetchone()[0]


def is_newcomer(db: sqlite3.Connection, name: str, rule: NewcomerRule, now: float) -> bool:
    """Whether ``name`` has not really played yet (``newcomers.NewcomerRule``)."""
    row = db.execute("SELECT created_at FROM accounts WHERE name = ?", (name,)).fetchone()
    age = now - row[0] if row else 0.0
    return rule.applies(age, ranked_plays(db, name))


def newcomer_seats(
    db: sqlite3.Connection, seats: Sequence[str], rule: NewcomerRule, now: float
) -> frozenset[int]:
    return frozenset(i for i, name in enumerate(seats) if is_newcomer(db, name, rule, now))


# ---------------------------------------------------------------------- Go standing


def standing(db: sqlite3.Connection, name: str) -> GoStanding:
    """A player's Go standing; accounts from before the economy start at the default 18k."""
    row = db.execute("SELECT standing FROM go_standings WHERE name = ?", (name,)).fetchone()
    return GoStanding.from_wire(json.loads(row[0])) if row else GoStanding.new()


def _save_standing(db: sqlite3.Connection, name: str, value: GoStanding) -> None:
    db.execute(
        "INSERT INTO go_standings(name, standing) VALUES (?, ?)"
        " ON CONFLICT(name) DO UPDATE SET standing = excluded.standing",
        (name, json.dumps(value.to_wire())),
    )


def record_go_game(db: sqlite3.Connection, insert_game: Any, record: Any) -> None:
    """A finished Go game, and for a ranked one both players' standings, in one transaction.

    ``insert_game`` is the store's row writer; ``record`` a ``GameRecord``. Ranks that drifted
    more than one step apart since the players sat (each played elsewhere) leave the standings
    alone: the core refuses such a pairing, and the game stays on record as played.
    """
    with transaction(db):
        insert_game(record)
        if json.loads(record.options).get("friendly", True) or not (record.black and record.white):
            return
        black, white = standing(db, record.black), standing(db, record.white)
        try:
            (black_after, black_entry), (white_after, white_entry) = record_ranked_game(
                (record.black, black), (record.white, white), record.winner, valid=record.valid
            )
        except PairingRefused:
            return
        for name, after, entry in (
            (record.black, black_after, black_entry),
            (record.white, white_after, white_entry),
        ):
            _save_standing(db, name, after)
            _add_ranked_entry(db, record.id, name, entry)


def _add_ranked_entry(db: sqlite3.Connection, game: int, name: str, entry: RankedEntry) -> None:
    db.execute(
        "INSERT INTO ranked_go(game, name, counted, won, collusion_flag, steps, rank_before,"
        " rank_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game,
            name,
            int(entry.counted),
            int(entry.won),
            int(entry.collusion_flag),
            entry.steps,
            entry.rank_before,
            entry.rank_after,
        ),
    )


def go_record(db: sqlite3.Connection, name: str) -> dict[str, Any]:
    """Wins, losses and draws against each opponent over the stored Go games that count: a
    game too short to be valid (GO-05: fewer than 20 stones) is stored but in no record."""
    opponents: dict[str, dict[str, int]] = {}
    rows = db.execute(
        "SELECT black, white, winner FROM games WHERE (black = ? OR white = ?) AND valid = 1",
        (name, name),
    )
    for black, white, winner in rows:
        mine, other = ("black", white) if black == name else ("white", black)
        if other == name:
            continue  # hot-seat: one player on both sides
        tally = opponents.setdefault(other or "", {"wins": 0, "losses": 0, "draws": 0})
        key = "draws" if winner is None else "wins" if winner == mine else "losses"
        tally[key] += 1
    totals = {k: sum(t[k] for t in opponents.values()) for k in ("wins", "losses", "draws")}
    return {
        **totals,
        "opponents": [{"name": n, **t} for n, t in sorted(opponents.items())],
    }


def profile(db: sqlite3.Connection, name: str, *, own: bool) -> dict[str, Any]:
    """What the profile screen shows: coins, Go rank and window, record, and for the owner
    alone the recent ledger entries (they name the games, tables and days one played)."""
    go = standing(db, name).to_wire()
    shown: dict[str, Any] = {
        "name": name,
        "balance": balance(db, name),
        "go": {"rank": go["rank"], "window": go["window"]},
        "mahjong": mahjong_standing(db, name),
        "record": go_record(db, name),
    }
    if own:
        shown["entries"] = recent_entries(db, name)
    return shown


# ---------------------------------------------------------------------- mahjong coin rooms


def balances_of(db: sqlite3.Connection, accounts: Sequence[str]) -> list[int]:
    return [balance(db, account) for account in accounts]


@dataclass(frozen=True)
class HandCoins:
    """What a coin room's finished hand moves. The movement itself is computed on the writer
    thread, from the balances of that moment: PL-20 (nobody pays beyond their balance) needs
    the true balances, and the hand record and its coins then share one transaction."""

    settlement: Settlement
    seats: tuple[str, ...]
    fee: int
    pot: str | None
    close_pot: bool
    """The match ends with this hand: what is left in the Lengzi pot goes to the house (LZ-10)."""
    fee_paid: tuple[int, ...] = ()
    """Seats that paid this hand's fee when leaving it early (a xuezhan winner, PL-22)."""
    newcomer_rule: NewcomerRule = NO_NEWCOMERS
    """The hall's (``HallConfig.newcomers``): what a newcomer seat loses goes to the house."""


def record_mahjong_hand(
    db: sqlite3.Connection, insert_hand: Callable[[Any], None], hand: Any, coins: HandCoins | None
) -> None:
    """A finished hand (a ``MahjongHand``) and, in a coin room, its coins and every seat's 积分,
    in one transaction. Coin rooms are the ranked ones (PL-03); a hand moves 积分 by its
    settlement at stake 1 (PL-19), the stake being the ``base`` the hand was played with."""
    with transaction(db):
        insert_hand(hand)
        if coins is None:
            return
        accounts = [*coins.seats, *([coins.pot] if coins.pot else [])]
        ref = f"hand:{hand.id}"
        newcomers = newcomer_seats(db, coins.seats, coins.newcomer_rule, hand.finished_at)
        points = hand_points(coins.settlement, _stake_of(hand))
        seats = zip(coins.seats, points, strict=True)
        _post_points(db, hand.room, seats, POINTS_HAND, ref, hand.finished_at)
        movement = settle_hand(
            coins.settlement,
            seats=coins.seats,
            balances=dict(zip(accounts, balances_of(db, accounts), strict=True)),
            ref=ref,
            pot=coins.pot,
            fee=coins.fee,
            fee_paid=coins.fee_paid,
            newcomers=newcomers,
        )
        post(db, movement, hand.finished_at)
        if coins.close_pot and coins.pot:
            post(db, close_pot(coins.pot, balance(db, coins.pot), ref), hand.finished_at)


def close_table_pot(db: sqlite3.Connection, pot: str, ref: str, at: float) -> None:
    """A match that stops between hands hands its Lengzi pot to the house (LZ-10)."""
    with transaction(db):
        post(db, close_pot(pot, balance(db, pot), ref), at)


def close_stranded_pots(
    db: sqlite3.Connection, at: float, keep: frozenset[str] | set[str] = frozenset()
) -> dict[str, int]:
    """On start every Lengzi pot still holding coins belongs to a table lost with the last
    server, unless it is a restored match's (in ``keep``): it closes to the house (LZ-10), each
    in its own transaction. The ref carries the movement's number, which the ledger never
    hands out twice. Returns each pot with the coins it held."""
    pots = {
        account: coins
        for account, coins in db.execute(
            "SELECT account, coins FROM balances WHERE account LIKE ? AND coins != 0",
            (pot_account("%"),),
        )
        if account not in keep
    }
    for pot in pots:
        with transaction(db):
            number = db.execute("SELECT COALESCE(MAX(movement), 0) + 1 FROM ledger").fetchone()[0]
            ref = f"{pot.removeprefix(pot_account(''))}:{STRANDED_POT}:{number}"
            post(db, close_pot(pot, balance(db, pot), ref), at)
    return pots


def _stake_of(hand: Any) -> int:
    """The stake a stored hand was dealt at: its ruleset's ``base`` (PL-13), as recorded."""
    return json.loads(hand.record)["options"]["base"]


# ---------------------------------------------------------------------- mahjong 积分


def move_points(
    db: sqlite3.Connection,
    room: str,
    movements: Mapping[str, int],
    ref: str,
    at: float,
    reason: str = POINTS_ESCAPE,
) -> None:
    """Move players' 积分 in one mahjong room outside a hand (an escape's −16, PL-19).

    ``room`` is the table's room id (``MahjongTable.room``: 血战到底 keeps its own 积分 apart
    from 四川); ``movements`` maps account names to changes (``titles.escape_points`` gives
    them per seat). Call inside a ``transaction``, the one of the hand it belongs to; bad
    input raises ``BadInput`` before anything is written.
    """
    if reason not in (POINTS_HAND, POINTS_ESCAPE):
        raise BadInput(f"积分 move for a hand or an escape, not {reason!r}")
    _post_points(db, room, movements.items(), reason, ref, at)


def _post_points(
    db: sqlite3.Connection,
    room: str,
    changes: Iterable[tuple[str, int]],
    reason: str,
    ref: str,
    at: float,
) -> None:
    """Log each change and update the cached totals; a ranked hand counts as one hand played
    for every seat, even at a change of zero (the leaderboard shows who has played)."""
    rows = list(changes)
    rooms = mahjong_rooms()
    if room not in rooms:
        raise BadInput(f"积分 are kept per mahjong room ({', '.join(rooms)}), not {room!r}")
    for name, amount in rows:
        if not isinstance(name, str) or not name or name == HOUSE:
            raise BadInput(f"积分 belong to players, not {name!r}")
        if type(amount) is not int:
            raise BadInput(f"积分 move by integers, not {amount!r}")
    if not isinstance(ref, str) or not ref:
        raise BadInput(f"a 积分 move needs a reference, not {ref!r}")
    hand = int(reason == POINTS_HAND)
    for name, amount in rows:
        if not amount and not hand:
            continue
        db.execute(
            "INSERT INTO points_log(name, room, amount, reason, ref, at) VALUES (?, ?, ?, ?, ?, ?)",
            (name, room, amount, reason, ref, at),
        )
        db.execute(
            "INSERT INTO points(name, room, points, hands) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(name, room) DO UPDATE"
            " SET points = points + excluded.points, hands = hands + excluded.hands",
            (name, room, amount, hand),
        )


def points_of(db: sqlite3.Connection, name: str, room: str) -> int:
    row = db.execute(
        "SELECT points FROM points WHERE name = ? AND room = ?", (name, room)
    ).fetchone()
    return row[0] if row else 0


def points_by_name(db: sqlite3.Connection, room: str, names: Sequence[str]) -> dict[str, int]:
    return {name: points_of(db, name, room) for name in names}


def check_ranked_titles(room: str, newcomer: str, points: Mapping[str, int]) -> None:
    """PL-04 for a newcomer at a ranked mahjong table: the core decides; the refusal names
    every title at the table, so the player sees why and how far apart they are."""
    try:
        check_ranked_table(list(points.values()))
    except PairingRefused:
        titles = ", ".join(
            f"{'you' if name == newcomer else name} {title_for(p).name_zh}"
            f" (level {title_for(p).level}, {p:,} 积分)"
            for name, p in points.items()
        )
        raise PairingRefused(
            f"a ranked {room} table seats titles at most {RANKED_SPREAD} levels apart: "
            f"{titles}; sit with players nearer your title, or play a friendly table"
        ) from None


def title_wire(points: int) -> dict[str, Any]:
    """A title as the hall sends it; derived from 积分 on every read, never stored."""
    title = title_for(points)
    return {"level": title.level, "title": title.name_zh, "title_en": title.name_en}


def mahjong_standing(db: sqlite3.Connection, name: str) -> list[dict[str, Any]]:
    """积分, hands played and title in every mahjong room (平民 at 0 before the first hand)."""
    stored = {
        room: (points, hands)
        for room, points, hands in db.execute(
            "SELECT room, points, hands FROM points WHERE name = ?", (name,)
        )
    }
    rows = []
    for room in mahjong_rooms():
        points, hands = stored.get(room, (0, 0))
        rows.append({"room": room, "points": points, "hands": hands, **title_wire(points)})
    return rows


def check_points(db: sqlite3.Connection) -> None:
    """The start-up check for 积分: every cached total (and hand count) equals its log."""
    derived = {
        (name, room): (points, hands)
        for name, room, points, hands in db.execute(
            "SELECT name, room, SUM(amount), SUM(reason = ?) FROM points_log GROUP BY name, room",
            (POINTS_HAND,),
        )
    }
    stored = {
        (name, room): (points, hands)
        for name, room, points, hands in db.execute("SELECT name, room, points, hands FROM points")
    }
    if derived != stored:
        wrong = sorted(
            key for key in set(derived) | set(stored) if derived.get(key) != stored.get(key)
        )
        name, room = wrong[0]
        raise LedgerMismatch(
            f"积分 of {name} in {room}: stored {stored.get((name, room))}, log "
            f"{derived.get((name, room))} (points, hands)"
            + (f"; and {len(wrong) - 1} more" if len(wrong) > 1 else "")
            + "; restore the database from a backup or ask the operator"
        )
