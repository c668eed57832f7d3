"""Tables, one class per room; the lobby finds them through ``TABLE_TYPES``."""

from .base import Occupant, Table
from .go import GoTable

TABLE_TYPES: dict[str, type[Table]] = {"go": GoTable}

__all__ = ["TABLE_TYPES", "GoTable", "Occupant", "Table"]
