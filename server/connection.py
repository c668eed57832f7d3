"""The task that serves one TCP connection, and the outbox that carries its replies and pushes.

It reads, decodes and handles requests one at a time (so a slow request applies back-pressure
to its own client only).  Every failure of this connection ends here: nothing a peer sends can
reach another connection's task.

Writing is where a busy hall spends its time, so the outbox avoids waking a task per message:
what is pushed while a request is handled is written straight to the socket with one
non-blocking write when the handler is done (the reply and the events it caused, to every peer
they concern, each peer's share joined into one write); pushes from other tasks (clocks, bots)
are written by one flusher task per run, once per scheduling batch.  Only a peer whose kernel
buffer is full has its own writer task wait for room; while it waits, messages queue up to
``OUTBOX`` and then the peer is disconnected rather than buffered without bound.
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING

import trio

from qipai.protocol import Decoder, ErrorCode, ProtocolError, reply_for

from .session import OUTBOX, Session

if TYPE_CHECKING:
    from .hall import Hall

log = logging.getLogger(__name__)

READ_SIZE = 64 * 1024
HANDSHAKE_TIMEOUT = 30.0
LINGER = 0.5


class Outbox:
    """The bytes queued for one peer: the part of a memory channel's interface that ``Session``
    uses (``send_nowait``, ``close``), over a list of encoded messages.

    A socket is written without its writer task as long as the kernel takes the bytes; any other
    stream (the tests' memory streams) is written by the writer task with ``send_all``.
    """

    def __init__(self, stream: trio.abc.SendStream, limit: int = OUTBOX) -> None:
        self._stream = stream
        self._socket = stream.socket if isinstance(stream, trio.SocketStream) else None
        self._limit = limit
        self._chunks: list[bytes] = []
        self._marked = False  # waiting in the flusher's list
        self._blocked = False  # the kernel's buffer is full: the writer task waits for room
        self._closed = False  # no more messages: the writer ends once the queue is written
        self._gone = False  # the connection ended: nothing is written any more
        self._broken: OSError | None = None
        self._wake = trio.Event()
        self._flusher = _flusher()

    def send_nowait(self, data: bytes) -> None:
        """Queue ``data``; ``trio.WouldBlock`` says the peer has stopped reading."""
        if self._closed or self._gone:
            raise trio.ClosedResourceError
        if len(self._chunks) >= self._limit:
            raise trio.WouldBlock
        self._chunks.append(data)
        if not self._marked:
            self._marked = True
            self._flusher.mark(self)

    def close(self) -> None:
        """Write what is queued, then let the writer task end the connection."""
        self._closed = True
        self._wake.set()

    def detach(self) -> None:
        """The stream is about to close: never touch it again (its descriptor may be reused)."""
        self._gone = True
        self._chunks.clear()
        self._wake.set()

    def flush(self) -> None:
        """Hand the queue to the kernel in one write, or to the writer task when it must wait."""
        self._marked = False
        if self._blocked or self._gone or not self._chunks:
            return
        if self._socket is None:
            self._wake.set()
            return
        chunks = self._chunks
        data = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        try:
            sent = os.write(self._socket.fileno(), data)
        except BlockingIOError:
            sent = 0
        except OSError as exc:
            self._broken = exc
            self._chunks = []
            self._wake.set()
            return
        if sent == len(data):
            self._chunks = []
        else:
            self._chunks = [data[sent:]]
            self._blocked = True
            self._wake.set()

    async def write(self) -> None:
        """The writer task: waits for room when the kernel is full, and ends after ``close``."""
        while True:
            await self._wake.wait()
            self._wake = trio.Event()
            if self._socket is None:
                while self._chunks and not self._gone:
                    data, self._chunks = b"".join(self._chunks), []
                    await self._stream.send_all(data)
            else:
                self.flush()
                while self._blocked and not self._gone:
                    await trio.lowlevel.wait_writable(self._socket)
                    self._blocked = False
                    self.flush()
            if self._broken is not None:
                raise trio.BrokenResourceError(str(self._broken)) from self._broken
            if self._gone or (self._closed and not self._chunks):
                return


class _Flusher:
    """Writes the outboxes that pushes outside request handlers left behind, once a batch.

    A reader handling requests flushes when it is done, so what it pushes does not wake the
    flusher task (a wake-up per request otherwise); a push it makes before awaiting inside
    a handler waits for the handler's end, or for the next push from any other task.
    """

    def __init__(self) -> None:
        self._marked: list[Outbox] = []
        self._due = trio.Event()
        self.handling: set[trio.lowlevel.Task] = set()  # readers that flush when done

    def mark(self, outbox: Outbox) -> None:
        self._marked.append(outbox)
        if trio.lowlevel.current_task() not in self.handling:
            self._due.set()

    def flush(self) -> None:
        marked, self._marked = self._marked, []
        for outbox in marked:
            outbox.flush()

    async def run(self) -> None:
        while True:
            await self._due.wait()
            self._due = trio.Event()
            self.flush()


_FLUSHER: trio.lowlevel.RunVar[_Flusher] = trio.lowlevel.RunVar("qipai_outbox_flusher")


def _flusher() -> _Flusher:
    try:
        return _FLUSHER.get()
    except LookupError:
        flusher = _Flusher()
        trio.lowlevel.spawn_system_task(flusher.run, name="qipai outbox flusher")
        _FLUSHER.set(flusher)
        return flusher


def flush_outboxes() -> None:
    """Write everything queued so far."""
    _flusher().flush()


async def _read(hall: Hall, session: Session, stream: trio.abc.ReceiveStream) -> None:
    decoder = Decoder()
    handshake = trio.move_on_after(HANDSHAKE_TIMEOUT)
    with handshake:
        while not session.greeted:
            if not await _read_once(hall, session, stream, decoder):
                return
    if handshake.cancelled_caught:
        session.close(ErrorCode.HANDSHAKE_REQUIRED, "no hello within the time allowed")
        return
    while await _read_once(hall, session, stream, decoder):
        pass


async def _read_once(
    hall: Hall, session: Session, stream: trio.abc.ReceiveStream, decoder: Decoder
) -> bool:
    """Handle what one read brings; False once the connection should end."""
    data = await _receive(stream)
    if not data or session.closed:
        return False
    try:
        messages = decoder.feed(data)
    except ProtocolError as exc:
        session.send(reply_for(None, exc))
        session.close(exc.code, exc.message)
        flush_outboxes()
        return False
    flusher = _flusher()
    reader = trio.lowlevel.current_task()
    flusher.handling.add(reader)
    try:
        for message in messages:
            if session.closed:
                return False
            await hall.handle(session, message)
    finally:
        flusher.handling.discard(reader)
        flusher.flush()
    return True


async def _receive(stream: trio.abc.ReceiveStream) -> bytes:
    """The next bytes from the peer (b"" at its end).

    A socket is read once it is readable, which is nearly always the case only after a wait:
    ``receive_some`` would try first, fail, and then wait, costing a system call, an
    exception and two context managers on every request.
    """
    if not isinstance(stream, trio.SocketStream):
        return await stream.receive_some(READ_SIZE)
    socket = stream.socket
    while True:
        await trio.lowlevel.wait_readable(socket)
        try:
            return os.read(socket.fileno(), READ_SIZE)
        except BlockingIOError:
            continue
        except OSError as exc:
            raise trio.BrokenResourceError(f"read failed: {exc}") from exc


async def serve_connection(hall: Hall, stream: trio.SocketStream | trio.abc.Stream) -> None:
    address = _peer(stream)
    outbox = Outbox(stream)
    session = Session(address, outbox)  # type: ignore[arg-type]  # the channel subset it uses
    log.info("connection from %s", address)
    try:
        async with trio.open_nursery() as nursery:
            session.bind(nursery.cancel_scope)
            hall.connected(session)

            async def writer() -> None:
                try:
                    await outbox.write()
                finally:
                    nursery.cancel_scope.cancel()

            nursery.start_soon(writer)
            await _read(hall, session, stream)
            if not session.closed:
                session.closed = True
                outbox.close()
        await _linger(stream)
    except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
        log.info("%s: connection lost (%s)", session, exc)
    except Exception:
        log.exception("%s: connection task failed", session)
    finally:
        session.closed = True
        outbox.detach()
        hall.disconnected(session)
        await trio.aclose_forcefully(stream)
        log.info("%s: closed", session)


async def _linger(stream: trio.abc.Stream) -> None:
    """Half-close and drain briefly, so that unread input does not reset the connection and
    destroy the goodbye before the peer has read it."""
    with trio.move_on_after(LINGER):
        if isinstance(stream, trio.abc.HalfCloseableStream):
            await stream.send_eof()
        while await stream.receive_some(READ_SIZE):
            pass


def _peer(stream: object) -> str:
    socket = getattr(stream, "socket", None)
    if socket is None:
        return "memory"
    try:
        host, port = socket.getpeername()[:2]
    except OSError:
        return "unknown"
    return f"{host}:{port}"
