"""`qipai local mahjong --ruleset NAME [--bots N]`: a local mahjong table, against bots or
hot-seat (the seats the bots do not take are all played from this keyboard)."""

from __future__ import annotations

import argparse
from typing import Any

from client.launch import Launch

ROOMS = ("sichuan", "xuezhan", "lengzi", "baicheng", "zhongyou")
"""The hall's mahjong rooms: one per ruleset, 血战到底 (xuezhan) being Sichuan played on."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qipai local mahjong",
        description="Play mahjong on this machine: against bots, or hot-seat on one keyboard "
        "(a cover screen hides each hand until its player presses a key).",
    )
    parser.add_argument("--ruleset", choices=ROOMS, default="sichuan", help="the rules to play")
    parser.add_argument(
        "--bots",
        type=int,
        choices=(0, 1, 2, 3),
        default=0,
        help="seats the bot plays (default 0: four players share this keyboard)",
    )
    parser.add_argument("--hands", type=int, default=4, help="hands in the match (default 4)")
    parser.add_argument("--lang", choices=("en", "zh"), help="UI language (default QIPAI_LANG)")
    parser.add_argument(
        "--cjk", action="store_true", help="tiles as 五萬 二筒 東 instead of 5m 2p E"
    )
    parser.add_argument("--ansi", action="store_true", help="use the terminal's own 16 colours")
    return parser


def parse(args: list[str]) -> tuple[Launch, bool]:
    options = build_parser().parse_args(args)
    if not 1 <= options.hands <= 64:
        build_parser().error("--hands must be from 1 to 64")
    launch = Launch(
        "local",
        game="mahjong",
        room=options.ruleset,
        bots=options.bots,
        hands=options.hands,
        language=options.lang or "",
        cjk=options.cjk,
    )
    return launch, options.ansi


def table_options(launch: Launch) -> dict[str, Any]:
    """The `create_table` options of a local table: untimed (MJ-06), the bots in the highest
    seats, and hot-seat when more than one seat is left to this keyboard."""
    return {
        "hands": launch.hands,
        "bots": launch.bots,
        "hotseat": launch.bots < 3,
        "timed": False,
    }
