"""The lobby: the tables of every room with their options and seats, who is online, and chat.

Enter on a table sits at its free seat (or watches a full one); the hall answers with the view,
which opens the table. The lobby list is kept up to date from the hall's lobby pushes. Mahjong
coin rooms show their tier and current stake in the list, and the line under it says what the
selected table costs (minimum, stake, fee); a refused seat is explained with what to do about
it, and the daily relief is one key away when it can be claimed. The title line keeps your
coins and Go rank in sight, asked with one `profile` each time the lobby comes back to the front
(not per lobby push), and taken from the relief's answer when it is claimed.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Log, Static

from client import hall_rooms
from client.connection import HallError
from client.hall_errors import explain, ui_language, without_rule_ids
from client.i18n import Strings
from client.screens.binding_words import speak_bindings
from client.screens.games import GamesScreen
from client.screens.key_help import KeyHelp
from client.screens.leaderboard import LeaderboardScreen
from client.screens.mahjong_new_table import MahjongNewTableScreen, coin_terms, coin_tier
from client.screens.mahjong_new_table import lobby_cells as mahjong_cells
from client.screens.new_table import NewTableScreen
from client.screens.profile import ProfileScreen
from client.screens.size_guard import SizeGuard
from qipai.go.ladder import RUNGS
from qipai.platform.rooms import RoomTier
from qipai.protocol.names import is_guest

RELIEF_BELOW = 320  # the daily relief is for a player below the cheapest room's minimum (PL-21)

SEATS = ("black", "white")


def standing_label(
    account: str, profile: dict[str, Any] | None, strings: Strings | None = None
) -> str:
    """Your coins and Go rank for the title line; a guest's free coins are shown only while
    there are some, and a guest has no rank to show."""
    if not profile:
        return ""
    guest = is_guest(account)
    parts = []
    balance = profile.get("balance")
    if type(balance) is int and (balance > 0 or not guest):
        parts.append(f"{balance:,}枚")
    rank = (profile.get("go") or {}).get("rank")
    if rank and not guest:
        parts.append((strings or Strings()).go_rank(rank))
    return "  ".join(parts)


def clock_label(clock: dict[str, Any] | None, strings: Strings | None = None) -> str:
    if not clock:
        return "-"
    main = clock.get("main", 0) // 60
    periods, period = clock.get("periods", 0), clock.get("period", 0)
    return (strings or Strings())("lobby_clock", main=main, periods=periods, period=period)


def tier_line(strings: Strings | None = None) -> str:
    """The coin rooms and what it takes to sit in each (platform.md §6)."""
    rooms = "  ".join(f"{tier.value.name_zh} {tier.value.minimum:,}" for tier in RoomTier)
    return (strings or Strings())("lobby_tiers", rooms=rooms)


def is_ranked_go(summary: dict[str, Any]) -> bool:
    """A ranked (升降级战) Go table, which is a golden one (PL-12): its options say not friendly."""
    return (
        summary.get("room", "go") == "go"
        and (summary.get("options") or {}).get("friendly", True) is False
    )


def table_cells(summary: dict[str, Any], strings: Strings | None = None) -> tuple[str, ...]:
    """A table in the lobby's columns; the seat cells say whose seat is whose (Go's black and
    white, mahjong's seats 1-4), so Go and mahjong tables share one list and its headers. A
    ranked Go table says so before its board size."""
    strings = strings or Strings()
    if summary.get("room", "go") != "go":
        return (*mahjong_cells(summary, strings), phase_label(summary, strings))
    options = summary.get("options") or {}
    size = options.get("size", "?")
    seats = summary.get("seats") or {}
    names = tuple(
        f"{strings(f'lobby_{seat}')} {_go_seat(seats.get(seat), seat, options, strings)}"
        for seat in SEATS
    )
    game = strings("lobby_go_size", size=size)
    if is_ranked_go(summary):  # always 19x19 (GO-03): the mark takes the size's place
        game = strings("lobby_ranked", size=size)
    return (
        str(summary.get("table")),
        game,
        clock_label(options.get("clock"), strings),
        *names,
        phase_label(summary, strings),
    )


def _go_seat(name: str | None, seat: str, options: dict[str, Any], strings: Strings) -> str:
    """A Go seat's occupant; the bot's seat says its rung's measured rank (``qipai-bot·19k``)."""
    if not name:
        return strings("lobby_free")
    rung = next((r for r in RUNGS if r.name == options.get("bot_level")), None)
    if options.get("bot") != seat or rung is None:
        return name
    return strings("lobby_bot_rank", name=name, kyu=rung.kyu)


def phase_label(summary: dict[str, Any], strings: Strings | None = None) -> str:
    """The phase, and how many watch (one column for both, so the list fits 80x24); a phase
    this client predates is shown as the hall names it."""
    strings = strings or Strings()
    watching = summary.get("spectators", 0)
    phase = str(summary.get("phase", ""))
    if strings.knows(f"lobby_phase_{phase}"):
        phase = strings(f"lobby_phase_{phase}")
    return f"{phase} +{watching}" if watching else phase


class LobbyScreen(KeyHelp, SizeGuard, Screen):
    DEFAULT_CSS = """
    LobbyScreen #title { height: 1; background: $panel; padding: 0 1; }
    LobbyScreen #main { height: 1fr; }
    LobbyScreen #tables { width: 1fr; }
    LobbyScreen #side { width: 14; border-left: solid $primary; padding: 0 1; }
    LobbyScreen #rooms { height: auto; margin-bottom: 1; }
    LobbyScreen .heading { text-style: bold; }
    LobbyScreen #chat-log { height: 6; border-top: solid $primary; }
    LobbyScreen #chat { display: none; height: 1; border: none; padding: 0 1; }
    LobbyScreen #chat.typing { display: block; }
    LobbyScreen #terms { height: 1; padding: 0 1; }
    LobbyScreen #message { height: auto; max-height: 3; padding: 0 1; color: $warning; }
    """
    BINDINGS = [
        Binding("n", "new_table", "New Go", id="lobby.new", priority=True),
        Binding("m", "new_mahjong", "New 麻将", id="lobby.new_mahjong"),
        # enter sits or watches; the keys for a chosen seat or to watch are listed under `?`
        Binding("w", "watch", "Watch", id="lobby.watch", show=False),
        Binding("1", "sit(0)", "Sit at seat 1", id="lobby.seat1", show=False),
        Binding("2", "sit(1)", "Sit at seat 2", id="lobby.seat2", show=False),
        Binding("3", "sit(2)", "Sit at seat 3", id="lobby.seat3", show=False),
        Binding("4", "sit(3)", "Sit at seat 4", id="lobby.seat4", show=False),
        Binding("t", "chat", "Chat", id="lobby.chat", priority=True),
        Binding("g", "games", "My games", id="lobby.games", show=False),
        Binding("p", "profile", "Profile", id="lobby.profile"),
        Binding("b", "leaderboard", "Boards", id="lobby.leaderboard"),
        Binding("r", "refresh", "Refresh", id="lobby.refresh", show=False),
        Binding("c", "relief", "Claim relief", id="lobby.relief"),
        Binding("q", "logout", "Log out", id="lobby.logout"),
        Binding("escape", "stop_chat", "Back", id="lobby.back", show=False),
        Binding("question_mark", "keys", "Keys", key_display="?", id="lobby.keys"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`t` and `n` are priority keys, so the chat box or the new-table form is in front
        before the next key of a burst arrives (an enter must not sit down at the table under
        the cursor); while the chat box has focus, they are just letters."""
        if action in ("chat", "new_table"):
            return not isinstance(self.focused, Input)
        if action == "relief":
            return self.relief_offered
        return True

    def __init__(self, address: str, name: str) -> None:
        super().__init__()
        self.address = address
        self.account = name
        self.tables: dict[int, dict[str, Any]] = {}
        self.players: set[str] = set()
        self.rooms: list[dict[str, Any]] = []
        self.relief_offered = False  # after a seat refused for want of coins, below 320
        self.standing: dict[str, Any] | None = None  # the last `profile` answer
        self.early_chat: list[str] = []  # lobby chat lines that came before the chat log

    def compose(self) -> ComposeResult:
        yield Static(self._title(""), id="title", markup=False)
        with Horizontal(id="main"):
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            with Vertical(id="side"):
                yield Static(id="rooms", markup=False)
                yield Static(self.strings("lobby_online"), classes="heading", markup=False)
                yield Static(id="online", markup=False)
        yield Static("", id="terms", markup=False)
        yield Log(id="chat-log", max_lines=200)
        yield Input(placeholder=self.strings("lobby_chat"), id="chat")
        yield Static("", id="message", markup=False)
        yield Footer()

    def _title(self, standing: str) -> str:
        you = f"{self.account}  {standing}" if standing else self.account
        return self.strings("lobby_title", address=self.address, you=you)

    def on_mount(self) -> None:
        words = self.strings
        speak_bindings(self, words, hall=True)
        table = self.query_one("#tables", DataTable)
        columns = ("lobby_col_game", "lobby_col_time", "lobby_col_seats")
        table.add_columns("#", *(words(c) for c in columns), "", words("lobby_col_state"))
        table.focus()
        chat = self.query_one("#chat-log", Log)
        for line in self.early_chat:
            chat.write_line(line)
        self.early_chat.clear()

    def on_screen_resume(self) -> None:
        """Shown first, or back from a table or the profile: the list and your coins anew."""
        self.action_refresh()

    def show_standing(self, profile: dict[str, Any] | None) -> None:
        if profile is not None:
            self.standing = profile
            label = standing_label(self.account, profile, self.strings)
            self.query_one("#title", Static).update(self._title(label))

    @property
    def hall(self):
        return self.app.hall

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    async def _request(self, kind: str, **fields: Any) -> dict[str, Any] | None:
        if self.hall is None:
            return None
        try:
            return await self.hall.request(kind, **fields)
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return None

    # The lobby list.

    def action_refresh(self) -> None:
        self.run_worker(self._refresh, group="lobby", exclusive=True)

    async def _refresh(self) -> None:
        reply = await self._request("lobby")
        if reply is None:
            return
        self.tables = {int(t["table"]): t for t in reply.get("tables") or []}
        self.players = set(reply.get("players") or [])
        self.rooms = list(reply.get("rooms") or [])
        hall_rooms.learn(self.rooms)
        self._draw()
        self.show_standing(await self._request("profile"))

    async def rejoin(self, hall: Any) -> None:
        """After a reconnection the lobby subscription is gone with the old connection."""
        self.action_refresh()

    def on_lobby_push(self, message: dict[str, Any]) -> None:
        """Kept in the lists, drawn once the screen is up: a push can come between the
        lobby's push onto the stack and its widgets (a local hall asks for its table then),
        and showing the screen asks for the whole list anew; a chat line waits for the log."""
        if message.get("type") == "chat":
            if message.get("table") is None:
                line = f"{message.get('from', '?')}: {message.get('text', '')}"
                if self.is_mounted:
                    self.query_one("#chat-log", Log).write_line(line)
                else:
                    self.early_chat.append(line)
            return
        self._keep(message)
        if self.is_mounted:
            self._draw()

    def _keep(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "table" and isinstance(message.get("table"), dict):
            summary = message["table"]
            self.tables[int(summary["table"])] = summary
        elif kind == "table_closed":
            self.tables.pop(message.get("table"), None)
        elif kind == "online":
            self.players.add(str(message.get("name")))
        elif kind == "offline":
            self.players.discard(str(message.get("name")))

    def _draw(self) -> None:
        table = self.query_one("#tables", DataTable)
        selected = self.selected_table()
        table.clear()
        for number in sorted(self.tables):
            table.add_row(*table_cells(self.tables[number], self.strings), key=str(number))
        if selected in self.tables:
            table.move_cursor(row=table.get_row_index(str(selected)))
        self.query_one("#online", Static).update("\n".join(sorted(self.players)))
        counts: dict[str, int] = {}
        for summary in self.tables.values():
            counts[summary.get("room", "")] = counts.get(summary.get("room", ""), 0) + 1
        rooms = [  # the room's short name, so a room is one line of the narrow column
            f"{hall_rooms.short(str(r.get('room')))} {counts.get(r.get('room'), 0)}"
            for r in self.rooms
        ]
        self.query_one("#rooms", Static).update("\n".join([self.strings("lobby_tables"), *rooms]))
        self._show_terms()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_terms()

    def _show_terms(self) -> None:
        """What the selected mahjong table costs to sit at, or what a ranked Go table is; else
        what each coin room asks."""
        summary = self.tables.get(self.selected_table() or -1)
        mahjong = summary is not None and summary.get("room", "go") != "go"
        if summary is not None and is_ranked_go(summary):
            shown = self.strings("lobby_ranked_terms")
        elif summary is not None and mahjong:
            shown = coin_terms(summary, self.strings)
        else:
            shown = tier_line(self.strings)
        self.query_one("#terms", Static).update(shown)

    def selected_table(self) -> int | None:
        table = self.query_one("#tables", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return int(key.value) if key.value is not None else None

    # Joining and creating tables.

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        number = int(event.row_key.value)
        summary = self.tables.get(number, {})
        seats = summary.get("seats") or {}
        free = [seat for seat, name in seats.items() if not name]
        if self.account in seats.values() or not free:
            self.run_worker(self._join("watch", table=number), group="join", exclusive=True)
        else:
            self.run_worker(
                self._join("sit", table=number, seat=free[0]), group="join", exclusive=True
            )

    def action_sit(self, index: int) -> None:
        """Sit at a chosen seat of the selected table, counting its seat columns from 1 (Go:
        1 black, 2 white); a taken seat is the hall's to refuse (`seat_taken`)."""
        number = self.selected_table()
        if number is None:
            return
        seats = list((self.tables.get(number, {}).get("seats") or {}).keys())
        if index >= len(seats):
            self.say(self.strings("lobby_seat_count", table=number, seats=len(seats)))
            return
        self.run_worker(
            self._join("sit", table=number, seat=seats[index]), group="join", exclusive=True
        )

    def action_watch(self) -> None:
        number = self.selected_table()
        if number is not None:
            self.run_worker(self._join("watch", table=number), group="join", exclusive=True)

    async def _join(self, kind: str, **fields: Any) -> None:
        if self.hall is None:
            return
        try:
            reply = await self.hall.request(kind, **fields)
        except HallError as error:
            await self._refused(error, self.tables.get(int(fields["table"])) or {})
            return
        if isinstance(reply.get("view"), dict):
            self.app.open_table(int(fields["table"]), reply["view"])

    async def _refused(self, error: HallError, summary: dict[str, Any]) -> None:
        """A refused seat, said with what to do about it."""
        if error.code == "below_room_minimum":
            await self._too_few_coins(summary)
        elif error.code == "rank_too_far_apart":
            self.say(self.strings("lobby_rank_far", why=without_rule_ids(error.message)))
        elif error.code == "table_assigned":
            self.say(self.strings("lobby_assigned"))
        else:
            self.say(explain(error, ui_language(self.app)))

    async def _too_few_coins(self, summary: dict[str, Any]) -> None:
        """The room's minimum, your balance, and the daily relief (c claims it) when you may
        have it."""
        tier = coin_tier(summary)
        profile = await self._request("profile")
        self.show_standing(profile)
        balance = profile.get("balance") if profile else None
        if tier is None or type(balance) is not int:
            self.say(self.strings("lobby_below_minimum"))
            return
        words = self.strings
        head = words(
            "lobby_too_few", tier=tier.name_zh, minimum=f"{tier.minimum:,}", balance=f"{balance:,}"
        )
        self.relief_offered = balance < RELIEF_BELOW
        self.refresh_bindings()
        if self.relief_offered:
            self.say(words("lobby_relief_offer", head=head))
        else:
            self.say(words("lobby_relief_elsewhere", head=head, below=RELIEF_BELOW))

    def action_relief(self) -> None:
        self.run_worker(self._relief, group="relief", exclusive=True)

    async def _relief(self) -> None:
        self.relief_offered = False
        self.refresh_bindings()
        reply = await self._request("relief")
        if reply is not None:
            self.show_standing({**(self.standing or {}), "balance": reply.get("balance")})
            coins, balance = f"{reply.get('coins', 0):,}", f"{reply.get('balance', 0):,}"
            self.say(self.strings("lobby_relief_got", coins=coins, balance=balance))

    def action_new_table(self) -> None:
        local = getattr(self.app, "local", None) is not None
        guest = is_guest(self.account)
        self.app.push_screen(NewTableScreen(local=local, guest=guest), self._create)

    def action_new_mahjong(self) -> None:
        if not hall_rooms.mahjong_rooms():
            self.say(self.strings("lobby_no_mahjong"))
            return
        local = getattr(self.app, "local", None) is not None
        self.app.push_screen(MahjongNewTableScreen(local=local), self._create_mahjong)

    def _create_mahjong(self, chosen: tuple[str, dict[str, Any]] | None) -> None:
        if chosen is not None:
            self.run_worker(
                self._create_and_sit(chosen[1], chosen[0]), group="join", exclusive=True
            )

    def _create(self, options: dict[str, Any] | None) -> None:
        if options is not None:
            self.run_worker(self._create_and_sit(options), group="join", exclusive=True)

    async def _create_and_sit(self, options: dict[str, Any], room: str = "go") -> None:
        created = await self._request("create_table", room=room, options=options)
        if created is None:
            return
        number = int(created["table"])
        if options.get("hotseat") or options.get("bot") or options.get("bots"):
            self.app.open_table(number, created["view"])
            return
        await self._join("sit", table=number, seat="black" if room == "go" else "0")

    # Chat, games, leaving.

    def action_chat(self) -> None:
        box = self.query_one("#chat", Input)
        box.add_class("typing")
        self.set_focus(box)  # at once: the next keys of a burst are already coming

    def action_stop_chat(self) -> None:
        self.query_one("#chat", Input).remove_class("typing")
        self.query_one("#tables", DataTable).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter sends the line and closes the box, so the next key is a lobby key again (`t`
        opens the box for the next line)."""
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        self.action_stop_chat()
        if text:
            self.run_worker(self._request("chat", text=text), group="chat")

    def action_games(self) -> None:
        self.app.push_screen(GamesScreen())

    def action_profile(self) -> None:
        self.app.push_screen(ProfileScreen())

    def action_leaderboard(self) -> None:
        self.app.push_screen(LeaderboardScreen())

    def action_logout(self) -> None:
        self.run_worker(self._logout, group="lobby", exclusive=True)

    async def _logout(self) -> None:
        await self._request("logout")
        await self.app.close_hall()
        self.dismiss()
