"""The codec without sockets: split feeds, oversize input, garbage, depth and type limits."""

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.protocol import Decoder, ErrorCode, Limits, ProtocolError, encode

HELLO = {"type": "hello", "id": 1, "version": 1}


def test_one_message_round_trips():
    assert Decoder().feed(encode(HELLO)) == [HELLO]


def test_byte_by_byte_feed_yields_each_message_once_complete():
    stream = encode(HELLO) + encode({"type": "ping", "id": 2})
    decoder = Decoder()
    seen = []
    for i in range(len(stream)):
        seen.extend(decoder.feed(stream[i : i + 1]))
    assert seen == [HELLO, {"type": "ping", "id": 2}]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=30))
def test_any_split_of_a_stream_decodes_the_same(cuts):
    messages = [{"type": "chat", "id": i, "text": "你好" * i} for i in range(12)]
    stream = b"".join(encode(m) for m in messages)
    decoder = Decoder()
    seen, pos = [], 0
    for cut in cuts:
        seen.extend(decoder.feed(stream[pos : pos + cut]))
        pos += cut
    seen.extend(decoder.feed(stream[pos:]))
    assert seen == messages


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(1, 40)), min_size=1, max_size=60))
def test_decoders_taking_turns_with_the_spare_unpackers_each_decode_their_own_stream(turns):
    """Between frames a decoder gives its unpacker back for any other to take (codec.py)."""
    streams = [
        b"".join(encode({"type": "chat", "id": i, "text": f"{who}" * i}) for i in range(8))
        for who in range(4)
    ]
    decoders = [Decoder() for _ in streams]
    seen: list[list] = [[] for _ in streams]
    read = [0] * len(streams)
    for who, cut in [*turns, *((who, len(stream)) for who, stream in enumerate(streams))]:
        seen[who].extend(decoders[who].feed(streams[who][read[who] : read[who] + cut]))
        read[who] += cut
    assert seen == [Decoder().feed(stream) for stream in streams]


def test_a_frame_is_measured_alone_in_an_unpacker_other_decoders_used_before():
    limits = Limits(max_frame=4096)
    for _ in range(3):
        assert Decoder(limits).feed(encode({"pad": "x" * 4000})) == [{"pad": "x" * 4000}]
    with pytest.raises(ProtocolError) as err:
        Decoder(limits).feed(encode({"pad": "x" * 4100}))
    assert err.value.code == ErrorCode.FRAME_TOO_LARGE


def test_many_small_frames_in_one_large_read_are_fine():
    messages = [{"type": "ping", "id": i} for i in range(20000)]
    stream = b"".join(encode(m) for m in messages)
    assert len(stream) > 3 * Decoder().limits.max_frame
    assert Decoder().feed(stream) == messages


def test_oversized_frame_is_rejected_even_when_each_string_is_small():
    limits = Limits(max_frame=4096)
    big = {"type": "chat", "id": 1, "parts": ["x" * 100] * 60}
    with pytest.raises(ProtocolError) as err:
        Decoder(limits).feed(encode(big))
    assert err.value.code == ErrorCode.FRAME_TOO_LARGE
    assert err.value.fatal


def test_incomplete_frame_longer_than_the_limit_is_rejected_before_it_ends():
    limits = Limits(max_frame=4096)
    big = encode({"type": "chat", "id": 1, "parts": ["x" * 100] * 60})
    with pytest.raises(ProtocolError) as err:
        Decoder(limits).feed(big[:-1])
    assert err.value.code == ErrorCode.FRAME_TOO_LARGE


def test_overlong_string_is_a_bad_frame():
    with pytest.raises(ProtocolError) as err:
        Decoder().feed(encode({"type": "chat", "id": 1, "text": "x" * 20000}))
    assert err.value.code == ErrorCode.BAD_FRAME


def test_declared_huge_array_is_refused_without_allocating():
    with pytest.raises(ProtocolError) as err:
        Decoder().feed(b"\xdd\xff\xff\xff\xff")
    assert err.value.code == ErrorCode.BAD_FRAME


def test_garbage_bytes_are_a_bad_frame_and_poison_the_decoder():
    decoder = Decoder()
    with pytest.raises(ProtocolError) as err:
        decoder.feed(b"\xc1\xc1garbage")
    assert err.value.code == ErrorCode.BAD_FRAME
    with pytest.raises(ProtocolError):
        decoder.feed(encode(HELLO))


def test_non_string_map_keys_are_refused():
    with pytest.raises(ProtocolError) as err:
        Decoder().feed(msgpack.packb({1: 2}))
    assert err.value.code == ErrorCode.BAD_FRAME


def test_ext_types_are_refused():
    with pytest.raises(ProtocolError) as err:
        Decoder().feed(msgpack.packb(msgpack.ExtType(1, b"abc")))
    assert err.value.code == ErrorCode.BAD_FRAME


def test_nesting_beyond_the_limit_is_too_deep():
    value = {"type": "x"}
    for _ in range(10):
        value = {"v": value}
    with pytest.raises(ProtocolError) as err:
        Decoder().feed(encode(value))
    assert err.value.code == ErrorCode.TOO_DEEP


def test_nesting_at_the_limit_passes():
    value: list = []
    for _ in range(7):
        value = [value]
    assert Decoder().feed(encode(value)) == [value]
