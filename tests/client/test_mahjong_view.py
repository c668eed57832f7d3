"""The mahjong table's pieces read from real machine views: tiles as text, the view reader, the
event log's river marks, the hint line's figures, and the whole table in 80 columns."""

from __future__ import annotations

import pytest
from rich.cells import cell_len, set_cell_size
from rich.console import Console

from client.cli import parse
from client.i18n import Strings
from client.launch import Launch
from client.mahjong_cli import table_options
from client.mahjong_hints import hint, unseen_counts
from client.mahjong_river import RiverEntry
from client.mahjong_view import HandLog, ViewError, read_view
from client.widgets.mahjong_board import END_ROWS, Layout, MahjongBoard, hand_order
from client.widgets.tiles import TileStyle, face, meld_text, suit_groups, tile_row
from qipai.mahjong.bots import BASELINE, choose_action
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.tiles import format_kinds, kind_name, kind_name_cjk, parse_kinds
from tests.mahjong.test_machine_positions import E, N, S, Table, W, act, discard, pass_all

NAMES = [{"name": n, "online": True, "bot": False} for n in ("alice", "bob", "carol", "dave")]


def played(ruleset: str = "sichuan", seed: int = 7, steps: int = 60, **options) -> HandMachine:
    """A real hand, today's shape bot acting for every seat for ``steps`` actions."""
    hand = HandMachine(get_ruleset(ruleset, options), seed, 0)
    for _ in range(steps):
        if hand.over:
            break
        seat = hand.to_act()[0]
        hand.apply(choose_action(hand, seat, BASELINE))
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
    assert meld_text(tuple(parse_kinds("555p")), TileStyle()).plain == "[555p]"  # not 5p5p5p
    assert meld_text(tuple(parse_kinds("234s")), TileStyle(cjk=True)).plain == "[二三四条]"
    assert meld_text(tuple(parse_kinds("EEEE")), TileStyle()).plain == "[EEEE]"


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


def test_the_view_keeps_a_claimed_discard_in_its_river_place_and_the_log_the_last():
    hand = Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    five = discard(hand, S, "5p")  # bob let go the 5p he drew: 摸切
    view, log = view_of(hand), log_of(hand)
    assert log.last(view) == (S, five)
    assert view.seats[S].river == (RiverEntry(five, 1, drawn=True),)
    act(hand, E, ActionType.PUNG)
    pass_all(hand)
    view = view_of(hand, seat=W)
    assert view.seats[S].discards == ()  # the rules' river has lost it, the players' has not
    assert view.seats[S].river == (RiverEntry(five, 1, True, E, "pung"),)
    assert log_of(hand, W).last(view) is None


@pytest.mark.parametrize(
    "river",
    [
        {},
        [3],
        [{"tile": 999, "n": 1}],
        [{"tile": 4, "n": "1"}],
        [{"tile": 4, "n": 1, "claimed_by": 7}],
    ],
)
def test_a_river_that_cannot_be_read_is_refused_with_a_code(river):
    wire = HandMachine(get_ruleset("sichuan", {}), 11, 0).view(0)
    wire["seats"][1]["river"] = river
    with pytest.raises(ViewError) as raised:
        read_view(wire, table=1, you=0)
    assert raised.value.code == "bad_view"


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


def test_a_hand_far_from_ready_shows_the_distance_the_hall_sent():
    hand = Table().start(["159m 159p 2468m 246p 1s", "*", "*", "*"])
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


AT_80x24 = Layout(80, 18)


def board_lines(
    hand: HandMachine,
    seat: int | None = E,
    language: str = "en",
    layout: Layout = AT_80x24,
    cjk: bool = False,
) -> list[str]:
    board = MahjongBoard(Strings(language), TileStyle(cjk=cjk))
    table = board.render_table(view_of(hand, seat), log_of(hand, seat), 0, layout)
    return table.plain.split("\n")


def column(lines: list[str], layout: Layout, where: str) -> list[str]:
    """The middle rows' left, middle or right column, as a colourless terminal shows them
    (wide characters are one character in two cells: slice by cells)."""
    start, width = {
        "left": (0, layout.side),
        "middle": (layout.side, layout.middle),
        "right": (layout.side + layout.middle, layout.side),
    }[where]
    rows = lines[END_ROWS : END_ROWS + layout.middle_rows]
    return [set_cell_size(chop_cells(line, start), width).rstrip() for line in rows]


def chop_cells(line: str, start: int) -> str:
    taken = 0
    for index, character in enumerate(line):
        if taken >= start:
            return line[index:]
        taken += cell_len(character)
    return ""


@pytest.mark.parametrize("ruleset", ["sichuan", "lengzi", "baicheng", "zhongyou"])
@pytest.mark.parametrize("cjk", [False, True])
@pytest.mark.parametrize("layout", [AT_80x24, Layout(132, 40)])
def test_the_table_fits_its_size_with_every_seat_where_players_expect_it(ruleset, cjk, layout):
    hand = played(ruleset, seed=3, steps=70)
    lines = board_lines(hand, seat=S, language="zh" if cjk else "en", layout=layout, cjk=cjk)
    assert len(lines) == layout.height
    assert all(cell_len(line) == layout.width for line in lines)
    assert "dave" in lines[0]  # 对家 at the top
    assert "alice" in column(lines, layout, "left")[0]  # 上家, who discards to bob, on the left
    assert "carol" in column(lines, layout, "right")[0]  # 下家 on the right
    assert "bob(" in lines[-3]  # you at the bottom, over your hand and the hint
    wall = "牌墙" if cjk else "Wall"
    assert any(
        f"{wall} {hand.wall.remaining()}" in line for line in column(lines, layout, "middle")
    )


@pytest.mark.parametrize("cjk", [False, True])
def test_a_side_seat_shows_its_marks_melds_and_newest_discards_in_its_column(cjk):
    hand = played("sichuan", seed=3, steps=200)
    view = view_of(hand, seat=E)
    layout = Layout(64, 12) if cjk else AT_80x24  # CJK faces in a narrow column: no room for all
    lines = board_lines(hand, seat=E, layout=layout, cjk=cjk)
    right = column(lines, layout, "right")  # S, bob, 下家 of E
    bob = view.seats[S]
    assert right[0].startswith((">S bob", " S bob")) and right[0].endswith(f"{bob.score:+d}")
    assert right[1].startswith(f"  ▒▒x{bob.hand_size}") and f"void {'mps'[bob.void]}" in right[1]
    name = kind_name_cjk if cjk else kind_name
    tokens = " ".join(right[2:]).translate(str.maketrans("[]~'", "    ")).split()
    meld_blocks = [suit_groups(m.kinds or (), TileStyle(cjk=cjk)).plain for m in bob.melds]
    assert len(meld_blocks) == 2 and [t for t in tokens if len(t) > 2] == meld_blocks
    river = [name(entry.tile >> 2).strip() for entry in bob.river]
    shown = [t for t in tokens if len(t) == 2]
    assert shown == river[-len(shown) :]  # the newest discards are the ones kept
    assert len(shown) < len(river) if cjk else shown == river


def test_a_spectator_sees_seat_zero_at_the_bottom_and_no_hand():
    hand = played("sichuan", seed=3, steps=40)
    lines = board_lines(hand, seat=None)
    assert "carol" in lines[0] and "dave" in column(lines, AT_80x24, "left")[0]
    assert "bob" in column(lines, AT_80x24, "right")[0]
    assert " E alice" in lines[-3] and "▒▒x" in lines[-3]
    assert lines[-2].strip() == "" and lines[-1].strip() == ""


def test_the_middle_shows_the_ruleset_state():
    hand = played("baicheng", seed=3, steps=4)
    middle = [line.strip() for line in column(board_lines(hand), AT_80x24, "middle")]
    assert "白城鸡宝夹" in middle and "Hand 1" in middle
    assert f"Wall {hand.wall.remaining()}" in middle and any(
        m.startswith("Treasure ") for m in middle
    )
    hand = played("zhongyou", seed=3, steps=4)
    assert "Round E" in [m.strip() for m in column(board_lines(hand), AT_80x24, "middle")]
    hand = played("sichuan", seed=3, steps=4, xuezhan=True)
    assert "血战到底" in [m.strip() for m in column(board_lines(hand), AT_80x24, "middle")]


def test_a_claimed_discard_keeps_its_place_in_the_river_marked_with_a_tilde():
    hand = Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    act(hand, E, ActionType.PUNG)
    pass_all(hand)
    lines = board_lines(hand, seat=W)  # bob (S) is W's 上家, on the left
    left = column(lines, AT_80x24, "left")
    assert left[0].startswith(" S bob") and left[2] == " ~5p"
    assert lines[0].strip().startswith(">E alice") and lines[1].strip() == "[555p]"  # 对家


def test_a_tile_let_go_as_drawn_is_marked_apart_from_one_from_the_hand():
    """摸切 reads without colour: a `'` before the tile (and an italic face)."""
    hand = Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"],
        draws="1s 2s",
        turn=S,
        filler=10,
    )
    act(hand, S, ActionType.DISCARD, hand.seats[S].last_drawn)  # 摸切
    pass_all(hand)
    discard(hand, W, "6s")  # from W's hand, not the 2s it drew
    pass_all(hand)
    lines = board_lines(hand, seat=E)
    assert column(lines, AT_80x24, "right")[2] == " '1s"  # bob, E's 下家
    assert lines[2].strip() == "[6s]"  # carol at the top: the last discard, from her hand
    assert [entry.drawn for entry in view_of(hand, seat=E).seats[W].river] == [False]
    row = tile_row(parse_kinds("1s 6s"), TileStyle(), drawn=frozenset({0}))
    italic = [row.plain[span.start : span.end] for span in row.spans if "italic" in str(span.style)]
    assert row.plain == "'1s 6s" and italic == ["1s"]


def test_the_last_discard_is_in_brackets_and_named_in_the_middle():
    hand = Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    lines = board_lines(hand, seat=N)  # bob (S) sits opposite N, at the top
    assert lines[2].strip() == "[5p]"
    # bob let go the 5p he drew: 摸切, marked as the river marks it
    assert "Last '5p bob as drawn" in [m.strip() for m in column(lines, AT_80x24, "middle")]


def test_lengzi_shows_the_pot_and_each_seats_xiapao():
    state = {"pot": 12, "xiapao": [False, True, False, False]}
    hand = HandMachine(get_ruleset("lengzi", {}), 5, 0, state)
    lines = board_lines(hand, seat=E, language="zh")
    middle = [m.strip() for m in column(lines, AT_80x24, "middle")]
    assert "锅底 12" in middle and "长安棱子" in middle and "第1局" in middle
    assert "下炮" in column(lines, AT_80x24, "right")[1]  # bob, E's 下家
    assert "下炮" not in lines[0]  # carol, at the top


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
    alice = lines[0]  # E sits opposite W
    assert " alice " in alice and " WON" in alice and "void s" in alice


def test_a_kind_whose_four_copies_are_ours_is_no_wait():
    # with 555p melded, a lone 5p waits on the fourth copy, which is ours: no wait (MJ-10);
    # keeping the 1p instead waits on 1p
    hand = Table().start(["123m 456m 789m 5p 1p [555p]", "*", "*", "*"])
    assert ready_discards(hand) == {"5p": "1p"}


def test_the_local_mahjong_command_line_builds_the_table_request():
    launch, ansi = parse(["local", "mahjong", "--ruleset", "lengzi", "--bots", "3", "--cjk"])
    assert launch == Launch("local", game="mahjong", room="lengzi", bots=3, cjk=True)
    assert not ansi
    assert table_options(launch) == {
        "hands": 4,
        "bots": 3,
        "bot_level": "normal",
        "hotseat": False,
        "timed": False,
    }
    hot_seat, _ = parse(["local", "mahjong", "--hands", "8", "--lang", "zh"])
    assert table_options(hot_seat)["hotseat"] and table_options(hot_seat)["bots"] == 0
    strong, _ = parse(["local", "mahjong", "--bots", "3", "--bot-level", "strong"])
    assert table_options(strong)["bot_level"] == "strong"
    assert hot_seat.language == "zh" and hot_seat.room == "sichuan"
    with pytest.raises(SystemExit):
        parse(["local", "mahjong", "--bots", "4"])
    with pytest.raises(SystemExit):
        parse(["local", "mahjong", "--bot-level", "expert"])


@pytest.mark.parametrize(("language", "mark"), [("en", "bot·strong"), ("zh", "电脑·强")])
def test_a_bot_seat_shows_how_well_it_plays(language, mark):
    hand = played("sichuan", seed=3, steps=20)
    players = [*NAMES[:3], {"name": "dave", "online": True, "bot": True, "bot_level": "strong"}]
    view = read_view(hand.view(E), table=1, you=E, players=players)
    board = MahjongBoard(Strings(language), TileStyle())
    lines = board.render_table(view, log_of(hand, E), 0, AT_80x24).plain.split("\n")
    dave = column(lines, AT_80x24, "left")  # North, 上家 of East
    assert "dave" in dave[0] and mark in " ".join(dave[:2])
