"""`qipai local mahjong --ruleset NAME [--bots N] [--bot-level L] [--names A,B,...]`: a local
mahjong table,
against bots or hot-seat (the seats the bots do not take are all played from this keyboard,
each under a name of its own)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from client.launch import BOT_LEVELS, Launch

if TYPE_CHECKING:
    from qipai.mahjong.rulesets import Room


def local_rooms() -> dict[str, Room]:
    """The mahjong rooms of a hall on this machine: the local hall runs this machine's core, so
    its rooms are the core registry's (``Ruleset.rooms``; importing it builds no analysis
    table). Imported on first use: the start screen's first frame does not wait for it."""
    from qipai.mahjong.rulesets import mahjong_rooms

    return {room_id: room for room_id, (_, room) in mahjong_rooms().items()}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qipai local mahjong",
        description="Play mahjong on this machine: against bots, or hot-seat on one keyboard "
        "(a cover screen hides each hand until its player presses a key).",
    )
    rooms = local_rooms()
    parser.add_argument(
        "--ruleset", choices=list(rooms), default=next(iter(rooms)), help="the rules (room) to play"
    )
    parser.add_argument(
        "--bots",
        type=int,
        choices=(0, 1, 2, 3),
        default=0,
        help="seats the bot plays (default 0: four players share this keyboard)",
    )
    parser.add_argument(
        "--bot-level",
        choices=BOT_LEVELS,
        default="normal",
        help="how well the bots play: easy (makes beginners' mistakes), normal, strong",
    )
    parser.add_argument(
        "--names",
        type=seat_names,
        default=(),
        help="hot-seat: a name for each seat played here, in seat order, comma-separated "
        "(default: your account's name and the seat's wind, e.g. root·南)",
    )
    parser.add_argument("--hands", type=int, default=4, help="hands in the match (default 4)")
    parser.add_argument("--lang", choices=("en", "zh"), help="UI language (default QIPAI_LANG)")
    parser.add_argument(
        "--cjk", action="store_true", help="tiles as 五萬 二筒 東 instead of 5m 2p E"
    )
    parser.add_argument("--ansi", action="store_true", help="use the terminal's own 16 colours")
    return parser


def seat_names(text: str) -> tuple[str, ...]:
    """``--names ann,bob``: distinct names of at most 12 characters, none empty."""
    names = tuple(name.strip() for name in text.split(","))
    if any(not name or len(name) > 12 for name in names):
        raise argparse.ArgumentTypeError("each name needs 1 to 12 characters")
    if len(set(names)) != len(names):
        raise argparse.ArgumentTypeError("the names must differ")
    return names


def parse(args: list[str]) -> tuple[Launch, bool]:
    options = build_parser().parse_args(args)
    if not 1 <= options.hands <= 64:
        build_parser().error("--hands must be from 1 to 64")
    humans = 4 - options.bots
    if options.names and (humans < 2 or len(options.names) != humans):
        build_parser().error(
            f"--names names the {humans} seats played from this keyboard"
            if humans >= 2
            else "--names is for hot-seat: two or more seats played from this keyboard"
        )
    launch = Launch(
        "local",
        game="mahjong",
        room=options.ruleset,
        bots=options.bots,
        bot_level=options.bot_level,
        hands=options.hands,
        language=options.lang or "",
        cjk=options.cjk,
        names=options.names,
    )
    return launch, options.ansi


def table_options(launch: Launch) -> dict[str, Any]:
    """The `create_table` options of a local table: untimed (MJ-06), the bots in the highest
    seats, and hot-seat when more than one seat is left to this keyboard."""
    return {
        "hands": launch.hands,
        "bots": launch.bots,
        "bot_level": launch.bot_level,
        "hotseat": launch.bots < 3,
        "timed": False,
    }
