"""The qipai Textual app: owns the hall connection (and the local hall, if any) and routes what the
hall pushes to the screen it concerns. Screens only send requests through `app.hall` and draw."""

from __future__ import annotations

import asyncio
import sys
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.filter import Monochrome, NoColor
from textual.screen import Screen

from client import hall_rooms
from client.config import Settings, parse_address
from client.connection import HallConnection, HallError
from client.hall_errors import explain, ui_language
from client.i18n import Strings
from client.launch import Launch
from client.local_hall import LocalHall, LocalHallError
from client.mahjong_cli import local_rooms, table_options
from client.messages import HallClosed, HallPush
from client.ordered_focus import OrderedFocusApp
from client.reconnect import PATIENCE, backoff
from client.screens.disconnected import DisconnectedScreen
from client.screens.hall_away import HallAwayScreen
from client.screens.login import LoginScreen
from client.screens.result import ResultScreen
from client.screens.start import StartScreen

if TYPE_CHECKING:
    from client.go_view import GoView

QUIT_WINDOW = 3.0  # seconds within which a second ctrl+q quits a game in play


class QipaiApp(OrderedFocusApp):
    TITLE = "qipai"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True)]

    def __init__(
        self,
        launch: Launch | None = None,
        settings: Settings | None = None,
        ansi: bool = False,
        local: LocalHall | None = None,
    ) -> None:
        super().__init__(ansi_color=ansi)
        if ansi:
            self.theme = "ansi-dark"
        # NO_COLOR asks for no colour, and Textual's greyscale (Monochrome) made red, blue and
        # magenta tiles dark grey on a dark terminal: draw in the terminal's own colours instead.
        self._filters = [NoColor() if isinstance(f, Monochrome) else f for f in self._filters]
        self.launch = launch or Launch()
        self.settings = settings or Settings.load()
        self.hall: HallConnection | None = None
        self.local: LocalHall | None = None
        self._spawned = local
        """A local hall `qipai local` started before the app (client/cli.py): the first
        local table takes it rather than starting another."""
        self.account = ""
        self.address = ""
        self.endpoint: tuple[str, int] | None = None
        self.token: str | None = None
        self._quit_armed = -QUIT_WINDOW
        if ui_language(self) == "zh":  # the footer's one app key in the UI language
            self._bindings.key_to_bindings["ctrl+q"] = [
                replace(self.BINDINGS[0], description=Strings("zh")("quit"))
            ]
        self.farewell: dict[str, Any] = {}
        """The hall's `bye` on the current connection, read when the connection ends."""
        self._getting_back = False

    def on_mount(self) -> None:
        self.push_screen(StartScreen())
        if self.launch.mode == "connect":
            self.open_hall(self.launch.address)
        elif self.launch.mode == "local" and self.launch.game == "mahjong":
            self.play_local_mahjong(self.launch.room or next(iter(local_rooms())), self.launch.bots)
        elif self.launch.mode == "local":
            self.play_local(self.launch.size, self.launch.bot, self.launch.engine)
        elif self.launch.mode == "review":
            self.review_file(self.launch.path)
        elif self.launch.mode == "replay":
            self.replay_file(self.launch.path)

    def review_file(self, path: str) -> None:
        """`qipai review FILE.sgf`: the review over the start screen; closing it quits (the
        command line checked the file before the app started)."""
        from client.screens.review import ReviewScreen
        from qipai.go.replay import Replay

        with open(path, encoding="utf-8", errors="replace") as file:
            replay = Replay.from_sgf(file.read())
        self.push_screen(ReviewScreen(replay, ply=0), callback=lambda _: self.exit())

    def replay_file(self, path: str) -> None:
        """`qipai replay FILE.json`: the mahjong replay over the start screen; closing it quits
        (the command line checked the file before the app started)."""
        from client.mahjong_replay_files import learn_rooms, read_replay
        from client.screens.mahjong_replay import MahjongReplayScreen
        from client.widgets.tiles import TileStyle

        hands = read_replay(path)
        learn_rooms(hands)
        screen = MahjongReplayScreen(hands, style=TileStyle(cjk=self.launch.cjk))
        self.push_screen(screen, callback=lambda _: self.exit())

    # Opening a hall.

    def open_hall(self, address: str) -> None:
        self.run_worker(self._open_hall(address), group="hall", exclusive=True)

    async def _open_hall(self, address: str) -> None:
        failure = await self.reach_hall(address)
        if failure is None:
            self.push_screen(LoginScreen(self.settings.last_name))
        else:
            title = Strings(ui_language(self))("app_cannot_connect")
            self.notify(failure, title=title, severity="error")

    async def reach_hall(self, address: str) -> str | None:
        """Connect to the hall at `address` and remember it; what went wrong, for people, or
        None once connected."""
        await self.close_hall()
        try:
            host, port = parse_address(address)
        except ValueError as error:  # in 中文 the client's words, not the parser's English
            words = Strings(ui_language(self))
            return words("app_bad_address") if words.chinese else str(error)
        try:
            await self.connect(host, port)
        except HallError as error:
            return explain(error, ui_language(self))
        self.address = f"{host}:{port}"
        self.settings.last_server = address
        self.settings.save()
        return None

    async def connect(self, host: str, port: int) -> None:
        """Open a connection to the hall (closing any earlier one, but not the local hall)."""
        hall, self.hall = self.hall, None
        if hall is not None:
            await hall.close()
        self.endpoint = (host, port)
        self.farewell = {}
        self.hall = await HallConnection.open(
            host,
            port,
            on_push=lambda message: self.post_message(HallPush(message)),
            on_closed=lambda reason: self.post_message(HallClosed(reason)),
        )

    def logged_in(self, name: str, reply: dict[str, Any]) -> None:
        """After login or register: remember the name and open the lobby; the hall pushes a
        snapshot of every seat still held, which opens those tables on top."""
        self.account = name
        self.token = reply.get("token")
        if self.launch.mode != "local":
            self.settings.last_name = name
            self.settings.save()
        self.switch_screen(self._lobby_screen(self.address))
        self.offer_return(reply)

    def offer_return(self, reply: dict[str, Any]) -> None:
        """After a log-in: a running game's table opens by itself (the hall pushes its
        snapshot), and that is said; else an adjourned game is offered (GO-12)."""
        words = Strings(ui_language(self))
        held = sorted({int(s["table"]) for s in reply.get("seats") or [] if "table" in s})
        for table in held:
            self.notify(words("back_at_table", table=table), timeout=8)
        if not held:
            self.run_worker(self._offer_adjourned(words), group="offer", exclusive=True)

    async def _offer_adjourned(self, words: Strings) -> None:
        from client.screens.return_offer import ReturnOfferScreen

        if self.hall is None:
            return
        try:
            adjourned = (await self.hall.request("games")).get("adjourned") or []
        except HallError:
            return  # the lobby says what is wrong with the hall; the offer can wait
        if adjourned:
            self.push_screen(ReturnOfferScreen(words, adjourned[0]))

    async def resume_adjourned(self, game: int) -> str | None:
        """GO-12: resume an adjourned game; what went wrong, for people, or None once its
        table is open (the hall seats both players; the opponent's client opens it too)."""
        return await self._table_from("resume_game", game=game)

    async def return_to_table(self, table: int) -> str | None:
        """Back at a table where one plays (a game in progress listed in my games)."""
        return await self._table_from("watch", table=table)

    async def _table_from(self, kind: str, **fields: Any) -> str | None:
        try:
            if self.hall is None:
                raise HallError("connection_lost", "")
            reply = await self.hall.request(kind, **fields)
        except HallError as error:
            return explain(error, ui_language(self))
        self._clear_notices()
        self.open_table(int(reply.get("table", fields.get("table"))), reply["view"])
        return None

    def _clear_notices(self) -> None:
        """Take down the screens that give way to a table the hall opens: the away notice
        (its seat's snapshot means the hall is back), the return offer, my games."""
        while getattr(self.screen, "gives_way_to_tables", False):
            self.pop_screen()

    def _lobby_screen(self, where: str) -> Screen:
        """The lobby, imported on first use: its mahjong form pulls in the mahjong analysis
        tables (about 0.2 s), which the start screen must not wait for (bench/tui_bytes.py)."""
        from client.screens.lobby import LobbyScreen

        return LobbyScreen(where, self.account)

    # Local mode.

    def play_local(self, size: int, bot: str | None, engine: str | None) -> None:
        options: dict[str, Any] = {"size": size}
        options.update({"bot": bot} if bot else {"hotseat": True})
        if bot and self.launch.rung:
            from qipai.go.ladder import rung  # here: the start screen loads no game's rules

            options["bot_level"] = self.launch.rung
            stones = rung(self.launch.rung).handicap
            if stones:  # the rung's own game: the bot White, the player taking its stones
                options.update(bot="white", handicap=stones, komi=0.0)
        self.run_worker(self._play_local("go", options, engine), group="hall", exclusive=True)

    def play_local_mahjong(self, room: str, bots: int) -> None:
        """`qipai local mahjong` and the start screen's `j` both come here. The choice is kept in
        the launch, where the table screen finds the language and tile style."""
        self.launch = replace(self.launch, game="mahjong", room=room, bots=bots)
        self.run_worker(
            self._play_local(room, table_options(self.launch), None), group="hall", exclusive=True
        )

    async def _play_local(self, room: str, options: dict[str, Any], engine: str | None) -> None:
        words = Strings(ui_language(self))
        self.notify(words("local_starting"), timeout=3)
        try:
            await self.close_hall()
            self.local, self._spawned = self._spawned or LocalHall(engine=engine), None
            host, port = await self.local.start()
            await self.connect(host, port)
            self.address = f"{host}:{port}"
            reply = await self._local_login()
            self.account = str(reply.get("name", ""))
            self.token = reply.get("token")
            # The table opens at once: learn the hall's rooms (its names) before it does.
            hall_rooms.learn((await self.hall.request("lobby")).get("rooms") or [])
            # Asked before the lobby (a screen to import) is built, so the hall deals meanwhile.
            creating = asyncio.ensure_future(
                self.hall.request("create_table", room=room, options=options)
            )
            await asyncio.sleep(0)  # its first step sends it
            self.push_screen(self._lobby_screen("local hall"))
            created = await creating
        except HallError as error:
            self.notify(explain(error, words.language), title=words("local_play"), severity="error")
            return
        except LocalHallError as error:
            self.notify(str(error), title=words("local_play"), severity="error")
            return
        table = int(created["table"])
        if self.table_screen(table) is None:  # else a push of its deal has opened it already
            self.open_table(table, created["view"])

    async def _local_login(self) -> dict[str, Any]:
        """Log in the local account, registering it the first time (and again under a fresh
        name if the database was replaced and the old name belongs to someone else, or was
        saved before the hall reserved it)."""
        assert self.hall is not None
        known = bool(self.settings.local_name and self.settings.local_password)
        name, password = self.settings.local_account()
        if known:  # a password made just now has no account to log in to yet
            try:
                return await self.hall.request("login", name=name, password=password)
            except HallError as error:
                if error.code != "bad_credentials":
                    raise
        try:
            return await self.hall.request("register", name=name, password=password)
        except HallError as error:
            if error.code not in ("name_taken", "name_reserved"):
                raise
        name, password = self.settings.local_account(fresh=True)
        return await self.hall.request("register", name=name, password=password)

    # Tables and what the hall pushes.

    def open_table(self, table: int, view_wire: dict[str, Any]) -> Screen:
        if view_wire.get("room", "go") != "go":
            # Imported on first use, like the lobby: it needs the mahjong analysis tables.
            from client.screens.mahjong_table import open_mahjong_table

            return open_mahjong_table(self, table, view_wire)
        # Go too loads with its first table: the start screen's first frame loads no game.
        from client.go_view import GoView
        from client.screens.go_table import GoTableScreen

        existing = self.table_screen(table)
        view = GoView.from_wire(view_wire, time.monotonic(), Strings(ui_language(self)))
        if existing is not None:
            existing.show_view(view)
            return existing
        assert self.hall is not None
        title = self._table_title(table, view)
        screen = GoTableScreen(self.hall, table, view, title=title, account=self.account)
        self.push_screen(screen)
        return screen

    def _table_title(self, table: int, view: GoView) -> str:
        strings = Strings(ui_language(self))
        where = strings("gt_local") if self.local else self.address
        kind = "gt_hotseat" if len(view.seats) == 2 else "gt_spectator" if view.is_spectator else ""
        rules = strings("gt_rules_komi", komi=f"{view.komi:g}") if view.komi is not None else ""
        if view.handicap:
            rules += strings("gt_rules_handicap", n=view.handicap)
        parts = [
            strings("gt_title", size=view.size, rules=rules),
            strings("gt_table", n=table),
            strings(kind) if kind else "",
            where,
        ]
        return "  |  ".join(p for p in parts if p)

    def table_screen(self, table: int) -> Screen | None:
        """The open screen of that table, of whatever game: table screens name their `table`."""
        for screen in self.screen_stack:
            if getattr(screen, "table", None) == table and hasattr(screen, "on_table_push"):
                return screen
        return None

    def on_hall_push(self, push: HallPush) -> None:
        message = push.message
        kind = message.get("type")
        if kind in ("event", "snapshot") and isinstance(message.get("table"), int):
            table = message["table"]
            screen = self.table_screen(table)
            if screen is None and _opens_a_table(message):
                self._clear_notices()
                screen = self.open_table(table, message["view"])
            elif screen is not None:
                screen.on_table_push(message)
            if _is_go_table(screen) and message.get("kind") == "over":
                view = message.get("view") or {}
                self.push_screen(ResultScreen(table, view))
        elif kind == "bet_result":
            self._bet_result(message)
        elif kind in ("lobby", "chat"):
            for screen in self.screen_stack:
                if hasattr(screen, "on_lobby_push"):
                    screen.on_lobby_push(message)
        elif kind == "bye":
            self.farewell = message  # said when the connection ends, just after
            if isinstance(self.screen, HallAwayScreen):
                self.screen.headline(self._farewell_words(message, Strings(ui_language(self))))

    def _bet_result(self, message: dict[str, Any]) -> None:
        """A golden table's pop-up to each bettor (000:L65), wherever they are in the hall."""
        table = message.get("table")
        self.notify(
            f"Game {message.get('game', '?')}: {message.get('text', '')}",
            title=f"竞猜 your bets on table {table}",
            timeout=15,
        )
        screen = self.table_screen(table) if isinstance(table, int) else None
        if _is_go_table(screen):
            screen.on_bet_result(message)

    def on_hall_closed(self, closed: HallClosed) -> None:
        if self.hall is not None and not self.hall.closed:
            return  # the end of a connection already given up (an attempt to get back)
        farewell, self.farewell = self.farewell, {}
        words = Strings(ui_language(self))
        self.log.info(f"hall connection ended: {closed.reason}")
        if farewell.get("code") == "replaced":
            # Logged in elsewhere: getting back would throw that one out, which would get back...
            self.token = None
            self._back_to_start(words("replaced"))
        elif self._getting_back:
            return  # the attempt under way sees its own failure
        elif self.token and (self.endpoint or self.local):
            self._getting_back = True
            self.run_worker(self._get_back(farewell), group="hall", exclusive=True)
        else:
            self._back_to_start(self._farewell_words(farewell, words))

    def _farewell_words(self, farewell: dict[str, Any], words: Strings) -> str:
        """Why the hall went away, in plain words: a clean stop says whether games are saved."""
        code = farewell.get("code")
        if code == "shutting_down":
            return words("away_stopping" if farewell.get("saved") else "away_stopping_unsaved")
        if code:
            return explain(HallError(str(code), ""), words.language)
        if self.local is not None:
            return words("away_local")
        return words("away_lost", where=self.address)

    async def _get_back(self, farewell: dict[str, Any]) -> None:
        """Keep trying, with backoff, for a few minutes (client/reconnect.py), showing why and
        when the next attempt is; then log in again with the session token: the hall pushes a
        snapshot of every seat we hold (GO-09: the seat was kept), which lands us at our tables,
        and watched tables are watched again."""
        words = Strings(ui_language(self))
        give_up_at = time.monotonic() + PATIENCE
        away = HallAwayScreen(words, self._farewell_words(farewell, words), give_up_at)
        self.push_screen(away)
        why = words("away_gave_up", minutes=round(PATIENCE / 60))
        try:
            for attempt, delay in enumerate(backoff(), 1):
                await away.countdown(delay, attempt)
                if away.stopped:
                    why = words("away_stopped")
                    break
                try:
                    reply = await self._resume_session()
                except HallError as error:
                    if error.code == "bad_token":
                        why = explain(error, words.language)
                        break
                    away.failed(explain(error, words.language))
                    continue
                except LocalHallError as error:
                    away.failed(str(error))
                    continue
                self.token = reply.get("token", self.token)
                self._dismiss(away)
                await self._rejoin_screens()
                self.notify(words("back_in_hall"), timeout=3)
                return
        finally:
            self._getting_back = False
        self._dismiss(away)
        self.token = None
        self._back_to_start(why)

    async def _resume_session(self) -> dict[str, Any]:
        """One attempt to get back: the local hall is started again if it died (same database,
        same port if it is free), then the session is resumed with its token."""
        if self.local is not None and not self.local.alive:
            host, port = await self.local.restart()
            self.endpoint = (host, port)
            self.address = f"{host}:{port}"
        assert self.endpoint is not None
        await self.connect(*self.endpoint)
        assert self.hall is not None
        return await self.hall.request("resume_session", token=self.token)

    def _dismiss(self, away: Screen) -> None:
        """Take the away notice down if it is still the top screen (a snapshot pushed before the
        resume's reply was read has already taken it down to open its table)."""
        if self.screen is away:
            self.pop_screen()

    async def _rejoin_screens(self) -> None:
        for screen in list(self.screen_stack):
            rejoin = getattr(screen, "rejoin", None)
            if rejoin is not None:
                await rejoin(self.hall)

    def _back_to_start(self, reason: str) -> None:
        """The start screen, and over it, if a hall out there was lost, the question whether to
        connect again: the keys a player types believing the log-in is open reach no field."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if not isinstance(self.screen, StartScreen):
            self.switch_screen(StartScreen())
        if self.local is None and self.address:
            self.push_screen(DisconnectedScreen(self.address, reason))
        else:
            title = Strings(ui_language(self))("app_disconnected")
            self.notify(reason, title=title, severity="error", timeout=10)

    async def close_hall(self) -> None:
        hall, self.hall = self.hall, None
        if hall is not None:
            await hall.close()
        local, self.local = self.local, None
        if local is not None:
            await local.stop()

    async def action_quit(self) -> None:
        """Ctrl+Q quits; while the player is in a game that is still going, only once pressed
        twice within a few seconds, as the first press says."""
        playing = self._game_in_play()
        now = time.monotonic()
        if playing and now - self._quit_armed > QUIT_WINDOW:
            self._quit_armed = now
            strings = Strings(ui_language(self))
            self.notify(strings("quit_in_game"), title=strings("quit_title"), severity="warning")
            return
        await self.close_hall()
        self.exit()

    def _game_in_play(self) -> bool:
        """Whether a table below the top screen has this player seated in a running game."""
        for screen in reversed(self.screen_stack):
            in_play = getattr(screen, "in_play", None)
            if callable(in_play):
                return bool(in_play())
        return False


def _opens_a_table(message: dict[str, Any]) -> bool:
    """A push that opens a table not on screen: a seat's snapshot (after a log-in), or the start
    of an adjourned game the opponent resumed (GO-12: it seats both players)."""
    if not isinstance(message.get("view"), dict):
        return False
    return message.get("type") == "snapshot" or message.get("kind") == "started"


def _is_go_table(screen: Screen | None) -> bool:
    """Whether ``screen`` is a Go table's; its module is loaded by the first Go table opened,
    so without it no screen can be one (and asking must not load Go for a mahjong player)."""
    module = sys.modules.get("client.screens.go_table")
    return module is not None and isinstance(screen, module.GoTableScreen)
