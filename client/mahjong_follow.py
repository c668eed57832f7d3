"""A seated player's mahjong table kept from incremental events (docs/protocol.md).

With ``incremental`` on, the hall sends each event's redacted events with the seats, the game
part and our own legal actions, not our whole view. ``FollowedTable`` keeps the last full view
(a snapshot, or an event that carries the whole ``hand``) and moves its hand with the events
(``qipai.mahjong.table.follow``), so every event still reaches the screen as the full view the
hall would have sent: the screen draws the same thing either way.

A gap in ``seq`` cannot be followed across: the events after it wait, and the caller asks for
a snapshot; what waited and is newer than the snapshot is taken after it.
"""

from __future__ import annotations

from typing import Any

from qipai.mahjong.table.follow import HandReplica

INCREMENTAL_KEYS = ("events", "seats", "game", "you", "hand")


def is_incremental(message: dict[str, Any]) -> bool:
    """An incremental event: no ``view``, our own ``you`` on top."""
    return message.get("type") == "event" and "view" not in message and "you" in message


class FollowedTable:
    def __init__(self) -> None:
        self.wire: dict[str, Any] | None = None  # the full view as of ``seq``
        self.seq: int | None = None
        self.replica: HandReplica | None = None
        self.waiting: dict[int, dict[str, Any]] = {}  # events past a gap, by seq
        self.gap = False  # a snapshot is wanted (the caller asks once and clears it)

    def forget(self) -> None:
        """A hall started again numbers its events afresh: follow from the next snapshot."""
        self.wire = self.seq = self.replica = None
        self.waiting.clear()

    def messages(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """What the screen takes for this push, each with its full ``view``: an incremental
        event made whole (none while it waits behind a gap, or when it is old), a full view as
        it is, followed by the events that waited for it."""
        seq = message.get("seq")
        if not is_incremental(message):
            view = message.get("view")
            if not isinstance(view, dict) or type(view.get("seq")) is not int:
                return [message]
            if self.seq is None or view["seq"] >= self.seq:
                self._reset(view)
                return [message, *self._drain()]
            return [message]
        if type(seq) is not int or (self.seq is not None and seq <= self.seq):
            return []
        if self.seq is None or seq != self.seq + 1:
            self.waiting[seq] = message
            self.gap = True
            return []
        return [self._whole(message)]

    def _reset(self, view: dict[str, Any]) -> None:
        self.wire, self.seq = view, view["seq"]
        you = view.get("you") or {}
        mine = frozenset(int(s) for s in you.get("seats") or ())
        hand = view.get("hand")
        self.replica = HandReplica(hand, mine) if hand else None
        self.gap = False

    def _drain(self) -> list[dict[str, Any]]:
        taken = []
        for seq in sorted(self.waiting):
            assert self.seq is not None
            if seq <= self.seq:
                del self.waiting[seq]
            elif seq == self.seq + 1:
                taken.append(self._whole(self.waiting.pop(seq)))
            else:
                self.gap = True
                break
        return taken

    def _whole(self, message: dict[str, Any]) -> dict[str, Any]:
        """The full view after this incremental event, and the event carrying it."""
        assert self.wire is not None
        you = dict(message["you"])
        legal = you.pop("legal_actions", [])
        game = message["game"]
        if "history" not in game:
            game = {**game, "history": self.wire["game"].get("history", [])}
        if "hand" in message:
            hand = message["hand"]
            mine = frozenset(int(s) for s in you.get("seats") or ())
            self.replica = HandReplica(hand, mine) if hand else None
        elif self.replica is not None and message.get("events"):
            self.replica.follow(message["events"])
        seat = you.get("seat")
        shown = None if seat is None else int(seat)
        view = {
            **self.wire,
            "seq": message["seq"],
            "seats": message["seats"],
            "you": you,
            "game": game,
            "hand": None if self.replica is None else self.replica.view_of(shown, legal),
        }
        self.wire, self.seq = view, message["seq"]
        whole = {k: v for k, v in message.items() if k not in INCREMENTAL_KEYS}
        if "events" in message:
            whole["events"] = message["events"]
        return {**whole, "view": view}
