"""What the command line asked the app to open first."""

from __future__ import annotations

from dataclasses import dataclass

BOT_LEVELS = ("easy", "normal", "strong")
"""The mahjong bot levels a table's ``bot_level`` option names (docs/protocol.md)."""


@dataclass(frozen=True)
class Launch:
    mode: str = "start"
    """`start` (the start screen), `connect` (straight to a hall), `local` (local Go table),
    `review` (an SGF file stepped through, `path`), `replay` (a mahjong replay file, `path`)
    or `door` (logged in by the SSH front door's ticket, client/door.py)."""
    path: str = ""
    """The SGF file a review opens, or the mahjong replay file a replay opens."""
    address: str = ""
    size: int = 19
    bot: str | None = None
    engine: str | None = None
    rung: str | None = None
    """The local Go bot's rung of the ladder (``--level``, qipai.go.ladder); None: GNU Go if
    installed, else the simple bot."""
    game: str = "go"
    """The local table's game: `go` or `mahjong`."""
    room: str = ""
    """The local mahjong room (``--ruleset``: one of the core registry's rooms)."""
    bots: int = 0
    bot_level: str = "normal"
    """How well a local mahjong table's bots play (``--bot-level``)."""
    hands: int = 4
    language: str = ""
    """The UI language, `en` or `zh` (empty: QIPAI_LANG, else English)."""
    cjk: bool = False
    """Mahjong tiles by their Chinese names (五萬) rather than short text (5m)."""
    names: tuple[str, ...] = ()
    """Hot-seat mahjong: the names of the seats this keyboard plays, in seat order (empty:
    the account's name with each seat's wind, client/mahjong_view.py ``hotseat_players``)."""
