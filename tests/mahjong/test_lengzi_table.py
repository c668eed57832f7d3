"""长安棱子 on the table machine: set positions written in the rules book's notation.

``Deal`` (also used by the Baicheng and Zhongyou table tests) hands out distinct tile instances
for the kinds a position names and stacks a wall: the scripted draws first, then every unused
tile of the set, then the tail stacks the test chose for kong replacements.
"""

from __future__ import annotations

from collections import Counter

import pytest

from qipai.mahjong.bots import BASELINE, play_hand
from qipai.mahjong.notation import MeldKind, parse_hand
from qipai.mahjong.rulesets.base import Ruleset
from qipai.mahjong.rulesets.lengzi import Lengzi, LengziOptions, book_pot, set_xiapao
from qipai.mahjong.scoring import HOUSE, POT, Payment, net
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.errors import IllegalAction
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table.match import Match
from qipai.mahjong.table.state import TableMeld
from qipai.mahjong.tiles import kind_of, kinds_in_set, parse_kinds
from qipai.mahjong.wall import Wall

EAST, SOUTH, WEST, NORTH = range(4)


class Deal:
    """One set position: every kind named gets its own instance (at most four copies)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.used: Counter[int] = Counter()

    def tile(self, kind: int) -> int:
        copy = self.used[kind]
        assert copy < 4, f"a fifth copy of kind {kind} was asked for"
        self.used[kind] += 1
        return kind * 4 + copy

    def tiles(self, text: str) -> list[int]:
        return [self.tile(k) for k in parse_kinds(text)]

    def seat(self, text: str, from_seat: int) -> tuple[list[int], list[TableMeld]]:
        hand = parse_hand(text)
        concealed = [self.tile(k) for k in hand.concealed]
        melds = []
        for meld in hand.melds:
            tiles = tuple(self.tile(k) for k in meld.tiles)
            source = None if meld.kind is MeldKind.KONG_CONCEALED else from_seat
            melds.append(TableMeld(meld.kind.value, meld.tiles[0], tiles, source))
        return concealed, melds

    def start(
        self,
        seats: list[str],
        *,
        draws: str = "",
        tail: str = "",
        filler: int | None = None,
        dealer: int = EAST,
        turn: int | None = None,
    ) -> HandMachine:
        """``tail`` lists the last stacks' tiles in wall order (top, bottom, top, bottom ...)."""
        hands, melds = [], []
        for seat, text in enumerate(seats):
            concealed, seat_melds = self.seat(text, from_seat=(seat + 3) % 4)
            hands.append(concealed)
            melds.append(seat_melds)
        head = self.tiles(draws)
        end = self.tiles(tail)
        spare = [
            self.tile(k)
            for k in kinds_in_set(self.ruleset.tile_set_size)
            for _ in range(4 - self.used[k])
        ]
        if filler is not None:
            spare = spare[:filler]
        if (len(head) + len(spare) + len(end)) % 2:
            spare.pop()  # a wall is made of whole stacks
        wall = Wall.stacked(head + spare + end)
        return HandMachine.arranged(
            self.ruleset, wall, hands, dealer=dealer, turn=turn, melds=melds
        )


def act(hand: HandMachine, seat: int, kind: ActionType, tile: int | None = None) -> None:
    hand.apply(Action(seat, kind, tile))


def discard(hand: HandMachine, seat: int, kind_text: str) -> int:
    (kind,) = parse_kinds(kind_text)
    tile = next(t for t in hand.seats[seat].concealed if kind_of(t) == kind)
    act(hand, seat, ActionType.DISCARD, tile)
    return tile


def answer_all(hand: HandMachine, choices: dict[int, ActionType]) -> None:
    """Every prompted seat answers: its listed choice, or pass."""
    for seat in list(hand.to_act()):
        act(hand, seat, choices.get(seat, ActionType.PASS))


# --- the worked examples on the machine -------------------------------------------------------


def test_example_3_lengzi_bomb_through_the_machine() -> None:
    """West self-draws C onto a single wait: 棱子炸, 下炮 with South, the pot, East's kong."""
    deal = Deal(Lengzi(LengziOptions(base=50)))
    hand = deal.start(
        [
            "{9999m} 123p 456s 789s W",
            "234m 567m 345p 66s 78s",
            "111m 456p 789p 234s C",
            "345m 678m 123s 45s SS",
        ],
        draws="C",
        dealer=SOUTH,
        turn=WEST,
    )
    hand.table_state["pot"] = 200
    set_xiapao(hand.table_state, SOUTH, True)
    act(hand, WEST, ActionType.SELF_WIN)
    assert hand.over and hand.settlement is not None
    assert [f.name_zh for f in hand.wins[0].score.fans] == ["炸弹", "棱子"]
    assert list(hand.settlement.payments) == [
        *(Payment(seat, HOUSE, 10, "台费") for seat in range(4)),
        Payment(EAST, WEST, 200, "棱子炸"),
        Payment(SOUTH, WEST, 400, "棱子炸"),
        Payment(NORTH, WEST, 200, "棱子炸"),
        Payment(SOUTH, WEST, 100, "下炮"),
        Payment(POT, WEST, 200, "锅底"),
        Payment(SOUTH, EAST, 100, "暗杠"),
        Payment(WEST, EAST, 100, "暗杠"),
        Payment(NORTH, EAST, 100, "暗杠"),
    ]
    assert hand.settlement.seat_totals() == [90, -610, 990, -310]  # the book's table
    book_pot(hand.table_state, list(hand.settlement.payments))
    assert hand.table_state["pot"] == 0
    assert hand.ruleset.next_dealer(hand) == WEST


def test_example_5_head_bump_nearest_winner_after_the_discarder() -> None:
    deal = Deal(Lengzi())
    hand = deal.start(
        [
            "123m 456m 789m 11s 5p E W",
            "123s 456s 789s EE 46p",
            "234m 567m 345p 66s 78s",
            "234s 567s 123p 99s 55p",
        ],
        turn=EAST,
    )
    discard(hand, EAST, "5p")
    answer_all(hand, {SOUTH: ActionType.WIN, NORTH: ActionType.WIN})
    assert [w.seat for w in hand.wins] == [SOUTH]
    assert hand.wins[0].discarder == EAST
    totals = net(hand.settlement.payments)
    assert totals[SOUTH] == 4 - 10  # the dealer pays A x 2 x 2 for the closed wait; fee 10
    assert totals[EAST] == -4 - 100 - 10  # and feeds the pot
    assert totals[POT] == 100


def test_exhaustive_draw_at_twenty_tiles_pays_nothing() -> None:
    """LZ-07: the draw due with 20 tiles left ends the hand; kong money is not paid (LZ-03)."""
    deal = Deal(Lengzi())
    hand = deal.start(
        [
            "{9999m} 123m 456m 78m 11s E",
            "234p 567p 345s 66s 78s",
            "234s 567s 123p 99p 55p",
            "345p 678p 13s WW NN C",
        ],
        filler=22,
        turn=EAST,
    )
    assert hand.wall.remaining() == 22
    discard(hand, EAST, "E")
    answer_all(hand, {})
    assert hand.wall.remaining() == 21  # South drew
    discard(hand, SOUTH, "8s")
    answer_all(hand, {})
    assert hand.wall.remaining() == 20  # West drew; the next draw is due with 20 left
    tile = hand.seats[WEST].last_drawn
    act(hand, WEST, ActionType.DISCARD, tile)
    answer_all(hand, {})
    assert hand.over and hand.exhaustive
    assert hand.settlement.payments == ()
    assert hand.ruleset.next_dealer(hand) == EAST


def test_replacement_top_after_exposed_kong_bottom_after_concealed() -> None:
    """LZ-02: 明杠上面，暗杠下面."""
    deal = Deal(Lengzi())
    hand = deal.start(
        [
            "7777s 123m 456m 789m E",
            "234p 567p 345s 66s 99p",
            "234s 88s 123p 456p 11p",
            "345p 678p 13s WW NN C",
        ],
        tail="C F",
        turn=EAST,
    )
    act(hand, EAST, ActionType.CONCEALED_KONG, parse_kinds("7s")[0])
    assert kind_of(hand.seats[EAST].last_drawn) == parse_kinds("F")[0]

    deal = Deal(Lengzi())
    hand = deal.start(
        [
            "888s 123m 456m 789m E W",
            "234p 567p 345s 66s 99p",
            "234s 8s 123p 456p 11p S",
            "345p 678p 13s WW NN C",
        ],
        tail="C F",
        turn=EAST,
    )
    discard(hand, EAST, "W")
    answer_all(hand, {})
    discard(hand, SOUTH, "9p")
    answer_all(hand, {})
    discard(hand, WEST, "8s")
    answer_all(hand, {EAST: ActionType.KONG})
    assert kind_of(hand.seats[EAST].last_drawn) == parse_kinds("C")[0]


def test_concealed_kongs_are_laid_face_up() -> None:
    deal = Deal(Lengzi())
    hand = deal.start(
        [
            "{9999m} 123m 456m 78m 11s E",
            "234p 567p 345s 66s 78s",
            "234s 567s 123p 99p 55p",
            "345p 678p 13s WW NN C",
        ],
        turn=EAST,
    )
    for seat in (SOUTH, None):
        east = hand.view(seat)["seats"][EAST]
        assert east["melds"][0]["type"] == "kong_concealed"
        assert sorted(kind_of(t) for t in east["melds"][0]["tiles"]) == [8, 8, 8, 8]


# --- the table state across hands ---------------------------------------------------------------


def test_pot_booking_and_the_first_leaver_split() -> None:
    match = Match(Lengzi(), seed=1)
    book_pot(
        match.table_state,
        [Payment(WEST, POT, 100, "点炮入锅"), Payment(NORTH, POT, 100, "点炮入锅")],
    )
    assert match.pot == 200
    assert match.leave(NORTH) == [Payment(POT, s, 66, "锅底平分") for s in (0, 1, 2)]
    assert match.pot == 2 and match.scores == [66, 66, 66, 0] and match.first_leaver == NORTH
    book_pot(match.table_state, [Payment(EAST, POT, 100, "点炮入锅")])
    assert match.leave(EAST) == []  # only the first leaver splits it
    assert match.pot == 102


def test_xiapao_toggle_is_checked() -> None:
    state = Lengzi().new_table_state()
    set_xiapao(state, NORTH, True)
    assert state["xiapao"] == [False, False, False, True]
    for seat, on in ((4, True), (NORTH, 1)):
        with pytest.raises(IllegalAction) as refused:
            set_xiapao(state, seat, on)
        assert refused.value.code == "illegal_action"
    assert state["xiapao"] == [False, False, False, True]


def test_108_tile_room_option() -> None:
    ruleset = Lengzi(LengziOptions(tiles=108))
    hand = HandMachine(ruleset, seed=7, dealer=EAST)
    held = sum(len(s.concealed) for s in hand.seats)
    assert held + hand.wall.remaining() == 108
    assert all(kind_of(t) < 27 for s in hand.seats for t in s.concealed)


def test_the_pot_is_carried_across_the_hands_of_a_match() -> None:
    """Each finished hand's pot movements are booked into the table state the next hand uses."""
    match = Match(Lengzi(), seed=4)
    for seed in range(4):
        hand = play_hand(match.start_hand(seed))
        before = hand.table_state["pot"]
        match.finish_hand(hand)
        assert match.table_state["pot"] == before + net(hand.settlement.payments).get(POT, 0)
    assert match.table_state["pot"] == match.pot


def test_the_matchs_pot_is_the_table_states_pot_after_a_leaver_splits_it() -> None:
    """LZ-10: the first leaver's split of the 200 in the pot shows in ``match.pot`` too (one
    count, kept in the table state), and so does a pot the server sets after short payments."""
    match = Match(Lengzi(), seed=4)
    for seed in range(5):
        match.finish_hand(play_hand(match.start_hand(seed), [BASELINE] * 4))
    assert match.pot == 200
    assert match.leave(NORTH) == [
        Payment(POT, seat, 66, "锅底平分") for seat in (EAST, SOUTH, WEST)
    ]
    assert match.pot == match.table_state["pot"] == 2
    match.pot = 1
    assert match.pot == match.table_state["pot"] == 1


def test_robbing_the_kong_the_konger_pays_and_feeds_the_pot() -> None:
    """LZ-04, LZ-12: West robs North's added 5p onto a closed wait: 棱子胡 paid by North."""
    hand = Deal(Lengzi()).start(
        [
            "345m 678m 22p 99s CC F",
            "234s 456s 88p 11p WW N",
            "111m 789m 46p 22s EEE",
            "[555p] 123s 789s 234m 6m",
        ],
        draws="5p",
        turn=NORTH,
    )
    act(hand, NORTH, ActionType.ADDED_KONG, parse_kinds("5p")[0])
    answer_all(hand, {WEST: ActionType.WIN})
    assert list(hand.settlement.payments)[4:] == [
        Payment(NORTH, WEST, 2, "棱子胡"),
        Payment(NORTH, POT, 100, "点炮入锅"),
    ]


def test_passed_win_bars_every_discard_win_until_the_own_draw_not_a_claim() -> None:
    """LZ-11: South declines West's 3p; after punging North's 9s he still may not win on
    West's 6p (a claim is no draw); his own draw lifts the bar."""
    hand = Deal(Lengzi()).start(
        [
            "234p 567p 345s 66s 11p",
            "123m 456m 45p 99s 555s",
            "3p 6p 678m 99m 123s 4s E W",
            "234m 567m 78p 9s 33s NN",
        ],
        draws="C 9s F",
        turn=WEST,
    )
    discard(hand, WEST, "3p")
    assert ActionType.WIN in {a.type for a in hand.legal_actions(SOUTH)}
    answer_all(hand, {})
    discard(hand, NORTH, "9s")
    answer_all(hand, {SOUTH: ActionType.PUNG})
    discard(hand, SOUTH, "5s")
    answer_all(hand, {})
    discard(hand, WEST, "6p")
    assert ActionType.WIN not in {a.type for a in hand.legal_actions(SOUTH)}
    assert [passed.kind for passed in hand.seats[SOUTH].passed] == parse_kinds("3p")
    answer_all(hand, {})
    for seat in (NORTH, EAST):
        act(hand, seat, ActionType.DISCARD, hand.seats[seat].last_drawn)
        answer_all(hand, {})
    assert hand.current == SOUTH and hand.seats[SOUTH].passed == []
