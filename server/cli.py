"""Command line of ``qipai-server``.

Logs go to stderr; stdout carries exactly one line, ``QIPAI-READY <host> <port>``, once the
server listens, so that a launcher (the client's local mode) can start it on port 0 and read
where it went.
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import shlex
import signal
import sys
from dataclasses import replace
from pathlib import Path

import platformdirs
import trio

from qipai.platform.newcomers import (
    NO_NEWCOMERS,
    NewcomerRule,
    RegistrationMode,
    RegistrationPolicy,
)

from . import heap
from .app import Server
from .bots import BotFactory, find_gnugo
from .connection_limits import ConnectionLimits
from .door_process import run_door
from .economy import LedgerMismatch
from .hall import HallConfig
from .store import SchemaTooNew, Store
from .tables.mahjong_config import MahjongConfig

log = logging.getLogger("server")

#: Connections the SSH door itself opens at once (a lookup, a ticket) beside its visitors'.
DOOR_QUESTIONS = 8


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qipai-server",
        description="Run the qipai game hall: lobby, rooms and tables over TCP (msgpack). "
        "'qipai-server grant NAME AMOUNT --why TEXT' gives a player coins instead.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: %(default)s)"
    )
    parser.add_argument(
        "--port", type=int, default=7460, help="TCP port, 0 picks a free one (default: %(default)s)"
    )
    parser.add_argument(
        "--db", default=None, help="SQLite database file (default: in the user data directory)"
    )
    parser.add_argument(
        "--go-engine",
        default=None,
        metavar="CMD",
        help="GTP engine command for Go bots (default: GNU Go if installed, else the built-in bot)",
    )
    parser.add_argument(
        "--exit-with-stdin",
        action="store_true",
        help="stop when stdin closes (for a parent process that starts the server)",
    )
    parser.add_argument(
        "--ssh",
        type=int,
        default=None,
        metavar="PORT",
        help="also open the SSH front door on PORT (needs the ssh extra: pip install 'qipai[ssh]')",
    )
    parser.add_argument(
        "--ssh-host", default=None, help="address of the SSH door (default: same as --host)"
    )
    parser.add_argument(
        "--ssh-caps",
        type=_caps,
        default=(8, 64),
        metavar="PER_ADDRESS,TOTAL",
        help="SSH connections at once from one address and in all (default: 8,64)",
    )
    parser.add_argument(
        "--registration",
        type=RegistrationMode,
        choices=list(RegistrationMode),
        default=RegistrationPolicy.mode,
        help="who may open an account: open, limited (per address and in all, a day),"
        " invite (with a code a player asked for), closed (default: %(default)s)",
    )
    parser.add_argument(
        "--registration-limits",
        type=_caps,
        default=(RegistrationPolicy.per_address, RegistrationPolicy.total),
        metavar="PER_ADDRESS,TOTAL",
        help="new accounts a day from one address and in all, when limited (default: %(default)s)",
    )
    parser.add_argument(
        "--private",
        action="store_true",
        help="a private hall (local mode): registration open, no newcomer rule, bets from any"
        " address — none of the farming defences",
    )
    parser.add_argument(
        "--newcomers",
        type=_newcomers,
        default=NewcomerRule(),
        metavar="PLAYS,HOURS",
        help="an account is a newcomer (no bets; what it loses goes to the house) until it has"
        " this many ranked plays and hours in the hall; 0,0 for none (default: 20,24)",
    )
    connections = parser.add_argument_group("connections (docs/platform.md, Connections)")
    connections.add_argument(
        "--connection-caps",
        type=_caps,
        default=(DEFAULT_CONNECTIONS.per_address, DEFAULT_CONNECTIONS.total),
        metavar="PER_ADDRESS,TOTAL",
        help="hall connections at once from one address and in all (default: "
        f"{DEFAULT_CONNECTIONS.per_address},{DEFAULT_CONNECTIONS.total})",
    )
    _add_seconds(connections, CONNECTION_TIMINGS, DEFAULT_CONNECTIONS)
    timings = parser.add_argument_group("mahjong table timings, in seconds")
    _add_seconds(timings, MAHJONG_TIMINGS, DEFAULT_MAHJONG)
    parser.add_argument("--log-level", default="INFO", help="logging level (default: %(default)s)")
    return parser


def _add_seconds(
    group: argparse._ArgumentGroup, timings: tuple[tuple[str, str, str], ...], defaults: object
) -> None:
    for flag, field, text in timings:
        group.add_argument(
            flag,
            type=_seconds,
            dest=field,
            default=getattr(defaults, field),
            metavar="S",
            help=f"{text} (default: %(default)s)",
        )


DEFAULT_MAHJONG = MahjongConfig()
MAHJONG_TIMINGS = (
    ("--turn-seconds", "turn", "time to discard on a turn (MJ-06)"),
    ("--claim-seconds", "claim", "time to answer a claim window (MJ-06)"),
    (
        "--claim-delay",
        "claim_delay",
        "least wait after a discard, so prompts cannot be timed (MJ-08)",
    ),
    ("--escape-grace", "escape_grace", "offline this long during a hand is an escape (PL-17)"),
    ("--next-hand-seconds", "next_hand", "pause between hands on timed tables"),
)


DEFAULT_CONNECTIONS = ConnectionLimits()
CONNECTION_TIMINGS = (
    ("--handshake-seconds", "handshake_seconds", "a new connection says hello within"),
    ("--login-seconds", "login_seconds", "a greeted connection logs in within"),
    ("--idle-seconds", "idle_seconds", "a player at no table sends a request within"),
    ("--slow-reader-seconds", "slow_reader_seconds", "a client with replies waiting reads within"),
)


def connection_limits(args: argparse.Namespace) -> ConnectionLimits:
    """The caps and timeouts from the command line. The SSH door's visitors all reach the hall
    from the door's address (loopback, or the address the hall listens on), which may hold as
    many more connections as the door admits visitors, and its own short questions besides."""
    per_address, total = args.connection_caps
    door_address = None
    door_connections = 0
    if args.ssh is not None:
        door_address = (
            "127.0.0.1" if args.host in ("127.0.0.1", "localhost", "0.0.0.0", "") else args.host
        )
        door_connections = args.ssh_caps[1] + DOOR_QUESTIONS
    return ConnectionLimits(
        per_address=per_address,
        total=total + door_connections,
        door_address=door_address,
        door_connections=door_connections,
        **{field: getattr(args, field) for _flag, field, _text in CONNECTION_TIMINGS},
    )


def mahjong_config(args: argparse.Namespace) -> MahjongConfig:
    """The hall's mahjong timings from the command line (the book's values by default)."""
    return replace(
        DEFAULT_MAHJONG, **{field: getattr(args, field) for _flag, field, _text in MAHJONG_TIMINGS}
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600:  # NaN fails too
        raise argparse.ArgumentTypeError("seconds from 0 to 3600")
    return value


def _caps(text: str) -> tuple[int, int]:
    per_address, _, total = text.partition(",")
    if not (per_address.isdigit() and total.isdigit() and 0 < int(per_address) <= int(total)):
        raise argparse.ArgumentTypeError(
            "two numbers, PER_ADDRESS,TOTAL, with 0 < one <= the other"
        )
    return int(per_address), int(total)


def _newcomers(text: str) -> NewcomerRule:
    plays, _, hours = text.partition(",")
    if not (plays.isdigit() and hours.isdigit()):
        raise argparse.ArgumentTypeError("two whole numbers, PLAYS,HOURS")
    return NewcomerRule(int(plays), int(hours) * 3600.0)


def default_db_path() -> Path:
    return Path(platformdirs.user_data_dir("qipai")) / "hall.db"


async def _stop_on_signals(server: Server) -> None:
    with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
        async for signum in signals:
            log.info("signal %s: stopping", signal.Signals(signum).name)
            server.stop()
            return


async def _stop_on_stdin_eof(server: Server) -> None:
    stdin = trio.lowlevel.FdStream(os.dup(sys.stdin.fileno()))
    async with stdin:
        while await stdin.receive_some(4096):
            pass
    log.info("stdin closed: stopping")
    server.stop()


async def _main(args: argparse.Namespace, store: Store, bots: BotFactory, data_dir: Path) -> int:
    door_secret = secrets.token_urlsafe(32) if args.ssh is not None else None
    per_address, total = args.registration_limits
    registration = RegistrationPolicy(args.registration, per_address, total)
    config = HallConfig(
        door_secret=door_secret,
        mahjong=mahjong_config(args),
        connections=connection_limits(args),
        registration=registration,
        newcomers=args.newcomers,
    )
    if args.private:
        config = replace(
            config,
            registration=RegistrationPolicy(RegistrationMode.OPEN),
            newcomers=NO_NEWCOMERS,
            same_address_bets=True,
        )
    server = Server(store, bots, config)
    code = 0
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_stop_on_signals, server)
        if args.exit_with_stdin:
            nursery.start_soon(_stop_on_stdin_eof, server)
        port = await nursery.start(server.run, args.host, args.port)
        print(f"QIPAI-READY {args.host} {port}", flush=True)
        if door_secret is not None:
            ssh_host = args.ssh_host or args.host
            hall, listen = (args.host, port), (ssh_host, args.ssh)
            ssh_port = await nursery.start(
                run_door, hall, listen, data_dir, door_secret, args.ssh_caps
            )
            if ssh_port is None:
                code = 1
                server.stop()
            else:
                print(f"QIPAI-SSH-READY {ssh_host} {ssh_port}", flush=True)
        await server.done.wait()
        nursery.cancel_scope.cancel()
    return code


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["grant"]:  # the operator's coins (PL-21): server/operator.py
        from .operator import main as grant_main

        return grant_main(argv[1:])
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=args.log_level.upper(),
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    db_path = Path(args.db) if args.db else default_db_path()
    db_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        store = Store(str(db_path))
    except (SchemaTooNew, LedgerMismatch) as exc:
        log.error("refusing to start: %s", exc)
        return 2
    command = shlex.split(args.go_engine) if args.go_engine else find_gnugo()
    log.info("database %s; Go bots: %s", db_path, command or "built-in")
    heap.settle()
    try:
        return trio.run(_main, args, store, BotFactory(command), db_path.parent)
    except OSError as exc:
        log.error("cannot listen on %s:%s: %s", args.host, args.port, exc)
        return 1
    finally:
        store.close()


if __name__ == "__main__":
    raise SystemExit(main())
