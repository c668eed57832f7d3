"""Tables, one class per room; the lobby finds them through ``TABLE_TYPES``."""

from .base import Occupant, Table
from .go import GoTable
from .mahjong import MahjongTable

TABLE_TYPES: dict[str, type[Table]] = {"go": GoTable}
TABLE_TYPES.update(dict.fromkeys(MahjongTable.rooms(), MahjongTable))

__all__ = ["TABLE_TYPES", "GoTable", "MahjongTable", "Occupant", "Table"]
