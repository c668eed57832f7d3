"""Protocol bots for mahjong tables and the replay check behind the leak test (no tests here).

A ``SeatBot`` is a real TCP client: it only reads what the server sends and answers with one of
the legal actions it was given, the way any third-party bot would.  ``check_stream`` replays
each stored hand with the machine and compares every message a receiver got with what that
receiver is entitled to: the machine's redaction for its seats, nothing more.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import trio

from qipai.mahjong.analysis import shanten
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table import Action
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.tiles import NUM_KINDS, kind_of
from server.hall import HallConfig
from server.tables.mahjong_config import FAST
from server.tables.mahjong_views import redact

from .harness import Client, user

PREFERENCE = (
    "win",
    "self_win",
    "kong",
    "pung",
    "concealed_kong",
    "added_kong",
    "chow",
    "declare_void",
    "discard",
    "pass",
)
HAND_KINDS = ("deal", "play", "timeout", "settled")


def fast_config(**changes: Any) -> HallConfig:
    from dataclasses import replace

    return HallConfig(mahjong=replace(FAST, seed=7, **changes))


PLAY_GIVE_UP = 120.0
"""Real seconds a test match may take before the test fails: the bound is in real time, since
under the autojump clock virtual time runs on while a store write waits for its thread, so a
count of virtual sleeps can run out with the match half played."""


def until_finished(table: Any) -> Iterator[int]:
    """The passes of a test's play loop, until ``table``'s match is over; fails the test if
    it is not over within ``PLAY_GIVE_UP`` real seconds."""
    give_up = time.monotonic() + PLAY_GIVE_UP
    passes = 0
    while not table.core.finished:
        if time.monotonic() > give_up:
            raise AssertionError(f"the match is not over after {passes} passes")
        yield passes
        passes += 1


def pick(legal: list[dict], tiles: list[int] | None = None) -> dict | None:
    """A plain, legal choice: win, then any meld, then the discard that keeps the hand
    closest to ready (shanten over ``tiles``, the hand as the view shows it), else pass."""
    for kind in PREFERENCE:
        options = [a for a in legal if a["type"] == kind]
        if options:
            if kind == "discard" and tiles:
                return min(options, key=lambda a: (_after(tiles, a["tile"]), -a["tile"]))
            return options[-1] if kind == "discard" else options[0]
    return None


def _after(tiles: list[int], discard: int) -> int:
    counts = [0] * NUM_KINDS
    for tile in tiles:
        if tile != discard:
            counts[kind_of(tile)] += 1
    return shanten(counts)


@dataclass
class SeatBot:
    client: Client
    table: int
    name: str
    received: list[dict] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    view: dict | None = None
    acted: set = field(default_factory=set)
    times: list[float] = field(default_factory=list)

    def _take(self, message: dict) -> None:
        if message.get("table") != self.table:
            return
        self.received.append(message)
        self.times.append(trio.current_time())
        view = message.get("view")
        if view is None and "you" in message:  # an incremental event: what changes, no hand
            hand = {"legal_actions": message["you"]["legal_actions"], "seats": None}
            view = {"seq": message["seq"], "game": message["game"], "you": message["you"]}
            view.update(seats=message["seats"], hand=hand)
        if view is not None and (self.view is None or view["seq"] >= self.view["seq"]):
            self.view = view

    def drain(self) -> None:
        while self.client.pushes:
            self._take(self.client.pushes.pop(0))

    async def play(self, stop_after_actions: int | None = None, until=None) -> dict:
        """Answer every prompt until the match is over (or after some actions, or once
        ``until(view)`` holds); the last view."""
        done = 0
        while True:
            self.drain()
            view = self.view
            if view is not None:
                if view["game"]["phase"] == "over" or (until is not None and until(view)):
                    return view
                request = self.choose(view)
                if request is not None:
                    key = (view["seq"], str(sorted(request.items())))
                    if key not in self.acted:
                        self.acted.add(key)
                        reply = await self.client.request("act", table=self.table, **request)
                        if reply["type"] == "error":
                            self.errors.append(reply["code"])
                        done += 1
                        if stop_after_actions is not None and done >= stop_after_actions:
                            self.drain()
                            return view
                        continue
            with trio.fail_after(30):
                await self.client._receive()

    async def follow(self) -> dict:
        """Only read (a spectator) until the match is over; the last view."""
        while True:
            self.drain()
            if self.view is not None and self.view["game"]["phase"] == "over":
                return self.view
            with trio.fail_after(30):
                await self.client._receive()

    def choose(self, view: dict) -> dict | None:
        if "ready" in view["you"]["legal"]:
            return {"action": "ready"}
        hand = view["hand"]
        if hand is None or view["game"]["phase"] != "playing":
            return None
        seat = view["you"]["seat"]
        tiles = hand["seats"][int(seat)]["hand"] if hand["seats"] else None
        choice = pick(hand["legal_actions"], tiles)
        if choice is None:
            return None
        request = {"action": choice["type"], "seat": seat}
        if "tile" in choice:
            request["tile"] = choice["tile"]
        return request


async def seated_table(server, room: str, options: dict | None = None, names=None, watchers=()):
    """Four players at a new table, seated in order (the fourth sit starts it); the
    ``watchers`` (clients) watch from before the start."""
    names = names or ["ann", "bob", "cat", "dan"]
    clients = [await user(server, name) for name in names]
    created = await clients[0].ok("create_table", room=room, options=options or {})
    table = created["table"]
    for watcher in watchers:
        await watcher.ok("watch", table=table)
    for seat, client in enumerate(clients):
        await client.ok("sit", table=table, seat=str(seat))
    return table, [SeatBot(c, table, n) for c, n in zip(clients, names, strict=True)]


async def play_all(bots: list[SeatBot], spectators: tuple[SeatBot, ...] = ()) -> list[dict]:
    views: list[dict] = [{}] * len(bots)

    async def one(index: int) -> None:
        views[index] = await bots[index].play()

    async with trio.open_nursery() as nursery:
        for index in range(len(bots)):
            nursery.start_soon(one, index)
        for spectator in spectators:
            nursery.start_soon(spectator.follow)
    return views


async def stored_hands(client: Client, view: dict) -> list[dict]:
    return [(await client.ok("game_record", game=h["game"])) for h in view["game"]["history"]]


def strip_legal(hand: dict) -> dict:
    return {k: v for k, v in hand.items() if k != "legal_actions"}


def check_stream(received: list[dict], records: list[dict], seats: frozenset[int]) -> int:
    """Every hand message a receiver got equals the machine's redaction for ``seats``, in
    order; every other message carries only a view that hides the same things.  Returns the
    number of hand messages checked."""
    hand_pushes = [m for m in received if m.get("type") == "event" and m["kind"] in HAND_KINDS]
    by_hand: list[list[dict]] = []
    for message in hand_pushes:
        if message["kind"] == "deal":
            by_hand.append([])
        by_hand[-1].append(message)
    assert len(by_hand) >= len(records)
    checked = 0
    shown = min(seats) if seats else None
    for pushes, stored in zip(by_hand, records, strict=False):
        record = stored["record"]
        ruleset = get_ruleset(record["ruleset"], record["options"])
        machine = HandMachine(ruleset, record["seed"], record["dealer"], record["table_state"])
        expected = [[redact(e, seats) for e in machine.events]]
        views = [machine.view(shown)]
        for wire in record["actions"]:
            before = len(machine.events)
            machine.apply(Action.from_wire(wire))
            new = machine.events[before:]
            played = [e for e in new if e.type != "hand_ended"]
            ended = [e for e in new if e.type == "hand_ended"]
            view = machine.view(shown)
            if played or ended:  # the end itself at once, its settlement once stored
                expected.append([redact(e, seats) for e in played])
                views.append({**view, "settlement": None} if ended else view)
            if ended:
                expected.append([redact(e, seats) for e in ended])
                views.append(view)
        assert len(pushes) == len(expected)
        for push, events, view in zip(pushes, expected, views, strict=True):
            assert push["events"] == events
            if len(seats) <= 1 and "view" in push:
                assert strip_legal(push["view"]["hand"]) == strip_legal(view)
                got = push["view"]["hand"]["legal_actions"]
                assert all(a in view["legal_actions"] for a in got)
            elif len(seats) == 1:  # incremental: its own seat's legal actions, no more
                assert all(a in view["legal_actions"] for a in push["you"]["legal_actions"])
                assert "view" not in push
                if "hand" in push:  # what the events cannot tell: the whole hand, as in a view
                    assert strip_legal(push["hand"]) == strip_legal(view)
            checked += 1
        assert machine.settlement.to_wire() == stored["settlement"]
    for message in received:
        if "view" in message:
            assert_hidden(message["view"], seats)
        elif "hand" in message:
            assert_hidden(message, seats)
        assert_own_claims(message.get("view") or message, seats)
    return checked


def assert_own_claims(view: dict, seats: frozenset[int]) -> None:
    """Other seats' claim options (MJ-08) reach only a connection playing several seats, and
    only for its own seats."""
    you = view.get("you")
    if isinstance(you, dict) and "claims" in you:
        assert len(seats) > 1, you
        assert {int(s) for s in you["claims"]} <= seats, you


RIVER_SHAPES = ({"tile", "n"}, {"tile", "n", "drawn"}, {"tile", "n", "claimed_by", "claim"})


def assert_public_river(seat_view: dict) -> None:
    """A river says of each discard only what everyone saw happen (issue 15): its tile, its
    number, 摸切 or not, who took it; the tiles still lying there are the seat's discards."""
    river = seat_view["river"]
    assert all(set(entry) - {"drawn"} in RIVER_SHAPES for entry in river), river
    lying = [entry["tile"] for entry in river if "claimed_by" not in entry]
    assert lying == seat_view["discards"], seat_view


def assert_hidden(view: dict, seats: frozenset[int]) -> None:
    """What no receiver may see of seats it does not hold, whatever the message."""
    hand = view["hand"]
    if hand is None:
        return
    ended = hand["phase"] == "ended"
    for seat_view in hand["seats"]:
        seat = seat_view["seat"]
        assert_public_river(seat_view)
        if seat in seats:
            continue
        for hint in (
            "waits",
            "ready_discards",
            "shanten",
            "cannot_win",
        ):  # the hint line is the seat's
            assert seat_view[hint] is None, (seat, hint, seat_view)
        if not ended and seat_view["won"] is None:
            assert seat_view["hand"] is None, (seat, seat_view)
            for meld in seat_view["melds"]:
                if meld["type"] == "kong_concealed" and hand["ruleset"] != "lengzi":
                    assert meld == {"type": "kong_concealed", "hidden": True}
        if hand["phase"] == "declare_void":
            assert seat_view["void"] is None
    if not seats:
        assert hand["legal_actions"] == []
    assert "tiles" not in hand and isinstance(hand["wall"], int)
