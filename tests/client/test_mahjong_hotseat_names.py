"""Hot-seat names: the seats one keyboard plays are all the one account at the hall, so the
client names each apart - `--names` in seat order, else the account with the seat's wind - on
the cover, the table and the settlement."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Static

from client.app import QipaiApp
from client.cli import parse
from client.launch import Launch
from client.mahjong_view import hotseat_players, view_from_wire
from client.screens.mahjong_cover import MahjongCoverScreen
from client.screens.mahjong_settlement import MahjongSettlementScreen
from client.screens.mahjong_table import open_mahjong_table
from tests.client.fakes import FakeHall
from tests.client.test_app_flows import until
from tests.client.test_mahjong_app_flows import table_of
from tests.client.test_mahjong_table import finished_hand, push, table_wire
from tests.client.test_mahjong_table import table_screen as screen_of
from tests.mahjong.test_machine_positions import E, S, Table

EVERYONE = (0, 1, 2, 3)


def hot_seat_wire(hand, seat: int, bots: int = 0, **fields) -> dict:
    """A hot-seat view as the hall sends it: the one account ``root`` at every human seat."""
    wire = table_wire(hand, seat, mine=tuple(range(4 - bots)), **fields)
    for s in range(4):
        bot = s >= 4 - bots
        wire["seats"][str(s)] = {"name": f"bot-{s}" if bot else "root", "online": True, "bot": bot}
    return wire


def names_of(wire: dict, names: tuple[str, ...] = ()) -> list[str]:
    return [seat.name for seat in view_from_wire(wire, names=names).seats]


def test_each_seat_of_the_one_account_is_named_with_its_wind():
    hand = Table().start(["*", "*", "*", "*"])
    assert names_of(hot_seat_wire(hand, E)) == ["root·東", "root·南", "root·西", "root·北"]
    assert names_of(hot_seat_wire(hand, E, bots=2)) == ["root·東", "root·南", "bot-2", "bot-3"]


def test_given_names_go_to_the_accounts_seats_in_seat_order():
    hand = Table().start(["*", "*", "*", "*"])
    given = ("ann", "bob")
    assert names_of(hot_seat_wire(hand, E, bots=2), given) == ["ann", "bob", "bot-2", "bot-3"]
    players = [{"name": "bot-0", "bot": True}, {"name": "root"}, {"name": "bot-2", "bot": True}]
    players.append({"name": "root"})  # a room that seats at random: the account at 1 and 3
    assert [p["name"] for p in hotseat_players(players, given)] == ["bot-0", "ann", "bot-2", "bob"]


def test_one_player_with_bots_and_a_networked_table_keep_their_names():
    hand = Table().start(["*", "*", "*", "*"])
    assert names_of(hot_seat_wire(hand, E, bots=3)) == ["root", "bot-1", "bot-2", "bot-3"]
    assert names_of(table_wire(hand, E)) == ["alice", "bob", "carol", "dave"]


def test_the_standing_names_each_hot_seat_by_its_seat():
    wire = hot_seat_wire(finished_hand(), E, phase="over")
    wire["game"]["standing"] = [
        {"seat": "0", "name": "root", "score": 4, "place": 1},
        {"seat": "2", "name": "root", "score": 0, "place": 2},
    ]
    standing = view_from_wire(wire, names=("ann", "bob", "cy", "dee")).standing
    assert [entry["name"] for entry in standing] == ["ann", "cy"]


class NamedTableApp(App):
    """An app launched with ``--names`` that opens the table the hall sent, as QipaiApp does."""

    def __init__(self, hall, wire, names: tuple[str, ...]) -> None:
        super().__init__()
        self.hall = hall
        self.wire = wire
        self.launch = Launch("local", game="mahjong", names=names)
        self.local = True  # the title says "local"

    def on_mount(self) -> None:
        open_mahjong_table(self, 4, self.wire)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("names", "cover"),
    [
        ((), "Pass the keyboard to root·東 (E)"),
        (("ann", "bo", "cy", "dee"), "Pass the keyboard to ann (E)"),
    ],
)
async def test_the_cover_the_table_and_the_settlement_use_the_seat_names(names, cover):
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])  # E to discard
    app = NamedTableApp(FakeHall(), hot_seat_wire(hand, S), names)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        message = push(hand, E, len(hand.events), 6)
        message["view"] = hot_seat_wire(hand, E, seq=6)
        screen_of(app).on_table_push(message)
        await pilot.pause()
        assert isinstance(app.screen, MahjongCoverScreen)
        assert str(app.screen.query_one("#who", Static).render()) == cover
        await pilot.press("space")
        await pilot.pause()
        first = names[0] if names else "root·東"
        assert f"{first}(you)" in "\n".join(screen_of(app).query_one("MahjongBoard").text_lines())
    ended = NamedTableApp(FakeHall(), hot_seat_wire(finished_hand(), E, phase="between"), names)
    async with ended.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(ended.screen, MahjongSettlementScreen)
        text = str(ended.screen.query_one("#lines", Static).render())
        second = names[1] if names else "root·南"
        assert f"pays {first}" in text and f"{second} -" in text


def test_names_on_the_command_line():
    launch, _ = parse(["local", "mahjong", "--bots", "2", "--names", "ann, bob"])
    assert launch.names == ("ann", "bob")
    assert parse(["local", "mahjong"])[0].names == ()
    for wrong in (
        ["--names", "ann,bob"],  # four seats here
        ["--bots", "3", "--names", "ann"],  # not hot-seat
        ["--bots", "2", "--names", "ann,ann"],
        ["--bots", "2", "--names", "ann,"],
        ["--bots", "2", "--names", "ann,abcdefghijklm"],
    ):
        with pytest.raises(SystemExit):
            parse(["local", "mahjong", *wrong])


@pytest.mark.asyncio
async def test_a_local_hot_seat_table_names_its_seats_from_the_command_line():
    app = QipaiApp(Launch("local", game="mahjong", bots=2, hands=1, names=("ann", "bob")))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local mahjong table")
        named = ["ann", "bob", "bot-2", "bot-3"]
        # the first views may come while the hall is still seating the keyboard's second seat
        await until(
            pilot,
            lambda: [seat.name for seat in table_of(app).view.seats] == named,
            "the seats named from the command line",
        )
        await app.close_hall()
