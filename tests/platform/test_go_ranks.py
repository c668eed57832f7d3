"""The Go ladder, the band tables at every boundary, draws and the anti-collusion counter
(platform.md §1–4, PL-05 … PL-08, PL-23)."""

from __future__ import annotations

import pytest

from qipai.platform.errors import BadInput, PairingRefused
from qipai.platform.go_ranks import (
    Band,
    GoStanding,
    Outcome,
    band_of,
    check_ranked_pairing,
    parse_rank,
    rank_name,
    record_ranked_game,
    starting_rank,
)


def standing_after(rank: str, wins: int, *, last_win: bool | None = None) -> GoStanding:
    """A standing whose 20th game has just been played with ``wins`` wins in the window.

    Nineteen games are fed first (won ones first), then the 20th, whose result is ``last_win``
    (by default a win if any win is left for it). Each win is over a different opponent.
    """
    if last_win is None:
        last_win = wins > 0
    first = [True] * (wins - int(last_win)) + [False] * (19 - wins + int(last_win))
    standing = GoStanding(parse_rank(rank))
    opponent_rank = parse_rank(rank)
    for n, won in enumerate(first):
        outcome = Outcome.WIN if won else Outcome.LOSS
        standing, entry = standing.record(f"o{n}", opponent_rank, outcome, valid=True)
        assert entry.rank_after == standing.rank == parse_rank(rank)
    outcome = Outcome.WIN if last_win else Outcome.LOSS
    after, _ = standing.record("last", opponent_rank, outcome, valid=True)
    return after


def test_ladder_names_run_from_18k_to_9d():
    names = [rank_name(r) for r in range(27)]
    assert names[0] == "18k" and names[17] == "1k" and names[18] == "1d" and names[26] == "9d"
    assert [parse_rank(n) for n in names] == list(range(27))


@pytest.mark.parametrize("text", ["19k", "0k", "10d", "1p", "", "k1", 5])
def test_unknown_rank_text_is_refused(text):
    with pytest.raises(BadInput) as err:
        parse_rank(text)
    assert err.value.code == "bad_input"


def test_bands_split_at_1d_and_5d():
    assert band_of(parse_rank("1k")) is Band.KYU
    assert band_of(parse_rank("1d")) is Band.LOW_DAN
    assert band_of(parse_rank("4d")) is Band.LOW_DAN
    assert band_of(parse_rank("5d")) is Band.HIGH_DAN


# (rank, wins in the 20-game window, rank after) at each boundary of each band's table.
BOUNDARIES = [
    # 5–9 dan: 20 → +2, ≥15 → +1, ≤7 → −1, ≤3 → −2
    ("6d", 20, "8d"),
    ("6d", 19, "7d"),
    ("6d", 15, "7d"),
    ("6d", 14, "6d"),
    ("6d", 8, "6d"),
    ("6d", 7, "5d"),
    ("6d", 4, "5d"),
    ("6d", 3, "4d"),
    ("6d", 0, "4d"),
    # 1–4 dan: ≥18 → +2, ≥14 → +1, ≤6 → −1, ≤2 → −2
    ("2d", 18, "4d"),
    ("2d", 17, "3d"),
    ("2d", 14, "3d"),
    ("2d", 13, "2d"),
    ("2d", 7, "2d"),
    ("2d", 6, "1d"),
    ("2d", 3, "1d"),
    ("2d", 2, "1k"),
    # 18k–1k: ≥15 → +2, ≥10 → +1, ≤5 → −1, ≤1 → −2
    ("10k", 15, "8k"),
    ("10k", 14, "9k"),
    ("10k", 10, "9k"),
    ("10k", 9, "10k"),
    ("10k", 6, "10k"),
    ("10k", 5, "11k"),
    ("10k", 2, "11k"),
    ("10k", 1, "12k"),
]


@pytest.mark.parametrize(("rank", "wins", "after"), BOUNDARIES)
def test_band_table_boundaries(rank, wins, after):
    assert rank_name(standing_after(rank, wins).rank) == after


def test_moves_cross_kyu_dan_boundary_and_use_the_band_before_the_move():
    # 2k with 15 wins uses the kyu table (+2) and lands on 1d (PL-05).
    assert rank_name(standing_after("2k", 15).rank) == "1d"
    # 1d with 2 wins uses the 1–4 dan table (−2) and lands on 2k.
    assert rank_name(standing_after("1d", 2).rank) == "2k"
    # 4d with 20 wins: low-dan +2 → 6d; 5d with 18 wins: high-dan only +1 → 6d.
    assert rank_name(standing_after("4d", 20).rank) == "6d"
    assert rank_name(standing_after("5d", 18).rank) == "6d"


def test_moves_clamp_at_the_ends_of_the_ladder():
    assert rank_name(standing_after("9d", 20).rank) == "9d"
    assert rank_name(standing_after("8d", 20).rank) == "9d"
    assert rank_name(standing_after("18k", 0).rank) == "18k"
    assert rank_name(standing_after("17k", 0).rank) == "18k"


def test_no_evaluation_before_twenty_games():
    standing = GoStanding(parse_rank("10k"))
    for n in range(19):
        standing, entry = standing.record(f"o{n}", standing.rank, Outcome.WIN, valid=True)
        assert entry.steps == 0
    assert rank_name(standing.rank) == "10k" and len(standing.window) == 19


def test_window_is_cleared_on_a_rank_change_and_slides_otherwise():
    promoted = standing_after("10k", 10)
    assert rank_name(promoted.rank) == "9k"
    assert promoted.window == () and dict(promoted.wins_over) == {}
    stayed = standing_after("10k", 9)
    assert len(stayed.window) == 20
    # A 21st game drops the oldest one: the window still holds 20.
    after, _ = stayed.record("x", stayed.rank, Outcome.LOSS, valid=True)
    assert len(after.window) == 20 and sum(after.window) == 8


def test_invalid_games_do_not_count():
    standing = GoStanding(parse_rank("5k"))
    after, entry = standing.record("o", standing.rank, Outcome.WIN, valid=False)
    assert after == standing and not entry.counted


def test_draw_at_equal_ranks_is_a_loss_for_both():
    two_dan = parse_rank("2d")
    for _ in range(2):
        after, entry = GoStanding(two_dan).record("o", two_dan, Outcome.DRAW, valid=True)
        assert after.window == (False,) and not entry.won


def test_draw_between_3d_and_4d_is_a_win_for_3d_and_a_loss_for_4d():
    three, four = parse_rank("3d"), parse_rank("4d")
    low, low_entry = GoStanding(three).record("four", four, Outcome.DRAW, valid=True)
    high, high_entry = GoStanding(four).record("three", three, Outcome.DRAW, valid=True)
    assert low.window == (True,) and low_entry.won
    assert high.window == (False,) and not high_entry.won


def test_sixth_win_over_the_same_opponent_is_friendly_and_flagged():
    standing = GoStanding(parse_rank("3k"))
    for _ in range(5):
        standing, entry = standing.record("bob", standing.rank, Outcome.WIN, valid=True)
        assert entry.counted and not entry.collusion_flag
    sixth_standing, sixth = standing.record("bob", standing.rank, Outcome.WIN, valid=True)
    assert not sixth.counted and sixth.collusion_flag
    assert sixth_standing == standing and len(standing.window) == 5
    # Losses to the same player and wins over others still count.
    after_loss, loss = standing.record("bob", standing.rank, Outcome.LOSS, valid=True)
    assert loss.counted and len(after_loss.window) == 6
    after_other, other = standing.record("carol", standing.rank, Outcome.WIN, valid=True)
    assert other.counted and after_other.wins_over["carol"] == 1


def test_win_counter_resets_when_the_rank_changes():
    standing = standing_after("10k", 10)  # promoted to 9k
    assert rank_name(standing.rank) == "9k"
    for _ in range(5):
        standing, _ = standing.record("last", standing.rank, Outcome.WIN, valid=True)
    _, sixth = standing.record("last", standing.rank, Outcome.WIN, valid=True)
    assert sixth.collusion_flag  # five at 9k already, the earlier win at 10k did not count


def test_starting_rank_is_chosen_among_kyu_ranks():
    assert starting_rank() == parse_rank("18k")
    assert starting_rank("1k") == parse_rank("1k")
    with pytest.raises(BadInput):
        starting_rank("1d")


def test_ranked_pairing_within_one_step():
    check_ranked_pairing(parse_rank("3k"), parse_rank("3k"))
    check_ranked_pairing(parse_rank("1k"), parse_rank("1d"))
    with pytest.raises(PairingRefused) as err:
        check_ranked_pairing(parse_rank("1k"), parse_rank("2d"))
    assert err.value.code == "rank_too_far_apart"


def test_a_ranked_game_records_both_players_against_each_others_rank_before():
    three, four = GoStanding(parse_rank("3d")), GoStanding(parse_rank("4d"))
    (black, b_entry), (white, w_entry) = record_ranked_game(
        ("b", three), ("w", four), None, valid=True
    )
    assert black.window == (True,) and white.window == (False,)
    (black, _), (white, _) = record_ranked_game(("b", three), ("w", four), "white", valid=True)
    assert black.window == (False,) and white.window == (True,) and white.wins_over["b"] == 1
    with pytest.raises(PairingRefused):
        record_ranked_game(("b", three), ("w", GoStanding(parse_rank("5d"))), "black", valid=True)
    with pytest.raises(BadInput):
        record_ranked_game(("b", three), ("w", four), "red", valid=True)


def test_standing_round_trips_as_plain_data_and_refuses_garbage():
    standing = standing_after("10k", 9)
    standing, _ = standing.record("bob", standing.rank, Outcome.WIN, valid=True)
    wire = standing.to_wire()
    assert wire["rank"] == "10k" and len(wire["window"]) == 20
    assert GoStanding.from_wire(wire) == standing
    for bad in (None, {}, {**wire, "rank": "0d"}, {**wire, "window": [1]},
                {**wire, "wins_over": {"bob": 6}}, {**wire, "window": [True] * 21}):  # fmt: skip
        with pytest.raises(BadInput):
            GoStanding.from_wire(bad)


@pytest.mark.parametrize(
    ("opponent", "opponent_rank", "outcome", "valid"),
    [("", 3, "win", True), ("bob", 27, "win", True), ("bob", 3, "won", True), ("bob", 3, "win", 1)],
)
def test_bad_game_reports_are_refused(opponent, opponent_rank, outcome, valid):
    standing = GoStanding(3)
    with pytest.raises(BadInput):
        standing.record(opponent, opponent_rank, outcome, valid=valid)
