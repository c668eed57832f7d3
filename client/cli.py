"""Command line of ``qipai``."""

from __future__ import annotations

import argparse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qipai",
        description="The qipai game hall in your terminal: Go and Chinese mahjong, online or hot-seat.",
    )
    parser.add_argument("server", nargs="?", help="HOST[:PORT] of a hall to connect to")
    return parser


def main(argv: list[str] | None = None) -> int:
    build_parser().parse_args(argv)
    build_parser().print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
