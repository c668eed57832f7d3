"""The Go table keeps parts of its view between events (board rows, stopped clocks, forbidden
points): every view it sends must be the one a table with nothing kept would build then."""

import copy

import msgpack
import pytest
import trio

from qipai.protocol import encode
from server.tables.go_board import BoardText

from .test_clocks import clocked_table

# C5..E5 take White D5 (rules book 3.3); the rest fill the board away from that group.
CAPTURE = ["C5", "E6", "D6", "E4", "D4", "F5", "J9", "D5", "E5"]


def built_afresh(table):
    """The same table with nothing kept from earlier events."""
    fresh = copy.copy(table)
    fresh._board_text = BoardText()
    fresh._forbidden_text = None
    fresh.game = copy.copy(table.game)
    fresh.game._forbidden = None  # the engine's list of forbidden points, kept per position
    fresh._stopped_clocks = {}
    return fresh


def assert_views_fresh(table, received) -> int:
    """Each event each seat got since the last call carries the view a fresh table builds now."""
    checked = 0
    for seat, messages in received:
        for message in messages:
            if message.get("type") != "event":
                continue
            fresh = built_afresh(table).view(table.seats_of(seat.session.name))
            fresh["seq"] = message["seq"]
            assert encode(message["view"]["game"]) == encode(fresh["game"]), message["kind"]
            assert message["view"]["you"] == fresh["you"], message["kind"]
            checked += 1
    return checked


@pytest.mark.trio
async def test_cached_views_equal_fresh_ones_through_captures_passes_undo_and_clocks(
    tmp_path, autojump_clock
):
    async with clocked_table(tmp_path) as (hall, table, ann, bob):
        by_seat = {"black": ann, "white": bob}
        ann.received(), bob.received()
        checked = 0

        async def act(seat: str, action: str, think: float = 1.5, **fields) -> None:
            nonlocal checked
            await trio.sleep(think)  # both clocks move, the stopped one must not
            actor = by_seat[seat]
            request = {"type": "act", "id": 1, "table": table.id, "action": action, **fields}
            await hall.handle(actor.session, request)
            received = [(s, s.received()) for s in (ann, bob)]
            replies = [m for m in dict(received)[actor] if m.get("id") == 1]
            assert [r["type"] for r in replies] == ["ok"], replies
            checked += assert_views_fresh(table, received)

        for number, point in enumerate(CAPTURE):
            await act("black" if number % 2 == 0 else "white", "play", point=point)
        assert table.game.captures[table.game.to_move.other] == 1
        await act("white", "undo_request")
        await act("black", "undo_decline")
        await act("white", "play", point="A9")
        await act("black", "undo_request")
        await act("white", "undo_accept")  # takes back white A9 and black's capture E5
        assert table.game.move_number == len(CAPTURE) - 1
        await act("black", "play", point="E5", think=55.0)  # black's main time nearly gone
        await act("white", "play", point="A1")
        await act("black", "play", point="J1", think=12.0)  # into byo-yomi
        assert table.game_view()["clocks"]["black"]["byoyomi"]
        await act("white", "pass")
        await act("black", "pass")
        assert table.game.phase == "scoring"
        await act("white", "toggle_dead", point="A1")
        await act("black", "resume")  # the opponent of who resumed moves (GO-04)
        await act("white", "play", point="B9")
        await act("black", "pass")
        await act("white", "pass")
        await act("white", "confirm")
        await act("black", "confirm")
        await hall.flush()
        checked += assert_views_fresh(table, [(s, s.received()) for s in (ann, bob)])
        assert table.phase == "over"
        assert checked >= 2 * 27
        over = built_afresh(table).game_view()
        assert encode(table.game_view()) == encode(over)
        assert msgpack.unpackb(encode(over))["result"] is not None
