"""防作弊 rooms (PL-15): the hall places players at a table, and nobody watches or chats there
during a hand — seat choice, table choice, watching and chat are the collusion channels
these rooms close."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from qipai.platform.mahjong_table import MahjongTableMatch
from qipai.protocol import ErrorCode, ProtocolError

from .base import Table

if TYPE_CHECKING:
    from ..session import Session


class AntiCheatRooms(Table):
    """The seating half of ``MahjongTable``."""

    core: MahjongTableMatch
    rng: random.Random

    @property
    def anti_cheat(self) -> bool:
        """Seat choice, table choice and watching are the collusion channels this room closes."""
        return self.options.tier == "anti_cheat"

    def sit(self, session: Session, seat: str) -> None:
        if self.anti_cheat:
            raise ProtocolError(
                ErrorCode.TABLE_ASSIGNED,
                "防作弊 rooms place you at a table: create a table with tier anti_cheat",
            )
        super().sit(session, seat)

    def place(self, session: Session) -> None:
        """The hall seats a player of a 防作弊 room in a free seat (the four are shuffled at
        the start anyway)."""
        free = [seat for seat, occupant in self.seats.items() if occupant is None]
        super().sit(session, self.rng.choice(free))

    @property
    def free_seats(self) -> int:
        return sum(1 for occupant in self.seats.values() if occupant is None)

    def watch(self, session: Session) -> None:
        if self.anti_cheat and not self.seats_of(session.name):
            raise ProtocolError(ErrorCode.NO_SPECTATORS, "防作弊 tables cannot be watched")
        super().watch(session)

    def chat(self, session: Session, text: str) -> None:
        if self.anti_cheat and self.core.in_hand():
            raise ProtocolError(ErrorCode.CHAT_CLOSED, "防作弊 tables do not chat during a hand")
        super().chat(session, text)
