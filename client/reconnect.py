"""How the client waits for a hall that went away: a restart takes seconds to a minute or two
(a crash, an upgrade, a clean stop that saved every game), so the client keeps trying for a few
minutes, quickly at first and then every quarter of a minute, rather than giving up while the
hall is on its way back."""

from __future__ import annotations

from collections.abc import Iterator

#: How long the client keeps trying before it says the hall did not come back.
PATIENCE = 300.0
FIRST_DELAY = 0.5
LONGEST_DELAY = 15.0


def backoff(
    patience: float = PATIENCE, first: float = FIRST_DELAY, longest: float = LONGEST_DELAY
) -> Iterator[float]:
    """The waits before each attempt: doubling from `first` up to `longest`, and no more than
    `patience` in all (the last wait is cut so the sum is exactly `patience`)."""
    spent, delay = 0.0, first
    while spent < patience:
        wait = min(delay, patience - spent)
        spent += wait
        yield wait
        delay = min(delay * 2, longest)


def clock(seconds: float) -> str:
    """A countdown as a player reads it: `4:05`, `0:09`."""
    whole = max(0, round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"
