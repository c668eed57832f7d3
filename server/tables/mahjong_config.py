"""The hall's mahjong timings, in one place so that tests and benchmarks can shrink them."""

from __future__ import annotations

from dataclasses import dataclass

from qipai.platform.mahjong_table_io import Timing


@dataclass(frozen=True)
class MahjongConfig(Timing):
    """The hall's mahjong timings: the match's own clocks (``Timing``: MJ-06's limits, MJ-08's
    claim delay, the bot's pause, the wait between hands, PL-17's escape grace), plus ``seed``,
    which fixes the tables' seeds (tests, benchmarks); None draws them."""

    seed: int | None = None


#: What tests and benchmarks run with: no waiting anywhere unless a test asks for it.
FAST = MahjongConfig(claim_delay=0.0, bot_pause=0.0, next_hand=0.0)
