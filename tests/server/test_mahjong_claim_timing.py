"""MJ-08: a claim window never closes sooner than 0.8 s after its discard where two or more
people play, whether or not anyone could claim; hot-seat and bot tables do not wait.

The table runs in process under trio's autojump clock (no sockets, no threads), with people
who answer through ``Table.act`` exactly as the hall's request handler would.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
import trio

from qipai.mahjong.table_options import MahjongOptions
from qipai.protocol import Decoder, ProtocolError
from server.hall import HallConfig
from server.session import Session
from server.tables.mahjong import MahjongTable
from server.tables.mahjong_config import FAST, MahjongConfig

from .test_mahjong_support import pick

DELAY = MahjongConfig().claim_delay


class QuietHall:
    """The few things a table asks of its hall; records are kept in a list."""

    def __init__(self, config: MahjongConfig) -> None:
        self.config = HallConfig(mahjong=config)
        self.stored: list = []
        self._next = 1
        self.shutting_down = False
        self.action_log = None  # nothing is logged: this table is not restored

    def is_online(self, name: str) -> bool:
        return True

    def allocate_game_id(self) -> int:
        self._next += 1
        return self._next

    def record_mahjong_hand(self, hand, coins=None, written=None) -> None:
        self.stored.append(hand)
        if written is not None:
            written(None)  # committed at once

    def table_changed(self, table) -> None:
        pass

    def close_if_abandoned(self, table) -> None:
        pass


async def person(table: MahjongTable, name: str, inbox, log: list) -> None:
    """Answer every prompt at once with a plain legal choice; log (time, message)."""
    decoder = Decoder()
    async for data in inbox:
        for message in decoder.feed(data):
            log.append((trio.current_time(), message))
            view = message.get("view")
            if view is None or view["game"]["phase"] == "over":
                if view is not None:
                    return
                continue
            seats = tuple(view["you"]["seats"])
            request = None
            if "ready" in view["you"]["legal"]:
                request = {"action": "ready"}
            elif view["hand"] and (choice := pick(view["hand"]["legal_actions"])) is not None:
                request = {"action": choice["type"], "seat": view["you"]["seat"]}
                if "tile" in choice:
                    request["tile"] = choice["tile"]
            if request is not None:
                try:
                    table.act(seats, request)
                except ProtocolError as error:  # a message that was already out of date
                    assert error.code in ("not_your_turn", "wrong_phase"), error


def gaps_after_discards(log: list) -> list[float]:
    """Seconds from each discard push to the next hand push (a claim, a draw or a win)."""
    pushes = [(t, m) for t, m in log if m.get("kind") in ("play", "timeout")]
    return [
        later - when
        for (when, message), (later, _) in zip(pushes, pushes[1:], strict=False)
        if message["events"][-1]["type"] == "claim_window"
    ]


async def play_one_hand(options: dict, people: list[str]) -> list:
    hall = QuietHall(replace(FAST, claim_delay=DELAY, seed=3))
    table = MahjongTable(hall, 1, MahjongOptions.from_wire("lengzi", options), people[0])  # type: ignore[arg-type]
    logs: list[list] = []
    async with trio.open_nursery() as nursery:
        nursery.start_soon(table.run)
        async with trio.open_nursery() as players:
            for index, name in enumerate(people):
                send, receive = trio.open_memory_channel[bytes](10_000)
                session = Session("memory", send)
                session.name = name
                log: list = []
                logs.append(log)
                players.start_soon(person, table, name, receive, log)
                table.join(session)
                if index == 0:
                    table.setup(session)
                if not options.get("hotseat"):
                    table.sit(session, str(index))
            if not options.get("hotseat") and len(people) < 4:
                table.act((str(0),), {"action": "add_bots"})
        nursery.cancel_scope.cancel()
    assert len(hall.stored) == 1
    return logs


@pytest.mark.trio
async def test_every_discard_waits_the_claim_delay_at_a_table_of_people(autojump_clock):
    logs = await play_one_hand({"hands": 1, "timed": False}, ["ann", "bob"])
    for log in logs:
        gaps = gaps_after_discards(log)
        assert len(gaps) > 20
        assert min(gaps) >= DELAY - 1e-9
        # Whether or not someone claimed, the window lasted about the same: it cannot tell.
        assert max(gaps) < DELAY + 0.01


@pytest.mark.trio
async def test_a_hotseat_table_does_not_wait(autojump_clock):
    (log,) = await play_one_hand({"hotseat": True, "bots": 3, "hands": 1}, ["ann"])
    gaps = gaps_after_discards(log)
    assert len(gaps) > 20 and max(gaps) < DELAY / 10
