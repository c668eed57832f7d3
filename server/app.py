"""The server's task tree and its graceful shutdown.

Three nurseries, outermost first: the hall's (tables, bots, record writes), the connections',
and the listeners'.  Stopping closes the listeners, says ``bye`` to every connection and gives
them a short grace period, waits until every finished game is written, then cancels the
tables (shape taken from hypercorn's trio runner).
"""

from __future__ import annotations

import logging
from functools import partial

import trio

from .bots import BotFactory
from .connection import serve_connection
from .connection_limits import Gate
from .hall import Hall, HallConfig
from .store import Store

log = logging.getLogger(__name__)

GRACE = 3.0
STOPPING = "the hall is stopping; your game is saved"


class Server:
    def __init__(self, store: Store, bots: BotFactory, config: HallConfig | None = None) -> None:
        self.store = store
        self.bots = bots
        self.config = config
        self.hall: Hall | None = None
        self._stop = trio.Event()
        self.done = trio.Event()

    def stop(self) -> None:
        self._stop.set()

    async def run(
        self, host: str, port: int, *, task_status: trio.TaskStatus[int] = trio.TASK_STATUS_IGNORED
    ) -> None:
        """Serve until ``stop``; reports the bound port through ``task_status``."""
        try:
            await self._serve(host, port, task_status)
        finally:
            self.done.set()

    async def _serve(self, host: str, port: int, task_status: trio.TaskStatus[int]) -> None:
        async with trio.open_nursery() as hall_nursery:
            hall = self.hall = Hall(self.store, hall_nursery, self.bots, self.config)
            hall_nursery.start_soon(hall.expire_adjourned)
            async with trio.open_nursery() as connections:
                async with trio.open_nursery() as listening:
                    listeners = await trio.open_tcp_listeners(port, host=host)
                    bound = listeners[0].socket.getsockname()[1]
                    listening.start_soon(
                        partial(
                            trio.serve_listeners,
                            partial(serve_connection, hall, gate=Gate(hall.config.connections)),
                            listeners,
                            handler_nursery=connections,
                        )
                    )
                    log.info("listening on %s port %d", host, bound)
                    task_status.started(bound)
                    await self._stop.wait()
                    listening.cancel_scope.cancel()
                log.info("stopping: telling %d connections", len(hall.sessions))
                hall.close_all(STOPPING)
                connections.cancel_scope.deadline = trio.current_time() + GRACE
            await hall.flush()
            hall_nursery.cancel_scope.cancel()
        log.info("stopped")
