"""The bot league bench (bench/bot_league.py) seeds every deal by its number, so its figures do
not depend on how many worker processes play them."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import bot_league  # noqa: E402 - the bench is a script directory, not a package


def test_the_league_gives_the_same_figures_with_one_job_or_two() -> None:
    alone, split = (bot_league.league("xuezhan", "normal", 4, jobs) for jobs in (1, 2))
    assert len(alone.deal_points) == 4
    for name in ("deal_points", "deal_gains", "hands", "wins", "deal_ins", "ref_wins"):
        assert getattr(alone, name) == getattr(split, name)
    assert len(alone.times) == len(split.times) > 0
