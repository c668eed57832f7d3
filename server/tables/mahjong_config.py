"""The hall's mahjong timings, in one place so that tests and benchmarks can shrink them."""

from __future__ import annotations

from dataclasses import dataclass

from qipai.platform.mahjong_table_io import Timing


@dataclass(frozen=True)
class MahjongConfig:
    """Seconds.  ``turn``/``claim`` are MJ-06's limits; ``claim_delay`` is MJ-08's minimum
    wait after a discard (only where two or more people play, so nobody can time a prompt);
    ``bot_pause`` lets people follow what bots do; ``next_hand`` is the wait between hands on
    timed tables.  ``escape_grace`` is how long a player may stay offline during a hand
    before it counts as an escape (PL-17).  ``seed`` fixes the tables' seeds (tests,
    benchmarks); None draws them."""

    turn: float = 15.0
    claim: float = 8.0
    claim_delay: float = 0.8
    bot_pause: float = 0.5
    next_hand: float = 15.0
    escape_grace: float = 90.0
    seed: int | None = None

    @property
    def timing(self) -> Timing:
        """The table rules' clocks, as the match takes them."""
        return Timing(
            self.turn,
            self.claim,
            self.claim_delay,
            self.bot_pause,
            self.next_hand,
            self.escape_grace,
        )


#: What tests and benchmarks run with: no waiting anywhere unless a test asks for it.
FAST = MahjongConfig(claim_delay=0.0, bot_pause=0.0, next_hand=0.0)
