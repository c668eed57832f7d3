"""Any well-framed message gets exactly one reply and never an internal error."""

import msgpack
import trio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qipai.protocol import REQUESTS, request_id
from server.bots import BotFactory
from server.hall import Hall
from server.store import Store

from .test_clocks import Seat

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(["black", "white", "D4", "pass", "go", "play", "confirm", "toggle_dead"]),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
field_names = sorted({f.name for fields in REQUESTS.values() for f in fields} | {"type", "id"})
messages = st.one_of(
    values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(sorted(REQUESTS)), "id": st.integers(0, 10)},
        optional={name: values for name in field_names if name not in ("type", "id")},
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("act"),
            "id": st.integers(0, 10),
            "table": st.integers(0, 3),
            "action": st.sampled_from(
                [
                    "play",
                    "pass",
                    "resign",
                    "undo_request",
                    "undo_accept",
                    "toggle_dead",
                    "confirm",
                    "resume",
                    "x",
                ]
            ),
        },
        optional={
            "point": st.text(max_size=4) | st.sampled_from(["A1", "E5", "J9", "T19"]),
            "seat": values,
        },
    ),
)


async def exchange(batch: list) -> list[list[dict]]:
    store = Store(":memory:")
    replies = []
    async with trio.open_nursery() as nursery:
        hall = Hall(store, nursery, BotFactory(None, seed=1))
        ann, bob = Seat(hall, "ann"), Seat(hall, "bob")
        table = (await ann.request("create_table", room="go", options={"size": 9}))["table"]
        await ann.request("sit", table=table, seat="black")
        await bob.request("sit", table=table, seat="white")
        ann.received()
        for message in batch:
            await hall.handle(ann.session, message)
            replies.append([m for m in ann.received() if m.get("type") in ("ok", "error")])
        nursery.cancel_scope.cancel()
    store.close()
    return replies


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(messages, min_size=1, max_size=8))
def test_every_message_gets_exactly_one_reply_and_no_internal_error(batch):
    batch = [msgpack.unpackb(msgpack.packb(m), strict_map_key=False) for m in batch]
    for message, replies in zip(batch, trio.run(exchange, batch), strict=True):
        assert len(replies) == 1, (message, replies)
        (reply,) = replies
        assert reply["id"] == request_id(message)
        assert reply.get("code") != "internal_error", (message, reply)
