"""Command line of ``qipai``: the start screen, a hall (`qipai HOST[:PORT]`), local Go
(`qipai local go [--size N] [--bot [black|white]] [--level RUNG] [--engine CMD]`) or local mahjong
(`qipai local mahjong --ruleset NAME [--bots N] [--bot-level L] [--names A,B,...]`,
client/mahjong_cli.py), the review of an SGF file (`qipai review FILE.sgf`) or the replay of
a mahjong hand or match saved from "my games" (`qipai replay FILE.json`); neither needs a hall."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from client import mahjong_cli
from client.launch import Launch
from qipai.go.ladder import RUNGS

if TYPE_CHECKING:
    from textual.app import App


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qipai",
        description="The qipai game hall in your terminal: Go and Chinese mahjong, online or hot-seat.",
        epilog="local play: qipai local go [--size 9|13|19] [--bot [black|white]] [--level RUNG]"
        " [--engine CMD]"
        " | qipai local mahjong [--ruleset NAME] [--bots N] [--bot-level L] [--names A,B,...]"
        " | review: qipai review FILE.sgf | mahjong replay: qipai replay FILE.json",
    )
    parser.add_argument("server", nargs="?", help="HOST[:PORT] of a hall to connect to")
    parser.add_argument("--ansi", action="store_true", help="use the terminal's own 16 colours")
    parser.add_argument(
        "--door",
        action="store_true",
        help="run for the SSH front door: log in with the one-time ticket in QIPAI_TICKET",
    )
    return parser


def build_local_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qipai local go",
        description="Play Go on this machine: hot-seat, or against a bot (GNU Go if installed).",
    )
    parser.add_argument("--size", type=int, choices=(9, 13, 19), default=19)
    parser.add_argument(
        "--bot",
        nargs="?",
        const="white",
        choices=("black", "white"),
        help="the colour the bot plays (default white); without --bot both colours are yours",
    )
    parser.add_argument("--engine", help="a GTP engine command to seat instead of GNU Go")
    parser.add_argument(
        "--level",
        choices=[rung.name for rung in RUNGS],
        help="the bot's rung of the ladder: "
        + ", ".join(f"{rung.name} (about {rung.kyu} kyu)" for rung in RUNGS),
    )
    parser.add_argument("--ansi", action="store_true", help="use the terminal's own 16 colours")
    return parser


def build_review_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qipai review",
        description="Step through a Go game recorded in an SGF file (no hall needed).",
    )
    parser.add_argument("file", help="the SGF file")
    parser.add_argument("--ansi", action="store_true", help="use the terminal's own 16 colours")
    return parser


def build_replay_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qipai replay",
        description="Step through a mahjong hand or match saved from my games (no hall needed).",
    )
    parser.add_argument("file", help="the replay file (.json, saved with s in my games)")
    parser.add_argument("--lang", choices=("en", "zh"), help="the language of the screen")
    parser.add_argument("--cjk", action="store_true", help="tiles by their Chinese names")
    parser.add_argument("--ansi", action="store_true", help="use the terminal's own 16 colours")
    return parser


def read_replay_file(path: str) -> str | None:
    """Why the file cannot be replayed, in words, or None: said before the screen opens."""
    from client.mahjong_replay_files import ReplayFileError, read_replay

    try:
        read_replay(path)
    except ReplayFileError as error:
        return str(error)
    return None


def read_review(path: str) -> str | None:
    """Why the file cannot be reviewed, in words, or None: said before the screen opens."""
    from qipai.go.errors import SgfError
    from qipai.go.sgf import read

    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            read(file.read())
    except OSError as error:
        return f"cannot read {path}: {error.strerror or error}"
    except SgfError as error:
        return f"{path} is not a record qipai can replay: {error.message}"
    return None


def parse(argv: list[str] | None) -> tuple[Launch, bool]:
    """The launch request and whether the ANSI theme was asked for; exits on bad arguments."""
    args = list(argv if argv is not None else os.sys.argv[1:])
    if args[:2] == ["local", "mahjong"]:
        return mahjong_cli.parse(args[2:])
    if args[:1] == ["review"]:
        review = build_review_parser().parse_args(args[1:])
        return Launch("review", path=review.file), review.ansi
    if args[:1] == ["replay"]:
        replay = build_replay_parser().parse_args(args[1:])
        launch = Launch("replay", path=replay.file, language=replay.lang or "", cjk=replay.cjk)
        return launch, replay.ansi
    if args[:1] == ["local"]:
        if args[1:2] != ["go"]:
            build_local_parser().error("play locally with: qipai local go | qipai local mahjong")
        local = build_local_parser().parse_args(args[2:])
        bot = local.bot or ("white" if local.level else None)
        launch = Launch("local", size=local.size, bot=bot, engine=local.engine, rung=local.level)
        return launch, local.ansi
    options = build_parser().parse_args(args)
    if options.door:
        if not options.server:
            build_parser().error("--door needs the hall's HOST:PORT")
        return Launch("door", address=options.server), options.ansi
    if options.server:
        return Launch("connect", address=options.server), options.ansi
    return Launch(), options.ansi


def main(argv: list[str] | None = None) -> int:
    launch, ansi = parse(argv)
    if launch.mode == "review":
        failure = read_review(launch.path)
        if failure is not None:
            print(f"qipai review: {failure}", file=sys.stderr)
            return 2
    if launch.mode == "replay":
        failure = read_replay_file(launch.path)
        if failure is not None:
            print(f"qipai replay: {failure}", file=sys.stderr)
            return 2
    app = start(launch, ansi)
    app.run()
    return app.return_code or 0


def start(launch: Launch, ansi: bool) -> App:
    """The app the launch opens, ready to run (and a local hall already starting)."""
    if launch.mode == "door":
        from client.door import DoorApp

        return DoorApp(launch.address, os.environ.pop("QIPAI_TICKET", ""), ansi=ansi)
    hall = None
    if launch.mode == "local":  # its start-up beside ours: the app's imports take as long
        from client.local_hall import LocalHall

        hall = LocalHall(engine=launch.engine)
        hall.spawn()
    from client.app import QipaiApp

    return QipaiApp(launch, ansi=ansi, local=hall)


if __name__ == "__main__":
    raise SystemExit(main())
