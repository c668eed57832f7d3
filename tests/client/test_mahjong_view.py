"""The mahjong table's pieces read from real machine views: tiles as text, the view reader, the
event log's river marks, the hint line's figures, and the whole table in 80 columns."""

from __future__ import annotations

import dataclasses

import pytest
from rich.cells import cell_len
from rich.console import Console

from client.cli import parse
from client.i18n import Strings
from client.launch import Launch
from client.mahjong_cli import table_options
from client.mahjong_hints import hint, prepare_distance_tables, unseen_counts
from client.mahjong_view import HandLog, ViewError, read_view
from client.widgets.mahjong_board import MahjongBoard, hand_order
from client.widgets.tiles import TileStyle, face, meld_text, tile_row
from qipai.mahjong.bots import choose_action
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.tiles import format_kinds, parse_kinds
from tests.mahjong.test_machine_positions import E, S, Table, W, act, discard, pass_all

NAMES = [{"name": n, "online": True, "bot": False} for n in ("alice", "bob", "carol", "dave")]


def played(ruleset: str = "sichuan", seed: int = 7, steps: int = 60, **options) -> HandMachine:
    """A real hand, bots acting for every seat for ``steps`` actions."""
    hand = HandMachine(get_ruleset(ruleset, options), seed, 0)
    for _ in range(steps):
        if hand.over:
            break
        seat = hand.to_act()[0]
        hand.apply(choose_action(hand, seat))
    return hand


def view_of(hand: HandMachine, seat: int | None = 0, **extra):
    return read_view(hand.view(seat), table=1, you=seat, players=NAMES, **extra)


def log_of(hand: HandMachine, seat: int | None = 0) -> HandLog:
    log = HandLog()
    for event in hand.public_events(seat):
        log.follow(event)
    return log


def render(board: MahjongBoard, text) -> list[str]:
    console = Console(width=80, record=True, color_system=None, legacy_windows=False)
    console.print(text)
    return console.export_text().splitlines()


# Tiles as text.


def test_tile_faces_are_two_cells_or_four_in_cjk_mode():
    assert [face(k, TileStyle()) for k in parse_kinds("5m 5p 5s ESWNCFP")] == [
        "5m", "5p", "5s", "E ", "S ", "W ", "N ", "C ", "F ", "P ",
    ]  # fmt: skip
    cjk = TileStyle(cjk=True)
    assert [face(k, cjk) for k in parse_kinds("5m 2p 9s E C F P")] == [
        "五萬", "二筒", "九条", "東  ", "中  ", "發  ", "白  ",
    ]  # fmt: skip
    assert {cell_len(face(k, cjk)) for k in range(34)} == {4}


def test_a_row_marks_the_selected_tile_with_brackets_and_sets_the_drawn_tile_apart():
    row = tile_row(parse_kinds("123m 5p"), TileStyle(), marked=1, gap_before=3)
    assert row.plain == " 1m[2m]3m   5p"
    assert cell_len(tile_row(parse_kinds("19m"), TileStyle(), marked=1).plain) == 7
    assert tile_row(parse_kinds("19m"), TileStyle(), marked=1).plain == " 1m[9m]"


def test_claimed_discards_carry_a_tilde_and_backs_are_shaded():
    assert tile_row(parse_kinds("1m 2p 3s"), TileStyle(), claimed=frozenset({1})).plain == (
        " 1m~2p 3s"
    )
    assert tile_row([None, None], TileStyle()).plain == " ▒▒ ▒▒"
    assert meld_text(None, TileStyle()).plain == "▒▒▒▒▒▒▒▒"
    assert meld_text(tuple(parse_kinds("555p")), TileStyle()).plain == "5p5p5p"


# Reading views.


def test_a_view_read_from_the_machine_hides_other_hands():
    view = view_of(played(steps=10), seat=2)
    assert view.you == 2 and view.me is not None and view.me.name == "carol"
    assert view.me.hand is not None and len(view.me.hand) == view.me.hand_size
    assert [s.hand for s in view.seats if s.seat != 2] == [None, None, None]
    assert view.ruleset == "sichuan" and view.phase in ("turn", "claim")


def test_a_spectator_view_has_no_seat_and_no_legal_actions():
    view = view_of(played(steps=10), seat=None)
    assert view.me is None and view.legal == ()
    assert hint(view) is None


@pytest.mark.parametrize(
    "broken",
    [None, {"seats": []}, {"seats": [{}] * 4}, {"seats": [{"seat": 0, "hand_size": "x"}] * 4}],
)
def test_a_view_that_cannot_be_read_is_refused_with_a_code(broken):
    with pytest.raises(ViewError) as raised:
        read_view(broken, table=1, you=0)
    assert raised.value.code == "bad_view"


def test_seconds_left_count_down_from_the_moment_the_view_arrived():
    view = view_of(played(steps=4), seconds_left=8.0, now=100.0)
    assert view.seconds_left(100.0) == 8
    assert view.seconds_left(103.5) == 5
    assert view.seconds_left(120.0) == 0


# The event log.


def test_the_log_keeps_a_claimed_discard_in_its_river_place_and_the_last_discard():
    hand = HandMachine(get_ruleset("sichuan", {}), 11, 0)
    for seat in range(4):
        hand.apply(hand.default_action(seat))
    dealer_discard = hand.default_action(0)
    hand.apply(dealer_discard)
    log = log_of(hand)
    view = view_of(hand)
    assert log.last(view) == (0, dealer_discard.tile)
    tiles, claimed = log.river(view.seats[0])
    assert tiles == [dealer_discard.tile] and claimed == set()
    # a claim event (as the machine emits it) takes the tile out of the river but keeps its place
    log.follow({"type": "claimed", "seat": 2, "from": 0, "tile": dealer_discard.tile})
    taken = dataclasses.replace(view.seats[0], discards=())
    assert log.river(taken) == ([dealer_discard.tile], {0})


def test_the_drawn_tile_stands_apart_at_the_end_of_the_hand():
    hand = HandMachine(get_ruleset("sichuan", {}), 5, 0)
    for seat in range(4):
        hand.apply(hand.default_action(seat))
    hand.apply(hand.default_action(0))
    while hand.phase.value == "claim":
        hand.apply(Action(hand.to_act()[0], ActionType.PASS))
    drawer = hand.current
    view = view_of(hand, seat=drawer)
    log = log_of(hand, seat=drawer)
    drawn = hand.seats[drawer].last_drawn
    tiles, apart = hand_order(view.me, log)
    assert tiles[-1] == drawn and apart == 13
    assert sorted(tiles[:-1]) == tiles[:-1]


# The hint line.


def test_thirteen_tiles_show_the_machines_waits_with_unseen_copies():
    hand = Table().start(
        ["123m 456m 789m 111p 5p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    found = hint(view_of(hand, seat=E))
    # 5p: our own copy and the one in south's river are seen, two are not
    assert found is not None and found.waits == ((parse_kinds("5p")[0], 2),)


def ready_discards(hand) -> dict[str, str]:
    found = hint(view_of(hand, seat=E))
    assert found is not None and not found.waits
    return {
        format_kinds([discard]): format_kinds(k for k, _ in waits)
        for discard, waits in found.ready_discards
    }


def test_fourteen_tiles_list_the_discards_that_keep_the_hand_ready():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    assert ready_discards(hand) == {"5p": "78p", "7p": "5p", "9p": "6p"}


def test_with_a_void_suit_tile_held_only_its_discard_can_make_the_hand_ready():
    hand = Table().start(["123m 456m 789m 5p 7p 99p 2s", "*", "*", "*"])
    assert ready_discards(hand) == {"2s": "6p"}


def test_a_hand_far_from_ready_shows_its_distance_once_the_tables_are_built():
    hand = Table().start(["159m 159p 2468m 246p 1s", "*", "*", "*"])
    prepare_distance_tables()  # the table screen runs this in a worker thread
    found = hint(view_of(hand, seat=E))
    # sets 456m 456p, partial 12m 89m 12p, no pair: two exchanges from ready
    assert found is not None and not found.ready_discards and found.shanten == 2


def test_unseen_counts_subtract_every_visible_copy():
    hand = played(steps=30)
    view = view_of(hand, seat=1)
    unseen = unseen_counts(view)
    visible = list(hand.seats[1].concealed)
    for state in hand.seats:
        visible += state.discards
        for meld in state.melds:
            visible += meld.tiles
    for kind in range(34):
        assert unseen[kind] == 4 - sum(1 for t in visible if t >> 2 == kind)


# The whole table.


@pytest.mark.parametrize("ruleset", ["sichuan", "lengzi", "baicheng", "zhongyou"])
@pytest.mark.parametrize("cjk", [False, True])
def test_the_table_fits_eighty_columns_and_fifteen_lines(ruleset, cjk):
    hand = played(ruleset, seed=3, steps=70)
    view = view_of(hand, seat=0)
    board = MahjongBoard(Strings("zh" if cjk else "en"), TileStyle(cjk=cjk))
    lines = board.render_table(view, log_of(hand), cursor=0).plain.split("\n")
    assert len(lines) == 15
    assert max(cell_len(line) for line in lines) <= 80 or cjk  # CJK melds may be cropped
    assert "alice(" in lines[10]


def test_the_table_shows_the_ruleset_state():
    hand = played("baicheng", seed=3, steps=4)
    board = MahjongBoard(Strings("en"), TileStyle())
    facts = board.render_table(view_of(hand), log_of(hand), None).plain.split("\n")[0]
    assert facts.startswith("白城鸡宝夹  Hand 1  Wall ") and "Treasure" in facts
    hand = played("zhongyou", seed=3, steps=4)
    facts = board.render_table(view_of(hand), log_of(hand), None).plain.split("\n")[0]
    assert "Round E" in facts
    hand = played("sichuan", seed=3, steps=4, xuezhan=True)
    facts = board.render_table(view_of(hand), log_of(hand), None).plain.split("\n")[0]
    assert facts.startswith("四川麻将 血战到底")


def board_lines(hand: HandMachine, seat: int | None = E, language: str = "en") -> list[str]:
    board = MahjongBoard(Strings(language), TileStyle())
    table = board.render_table(view_of(hand, seat), log_of(hand, seat), None)
    return [line.rstrip() for line in table.plain.split("\n")]


def test_a_claimed_discard_keeps_its_place_in_the_river_marked_with_a_tilde():
    hand = Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    act(hand, E, ActionType.PUNG)
    pass_all(hand)
    lines = board_lines(hand, seat=W)
    south = lines.index(next(line for line in lines if " bob " in line))
    assert lines[south + 1] == "  ~5p"
    alice = next(line for line in lines if " alice " in line)
    assert alice.endswith(" 5p5p5p")


def test_lengzi_shows_the_pot_and_each_seats_xiapao():
    state = {"pot": 12, "xiapao": [False, True, False, False], "pot_split": False}
    hand = HandMachine(get_ruleset("lengzi", {}), 5, 0, state)
    lines = board_lines(hand, seat=E, language="zh")
    assert "锅底 12" in lines[0] and lines[0].startswith("长安棱子  第1局  牌墙 ")
    assert "下炮" in next(line for line in lines if " bob " in line)
    assert "下炮" not in next(line for line in lines if " carol " in line)


def test_a_xuezhan_winner_is_marked_while_the_others_play_on():
    hand = Table().start(
        ["123m 456m 789m 111p 5p", "234m 567m 22p 33p 44p 6p", "*", "*"],
        draws="5p",
        turn=S,
        options={"xuezhan": True},
        filler=8,
    )
    discard(hand, S, "5p")
    act(hand, E, ActionType.WIN)
    pass_all(hand)
    assert not hand.over
    lines = board_lines(hand, seat=W)
    assert lines[0].startswith("四川麻将 血战到底")
    alice = next(line for line in lines if " alice " in line)
    assert " WON" in alice and "void s" in alice


def test_a_kind_whose_four_copies_are_ours_is_no_wait():
    # with 555p melded, a lone 5p waits on the fourth copy, which is ours: no wait (MJ-10);
    # keeping the 1p instead waits on 1p
    hand = Table().start(["123m 456m 789m 5p 1p [555p]", "*", "*", "*"])
    assert ready_discards(hand) == {"5p": "1p"}


def test_the_local_mahjong_command_line_builds_the_table_request():
    launch, ansi = parse(["local", "mahjong", "--ruleset", "lengzi", "--bots", "3", "--cjk"])
    assert launch == Launch("local", game="mahjong", room="lengzi", bots=3, cjk=True)
    assert not ansi
    assert table_options(launch) == {"hands": 4, "bots": 3, "hotseat": False, "timed": False}
    hot_seat, _ = parse(["local", "mahjong", "--hands", "8", "--lang", "zh"])
    assert table_options(hot_seat) == {"hands": 8, "bots": 0, "hotseat": True, "timed": False}
    assert hot_seat.language == "zh" and hot_seat.room == "sichuan"
    with pytest.raises(SystemExit):
        parse(["local", "mahjong", "--bots", "4"])
