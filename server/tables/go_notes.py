"""What a Go game's record keeps beyond its moves, gathered while it is played: each player's
rank as he sat down (``BR``/``WR``), each side's clock after its moves (``BL``/``WL``, and
``OB``/``OW`` in byo-yomi) and the table chat, each line on the move it followed (``C``).

OGS and Sabaki users look for exactly these in a downloaded game. The ranks are read by the
hall before the seat is taken, so they are in the table's log header when the game starts
and a restored game still names them; the clock readings of a restored game come back from
its log entries. Chat is not in the log: a hall that restarts mid-game keeps the lines said
after the restart only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from qipai.go.clock import TimeLeft


@dataclass
class GoNotes:
    ranks: dict[str, str] = field(default_factory=dict)
    """Player name -> rank name (``5k``, ``3d``: 263's ranks written as SGF writes them)."""
    time_left: dict[int, float] = field(default_factory=dict)
    periods_left: dict[int, int] = field(default_factory=dict)
    chat: dict[int, list[str]] = field(default_factory=dict)

    def moved(self, ply: int, left: TimeLeft | None) -> None:
        """The mover's clock as his next turn would begin: main time while it lasts, then a
        whole period and the periods left (SGF's BL with OB)."""
        if left is None:
            return
        if left.main > 0:
            self.time_left[ply] = left.main
            self.periods_left.pop(ply, None)
        else:
            self.time_left[ply] = left.period
            self.periods_left[ply] = left.periods

    def said(self, ply: int, name: str, text: str) -> None:
        self.chat.setdefault(ply, []).append(f"{name}: {text}")

    def for_record(self, plies: int) -> dict[str, dict]:
        """``sgf.dumps``'s keyword arguments for a game of ``plies`` moves: readings of moves
        taken back are dropped, and what was said after them goes on the last move left."""
        comments: dict[int, list[str]] = {}
        for ply in sorted(self.chat):
            comments.setdefault(min(ply, plies), []).extend(self.chat[ply])
        return {
            "comments": comments,
            "time_left": {p: t for p, t in self.time_left.items() if p <= plies},
            "periods_left": {p: n for p, n in self.periods_left.items() if p <= plies},
        }
