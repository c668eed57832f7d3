"""A hall database holding two accounts and their adjourned Go game, as the hall stores one
(GO-12) when a player of an untimed game stays away ten minutes, which a test cannot wait for."""

from __future__ import annotations

import json
import time
from pathlib import Path

from qipai.go import sgf
from qipai.go.game import Game
from qipai.go.options import GoOptions
from server import accounts
from server.store import AdjournedGame, Store


def password_of(name: str) -> str:
    return f"{name}-secret"


def store_adjourned_game(db: Path, black: str, white: str, moves: list[str]) -> int:
    """The game's id; `moves` were played from an empty 9x9 board, then `white` left."""
    store = Store(str(db))
    try:
        for name in (black, white):
            salt, digest = accounts.hash_password(password_of(name))
            assert store.add_account(name, salt, digest, time.time())
        game = Game(9, 3.5)
        for point in moves:
            game.play(point)
        adjourned = AdjournedGame(
            id=1,  # the first id of a fresh database
            room="go",
            options=json.dumps(GoOptions(size=9).to_wire()),
            black=black,
            white=white,
            record=sgf.dumps(game, PB=black, PW=white),
            left_by="white",
            adjourned_at=time.time(),
        )
        store.add_adjourned(adjourned)
        return adjourned.id
    finally:
        store.close()
