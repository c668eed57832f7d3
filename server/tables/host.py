"""What a table asks of the hall that hosts it: a handful of methods, named as ``Hall`` names
them, so that the hall is a host as it is (structurally) and a table can be built and tested
with any small host instead (tests/server/test_table_host.py). Tables import nothing from
``server.hall``; the hall imports the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from qipai.platform.newcomers import NewcomerRule

    from ..action_log import ActionLog
    from ..economy import HandCoins
    from ..session import Session
    from ..store import AdjournedGame, GameRecord, MahjongHand, Store
    from .base import Table
    from .go import GoTable
    from .mahjong_config import MahjongConfig


class HostConfig(Protocol):
    """The part of the hall's configuration tables read."""

    @property
    def mahjong(self) -> MahjongConfig: ...

    @property
    def newcomers(self) -> NewcomerRule: ...


class GoBots(Protocol):
    """The Go engine the hall starts for a table's bot seat."""

    @property
    def name(self) -> str: ...

    def seat_name(self, level: str | None) -> str: ...

    def has(self, level: str) -> bool: ...

    async def play_go(self, table: GoTable, seat: str) -> None: ...


@runtime_checkable
class TableHost(Protocol):
    """What every table uses: presence, the lobby's listing, closing, game ids."""

    shutting_down: bool

    def is_online(self, name: str) -> bool: ...

    def table_changed(self, table: Table) -> None: ...

    def close_if_abandoned(self, table: Table) -> None: ...

    def allocate_game_id(self) -> int: ...


@runtime_checkable
class MahjongHost(TableHost, Protocol):
    """A mahjong table's persistence: hands with their coins, its own transactions, the
    stake's balance reads (after ``flush``), a pot closed between hands."""

    @property
    def config(self) -> HostConfig: ...

    @property
    def store(self) -> Store: ...

    def record_mahjong_hand(
        self,
        hand: MahjongHand,
        coins: HandCoins | None = None,
        written: Callable[[Any], None] | None = None,
    ) -> None: ...

    def write_mahjong(
        self,
        write: Callable[[Any, Callable[[MahjongHand], None]], None],
        label: str,
        written: Callable[[Any], None] | None = None,
    ) -> None: ...

    def close_pot(self, pot: str, ref: str) -> None: ...

    async def flush(self) -> None: ...

    @property
    def action_log(self) -> ActionLog | None: ...

    def end_live(self, table_id: int) -> None: ...


@runtime_checkable
class GoHost(TableHost, Protocol):
    """A Go table's games, adjournments, golden-table bets and bot."""

    @property
    def store(self) -> Store: ...

    @property
    def bots(self) -> GoBots: ...

    @property
    def online(self) -> Mapping[str, Session]: ...

    @property
    def action_log(self) -> ActionLog | None: ...

    @property
    def place(self) -> str:
        """The hall's name for the ``PC`` of its game records."""
        ...

    def record_game(
        self, record: GameRecord, stored: Callable[[Any], None], live: int | None = None
    ) -> None: ...

    def record_adjourned(self, table_id: int, game: AdjournedGame) -> None: ...

    def refund_bets(self, ref: str) -> None: ...

    async def check_bettor(self, session: Session, table: GoTable) -> None:
        """Refuse a bet the farming defences forbid (``newcomers.check_bettor``)."""
