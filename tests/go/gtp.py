"""A minimal GTP client for driving GNU Go from tests (one command at a time, blocking)."""

from __future__ import annotations

import contextlib
import subprocess

from qipai.go import Game, parse_point


class GtpError(Exception):
    pass


class GtpEngine:
    def __init__(self, argv: list[str]) -> None:
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, command: str) -> str:
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise GtpError(f"engine closed the pipe after {command!r}")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        reply = " ".join(lines)
        if reply.startswith("?"):
            raise GtpError(f"{command!r} failed: {reply}")
        return reply[1:].strip()

    def close(self) -> None:
        with contextlib.suppress(GtpError, OSError):
            self.send("quit")
        self.process.wait(timeout=10)

    def __enter__(self) -> GtpEngine:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def selfplay_game(record: dict) -> Game:
    """A stored GNU Go self-play game (``bench/data/gnugo_selfplay.jsonl``) replayed, komi 0."""
    size = record["size"]
    game = Game(size, komi=0)
    for move in record["moves"]:
        if move == "PASS":
            game.pass_()
        else:
            game.play(parse_point(move, size))
    return game
