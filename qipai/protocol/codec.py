"""Framing: a stream of msgpack maps, decoded under hard limits.

msgpack is self-delimiting, so no length prefix is needed; the limits below are what keep one
peer from making the other allocate without bound.  Both sides use the same code: the server
with trio, the client with asyncio; neither is imported here.

Memory contract: a ``Decoder`` holds at most ``2 * max_frame`` bytes, because ``feed`` hands
the unpacker at most ``max_frame`` bytes at a time and drains every complete frame before the
next slice, and an incomplete frame longer than ``max_frame`` is an error.  Between frames it
holds nothing: msgpack's unpacker is a 40 KiB object with a buffer of its own, so a server
with thousands of idle connections would keep one each; a drained unpacker goes back to a
small pool that the next ``feed`` of any decoder takes it from.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import msgpack

from .errors import ErrorCode, ProtocolError


@dataclass(frozen=True)
class Limits:
    max_frame: int = 64 * 1024
    max_str: int = 16 * 1024
    max_bin: int = 0
    max_array: int = 1024
    max_map: int = 64
    max_depth: int = 10


DEFAULT_LIMITS = Limits()

_packer_defaults = {"use_bin_type": True}

#: Spare drained unpackers kept per set of limits (a decoder holds one only mid-frame).
SPARE_UNPACKERS = 4
_SPARE_UNPACKERS: dict[Limits, list[msgpack.Unpacker]] = {}


def _new_unpacker(limits: Limits) -> msgpack.Unpacker:
    """``read_size`` is the buffer it starts with (it grows up to ``max_buffer_size``).
    msgpack's default is all of ``max_buffer_size``, 128 KiB: one per connection, freed when it
    closes, made glibc raise its mmap threshold, after which every later buffer lived in a heap
    it never gave back (each burst of connections left the server ~35 KiB per connection
    bigger)."""
    return msgpack.Unpacker(
        raw=False,
        strict_map_key=True,
        use_list=True,
        max_buffer_size=2 * limits.max_frame,
        read_size=4096,
        max_str_len=limits.max_str,
        max_bin_len=limits.max_bin,
        max_array_len=limits.max_array,
        max_map_len=limits.max_map,
        max_ext_len=0,
    )


_PACKER = msgpack.Packer(**_packer_defaults)
_PACKER_THREAD = threading.get_ident()


def encode(message: dict[str, Any]) -> bytes:
    """One message as bytes, ready to be written as is (or to many peers).

    ``packb`` makes a packer (and its 1 MiB buffer) per call; the thread that imported this
    module (the server's trio thread) keeps one instead, which resets itself after each value
    and after an error. Other threads still make their own."""
    if threading.get_ident() == _PACKER_THREAD:
        return _PACKER.pack(message)
    return msgpack.packb(message, **_packer_defaults)


def _too_deep(obj: Any, limit: int) -> bool:
    """Whether containers nest deeper than ``limit``, walking one level at a time."""
    level = [obj] if isinstance(obj, dict | list) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        deeper: list[Any] = []
        for item in level:
            values = item.values() if isinstance(item, dict) else item
            deeper.extend(v for v in values if isinstance(v, dict | list))
        level = deeper
    return False


class Decoder:
    """Turns received bytes into messages; raises ``ProtocolError`` on a broken stream.

    After a fatal error the decoder is poisoned: the stream cannot be resynchronised, so the
    caller reports the error and closes the connection.
    """

    def __init__(self, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self._unpacker: msgpack.Unpacker | None = None  # only while a frame is incomplete
        self._spare = _SPARE_UNPACKERS.setdefault(limits, [])
        self._fed = 0
        self._frame_start = 0
        self._broken: ProtocolError | None = None

    def _take_unpacker(self) -> msgpack.Unpacker:
        """A drained unpacker of these limits; frames are counted from its ``tell()``."""
        spare = self._spare
        unpacker = spare.pop() if spare else _new_unpacker(self.limits)
        self._fed = self._frame_start = unpacker.tell()
        return unpacker

    def _give_back(self, unpacker: msgpack.Unpacker) -> None:
        self._unpacker = None
        spare = self._spare
        if len(spare) < SPARE_UNPACKERS:
            spare.append(unpacker)

    def feed(self, data: bytes) -> list[Any]:
        """Every complete value found so far, in order (values need not be maps yet)."""
        if self._broken is not None:
            raise self._broken
        out: list[Any] = []
        step = self.limits.max_frame
        try:
            for start in range(0, len(data), step):
                piece = data if len(data) <= step else data[start : start + step]
                unpacker = self._unpacker = self._unpacker or self._take_unpacker()
                unpacker.feed(piece)
                self._fed += len(piece)
                out.extend(self._drain(unpacker))
                if self._fed == self._frame_start:  # no frame begun: nothing to keep
                    self._give_back(unpacker)
        except ProtocolError as exc:
            self._broken = exc
            raise
        except (ValueError, msgpack.UnpackException) as exc:
            self._broken = ProtocolError(ErrorCode.BAD_FRAME, f"malformed msgpack: {exc}")
            raise self._broken from exc
        return out

    def _drain(self, unpacker: msgpack.Unpacker) -> Iterator[Any]:
        max_frame = self.limits.max_frame
        while True:
            try:
                value = unpacker.unpack()
            except msgpack.OutOfData:
                break
            # tell() also moves on partial reads, so frame sizes are measured between frames.
            end = unpacker.tell()
            size, self._frame_start = end - self._frame_start, end
            if size > max_frame:
                raise ProtocolError(ErrorCode.FRAME_TOO_LARGE, f"a frame exceeds {max_frame} bytes")
            if _too_deep(value, self.limits.max_depth):
                raise ProtocolError(
                    ErrorCode.TOO_DEEP, f"nesting deeper than {self.limits.max_depth} levels"
                )
            yield value
            if end == self._fed:  # all fed is read: spare unpack() its OutOfData
                break
        if self._fed - self._frame_start > max_frame:
            raise ProtocolError(ErrorCode.FRAME_TOO_LARGE, f"a frame exceeds {max_frame} bytes")
