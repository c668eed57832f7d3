"""Events and their redaction.

Every event has a public part, the same for every seat and for spectators, and at most one
private part addressed to a single seat (its own draw, its dealt tiles). The public event log is
therefore identical for everyone: "seat 2 drew" never carries the tile. A new event type must
decide what is public before it is added.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    type: str
    public: dict = field(default_factory=dict)
    to: int | None = None
    private: dict | None = None

    def for_seat(self, seat: int | None) -> dict:
        """The wire form as seat ``seat`` (None = spectator) may see it."""
        wire = {"type": self.type, **self.public}
        if self.private is not None and seat is not None and seat == self.to:
            wire["private"] = dict(self.private)
        return wire
