"""The task that serves one TCP connection.

It reads, decodes and handles requests one at a time (so a slow request applies back-pressure
to its own client only), while a writer task drains the session's outbox.  Every failure of
this connection ends here: nothing a peer sends can reach another connection's task.
"""

from __future__ import annotations

import logging
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


async def _write(stream: trio.abc.SendStream, outbox: trio.MemoryReceiveChannel[bytes]) -> None:
    """Send what is queued, joining whatever queued up meanwhile into one write."""
    async with outbox:
        async for data in outbox:
            chunks = [data]
            while True:
                try:
                    chunks.append(outbox.receive_nowait())
                except (trio.WouldBlock, trio.EndOfChannel):
                    break
            await stream.send_all(b"".join(chunks) if len(chunks) > 1 else data)


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
    data = await stream.receive_some(READ_SIZE)
    if not data or session.closed:
        return False
    try:
        messages = decoder.feed(data)
    except ProtocolError as exc:
        session.send(reply_for(None, exc))
        session.close(exc.code, exc.message)
        return False
    for message in messages:
        if session.closed:
            return False
        await hall.handle(session, message)
    return True


async def serve_connection(hall: Hall, stream: trio.SocketStream | trio.abc.Stream) -> None:
    address = _peer(stream)
    outbox_send, outbox_receive = trio.open_memory_channel[bytes](OUTBOX)
    session = Session(address, outbox_send)
    log.info("connection from %s", address)
    try:
        async with trio.open_nursery() as nursery:
            session.bind(nursery.cancel_scope)
            hall.connected(session)

            async def writer() -> None:
                try:
                    await _write(stream, outbox_receive)
                finally:
                    nursery.cancel_scope.cancel()

            nursery.start_soon(writer)
            await _read(hall, session, stream)
            if not session.closed:
                session.closed = True
                outbox_send.close()
        await _linger(stream)
    except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
        log.info("%s: connection lost (%s)", session, exc)
    except Exception:
        log.exception("%s: connection task failed", session)
    finally:
        session.closed = True
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
