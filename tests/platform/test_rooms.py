"""Room tiers and minimums, the stake table at each edge, the table fee source (§6–7)."""

from __future__ import annotations

import pytest

from qipai.mahjong.rulesets import RULESETS
from qipai.mahjong.rulesets.fees import FeePolicy
from qipai.platform.errors import BadInput, BelowRoomMinimum
from qipai.platform.rooms import (
    STAKE_TABLE,
    RoomTier,
    check_can_sit,
    economy_fee,
    fee_in_settlement,
    room_fee,
    seats_to_stand_up,
    stake_for,
)


@pytest.mark.parametrize(
    ("poorest", "stake"),
    [
        (320, 10),
        (3_199, 10),
        (3_200, 100),
        (31_999, 100),
        (32_000, 1_000),
        (319_999, 1_000),
        (320_000, 10_000),
        (3_199_999, 10_000),
        (3_200_000, 100_000),
        (10**9, 100_000),
    ],
)
def test_stake_table_edges(poorest, stake):
    assert stake_for([10**10, poorest, 10**10, 10**10]) == stake


def test_stake_example_from_the_rules_book():
    assert stake_for([5_000, 40_000, 12_000, 3_300]) == 100
    assert stake_for([5_000, 40_000, 12_000, 900]) == 10


def test_no_stake_below_the_lowest_minimum():
    with pytest.raises(BelowRoomMinimum):
        stake_for([319, 5_000, 5_000, 5_000])
    with pytest.raises(BadInput):
        stake_for([])


@pytest.mark.parametrize(
    ("tier", "minimum", "random_seats"),
    [
        (RoomTier.FREE, 320, False),
        (RoomTier.HUNDRED, 3_200, False),
        (RoomTier.THOUSAND, 32_000, False),
        (RoomTier.ANTI_CHEAT, 320, True),
    ],
)
def test_room_minimums(tier, minimum, random_seats):
    assert tier.value.random_seats is random_seats
    check_can_sit(tier, minimum)
    with pytest.raises(BelowRoomMinimum) as err:
        check_can_sit(tier, minimum - 1)
    assert err.value.code == "below_room_minimum"
    assert str(minimum) in err.value.message


def test_players_below_the_minimum_are_stood_up_before_the_deal():
    assert seats_to_stand_up(RoomTier.HUNDRED, [3_200, 3_199, 50_000, 0]) == [1, 3]


def ruleset(name: str, **values):
    cls = RULESETS[name]
    return cls(cls.Options.from_values(values))


def test_the_fee_is_settled_by_the_ruleset_or_by_the_economy_never_both():
    for name in ("lengzi", "baicheng", "zhongyou"):
        assert fee_in_settlement(ruleset(name)) and economy_fee(ruleset(name), 100) == 0
    sichuan = ruleset("sichuan")
    assert not fee_in_settlement(sichuan)
    assert economy_fee(sichuan, 100) == 10 and economy_fee(sichuan, 5) == 1


def test_room_fee_defaults():
    assert room_fee(ruleset("lengzi"), 1_000) == 10  # 000:L191, whatever the stake
    assert room_fee(ruleset("lengzi", table_fee=50), 10) == 50
    assert room_fee(ruleset("baicheng"), 1_000) == 100  # 10 % of the stake
    assert room_fee(ruleset("zhongyou", fee_percent=0), 1_000) == 0
    assert room_fee(ruleset("sichuan"), 10) == 1


def test_sichuans_fee_is_configurable_like_every_rooms():
    """PL-16: every room's fee is configurable; Sichuan's, charged by the economy, too."""
    assert economy_fee(ruleset("sichuan", fee_percent=20), 1_000) == 200
    assert economy_fee(ruleset("sichuan", xuezhan=True, fee_percent=5), 1_000) == 50
    assert economy_fee(ruleset("sichuan", fee_percent=0), 1_000) == 0
    assert economy_fee(ruleset("sichuan"), 1_000) == 100  # the default stays 10 %


def test_a_rulesets_fee_policy_is_declared_not_guessed_from_its_options():
    class FlatFee(RULESETS["sichuan"]):
        name = "flat_fee_test"
        fee_policy = FeePolicy.SETTLEMENT

    assert fee_in_settlement(FlatFee()) and economy_fee(FlatFee(), 1_000) == 0


def test_every_stake_of_the_table_is_a_legal_base_of_every_ruleset():
    """PL-13: the server builds each hand's ruleset with ``base`` = the stake."""
    for name in RULESETS:
        for _, stake in STAKE_TABLE:
            assert ruleset(name, base=stake).options.base == stake
