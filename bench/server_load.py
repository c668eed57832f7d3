"""Load on the hall: N concurrent Go games between protocol clients over loopback.

Each side answers its turn after a think time (default 50 ms, jittered +-20 %), so the offered
load is fixed; the script reports moves handled per second, the latency from a move sent to
the opponent's update received (p50/p99), and the server's CPU and memory.  The same traffic
then goes through a bare trio msgpack relay (decode, re-encode, forward: the least any server
must do) as the floor, and the ratio of server CPU per move is printed.  A last phase drops
the think time to find the maximum sustained moves per second.

    python bench/server_load.py [--games 200] [--think 0.05] [--seconds 20]
    python bench/server_load.py --mahjong [--tables 100] [--room sichuan]  (bench/mahjong_load.py)

Both servers run as child processes so that their CPU is measured apart from the clients'.
"""

from __future__ import annotations

import argparse
import bisect
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import msgpack
import trio

ROOT = Path(__file__).resolve().parent.parent
SIZE = 19
COLUMNS = "ABCDEFGHJKLMNOPQRST"
# Stones on columns 4 apart never touch each other's colour: no captures, every move legal.
BLACK_POINTS = [f"{COLUMNS[c]}{r}" for c in range(0, SIZE, 4) for r in range(1, SIZE + 1)]
WHITE_POINTS = [f"{COLUMNS[c]}{r}" for c in range(2, SIZE, 4) for r in range(1, SIZE + 1)]
TABLE_OPTIONS = {"size": SIZE, "clock": {"main": 3600, "periods": 5, "period": 60}}


# ---------------------------------------------------------------------- measuring a process


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mib(pid: int) -> tuple[float, float]:
    """(current RSS, peak RSS) in MiB."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values["VmRSS"], values["VmHWM"]


# ---------------------------------------------------------------------- the bare relay floor


async def relay_server(port: int) -> None:
    partners: dict[int, trio.SocketStream] = {}
    waiting: dict[int, trio.SocketStream] = {}

    async def handle(stream: trio.SocketStream) -> None:
        unpacker = msgpack.Unpacker(raw=False, max_buffer_size=1 << 20)
        try:
            async for data in stream:
                unpacker.feed(data)
                for message in unpacker:
                    if "game" in message:
                        other = waiting.pop(message["game"], None)
                        if other is None:
                            waiting[message["game"]] = stream
                        else:
                            partners[id(other)], partners[id(stream)] = stream, other
                        continue
                    await partners[id(stream)].send_all(msgpack.packb(message))
        except (trio.BrokenResourceError, trio.ClosedResourceError, KeyError):
            pass  # the partner left first
        finally:
            partners.pop(id(stream), None)

    listeners = await trio.open_tcp_listeners(port, host="127.0.0.1")
    print(f"READY {listeners[0].socket.getsockname()[1]}", flush=True)
    await trio.serve_listeners(handle, listeners)


# ---------------------------------------------------------------------- clients


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    sampled_at: list[float] = field(default_factory=list)  # when each latency was taken
    game_ends: list[float] = field(default_factory=list)  # when Black resigned a finished game
    moves: int = 0
    messages: int = 0  # through the server while measuring: requests in plus replies/events out
    errors: int = 0
    measuring: bool = False


class Side:
    def __init__(self, stream: trio.SocketStream, seat: str, game: int, stats: Stats) -> None:
        self.stream = stream
        self.seat = seat
        self.game = game
        self.stats = stats
        self.unpacker = msgpack.Unpacker(raw=False, max_buffer_size=1 << 22)
        self.points = list(BLACK_POINTS if seat == "black" else WHITE_POINTS)
        self.next_id = 100
        self.awaited: set[int] = set()  # ids of requests whose reply someone waits for
        self.replies: dict[int, dict] = {}
        self.events: list[dict] = []  # pushes read while waiting for a reply, not yet handled

    async def send(self, message: dict) -> None:
        await self.stream.send_all(msgpack.packb(message))

    async def request(self, kind: str, **fields) -> dict:
        """Send a request and wait for its reply; pushes that arrive meanwhile are kept in
        ``events`` for the play loop (``next_messages``), not dropped."""
        self.next_id += 1
        rid = self.next_id
        self.awaited.add(rid)
        await self.send({"type": kind, "id": rid, **fields})
        while rid not in self.replies:
            self.events.extend(await self._read_one())
        self.awaited.discard(rid)
        return self.replies.pop(rid)

    async def next_messages(self) -> list[dict]:
        """The pushes kept by ``request``, else those of the next read."""
        if self.events:
            events, self.events = self.events, []
            return events
        return await self._read_one()

    async def _read_one(self) -> list[dict]:
        data = await self.stream.receive_some(1 << 16)
        if not data:
            raise EOFError
        self.unpacker.feed(data)
        out = []
        for message in self.unpacker:
            self.stats.messages += self.stats.measuring
            if message.get("type") in ("ok", "error"):
                if message["type"] == "error":
                    self.stats.errors += 1
                if message.get("id") in self.awaited:  # moves' replies are only counted
                    self.replies[message["id"]] = message
            else:
                out.append(message)
        return out


async def think(think_time: float) -> None:
    if think_time > 0:
        await trio.sleep(think_time * random.uniform(0.8, 1.2))


@dataclass
class Rendezvous:
    """Where a pair of sides meets for its next game once the points of this one run out."""

    table: int = 0
    ready: trio.Event = field(default_factory=trio.Event)


async def next_game(side: Side, meet: Rendezvous) -> None:
    """Black resigns and opens a new table; White follows it there."""
    old = side.game
    if side.seat == "black":
        if side.stats.measuring:
            side.stats.game_ends.append(time.perf_counter())
        await side.request("act", table=old, action="resign")
        await side.request("leave", table=old)
        created = await side.request("create_table", room="go", options=TABLE_OPTIONS)
        side.game = created["table"]
        await side.request("sit", table=side.game, seat="black")
        meet.table = side.game
        meet.ready.set()
        started = False
        while not started:  # White's arrival starts the game
            started = any(
                m.get("kind") == "started" and m.get("table") == side.game
                for m in await side.next_messages()
            )
    else:
        await meet.ready.wait()
        meet.ready = trio.Event()
        await side.request("leave", table=old)
        side.game = meet.table
        await side.request("sit", table=side.game, seat="white")
    side.points = list(BLACK_POINTS if side.seat == "black" else WHITE_POINTS)


async def play_hall_side(
    side: Side, meet: Rendezvous, sent_at: dict, think_time: float, stop: trio.Event
) -> None:
    """Answer every turn of ours; when the points run out, move on to a fresh table."""
    my_turn = side.seat == "black"
    while not stop.is_set():
        if my_turn and not side.points:
            await next_game(side, meet)
            continue
        if my_turn:
            await think(think_time)
            if stop.is_set():
                return
            point = side.points.pop(0)
            sent_at[(side.game, point)] = time.perf_counter()
            side.next_id += 1
            act = {"type": "act", "id": side.next_id, "table": side.game, "action": "play"}
            await side.send({**act, "point": point})
            side.stats.messages += side.stats.measuring
            my_turn = False
        for message in await side.next_messages():
            if message.get("type") != "event" or message["table"] != side.game:
                continue
            if message["kind"] == "over" and side.seat == "white":
                await next_game(side, meet)
                my_turn = False
                break
            if message["kind"] != "move" or message["by"] == side.seat:
                continue
            started = sent_at.pop((side.game, message["point"]), None)
            if started is not None and side.stats.measuring:
                now = time.perf_counter()
                side.stats.latencies.append(now - started)
                side.stats.sampled_at.append(now)
                side.stats.moves += 1
            my_turn = message["view"]["game"]["to_move"] == side.seat


async def play_relay_side(
    side: Side, meet: Rendezvous, sent_at: dict, think_time: float, stop: trio.Event
) -> None:
    my_turn = side.seat == "black"
    while not stop.is_set():
        if my_turn:
            await think(think_time)
            if stop.is_set():
                return
            point = side.points.pop(0)
            side.points.append(point)
            sent_at[(side.game, point)] = time.perf_counter()
            await side.send({"type": "act", "table": side.game, "action": "play", "point": point})
            side.stats.messages += side.stats.measuring
            my_turn = False
        data = await side.stream.receive_some(1 << 16)
        if not data:
            return
        side.unpacker.feed(data)
        for message in side.unpacker:
            side.stats.messages += side.stats.measuring
            started = sent_at.pop((side.game, message["point"]), None)
            if started is not None and side.stats.measuring:
                side.stats.latencies.append(time.perf_counter() - started)
                side.stats.moves += 1
            my_turn = True


async def ping_server(port: int, pings: list[float], stats: Stats, stop: trio.Event) -> None:
    """Diagnostic: the hall's responsiveness as such, apart from the games' own client work.

    One extra connection asks ``ping`` every 20 ms; its round trips are the server loop's lag
    plus loopback, so stalls of the hall show here even when no move happens to wait on them.
    """
    side = Side(await connect(port), "ping", 0, Stats())
    await side.request("hello", version=1)
    while not stop.is_set():
        started = time.perf_counter()
        await side.request("ping")
        if stats.measuring:
            pings.append(time.perf_counter() - started)
        await trio.sleep(0.02)


async def connect(port: int) -> trio.SocketStream:
    return await trio.open_tcp_stream("127.0.0.1", port)


async def hall_game(port: int, game: int, stats: Stats, run: int) -> tuple[Side, Side]:
    black = Side(await connect(port), "black", 0, stats)
    white = Side(await connect(port), "white", 0, stats)
    for side, name in ((black, f"b{run}x{game}"), (white, f"w{run}x{game}")):
        await side.request("hello", version=1)
        reply = await side.request("register", name=name, password="bench-password")
        assert reply["type"] == "ok", reply
    created = await black.request("create_table", room="go", options=TABLE_OPTIONS)
    table = created["table"]
    black.game = white.game = table
    assert (await black.request("sit", table=table, seat="black"))["type"] == "ok"
    assert (await white.request("sit", table=table, seat="white"))["type"] == "ok"
    return black, white


async def relay_game(port: int, game: int, stats: Stats) -> tuple[Side, Side]:
    black = Side(await connect(port), "black", game, stats)
    white = Side(await connect(port), "white", game, stats)
    await black.send({"game": game})
    await white.send({"game": game})
    return black, white


async def run_load(
    port: int,
    pid: int,
    games: int,
    think_time: float,
    seconds: float,
    relay: bool,
    run: int,
    ping: bool = False,
) -> dict:
    stats = Stats()
    pings: list[float] = []
    sent_at: dict = {}
    pairs = []
    limiter = trio.CapacityLimiter(16)

    async def setup(game: int) -> None:
        async with limiter:
            if relay:
                pairs.append(await relay_game(port, run * 100_000 + game, stats))
            else:
                pairs.append(await hall_game(port, game, stats, run))

    async with trio.open_nursery() as nursery:
        for game in range(games):
            nursery.start_soon(setup, game)
    stop = trio.Event()
    play = play_relay_side if relay else play_hall_side
    async with trio.open_nursery() as nursery:
        for black, white in pairs:
            meet = Rendezvous()
            nursery.start_soon(play, black, meet, sent_at, think_time, stop)
            nursery.start_soon(play, white, meet, sent_at, think_time, stop)
        if ping and not relay:
            nursery.start_soon(ping_server, port, pings, stats, stop)
        await trio.sleep(min(2.0, seconds / 4))  # warm up
        stats.measuring = True
        cpu0, t0, own0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
        await trio.sleep(seconds)
        cpu1, t1, own1 = cpu_seconds(pid), time.perf_counter(), time.process_time()
        stats.measuring = False
        stop.set()
        nursery.cancel_scope.cancel()
    for black, white in pairs:
        await black.stream.aclose()
        await white.stream.aclose()
    elapsed = t1 - t0
    lat = sorted(stats.latencies) or [float("nan")]
    rss, peak = memory_mib(pid)
    pings.sort()
    return {
        "ping_ms": [1000 * pings[int(len(pings) * q)] for q in (0.5, 0.99)] if pings else None,
        "by_phase": by_phase(stats),
        "moves_per_s": stats.moves / elapsed,
        "p50_ms": 1000 * statistics.median(lat),
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))],
        "cpu_pct": 100 * (cpu1 - cpu0) / elapsed,
        "client_cpu_pct": 100 * (own1 - own0) / elapsed,
        "cpu_us_per_move": 1e6 * (cpu1 - cpu0) / max(1, stats.moves),
        "cpu_us_per_message": 1e6 * (cpu1 - cpu0) / max(1, stats.messages),
        "rss_mib": rss,
        "peak_mib": peak,
        "errors": stats.errors,
        "moves": stats.moves,
    }


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def by_phase(stats: Stats, window: float = 1.0) -> dict | None:
    """Diagnostic: the latency samples taken within ``window`` seconds of a game's end (when
    the games that started together finish together: resign, store, leave, create, sit)
    apart from those of steady play."""
    if not stats.game_ends or not stats.latencies:
        return None
    ends = sorted(stats.game_ends)
    near, steady = [], []
    for latency, at in zip(stats.latencies, stats.sampled_at, strict=True):
        i = bisect.bisect_left(ends, at - window)
        (near if i < len(ends) and ends[i] <= at + window else steady).append(latency)
    return {
        "ends": len(ends),
        "near": (len(near), p99(near) if near else float("nan")),
        "steady": (len(steady), p99(steady) if steady else float("nan")),
    }


# ---------------------------------------------------------------------- driver


def start_child(args: list[str]) -> tuple[subprocess.Popen, int]:
    if os.environ.get("QIPAI_BENCH_PROFILE") and args[0] == "-m":
        args = ["-m", "cProfile", "-o", os.environ["QIPAI_BENCH_PROFILE"], *args]
    elif os.environ.get("QIPAI_BENCH_GC") and args[0] == "-m":
        args = [__file__, GC_LOGGED, os.environ["QIPAI_BENCH_GC"], *args[1:]]
    process = subprocess.Popen(
        [sys.executable, *args],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = process.stdout.readline().split()
    return process, int(line[-1])


GC_LOGGED = "--gc-logged"


def serve_gc_logged(out: str, module: str, argv: list[str]) -> None:
    """Diagnostic child (QIPAI_BENCH_GC=FILE): run ``module`` timing each cyclic collection.

    The pauses, in seconds per generation, are written to ``out`` as JSON when the process
    exits, so that the report shows what the collector cost the loop over the hall's life.
    """
    import atexit
    import gc
    import json
    import runpy

    pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
    started = 0.0

    def timed(phase: str, info: dict) -> None:
        nonlocal started
        if phase == "start":
            started = time.perf_counter()
        else:
            pauses[info["generation"]].append(time.perf_counter() - started)

    gc.callbacks.append(timed)
    atexit.register(lambda: Path(out).write_text(json.dumps(pauses)))
    sys.path.insert(0, str(ROOT))
    sys.argv = [module, *argv]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


def report_gc(path: str) -> None:
    import json

    pauses = json.loads(Path(path).read_text())
    for generation, samples in sorted(pauses.items()):
        if not samples:
            print(f"hall GC gen {generation}: no collections")
            continue
        samples.sort()
        print(
            f"hall GC gen {generation}: {len(samples)} collections, "
            f"total {1000 * sum(samples):.0f} ms, p50 {1000 * samples[len(samples) // 2]:.2f} ms  "
            f"p99 {p99(samples):.2f} ms  max {1000 * samples[-1]:.2f} ms"
        )


def report(title: str, figures: dict) -> None:
    print(
        f"{title:<34} {figures['moves_per_s']:8.0f} moves/s  p50 {figures['p50_ms']:6.2f} ms  "
        f"p99 {figures['p99_ms']:7.2f} ms  CPU {figures['cpu_pct']:5.1f} %  "
        f"{figures['cpu_us_per_move']:5.0f} us/move {figures['cpu_us_per_message']:4.0f} us/msg  RSS {figures['rss_mib']:.0f} MiB "
        f"(peak {figures['peak_mib']:.0f})  clients CPU {figures['client_cpu_pct']:.0f} %  "
        f"errors {figures['errors']}"
    )
    if figures["ping_ms"]:
        print(
            f"{'':<34} ping p50 {figures['ping_ms'][0]:.2f} ms  p99 {figures['ping_ms'][1]:.2f} ms"
        )
    phases = figures.get("by_phase")
    if phases:
        (steady, steady_p99), (near, near_p99) = phases["steady"], phases["near"]
        print(
            f"{'':<34} steady play p99 {steady_p99:.2f} ms ({steady} samples); within 1 s of "
            f"one of {phases['ends']} game ends p99 {near_p99:.2f} ms ({near} samples)"
        )


async def bench(options: argparse.Namespace) -> None:
    games, think_time, seconds = options.games, options.think, options.seconds
    print(
        f"{games} games, {2 * games} connections, think {1000 * think_time:.0f} ms +-20 %, "
        f"{seconds:.0f} s measured, on {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f} before the run"
    )
    with tempfile.TemporaryDirectory() as tmp:
        caps = "100000,100000"  # every client of every phase is on loopback
        hall, hall_port = start_child(
            [
                *("-m", "server.cli", "--port", "0", "--db", f"{tmp}/bench.db"),
                *("--log-level", "WARNING", "--connection-caps", caps),
                "--private",  # every account registers from loopback, fresh: no farming rules
            ]
        )
        relay, relay_port = start_child([__file__, "--serve-relay"])
        try:
            figures = await run_load(
                hall_port, hall.pid, games, think_time, seconds, False, 0, options.ping
            )
            report("qipai hall", figures)
            floor = await run_load(relay_port, relay.pid, games, think_time, seconds, True, 0)
            report("bare trio msgpack relay (floor)", floor)
            per_move = figures["cpu_us_per_move"] / floor["cpu_us_per_move"]
            per_message = figures["cpu_us_per_message"] / floor["cpu_us_per_message"]
            print(
                f"server CPU: {per_move:.1f}x the bare relay per move, {per_message:.1f}x per "
                "message (a hall move is 4 messages: the request, its reply, two events)"
            )
            if options.max_games:
                burst = await run_load(
                    hall_port, hall.pid, options.max_games, 0.0, seconds / 2, False, 1
                )
                report(f"hall, no think time, {options.max_games} games", burst)
                burst_floor = await run_load(
                    relay_port, relay.pid, options.max_games, 0.0, seconds / 2, True, 1
                )
                report("relay, no think time", burst_floor)
        finally:
            for child in (hall, relay):
                child.terminate()
                child.wait(timeout=20)
    if os.environ.get("QIPAI_BENCH_GC"):
        report_gc(os.environ["QIPAI_BENCH_GC"])


def main() -> None:
    if sys.argv[1:2] == [GC_LOGGED]:
        serve_gc_logged(sys.argv[2], sys.argv[3], sys.argv[4:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.05, help="seconds per move")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per phase")
    parser.add_argument(
        "--max-games", type=int, default=50, help="games in the no-think phase (0 to skip)"
    )
    parser.add_argument(
        "--ping", action="store_true", help="diagnostic: also time hall pings every 20 ms"
    )
    parser.add_argument("--serve-relay", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--mahjong", action="store_true", help="mahjong tables instead of Go")
    parser.add_argument("--tables", type=int, default=100, help="mahjong tables (4 clients each)")
    parser.add_argument("--room", default="sichuan", help="mahjong room")
    parser.add_argument(
        "--full-views",
        dest="incremental",
        action="store_false",
        help="mahjong clients take a full view with every event (the TUI takes incremental events)",
    )
    parser.add_argument(
        "--no-log",
        dest="log",
        action="store_false",
        help="diagnostic: mahjong hall without the action log (it is on by default)",
    )
    parser.add_argument(
        "--max-tables", type=int, default=25, help="tables in the no-think phase (0 to skip)"
    )
    options = parser.parse_args()
    if options.serve_relay:
        trio.run(relay_server, 0)
    elif options.mahjong:
        import mahjong_load

        trio.run(mahjong_load.bench, options)
    else:
        trio.run(bench, options)


if __name__ == "__main__":
    main()
