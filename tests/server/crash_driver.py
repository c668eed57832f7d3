"""Kill a real ``qipai-server`` again and again while Go games are played, and check each life.

Pairs of players play Go (a timed ranked game with a spectator's bet on it, and an untimed
friendly one) through blocking protocol clients, one thread per pair; the hall is killed
(SIGKILL, or SIGTERM for a clean stop) at a random moment and started again on the same file.
At each start every player comes back with its session token: ``resume_session`` must name
its seat at the same table id, the snapshot that follows must be at or after the last state
the player saw (equal board when at the same move) and after every move it had acknowledged.
At the end the ledger check runs (the store refuses to open otherwise) and every result a
player was shown is stored under the id it was shown with.

``tests/server/test_crash_restore.py`` runs a few lives; ``bench/crash_restore.py`` the full run.
"""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

COLUMNS = "ABCDEFGHJKLMNOPQRST"
# Columns four apart never touch: every move is legal and nothing is captured.
BLACK = [f"{COLUMNS[c]}{r}" for c in range(0, 19, 4) for r in range(1, 20)]
WHITE = [f"{COLUMNS[c]}{r}" for c in range(2, 19, 4) for r in range(1, 20)]
RESIGN_AT = 30
TIMED = {"friendly": False, "clock": {"main": 900, "periods": 3, "period": 30}}
UNTIMED = {"friendly": True}


class Line:
    """A blocking client that keeps the pushes it reads while waiting for a reply."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.unpacker = msgpack.Unpacker(raw=False)
        self.next_id = 0
        self.pushes: list[dict[str, Any]] = []

    def receive(self) -> dict[str, Any]:
        while True:
            for message in self.unpacker:
                return message
            data = self.sock.recv(65536)
            if not data:
                raise EOFError
            self.unpacker.feed(data)

    def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        self.next_id += 1
        self.sock.sendall(msgpack.packb({"type": kind, "id": self.next_id, **fields}))
        while True:
            message = self.receive()
            if message.get("id") == self.next_id and message["type"] in ("ok", "error"):
                return message
            self.pushes.append(message)

    def wait_for(self, predicate) -> dict[str, Any]:
        for index, message in enumerate(self.pushes):
            if predicate(message):
                del self.pushes[: index + 1]
                return message
        self.pushes.clear()
        while True:
            message = self.receive()
            if predicate(message):
                return message

    def close(self) -> None:
        self.sock.close()


@dataclass
class Player:
    name: str
    token: str | None = None
    line: Line | None = None
    seen: dict[str, Any] | None = None
    """The game part of the last view this player read at its table."""
    acked: int = 0
    """The move number after the last action of this player the hall acknowledged."""

    def connect(self, port: int) -> dict[str, Any]:
        self.line = Line(port)
        self.line.request("hello", version=1)
        if self.token is None:
            reply = self.line.request("register", name=self.name, password="password-1")
        else:
            reply = self.line.request("resume_session", token=self.token)
        assert reply["type"] == "ok", reply
        self.token = reply["token"]
        return reply

    def read(self, table: int) -> None:
        """Take in what the pushes read so far show of ``table``."""
        assert self.line is not None
        for message in self.line.pushes:
            if message.get("table") == table and "view" in message:
                self.seen = message["view"]["game"]
        self.line.pushes.clear()


@dataclass
class Tally:
    lives: int = 0
    restored: int = 0
    moves: int = 0
    finished: int = 0
    shown_results: dict[int, str] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def fail(self, why: str) -> None:
        with self.lock:
            self.failures.append(why)


@dataclass
class Pair:
    label: str
    options: dict[str, Any]
    black: Player
    white: Player
    bettor: Player | None = None
    table: int | None = None
    resigned: bool = False
    """The last acknowledged action at ``table`` was the resignation that ends it."""

    def players(self) -> list[Player]:
        return [p for p in (self.black, self.white, self.bettor) if p is not None]

    def life(self, port: int, tally: Tally) -> None:
        """Come back, check the table, and play on until the hall goes away."""
        try:
            replies = {p.name: p.connect(port) for p in self.players()}
            if self.table is not None:
                self._check_restored(replies, tally)
            while True:
                if self.table is None:
                    self._new_table()
                self._play(tally)
        except (OSError, EOFError):
            return  # the hall went away under us
        except Exception as error:  # a failed check, or a reply the driver did not expect
            tally.fail(f"{self.label}: {type(error).__name__}: {error}")
            self.table = None  # counted once: the pair starts afresh in the next life

    def _check_restored(self, replies: dict[str, dict], tally: Tally) -> None:
        table = self.table
        for player, seat in ((self.black, "black"), (self.white, "white")):
            seats = replies[player.name]["seats"]
            if {"table": table, "seat": seat} not in seats:
                # Only a game that ended may be gone: resigned, or its resignation stored
                # though its ok never arrived (the resignation comes at move RESIGN_AT).
                ended = self.resigned or self._move_number() >= RESIGN_AT
                assert ended, f"{player.name} lost its seat at table {table}: {seats}"
                continue
            assert player.line is not None
            snapshot = player.line.wait_for(
                lambda m: m["type"] == "snapshot" and m["table"] == table
            )
            game = snapshot["view"]["game"]
            seen = player.seen
            assert game["move_number"] >= player.acked, (player.name, game["move_number"])
            if seen is not None:
                assert game["move_number"] >= seen["move_number"], (player.name, "went back")
                if game["move_number"] == seen["move_number"]:
                    assert game["board"] == seen["board"], f"{player.name}: another board"
            player.seen = game
        if {"table": table, "seat": "black"} not in replies[self.black.name]["seats"]:
            self.table = None
            return
        with tally.lock:
            tally.restored += 1
        if self.bettor is not None:
            assert self.bettor.line is not None
            self.bettor.line.request("watch", table=table)  # the spectator comes back too

    def _new_table(self) -> None:
        black, white = self.black.line, self.white.line
        assert black is not None and white is not None
        reply = black.request("create_table", room="go", options=self.options)
        assert reply["type"] == "ok", reply
        table = reply["table"]
        assert black.request("sit", table=table, seat="black")["type"] == "ok"
        assert white.request("sit", table=table, seat="white")["type"] == "ok"
        self.table, self.resigned = table, False
        self.black.seen = self.white.seen = None
        self.black.acked = self.white.acked = 0
        if self.bettor is not None:
            assert self.bettor.line is not None
            self.bettor.line.request("watch", table=table)
            self.bettor.line.request("bet", table=table, side="white", amount=10)

    def _play(self, tally: Tally) -> None:
        table = self.table
        assert table is not None
        mover = self.black if self._move_number() % 2 == 0 else self.white
        assert mover.line is not None
        number = self._move_number()
        if number >= RESIGN_AT:
            reply = self.white.line.request("act", table=table, action="resign")  # type: ignore[union-attr]
            assert reply["type"] == "ok", reply
            self.resigned = True
            over = self.black.line.wait_for(  # type: ignore[union-attr]
                lambda m: m.get("table") == table and m.get("kind") == "over"
            )
            result = over["view"]["game"]["result"]
            with tally.lock:
                tally.finished += 1
                if result["game"] is not None:
                    tally.shown_results[result["game"]] = result["text"]
            for player in (self.black, self.white):
                player.line.request("leave", table=table)  # type: ignore[union-attr]
            self.table = None
            return
        points = BLACK if number % 2 == 0 else WHITE
        reply = mover.line.request("act", table=table, action="play", point=points[number // 2])
        if reply["type"] == "error":
            assert reply["code"] == "wrong_phase", reply  # paused: the other is not back yet
            time.sleep(0.05)
            mover.line.request("ping")
            mover.read(table)
            return
        mover.acked = number + 1
        with tally.lock:
            tally.moves += 1
        mover.read(table)

    def _move_number(self) -> int:
        numbers = [p.seen["move_number"] for p in (self.black, self.white) if p.seen]
        return max(numbers, default=0)


def start(db: Path) -> tuple[subprocess.Popen, int]:
    with open(db.with_suffix(".log"), "a") as log:  # the hall's log, every life after the last
        process = subprocess.Popen(
            # every player and bettor connects from the one test address, fresh: the farming
            # defences are test_farming.py's
            [sys.executable, "-m", "server.cli", "--port", "0", "--db", str(db), "--private"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        )
    line = process.stdout.readline()
    assert line.startswith("QIPAI-READY 127.0.0.1 "), line
    return process, int(line.split()[2])


def pairs(count: int) -> list[Pair]:
    made = []
    for i in range(count):
        timed = i % 2 == 0
        made.append(
            Pair(
                label=f"pair{i}",
                options=TIMED if timed else UNTIMED,
                black=Player(f"b{i}"),
                white=Player(f"w{i}"),
                bettor=Player(f"s{i}") if timed else None,
            )
        )
    return made


def run(db: Path, kills: int, seed: int = 1, pair_count: int = 2, terms: int = 0) -> Tally:
    """``kills`` lives ended by SIGKILL and ``terms`` by SIGTERM, in a seeded random order;
    then a last start checks every table once more."""
    chance = random.Random(seed)
    endings = [signal.SIGKILL] * kills + [signal.SIGTERM] * terms
    chance.shuffle(endings)
    tally = Tally()
    playing = pairs(pair_count)
    for ending in [*endings, None]:
        process, port = start(db)
        threads = [threading.Thread(target=p.life, args=(port, tally)) for p in playing]
        for thread in threads:
            thread.start()
        if ending is None:
            time.sleep(1.0)  # the last life only comes back and checks
        else:
            time.sleep(chance.uniform(0.4, 2.0))
        process.send_signal(ending or signal.SIGTERM)
        process.wait(timeout=30)
        for thread in threads:
            thread.join(timeout=30)
        for pair in playing:
            for player in pair.players():
                if player.line is not None:
                    player.line.close()
        tally.lives += 1
    return tally
