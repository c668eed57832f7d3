"""The task that serves one TCP connection, and the outbox that carries its replies and pushes.

It reads, decodes and handles requests one at a time (so a slow request applies back-pressure
to its own client only).  Every failure of this connection ends here: nothing a peer sends can
reach another connection's task.

Writing is where a busy hall spends its time, so the outbox avoids waking a task per message:
what is pushed while a request is handled is written straight to the socket with one
non-blocking write when the handler is done (the reply and the events it caused, to every peer
they concern, each peer's share joined into one write); pushes from other tasks (clocks, bots)
are written by one flusher task per run, once per scheduling batch.  Only a peer whose kernel
buffer is full has its own writer task wait for room.

A peer that sends faster than it reads is slowed, not dropped: once ``OUTBOX`` messages wait
for it, its requests are not read until they are written (so it may pipeline as much as it
likes).  A peer is dropped, with ``bye slow_reader``, only when it takes no byte for
``slow_reader_seconds`` while messages wait, or when pushes it did not ask for (other players'
moves and chat) pile up to ``OUTBOX_LIMIT``; what waits is then dropped for the goodbye.
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING, Any

import trio

from qipai.protocol import Decoder, ErrorCode, ProtocolError, encode, reply_for

from .connection_limits import DEFAULT_LIMITS, ConnectionLimits, Gate
from .connection_patience import Patience, watched
from .session import OUTBOX, OUTBOX_LIMIT, Session

if TYPE_CHECKING:
    from .hall import Hall

log = logging.getLogger(__name__)

READ_SIZE = 64 * 1024
LINGER = 0.5
FLUSH_EVERY = 64
"""Requests handled from one read before what they pushed is written (each peer's share)."""
SLOW_READER_BYE = encode(
    {"type": "bye", "code": str(ErrorCode.SLOW_READER), "message": "you stopped reading"}
)


class Outbox:
    """The bytes queued for one peer: the part of a memory channel's interface that ``Session``
    uses (``send_nowait``, ``close``), over a list of encoded messages.

    A socket is written without its writer task as long as the kernel takes the bytes; any other
    stream (the tests' memory streams) is written by the writer task with ``send_all``.
    """

    def __init__(
        self, stream: trio.abc.SendStream, limits: ConnectionLimits = DEFAULT_LIMITS
    ) -> None:
        self._stream = stream
        self._socket = stream.socket if isinstance(stream, trio.SocketStream) else None
        self._raw = _raw_socket(self._socket) if self._socket is not None else None
        self.limits = limits
        self._stall = limits.slow_reader_seconds
        self._chunks: list[bytes] = []
        self._partial = False  # the first chunk is the rest of a message the kernel took part of
        self._marked = False  # waiting in the flusher's list
        self._blocked = False  # the kernel's buffer is full: the writer task waits for room
        self._closed = False  # no more messages: the writer ends once the queue is written
        self._gone = False  # the connection ended: nothing is written any more
        self._broken: OSError | None = None
        self._wake = trio.Event()
        self._room = trio.Event()
        self._flusher = _flusher()

    @property
    def full(self) -> bool:
        """Enough waits for the peer: read none of its requests until some is written."""
        return len(self._chunks) >= OUTBOX

    def send_nowait(self, data: bytes) -> None:
        """Queue ``data``; ``trio.WouldBlock`` says the peer has stopped reading."""
        if self._closed or self._gone:
            raise trio.ClosedResourceError
        if len(self._chunks) >= OUTBOX_LIMIT:
            raise trio.WouldBlock
        self._chunks.append(data)
        if not self._marked:
            self._marked = True
            self._flusher.mark(self)

    def close(self) -> None:
        """Write what is queued, then let the writer task end the connection."""
        self._closed = True
        self._wake.set()
        self._room.set()

    def give_up(self, goodbye: bytes = SLOW_READER_BYE) -> None:
        """The peer does not read: drop what waits (but the rest of a message it has begun to
        receive), write ``goodbye`` if it ever takes it, and end the connection."""
        if self._closed or self._gone:
            return
        self._chunks = [*self._chunks[:1], goodbye] if self._partial else [goodbye]
        self.close()

    async def wait_for_room(self) -> None:
        """Until fewer than ``OUTBOX`` messages wait, or nothing will be written any more."""
        while self.full and not self._closed and not self._gone:
            self._room = trio.Event()
            await self._room.wait()

    def detach(self) -> None:
        """The stream is about to close: never touch it again (its descriptor may be reused)."""
        self._gone = True
        self._chunks.clear()
        self._wake.set()
        self._room.set()

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
            sent = os.write(self._raw.fileno(), data)
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
        self._partial = bool(self._chunks)
        self._room.set()

    async def write(self) -> None:
        """The writer task: waits for room when the kernel is full, and ends after ``close``."""
        while True:
            await self._wake.wait()
            self._wake = trio.Event()
            if self._socket is None:
                while self._chunks and not self._gone:
                    data, self._chunks = b"".join(self._chunks), []
                    self._room.set()
                    with trio.move_on_after(self._stall) as waited:
                        await self._stream.send_all(data)
                    if waited.cancelled_caught:
                        return
            else:
                self.flush()
                while self._blocked and not self._gone:
                    with trio.move_on_after(self._stall) as waited:
                        await trio.lowlevel.wait_writable(self._socket)
                    if waited.cancelled_caught:
                        if self._closed:  # not even the goodbye is taken: end here
                            return
                        log.warning("a peer took no byte for %.0f s; dropping it", self._stall)
                        self.give_up()
                        continue
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


async def _read(
    hall: Hall, session: Session, outbox: Outbox, stream: trio.abc.ReceiveStream
) -> None:
    decoder = Decoder()
    with watched(Patience(session, outbox.limits)) as patience:
        while await _handle(hall, session, outbox, await _receive(stream), decoder, patience):
            pass


async def _handle(
    hall: Hall,
    session: Session,
    outbox: Outbox,
    data: bytes,
    decoder: Decoder,
    patience: Patience,
) -> bool:
    """Handle what one read brings; False once the connection should end."""
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
    patience.busy = True
    try:
        for count, message in enumerate(messages, 1):
            if outbox.full or count % FLUSH_EVERY == 0:
                flusher.flush()
                await outbox.wait_for_room()
            if session.closed:
                return False
            await hall.handle(session, message)
            patience.heard()
    finally:
        patience.busy = False
        flusher.handling.discard(reader)
        flusher.flush()
    return True


def _raw_socket(socket: trio.socket.SocketType) -> Any:
    """The standard socket inside trio's: its ``fileno()`` is a C call (-1 once closed, as
    trio's), where trio's forwards through a Python ``__getattr__`` on every read and write."""
    return getattr(socket, "_sock", socket)


async def _receive(stream: trio.abc.ReceiveStream) -> bytes:
    """The next bytes from the peer (b"" at its end).

    A socket is read once it is readable, which is nearly always the case only after a wait:
    ``receive_some`` would try first, fail, and then wait, costing a system call, an
    exception and two context managers on every request.
    """
    if not isinstance(stream, trio.SocketStream):
        return await stream.receive_some(READ_SIZE)
    socket = stream.socket
    raw = _raw_socket(socket)
    while True:
        await trio.lowlevel.wait_readable(socket)
        try:
            return os.read(raw.fileno(), READ_SIZE)
        except BlockingIOError:
            continue
        except OSError as exc:
            raise trio.BrokenResourceError(f"read failed: {exc}") from exc


async def serve_connection(
    hall: Hall, stream: trio.SocketStream | trio.abc.Stream, gate: Gate | None = None
) -> None:
    """Serve one connection, unless ``gate`` (the hall's caps) refuses it with a ``bye``."""
    gate = gate or Gate(DEFAULT_LIMITS)
    address = _peer(stream)
    host = address.rpartition(":")[0] or address
    refused = gate.admit(host)
    if refused is not None:
        log.warning("refused %s: %s", address, refused.message)
        await _refuse(stream, refused)
        return
    try:
        await _serve(hall, stream, address, gate.limits)
    finally:
        gate.release(host)


async def _serve(
    hall: Hall, stream: trio.SocketStream | trio.abc.Stream, address: str, limits: ConnectionLimits
) -> None:
    outbox = Outbox(stream, limits)
    session = Session(address, outbox)
    log.info("connection from %s", address)
    try:
        async with trio.open_nursery() as nursery:
            hall.connected(session)

            async def writer() -> None:
                try:
                    await outbox.write()
                finally:
                    nursery.cancel_scope.cancel()

            nursery.start_soon(writer)
            await _read(hall, session, outbox, stream)
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


async def _refuse(stream: trio.abc.Stream, refused: ProtocolError) -> None:
    """Say why in a ``bye`` (the kernel takes it at once) and close."""
    bye = {"type": "bye", "code": str(refused.code), "message": refused.message}
    with trio.move_on_after(LINGER):
        try:
            await stream.send_all(encode(bye))
            await _linger(stream)
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass
    await trio.aclose_forcefully(stream)


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
