"""What the levelled bot thinks a win is worth (qipai/mahjong/bot_worth.py): the table's own
payment rules and scoring, never a private fan table."""

from __future__ import annotations

import pytest

from qipai.mahjong import bot_player, bot_shape
from qipai.mahjong.bot_player import LEVEL
from qipai.mahjong.bot_seat import SeatPicture
from qipai.mahjong.bot_worth import CALL_OVER_PLAIN, SELF_DRAW_SHARE, WinPrices, win_worth
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.scoring import multiplier
from qipai.mahjong.table.machine import HandMachine, Phase
from qipai.mahjong.tiles import kind_of

SHARE = SELF_DRAW_SHARE


def test_guobiao_prices_a_win_at_fan_plus_eight_not_doubled() -> None:
    """国标's settlement: fan + 8 from the discarder and 8 from each of the others, or fan + 8
    from each on a self-draw. Sixteen more fans are worth sixteen points a payer, not 2^16."""
    prices = WinPrices.of(get_ruleset("guobiao"))
    assert prices.points(8) == pytest.approx(SHARE * 3 * 16 + (1 - SHARE) * (16 + 2 * 8))
    assert prices.points(24) - prices.points(8) == pytest.approx(SHARE * 3 * 16 + (1 - SHARE) * 16)
    assert prices.points(24) / prices.points(8) < 2


def test_sichuan_self_draw_pays_the_base_on_top_so_cheap_hands_are_dearer() -> None:
    """SC: a discard win pays 2^(fan-1) from the discarder; a self-draw 2^(fan-1) + 1 from
    each of three. A flush (3 fan) is four plain wins by discard but less than that overall."""
    prices = WinPrices.of(get_ruleset("sichuan"))
    for fan in (1, 3):
        unit = multiplier(fan)
        assert prices.points(fan) == pytest.approx(SHARE * 3 * (unit + 1) + (1 - SHARE) * unit)
    assert 2.5 < prices.points(3) / prices.points(1) < 4
    # with one opponent left (血战到底 after two wins) a self-draw has one payer
    assert prices.points(1, others=1) == pytest.approx(SHARE * 2 + (1 - SHARE) * 1)


@pytest.mark.parametrize(
    ("name", "flush_over_plain"),
    [("sichuan", 5.84 / 2), ("zhongyou", 128.0)],
)
def test_each_pattern_is_priced_by_the_rulesets_own_scoring(
    name: str, flush_over_plain: float
) -> None:
    """Zhongyou's 清一色 (7 fan, with 门前清 at its 9-fan limit) pays 128 times its plain
    concealed hand (平胡 + 门前清); Sichuan's 清一色 (3 fan) about three times 平和."""
    ruleset = get_ruleset(name)
    picture = SeatPicture(ruleset, HandMachine(ruleset, 3, 0).view(1), 1)
    worth = win_worth(ruleset, 1, picture.facts)
    assert worth.patterns["flush"] / worth.patterns["plain"] == pytest.approx(
        flush_over_plain, rel=0.01
    )


def test_a_plain_hand_cannot_win_in_guobiao_but_a_flush_can() -> None:
    """国标's 8-fan minimum: the plain sample (chows in two suits, no pattern) scores None,
    the flush sample (清一色, 24 fan and more) wins."""
    ruleset = get_ruleset("guobiao")
    picture = SeatPicture(ruleset, HandMachine(ruleset, 3, 0).view(1), 1)
    patterns = win_worth(ruleset, 1, picture.facts).patterns
    assert patterns["plain"] is None
    assert patterns["flush"] is not None


def ready_guobiao_view() -> tuple[HandMachine, int, dict]:
    """The first position, over seeded four-bot hands, where a seat to discard is ready with
    waits of different fans (so the same every run)."""
    ruleset = get_ruleset("guobiao")
    for seed in range(40):
        hand = HandMachine(ruleset, seed, seed % 4)
        while not hand.over:
            seat = hand.to_act()[0]
            if hand.phase is Phase.TURN:
                picture = SeatPicture(ruleset, hand.view(seat), seat)
                for tile in picture.tiles:
                    counts = list(picture.counts)
                    counts[kind_of(tile)] -= 1
                    values = picture.wait_values(counts)
                    if len(set(values.values())) > 1:
                        return hand, seat, dict(values)
            hand.apply(bot_shape.choose_action(hand, seat))
    raise AssertionError("no ready 国标 hand with waits of different fans in 40 deals")


def test_a_guobiao_wait_is_worth_its_fan_plus_eight_points() -> None:
    """Each wait of a ready 国标 hand is valued at what its win pays there, so two waits a few
    fans apart are worth nearly the same (2^fan would make the dearer one many times
    better)."""
    hand, seat, values = ready_guobiao_view()
    ruleset = hand.ruleset
    picture = SeatPicture(ruleset, hand.view(seat), seat)
    worth = win_worth(ruleset, seat, picture.facts)
    prices = WinPrices.of(ruleset)
    low, high = min(values.values()), max(values.values())
    fans = {round(worth.worth(fan, len(picture.opponents)), 9): fan for fan in range(8, 89)}
    low_fan, high_fan = fans[round(low, 9)], fans[round(high, 9)]
    assert high / low == pytest.approx(prices.points(high_fan) / prices.points(low_fan))
    assert high / low < 2 ** (high_fan - low_fan)


def test_the_decision_replays_identically_from_the_same_view() -> None:
    hand, seat, _ = ready_guobiao_view()
    view = hand.view(seat)
    moves = {bot_player.decide(hand.ruleset, view, seat, level) for level in LEVEL for _ in "ab"}
    assert len(moves) <= len(LEVEL)
    assert all(move in hand.legal_actions(seat) for move in moves)


def test_being_ready_at_a_drawn_end_is_worth_something_only_where_the_unready_pay() -> None:
    """四川's 查大叫: a hand not ready at a drawn end pays every ready one, so turning ready is
    worth about one such payment (``CALL_OVER_PLAIN`` times the plain win's) per opponent;
    the rulesets without the rule price it at nothing."""
    for name in ("sichuan", "lengzi", "baicheng", "zhongyou", "guobiao"):
        ruleset = get_ruleset(name)
        picture = SeatPicture(ruleset, HandMachine(ruleset, 3, 0).view(1), 1)
        worth = win_worth(ruleset, 1, picture.facts)
        if name == "sichuan":
            assert worth.call == pytest.approx(CALL_OVER_PLAIN * worth.scale)
        else:
            assert worth.call == 0


def test_the_kong_price_is_the_line_the_settlement_pays_by() -> None:
    """``Ruleset.kong_price`` is read from the same table as the payment reference: 刮风 from
    the feeder of a direct kong, from each other seat for an added one, 下雨 twice that."""
    ruleset = get_ruleset("sichuan", {"base": 2})
    prices = {t: ruleset.kong_price(t) for t in ("kong_exposed", "kong_added", "kong_concealed")}
    assert [(p.reason, p.payer, p.amount) for p in prices.values()] == [
        ("刮风", "feeder", 2),
        ("刮风", "others", 2),
        ("下雨", "others", 4),
    ]
    assert set(prices.values()) <= set(ruleset.payment_reference())
    assert get_ruleset("zhongyou").kong_price("kong_concealed") is None
