"""Mahjong load on the hall: N tables of four protocol bot clients over loopback.

Each client answers every prompt it is given (a discard, a claim, 定缺, ``ready``) with a
plain legal choice after a think time (default 50 ms, jittered +-20 %).  Measured: the latency
from a discard sent to the moment the last of the table's four seats has the event (p50/p99),
actions and hands per second, and the server's CPU and memory.  A second phase drops the think
time to find what the server sustains at full speed, on a hall of its own (the first phase's
tables play on for their dropped players). Between them the same number of four-client tables
take turns through a bare trio msgpack relay (each turn decoded, encoded again and written to
the four clients: the least a server must do), from the same run, as the floor.

The hall runs as a child process with MJ-08's claim delay and the bot pause switched off: the
bench measures the server, not the rule that slows every discard to 0.8 s on purpose.

    python bench/server_load.py --mahjong [--tables 100] [--think 0.05] [--seconds 20]
        [--full-views]

Beside each phase it prints two diagnostics that say how much of the latency is the bench's
own: how late the clients' process wakes from a 10 ms sleep (its loop lag: the 400 clients
decode every view on the same cores as the hall), and, for the hall, the round trip of a
``ping`` from one more connection every 20 ms (the hall's loop lag plus the client's).

The clients ask for incremental events (each event with their own legal actions, no full
view), as the TUI does; ``--full-views`` has them take a full view with every event instead, as
a simple client would.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import msgpack
import trio

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PREFERENCE = (
    "win",
    "self_win",
    "kong",
    "pung",
    "concealed_kong",
    "added_kong",
    "chow",
    "declare_void",
    "discard",
    "pass",
)


BENCH_CONNECTIONS = 100_000


async def serve_hall(db: str, log_tables: bool = True) -> None:
    """The hall as the bench runs it: untimed tables, no claim delay, no bot pause (and,
    for ``--no-log``, no action log: a diagnostic of what the log's group commit costs)."""
    from qipai.platform.newcomers import NO_NEWCOMERS, RegistrationMode, RegistrationPolicy
    from server.app import Server
    from server.bots import BotFactory
    from server.connection_limits import ConnectionLimits
    from server.hall import HallConfig
    from server.store import Store
    from server.tables.mahjong_config import FAST

    store = Store(db)
    every = ConnectionLimits(per_address=BENCH_CONNECTIONS, total=BENCH_CONNECTIONS)
    config = HallConfig(  # all the clients are on loopback, fresh: a private hall's rules
        mahjong=FAST,
        connections=every,
        registration=RegistrationPolicy(RegistrationMode.OPEN),
        newcomers=NO_NEWCOMERS,
        log_tables=log_tables,
    )
    server = Server(store, BotFactory(None, seed=1), config)
    async with trio.open_nursery() as nursery:
        port = await nursery.start(server.run, "127.0.0.1", 0)
        print(f"READY {port}", flush=True)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    played: int = 0
    """Actions sent at all, measured or not: the warm-up waits for the first (``run_load``)."""
    hands: int = 0
    errors: int = 0
    codes: dict = field(default_factory=dict)
    measuring: bool = False
    # (table, hand number, tile) -> [sent at, seats still to receive it]
    pending: dict = field(default_factory=dict)


def pick(legal: list[dict]) -> dict | None:
    for kind in PREFERENCE:
        options = [a for a in legal if a["type"] == kind]
        if options:
            return options[-1] if kind == "discard" else options[0]
    return None


class Seat:
    def __init__(self, stream: trio.SocketStream, stats: Stats) -> None:
        self.stream = stream
        self.stats = stats
        self.unpacker = msgpack.Unpacker(raw=False, max_buffer_size=1 << 22)
        self.next_id = 0
        self.replies: dict[int, dict] = {}
        self.view: dict | None = None
        self.table = 0
        self.awaiting: int | None = None
        self.changed = trio.Event()

    async def request(self, kind: str, **fields) -> dict:
        self.next_id += 1
        rid = self.next_id
        await self.stream.send_all(msgpack.packb({"type": kind, "id": rid, **fields}))
        while rid not in self.replies:
            await self.read()
        return self.replies.pop(rid)

    async def read(self) -> None:
        data = await self.stream.receive_some(1 << 16)
        if not data:
            raise EOFError
        self.unpacker.feed(data)
        now = time.perf_counter()
        for message in self.unpacker:
            kind = message.get("type")
            if kind in ("ok", "error"):
                if kind == "error" and self.stats.measuring:
                    self.stats.errors += 1
                    code = message["code"]
                    self.stats.codes[code] = self.stats.codes.get(code, 0) + 1
                self.replies[message.get("id")] = message
                if message.get("id") == self.awaiting:
                    self.awaiting = None
            view = message.get("view")
            if view is None and kind == "event" and "you" in message:  # incremental
                you = message["you"]
                view = {"seq": message["seq"], "game": message["game"], "you": you}
                view["hand"] = {"legal_actions": you["legal_actions"]}
            mine = view is not None and message.get("table", self.table) == self.table
            if mine and (self.view is None or view["seq"] >= self.view["seq"]):
                self.view = view
            if kind == "event":
                self._seen(message, now)
        self.changed.set()
        self.changed = trio.Event()

    def _seen(self, message: dict, now: float) -> None:
        stats = self.stats
        view = message.get("view", message)  # an incremental event has you/game on top
        if message["kind"] == "deal" and view["you"]["seats"] == ["0"]:
            stats.hands += stats.measuring
        for event in message.get("events", ()):
            if event["type"] != "discarded":
                continue
            key = (message["table"], view["game"]["hand_number"], event["tile"])
            entry = stats.pending.get(key)
            if entry is None:
                continue
            entry[1] -= 1
            if entry[1] == 0:
                del stats.pending[key]
                if stats.measuring:
                    stats.latencies.append(now - entry[0])

    def choose(self) -> dict | None:
        view = self.view
        if view is None or view["game"]["phase"] == "over":
            return None
        if "ready" in view["you"]["legal"]:
            return {"action": "ready"}
        hand = view["hand"]
        if hand is None or view["game"]["phase"] != "playing":
            return None
        choice = pick(hand["legal_actions"])
        if choice is None:
            return None
        request = {"action": choice["type"]}
        if "tile" in choice:
            request["tile"] = choice["tile"]
        return request

    async def reader(self) -> None:
        while True:
            await self.read()

    async def play(self, think_time: float, stop: trio.Event) -> None:
        """Answer what the newest view asks, one request at a time, after thinking; a view
        that changed while thinking is looked at afresh (the way a person would)."""
        while not stop.is_set():
            request = None if self.awaiting is not None else self.choose()
            if request is None:
                await self.changed.wait()
                continue
            seq = self.view["seq"]
            if think_time > 0:
                await trio.sleep(think_time * random.uniform(0.8, 1.2))
                if stop.is_set() or self.view["seq"] != seq:
                    continue
            if request["action"] == "discard":
                key = (self.table, self.view["game"]["hand_number"], request["tile"])
                self.stats.pending[key] = [time.perf_counter(), 4]
            self.next_id += 1
            self.awaiting = self.next_id
            message = {"type": "act", "id": self.next_id, "table": self.table, **request}
            await self.stream.send_all(msgpack.packb(message))
            self.stats.actions += self.stats.measuring
            self.stats.played += 1


async def open_table(
    port: int, index: int, run: int, stats: Stats, room: str, incremental: bool
) -> list[Seat]:
    seats = []
    for n in range(4):
        seat = Seat(await trio.open_tcp_stream("127.0.0.1", port), stats)
        await seat.request("hello", version=1)
        reply = await seat.request("register", name=f"m{run}x{index}x{n}", password="bench-pw-1")
        assert reply["type"] == "ok", reply
        seats.append(seat)
    options = {"hands": 64, "timed": False}
    created = await seats[0].request("create_table", room=room, options=options)
    assert created["type"] == "ok", created
    for n, seat in enumerate(seats):
        seat.table = created["table"]
        reply = await seat.request("sit", table=seat.table, seat=str(n))
        assert reply["type"] == "ok", reply
        if incremental:
            reply = await seat.request("act", table=seat.table, action="incremental", on=True)
            assert reply["type"] == "ok", reply
    return seats


async def loop_lag(stats: Stats, lags: list[float]) -> None:
    """How late this (the clients') process wakes from a 10 ms sleep, while measuring."""
    while True:
        started = time.perf_counter()
        await trio.sleep(0.01)
        if stats.measuring:
            lags.append(time.perf_counter() - started - 0.01)


async def ping_hall(port: int, stats: Stats, pings: list[float]) -> None:
    """The round trip of a ``ping`` every 20 ms on a connection of its own, while measuring."""
    seat = Seat(await trio.open_tcp_stream("127.0.0.1", port), Stats())
    await seat.request("hello", version=1)
    while True:
        started = time.perf_counter()
        await seat.request("ping")
        if stats.measuring:
            pings.append(time.perf_counter() - started)
        await trio.sleep(0.02)


def quantiles_ms(samples: list[float]) -> tuple[float, float] | None:
    if not samples:
        return None
    ordered = sorted(samples)
    return 1000 * ordered[len(ordered) // 2], 1000 * ordered[int(len(ordered) * 0.99)]


async def run_load(
    port: int,
    pid: int,
    tables: int,
    think_time: float,
    seconds: float,
    run: int,
    room: str,
    incremental: bool = False,
) -> dict:
    from server_load import cpu_seconds, memory_mib

    stats = Stats()
    opened: list[list[Seat]] = []
    limiter = trio.CapacityLimiter(8)

    async def setup(index: int) -> None:
        async with limiter:
            opened.append(await open_table(port, index, run, stats, room, incremental))

    async with trio.open_nursery() as nursery:
        for index in range(tables):
            nursery.start_soon(setup, index)
    stop = trio.Event()
    lags: list[float] = []
    pings: list[float] = []
    async with trio.open_nursery() as nursery:
        for seats in opened:
            for seat in seats:
                nursery.start_soon(seat.reader)
                nursery.start_soon(seat.play, think_time, stop)
        nursery.start_soon(loop_lag, stats, lags)
        nursery.start_soon(ping_hall, port, stats, pings)
        # A fresh hall's tables first load the bot's analysis tables (seconds on a busy
        # box): the warm-up starts once the first action is played, so that a short phase
        # does not measure the loading.
        with trio.move_on_after(60):
            while not stats.played:
                await trio.sleep(0.05)
        await trio.sleep(min(3.0, seconds / 4))  # warm up
        stats.measuring = True
        cpu0, t0, own0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
        await trio.sleep(seconds)
        cpu1, t1, own1 = cpu_seconds(pid), time.perf_counter(), time.process_time()
        stats.measuring = False
        stop.set()
        nursery.cancel_scope.cancel()
    for seats in opened:
        for seat in seats:
            await seat.stream.aclose()
    elapsed = t1 - t0
    lat = sorted(stats.latencies) or [float("nan")]
    rss, peak = memory_mib(pid)
    return {
        "actions_per_s": stats.actions / elapsed,
        "hands_per_s": stats.hands / elapsed,
        "p50_ms": 1000 * statistics.median(lat),
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))],
        "cpu_pct": 100 * (cpu1 - cpu0) / elapsed,
        "client_cpu_pct": 100 * (own1 - own0) / elapsed,
        "cpu_us_per_action": 1e6 * (cpu1 - cpu0) / max(1, stats.actions),
        "rss_mib": rss,
        "peak_mib": peak,
        "errors": stats.errors,
        "codes": stats.codes,
        "client_lag_ms": quantiles_ms(lags),
        "ping_ms": quantiles_ms(pings),
    }


# ---------------------------------------------------------------------- the bare relay floor

RELAY_PAD = 300
"""Bytes of filler in each relayed turn: about an incremental event's size."""


async def serve_relay() -> None:
    """The least a mahjong server must do: each message a table's client sends is decoded,
    encoded again and written to the table's four clients (the event every seat gets)."""
    tables: dict[int, list[trio.SocketStream]] = {}

    async def handle(stream: trio.SocketStream) -> None:
        unpacker = msgpack.Unpacker(raw=False, max_buffer_size=1 << 20)
        try:
            async for data in stream:
                unpacker.feed(data)
                for message in unpacker:
                    if "join" in message:
                        tables.setdefault(message["join"], []).append(stream)
                        continue
                    out = msgpack.packb(message)
                    for member in tables[message["table"]]:
                        await member.send_all(out)
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass

    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    print(f"READY {listeners[0].socket.getsockname()[1]}", flush=True)
    await trio.serve_listeners(handle, listeners)


async def run_relay(port: int, pid: int, tables: int, think_time: float, seconds: float) -> dict:
    """Four clients a table take turns like the hall's seats: the seat whose turn it is sends
    after thinking; timed from its send to the last of the four receiving it."""
    from server_load import cpu_seconds, memory_mib

    stats = Stats()
    pad = "x" * RELAY_PAD

    async def table(index: int, streams: list[trio.SocketStream]) -> None:
        turn = [0]
        sent: dict[int, list] = {}
        changed = [trio.Event()]

        async def reader(n: int, stream: trio.SocketStream) -> None:
            unpacker = msgpack.Unpacker(raw=False)
            async for data in stream:
                unpacker.feed(data)
                now = time.perf_counter()
                for message in unpacker:
                    entry = sent[message["n"]]
                    entry[1] -= 1
                    if entry[1] == 0:
                        del sent[message["n"]]
                        if stats.measuring:
                            stats.latencies.append(now - entry[0])
                        turn[0] = message["n"] + 1
                        changed[0].set()
                        changed[0] = trio.Event()

        async def player(n: int, stream: trio.SocketStream) -> None:
            while True:
                while turn[0] % 4 != n:
                    await changed[0].wait()
                step = turn[0]
                await trio.sleep(think_time * random.uniform(0.8, 1.2))
                sent[step] = [time.perf_counter(), 4]
                await stream.send_all(msgpack.packb({"table": index, "n": step, "pad": pad}))
                stats.actions += stats.measuring
                while turn[0] == step:
                    await changed[0].wait()

        async with trio.open_nursery() as nursery:
            for n, stream in enumerate(streams):
                nursery.start_soon(reader, n, stream)
                nursery.start_soon(player, n, stream)

    opened = []
    for index in range(tables):
        streams = [await trio.open_tcp_stream("127.0.0.1", port) for _ in range(4)]
        for stream in streams:
            await stream.send_all(msgpack.packb({"join": index}))
        opened.append(streams)
    await trio.sleep(0.2)
    lags: list[float] = []
    async with trio.open_nursery() as nursery:
        for index, streams in enumerate(opened):
            nursery.start_soon(table, index, streams)
        nursery.start_soon(loop_lag, stats, lags)
        await trio.sleep(min(3.0, seconds / 4))
        stats.measuring = True
        cpu0, t0, own0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
        await trio.sleep(seconds)
        cpu1, t1, own1 = cpu_seconds(pid), time.perf_counter(), time.process_time()
        stats.measuring = False
        nursery.cancel_scope.cancel()
    for streams in opened:
        for stream in streams:
            await stream.aclose()
    elapsed = t1 - t0
    lat = sorted(stats.latencies) or [float("nan")]
    rss, peak = memory_mib(pid)
    return {
        "actions_per_s": stats.actions / elapsed,
        "hands_per_s": 0.0,
        "p50_ms": 1000 * statistics.median(lat),
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))],
        "cpu_pct": 100 * (cpu1 - cpu0) / elapsed,
        "client_cpu_pct": 100 * (own1 - own0) / elapsed,
        "cpu_us_per_action": 1e6 * (cpu1 - cpu0) / max(1, stats.actions),
        "rss_mib": rss,
        "peak_mib": peak,
        "errors": 0,
        "codes": {},
        "client_lag_ms": quantiles_ms(lags),
        "ping_ms": None,
    }


def report(title: str, figures: dict) -> None:
    print(
        f"{title:<34} {figures['actions_per_s']:7.0f} actions/s {figures['hands_per_s']:6.2f} "
        f"hands/s  p50 {figures['p50_ms']:6.2f} ms  p99 {figures['p99_ms']:7.2f} ms  "
        f"CPU {figures['cpu_pct']:5.1f} % {figures['cpu_us_per_action']:5.0f} us/action  "
        f"RSS {figures['rss_mib']:.0f} MiB (peak {figures['peak_mib']:.0f})  "
        f"clients CPU {figures['client_cpu_pct']:.0f} %  errors {figures['errors']} {figures['codes']}"
    )
    lag, ping = figures["client_lag_ms"], figures["ping_ms"]
    line = f"{'':<34} clients' loop lag p50 {lag[0]:.2f} ms  p99 {lag[1]:.2f} ms" if lag else ""
    if ping:
        line += f"; hall ping p50 {ping[0]:.2f} ms  p99 {ping[1]:.2f} ms"
    if line:
        print(line)


async def bench(options) -> None:
    import os

    from server_load import start_child

    tables, think_time, seconds = options.tables, options.think, options.seconds
    print(
        f"mahjong ({options.room}): {tables} tables, {4 * tables} connections, think "
        f"{1000 * think_time:.0f} ms +-20 %, {seconds:.0f} s measured, on {os.cpu_count()} "
        f"cores, action log {'on' if options.log else 'OFF'}, "
        f"load average {os.getloadavg()[0]:.1f} before the run"
    )
    with tempfile.TemporaryDirectory() as tmp:
        log = [] if options.log else ["--no-log"]
        hall, port = start_child([__file__, "--serve", f"{tmp}/bench.db", *log])
        try:
            mode = options.incremental
            figures = await run_load(
                port, hall.pid, tables, think_time, seconds, 0, options.room, mode
            )
            report("incremental events" if mode else "full views", figures)
        finally:
            hall.terminate()
            hall.wait(timeout=20)
        relay, port = start_child([__file__, "--serve-relay"])
        try:
            floor = await run_relay(port, relay.pid, tables, think_time, seconds)
            report("bare trio msgpack relay (floor)", floor)
            ratio = figures["cpu_us_per_action"] / floor["cpu_us_per_action"]
            print(
                f"server CPU: {ratio:.1f}x the bare relay per action (a relayed action is one "
                f"message in and four out, {RELAY_PAD} bytes of filler each)"
            )
        finally:
            relay.terminate()
            relay.wait(timeout=20)
        if options.max_tables:
            # A hall of its own: the first phase's tables play on for their dropped players
            # (PL-17) at full speed, which would measure them instead.
            hall, port = start_child([__file__, "--serve", f"{tmp}/burst.db", *log])
            try:
                burst = await run_load(
                    port, hall.pid, options.max_tables, 0.0, seconds / 2, 1, options.room, mode
                )
                report(f"no think time, {options.max_tables} tables", burst)
            finally:
                hall.terminate()
                hall.wait(timeout=20)


def serve_profiled(db: str, out: str, log_tables: bool) -> None:
    """Diagnostic child (QIPAI_BENCH_PROFILE=FILE): the hall under cProfile, its stats written
    to ``out`` when the bench stops it (SIGTERM), to say where the hall's time goes."""
    import cProfile
    import signal

    profile = cProfile.Profile()

    def stop(signum, frame) -> None:
        profile.disable()
        profile.dump_stats(out)
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    profile.enable()
    trio.run(serve_hall, db, log_tables)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve-relay"]:
        trio.run(serve_relay)
    elif sys.argv[1:2] == ["--serve"]:
        import os

        from server import heap

        heap.settle()  # as the server's own start does (server/cli.py)

        profile_to = os.environ.get("QIPAI_BENCH_PROFILE")
        log_tables = sys.argv[3:4] != ["--no-log"]
        if profile_to:
            serve_profiled(sys.argv[2], profile_to + Path(sys.argv[2]).stem, log_tables)
        else:
            trio.run(serve_hall, sys.argv[2], log_tables)
