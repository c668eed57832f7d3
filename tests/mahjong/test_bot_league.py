"""The bot league bench (bench/bot_league.py) seeds every deal by its number, so its figures do
not depend on how many worker processes play them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import bot_league  # noqa: E402 - the bench is a script directory, not a package


def test_the_league_gives_the_same_figures_with_one_job_or_two() -> None:
    alone, split = (bot_league.league("xuezhan", "normal", 4, jobs) for jobs in (1, 2))
    assert len(alone.deal_points) == 4
    for name in ("deal_points", "deal_gains", "deal_capped", "hands", "wins", "deal_ins"):
        assert getattr(alone, name) == getattr(split, name)
    assert len(alone.times) == len(split.times) > 0


def test_the_capped_gain_holds_each_hand_within_the_cap() -> None:
    """The robust figure beside the mean: each seat's difference is cut at ±CAP before the
    deal's four plays are averaged, so one limit hand no longer carries a deal."""
    cap = bot_league.CAP
    assert bot_league.capped_gain([3, -2, 1, 0], [1, 0, 0, 0]) == pytest.approx(0.25)
    assert bot_league.capped_gain([512, -1, 0, 0], [0, 0, 0, 0]) == pytest.approx((cap - 1) / 4)
    assert bot_league.capped_gain([-1536, 0, 0, 0], [0, 0, 0, 2]) == pytest.approx((-cap - 2) / 4)
    tally = bot_league.league("zhongyou", "easy", 2, 1)
    assert len(tally.deal_capped) == 2
    assert all(abs(capped) <= cap for capped in tally.deal_capped)
