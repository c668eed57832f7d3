"""Command line of ``qipai-server``."""

from __future__ import annotations

import argparse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qipai-server",
        description="Run the qipai game hall: lobby, rooms and tables over TCP (msgpack).",
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
    return parser


def main(argv: list[str] | None = None) -> int:
    build_parser().parse_args(argv)
    build_parser().print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
