"""Tables, one class per kind of room; the hall finds a room's with ``table_type``."""

from ..rooms import HallRoom
from .base import Occupant, Table
from .go import GoTable
from .mahjong import MahjongTable

TABLE_TYPES: dict[str, type[Table]] = {"go": GoTable, "mahjong": MahjongTable}
"""Room kind -> its table class."""


def table_type(room: HallRoom) -> type[Table]:
    return TABLE_TYPES[room.kind]


__all__ = ["TABLE_TYPES", "GoTable", "MahjongTable", "Occupant", "Table", "table_type"]
