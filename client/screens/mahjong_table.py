"""The mahjong table: the board, the prompt with its countdown, a status line and the keys.

The screen never judges legality: it shows the legal actions the hall sent for the seat and
sends the one the player picks. A key maps to an action type; the tile under the cursor says
which of several (which tile to discard, which kong, which chow) is meant.

Hot-seat: one connection plays several seats. The screen keeps a view per seat, shows the seat
that has a real choice to make, and puts a cover screen up whenever that seat changes, so the
next player sees their own hand only after the last one has passed the keyboard.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from typing import Any

from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from client.connection import HallError
from client.cropped_updates import use_cropped_updates
from client.hall_errors import explain
from client.i18n import BINDING_WORDS_ZH, Strings, default_language
from client.mahjong_comfort import (
    Comfort,
    automatic,
    comfort_bindings,
    decision,
    remember,
    toggled_text,
)
from client.mahjong_view import HandLog, MahjongView, ViewError, view_from_wire, wind_of
from client.screens.mahjong_claim_window import ClaimSeat, MahjongClaimWindowScreen
from client.screens.mahjong_cover import MahjongCoverScreen
from client.screens.mahjong_history import HISTORY_KEY_WORDS, MahjongHistoryScreen
from client.screens.mahjong_incremental import FollowsEvents
from client.screens.mahjong_reference import MahjongReferenceScreen, reference_text
from client.screens.mahjong_settlement import MahjongSettlementScreen
from client.screens.mahjong_xiapao import ChineseXiapaoScreen, MahjongXiapaoScreen
from client.screens.table_screen import Hall, TableScreen
from client.widgets.changed_line import ChangedLine
from client.widgets.keys_line import KeysLine
from client.widgets.mahjong_board import MahjongBoard, hand_order, ruleset_title
from client.widgets.tiles import TileStyle, face
from qipai.mahjong.tiles import kind_of

SECOND_PRESS_WINDOW = 3.0
CLAIM_PHASES = ("claim", "rob")
KEY_OF = {
    "discard": "d",
    "self_win": "w",
    "win": "w",
    "concealed_kong": "k",
    "added_kong": "k",
    "kong": "k",
    "pung": "p",
    "chow": "c",
    "pass": "x",
    "leave": "L",
}


FOOTER = {
    "en": (
        "Discard",
        "Win",
        "Pung",
        "Kong",
        "Chow",
        "Pass",
        "Leave",
        "Void",
        "Next hand",
        "Bots",
        "下炮 on/off",
    ),
    "zh": ("打出", "胡", "碰", "杠", "吃", "过", "离开", "定缺", "下一局", "电脑入座", "下炮开/关"),
}
TABLE_ACTIONS = {  # the key's action: the table action (you.legal) that enables it
    "ready": "ready",
    "add_bots": "add_bots",
    "xiapao": "xiapao",
}


def table_bindings(language: str) -> list[Binding]:
    """The table's keys, the footer's words in the UI language (the keys stay the same); the
    screen's `check_action` shows only those the ruleset and the moment allow."""
    discard, win, pung, kong, chow, pass_, leave, void, ready, bots, xiapao = FOOTER[language]

    def words(english: str) -> str:  # the keys only `?` lists
        return BINDING_WORDS_ZH.get(english, english) if language == "zh" else english

    return [
        Binding("left,h", "move(-1)", words("Left"), show=False, id="mahjong.left"),
        Binding("right,l", "move(1)", words("Right"), show=False, id="mahjong.right"),
        *(
            Binding(str(n % 10), f"pick({n - 1})", show=False, id=f"mahjong.pick{n}")
            for n in range(1, 11)
        ),
        Binding("m", "void(0)", f"{void} m", id="mahjong.void_m"),
        Binding("p", "void(1)", f"{void} p", id="mahjong.void_p"),
        Binding("s", "void(2)", f"{void} s", id="mahjong.void_s"),
        Binding("d,enter", "choose('discard')", discard, id="mahjong.discard"),
        Binding("w", "choose('win')", win, id="mahjong.win"),
        Binding("p", "choose('pung')", pung, id="mahjong.pung"),
        Binding("k", "choose('kong')", kong, id="mahjong.kong"),
        Binding("c", "choose('chow')", chow, id="mahjong.chow"),
        Binding("x,space", "choose('pass')", pass_, id="mahjong.pass"),
        Binding("L", "choose('leave')", words("Leave hand"), show=False, id="mahjong.leave_hand"),
        Binding("v", "settlement", words("Settlement"), show=False, id="mahjong.settlement"),
        Binding("r", "reference", words("Fan reference"), show=False, id="mahjong.reference"),
        Binding("H", "history", HISTORY_KEY_WORDS[language], show=False, id="mahjong.history"),
        Binding("n", "ready", ready, id="mahjong.ready"),
        Binding("b", "add_bots", bots, id="mahjong.add_bots"),
        Binding("a", "auto", words("Auto-play on/off"), show=False, id="mahjong.auto"),
        Binding("f", "xiapao", xiapao, id="mahjong.xiapao"),
        Binding("q", "leave", leave, id="mahjong.leave"),
        *comfort_bindings(Strings(language)),
    ]


def needs_choice(view: MahjongView) -> bool:
    """A seat with more to do than pass: a pass-only claim prompt is answered by the hall after
    its delay (MJ-08), so it needs no player (and no cover screen)."""
    return any(action.get("type") != "pass" for action in view.legal)


class MahjongTableScreen(FollowsEvents, TableScreen):
    DEFAULT_CSS = """
    MahjongTableScreen { layout: vertical; }
    MahjongTableScreen #title { height: 1; background: $panel; padding: 0 1; }
    MahjongTableScreen #prompt { height: 1; padding: 0 1; text-style: bold; }
    MahjongTableScreen #message { height: 1; padding: 0 1; color: $warning; }
    """
    BINDINGS = table_bindings("en")

    def __init__(
        self,
        hall: Hall,
        table: int,
        view: MahjongView,
        *,
        title: str = "",
        strings: Strings | None = None,
        style: TileStyle | None = None,
        comfort: Comfort | None = None,
    ) -> None:
        super().__init__()
        use_cropped_updates(self)  # a change is written from where it starts (bench/mahjong_tui.py)
        self.hall = hall
        self.table = table
        self.strings = strings or Strings()
        self.comfort = comfort or Comfort(cjk=bool(style and style.cjk))
        self.tile_style = style or self.comfort.style
        self._auto_done: tuple[Any, ...] | None = None  # the moment a toggle last answered
        self.view = view
        self.hand_log = HandLog()
        self.cursor = 0
        self.title_text = title or f"qipai  mahjong  table {table}"
        self._armed: dict[str, float] = {}
        self._settled: set[int] = set()
        self._cover_screen: MahjongCoverScreen | None = None
        self._settlement: MahjongSettlementScreen | None = None
        self._xiapao_screen: MahjongXiapaoScreen | None = None
        self._hand_covered = 0  # the hand whose first hot-seat player has had a cover
        self._xiapao = [False, False, False, False]  # Lengzi 下炮 as the table last said
        self._actions = sorted({b.action for _, b in self._bindings})
        self._held: list[dict[str, Any]] = []  # pushes waiting behind the claim window
        self._window_up = False
        self._claimant: int | None = None  # the seat answering a claim behind its own cover
        self._answering: tuple[int, int, int, bool] | None = None  # the offer it answers
        self._unclaimed: tuple[int, int, int, bool] | None = None  # the offer nobody claimed
        self._window_view = view  # the view that opened the claim window last
        self._prompt_shown: str | None = None
        self._keys: tuple[bool | None, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="title", markup=False)
        board = MahjongBoard(self.strings, self.tile_style, id="board")
        board.drawn_apart = self.comfort.drawn_apart
        yield board
        yield ChangedLine(id="prompt")
        yield ChangedLine(id="message")
        yield KeysLine()

    def on_mount(self) -> None:
        self._redraw()
        self.set_interval(1.0, self._tick)
        self._maybe_settle(self.view)
        self._take_automatic()
        self.start_following()

    # What the hall tells us.

    def follows_events(self) -> bool:
        """A player in one seat follows the hand from incremental events
        (``mahjong_incremental``); spectators and hot-seat take full views."""
        return len(self.view.mine) == 1

    def take_push(self, message: dict[str, Any]) -> None:
        """An `event` (the machine's events, redacted for us, and our view after them) or a
        `snapshot`. In hot-seat a claim window is shown the same whoever can claim (MJ-08):
        while it is up, what the hall sends waits in order and is taken when it closes."""
        if self._stale(message):
            return
        if self._window_up:
            self._held.append(message)
            return
        view = self._read(message.get("view")) if isinstance(message.get("view"), dict) else None
        if view is not None and self._claim_moment(view):
            self._held.append(message)
            self._open_window(view)
            return
        if view is not None and self._shows_another_claimant(view):
            self._follow(message)  # the claimant's own view (``show``) is on its way
            self.view = dataclasses.replace(self.view, seq=view.seq)
            return
        if view is not None and view.phase in CLAIM_PHASES and self._offer(view) == self._unclaimed:
            self._follow(message)  # nobody claims: the hall moves on at once, nothing to show
            self.view = dataclasses.replace(self.view, seq=view.seq)
            return
        self._take(message, view)

    def _stale(self, message: dict[str, Any]) -> bool:
        """Older than the view on screen: the hall sends a request's events before its reply,
        so a table opened from that reply can get them late; drawing one would roll the view
        back, and following its events again would double the rivers."""
        seq, shown = message.get("seq"), self.view.seq
        if not isinstance(seq, int) or shown is None:
            return False
        return seq < shown or (seq == shown and message.get("type") == "event")

    def _take(self, message: dict[str, Any], view: MahjongView | None) -> None:
        """Follow the events and draw the view; after a gap in `seq`, ask for a snapshot, as
        the protocol says."""
        seq = message.get("seq")
        gap = (
            message.get("type") == "event"
            and isinstance(seq, int)
            and self.view.seq is not None
            and seq != self.view.seq + 1
        )
        self._follow(message)
        if view is not None:
            self.show_view(view)
            if view.phase not in CLAIM_PHASES:
                self._claimant = None  # the claim is over; next time this seat gets a cover
        self._say_automatic(message)
        if gap:
            self.run_worker(self._refresh_snapshot, group="snapshot", exclusive=True)

    def _follow(self, message: dict[str, Any]) -> None:
        for event in message.get("events") or []:
            if isinstance(event, dict):
                self.hand_log.follow(event)
        if message.get("kind") == "xiapao" and str(message.get("seat")) in ("0", "1", "2", "3"):
            self._xiapao[int(message["seat"])] = bool(message.get("on"))
        if message.get("kind") == "over":
            self._say_why_over(message)

    def _say_automatic(self, message: dict[str, Any]) -> None:
        """What the hall did by itself is said (MJ-06): the action it took for a seat whose time
        ran out, a seat it now plays (托管, after two timeouts in a row), and a restored table
        that goes on."""
        s, kind = self.strings, message.get("kind")
        if kind == "unpaused":  # the players are back, or the grace is over
            self.say(s("table_unpaused"))
        elif kind == "timeout" and str(message.get("by")) in ("0", "1", "2", "3"):
            seat = int(message["by"])
            who = s("you") if seat in self.view.mine else self.view.seats[seat].name
            self.say(s("timed_out", who=who, what=self._what_was_done(seat, message)))
        elif (
            kind == "auto"
            and message.get("on")
            and str(message.get("seat")) in ("0", "1", "2", "3")
        ):
            seat = int(message["seat"])
            if seat in self.view.mine:
                self.say(s("auto_you"))
            else:
                self.say(s("auto_other", name=self.view.seats[seat].name))

    def _what_was_done(self, seat: int, message: dict[str, Any]) -> str:
        s = self.strings
        for event in message.get("events") or []:
            if not isinstance(event, dict) or event.get("seat") != seat:
                continue
            if event.get("type") == "discarded" and type(event.get("tile")) is int:
                tile = face(kind_of(event["tile"]), self.tile_style).strip()
                return s("auto_discarded", tile=tile)
            if event.get("type") == "void_declared":
                void = self.view.seats[seat].void
                return (
                    s("auto_void", suit=s.suit(void)) if void is not None else s("auto_void_hidden")
                )
        return s("auto_passed")

    def _say_why_over(self, message: dict[str, Any]) -> None:
        """A coin match can end early: a player below the room's minimum at a deal, or one
        who left between hands or escaped; any match stops at a hand the hall could not store
        (docs/protocol.md, `over`)."""
        if isinstance(message.get("not_stored"), int):
            self.say(self.strings("over_not_stored", n=message["not_stored"]))
            return
        for key in ("below_minimum", "left", "escaped"):
            names = message.get(key)
            if isinstance(names, list) and names:
                who = ", ".join(str(name) for name in names)
                self.say(self.strings(f"over_{key}", who=who))
                return

    def _read(self, wire: Any) -> MahjongView | None:
        """A view the client cannot read is reported, and the table stays as it was."""
        try:
            return view_from_wire(wire, time.monotonic(), seat_names(self.app))
        except (ViewError, KeyError, TypeError, ValueError) as error:
            self.log.warning(f"unreadable view: {error!r}")
            self.say(explain(HallError("bad_view", ""), self.strings.language))
            return None

    def show_wire_view(self, wire: Any) -> None:
        self.on_table_push({"type": "snapshot", "view": wire})

    # The hot-seat claim window (MJ-08).

    def _claim_moment(self, view: MahjongView) -> bool:
        """A tile is on offer to a keyboard shared by several people, and nobody is already
        answering it behind their own cover."""
        if len(view.mine) < 2 or view.phase not in CLAIM_PHASES or view.offer is None:
            return False
        return self._offer(view) not in (self._unclaimed, self._answering)

    def _shows_another_claimant(self, view: MahjongView) -> bool:
        """A view of the tile being answered that shows not the seat answering it but another
        seat of ours the hall waits for (it shows the first): never drawn, or the claimant
        would see that seat's hand."""
        return (
            self._answering is not None
            and self._offer(view) == self._answering
            and view.you != self._claimant
            and self._claimant in view.claims
        )

    def _offer(self, view: MahjongView) -> tuple[int, int, int, bool] | None:
        offer = view.offer
        if offer is None:
            return None
        robbing = bool(offer.get("robbing"))
        return view.hand_number, int(offer["actor"]), int(offer["tile"]), robbing

    def _open_window(self, view: MahjongView) -> None:
        """The same window after every discard: the tile, who let it go, a key per seat at
        the keyboard (but the discarder's)."""
        s = self.strings
        assert view.offer is not None
        actor = int(view.offer["actor"])
        tile = face(kind_of(int(view.offer["tile"])), self.tile_style).strip()
        name = view.seats[actor].name
        wind = wind_of(actor, view.dealer, s.chinese)
        key = "window_rob" if view.offer.get("robbing") else "window_discard"
        seats = [
            ClaimSeat(seat, f"{wind_of(seat, view.dealer, s.chinese)} {view.seats[seat].name}")
            for seat in view.mine
            if seat != actor
        ]
        self._claimant = None
        self._window_up = True
        self._window_view = view
        window = MahjongClaimWindowScreen(
            s(key, tile=tile, name=name, wind=wind), s("window_ask"), seats, s("window_nobody")
        )
        self.app.push_screen(window, self._window_answered)

    def _latest(self) -> MahjongView | None:
        """The newest readable view among the held messages: what the hall waits for now."""
        for message in reversed(self._held):
            wire = message.get("view")
            if isinstance(wire, dict):
                try:
                    return view_from_wire(wire, time.monotonic(), seat_names(self.app))
                except (ViewError, KeyError, TypeError, ValueError):
                    continue
        return None

    def _window_answered(self, seat: int | None) -> None:
        """A seat key: that seat's cover; behind it, the hall is asked to show that seat if it
        can claim (the hall shows the first seat it waits for)."""
        if seat is None:
            self._nobody_claims()
            return
        latest = self._latest()
        if latest is not None and latest.you != seat and seat in latest.claims:
            self.run_worker(self._show(seat), group="show")
        s, name = self.strings, self.view.seats[seat].name
        wind = wind_of(seat, self.view.dealer, s.chinese)
        cover = MahjongCoverScreen(
            seat, s("cover", name=name, wind=wind), s("cover_key", name=name)
        )
        self.app.push_screen(cover, self._claimant_uncovered)

    def _nobody_claims(self) -> None:
        """Space: every seat here that the hall still waits for on this tile passes, and
        play goes on."""
        self._window_up = False
        latest, offer = self._latest(), self._offer(self._window_view)
        self._unclaimed = offer
        if latest is not None and latest.phase in CLAIM_PHASES and self._offer(latest) == offer:
            for seat in latest.acting:
                self._send({"type": "pass", "seat": seat})
        self._release()

    async def _show(self, seat: int) -> None:
        """A refusal means the window closed meanwhile: the cover then says so itself."""
        with contextlib.suppress(HallError):
            await self.hall.request("act", table=self.table, action="show", seat=str(seat))

    def _claimant_uncovered(self, seat: int | None) -> None:
        """The seat that asked for the tile sees its options (``you.claims``: every seat of
        ours the hall waits for has its own), or is told it has none and the window comes back
        for the others."""
        assert seat is not None
        latest = self._latest()
        s, name = self.strings, self.view.seats[seat].name
        offer = self._offer(self._window_view)
        waiting = latest is not None and latest.phase in CLAIM_PHASES
        if not waiting or self._offer(latest) != offer:
            latest = None  # the hall has moved on: nobody could claim this tile
        if latest is not None and any(a.get("type") != "pass" for a in latest.claims.get(seat, ())):
            self._window_up = False
            self._claimant, self._answering = seat, offer
            self._release()
            return
        title = s("nothing_to_claim", name=name)
        back = MahjongCoverScreen(seat, title, s("back_key"))
        self.app.push_screen(back, lambda _: self._open_window(self._window_view))

    def _release(self) -> None:
        """Take the held messages in order; one of them may open the next window, and the
        rest wait again behind it."""
        held, self._held = self._held, []
        for index, message in enumerate(held):
            if self._window_up:
                self._held.extend(held[index:])
                return
            self.take_push(message)

    def show_view(self, view: MahjongView) -> None:
        """Draw a new view. In hot-seat the hall shows the seat that must act next; when that
        seat changes to another player's with a choice to make, the cover goes up first."""
        changed = view.you != self.view.you
        dealt = view.hand_number != self._hand_covered and view.phase not in ("", "ended")
        self.view = view
        marks = view.public.get("xiapao")
        if isinstance(marks, list) and len(marks) == 4:
            self._xiapao = [bool(mark) for mark in marks]
        if changed:
            self.cursor = 0
        self.cursor = min(self.cursor, max(0, len(self._hand()) - 1))
        self._place_cursor()
        if not self.is_mounted:
            return
        hot_seat_turn = len(view.mine) > 1 and needs_choice(view) and view.you != self._claimant
        if (changed or dealt) and hot_seat_turn:
            self._hand_covered = view.hand_number  # a new hand: its first player too
            self._cover_seat(view)
        self._redraw()
        self._close_old_settlement(view)
        if self._xiapao_screen is not None and "xiapao" not in view.table_actions:
            self._xiapao_screen.dismiss(self._xiapao_screen.on)  # dealt meanwhile
        if self._settlement is not None:
            self._settlement.show_coins(view)
        self._maybe_settle(view)
        self._take_automatic()

    def _place_cursor(self) -> None:
        """On our turn, a cursor on a tile that may not go (a void rule) moves to the tile just
        drawn if that may go, else to the first tile that may."""
        allowed = {a.get("tile") for a in self.view.legal_of("discard")}
        hand = self._hand()
        if not allowed or (0 <= self.cursor < len(hand) and hand[self.cursor] in allowed):
            return
        me = self.view.me
        drawn = self.hand_log.drawn_tile(me) if me is not None else None
        if drawn in allowed:
            self.cursor = hand.index(drawn)
            return
        self.cursor = next((i for i, tile in enumerate(hand) if tile in allowed), self.cursor)

    def _cover_seat(self, view: MahjongView) -> None:
        """Put the cover up for the seat now shown (or name that seat on the cover already up)."""
        assert view.you is not None
        name = view.seats[view.you].name
        wind = wind_of(view.you, view.dealer, self.strings.chinese)
        title = self.strings("cover", name=name, wind=wind)
        prompt = self.strings("cover_key", name=name)
        if self._cover_screen is not None:
            self._cover_screen.show_seat(view.you, title, prompt)
            return
        self._cover_screen = MahjongCoverScreen(view.you, title, prompt)
        self.app.push_screen(self._cover_screen, self._uncovered)

    def _uncovered(self, _: int | None) -> None:
        self._cover_screen = None
        self._redraw()

    def _maybe_settle(self, view: MahjongView) -> None:
        """Open the settlement once per hand when the hand has ended; closing it tells the
        hall we are ready for the next hand."""
        if view.settlement is None or view.phase != "ended":
            return
        if view.hand_number in self._settled:
            return
        self._settled.add(view.hand_number)
        self._settlement = MahjongSettlementScreen(view, self.strings, self.tile_style)
        self.app.push_screen(self._settlement, self._settlement_closed)

    def _settlement_closed(self, _: None) -> None:
        """After the last hand the settlement's Enter goes back to the lobby, as it says (the
        board of a finished match offers nothing more); otherwise on to the next deal."""
        self._settlement = None
        if self.view.match_over:
            self.run_worker(self._leave, group="leave", exclusive=True)
        elif "ready" in self.view.table_actions:
            self._get_ready()

    # Ready for the next deal, after each seat's 下炮 (Lengzi, LZ-09).

    def _get_ready(self) -> None:
        """Before a deal every seat of ours chooses its 下炮 where the table offers it (in
        hot-seat each behind its own cover), then the hall is told we are ready."""
        seats = list(self.view.mine) if "xiapao" in self.view.table_actions else []
        self._ask_xiapao(seats, [])

    def _ask_xiapao(self, seats: list[int], chosen: list[tuple[int, bool]]) -> None:
        if "xiapao" not in self.view.table_actions:
            seats = []  # the deal came meanwhile (a timed table): the choice has closed
        if not seats:
            self.run_worker(self._choices_then_ready(chosen), group="ready")
            return
        seat, rest = seats[0], seats[1:]
        s, name = self.strings, self.view.seats[seat].name
        wind = wind_of(seat, self.view.dealer, s.chinese)

        def chosen_one(on: bool | None) -> None:
            self._xiapao_screen = None
            self._ask_xiapao(rest, [*chosen, (seat, bool(on))])

        def ask(_: int | None = None) -> None:
            kind = ChineseXiapaoScreen if s.chinese else MahjongXiapaoScreen
            self._xiapao_screen = kind(s, f"{wind} {name}", self._xiapao[seat])
            self.app.push_screen(self._xiapao_screen, chosen_one)

        if len(self.view.mine) > 1:
            cover = MahjongCoverScreen(
                seat, s("cover", name=name, wind=wind), s("xiapao_cover", name=name)
            )
            self.app.push_screen(cover, ask)
        else:
            ask()

    async def _choices_then_ready(self, chosen: list[tuple[int, bool]]) -> None:
        for seat, on in chosen:
            if on != self._xiapao[seat] and "xiapao" in self.view.table_actions:
                await self._table_act("xiapao", seat=str(seat), on=on)
        if "ready" in self.view.table_actions:
            await self._table_act("ready")

    def _close_old_settlement(self, view: MahjongView) -> None:
        """The next hand has been dealt (a timed table does not wait): back to the table."""
        shown = self._settlement
        if (
            shown is not None
            and view.phase != "ended"
            and view.hand_number > shown.view.hand_number
        ):
            shown.dismiss()

    def _tick(self) -> None:
        if self.view.deadline is not None:
            self._show_prompt()

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    # Drawing.

    def _hand(self) -> list[int]:
        me = self.view.me
        if me is None or me.hand is None:
            return []
        return hand_order(me, self.hand_log, self.comfort.drawn_apart)[0]

    def _redraw(self) -> None:
        if not self.query(MahjongBoard):
            return  # still composing, or already torn down
        self._refresh_keys()
        self.query_one(MahjongBoard).show(self.view, self.hand_log, self._cursor_or_none())
        self._show_prompt()

    def _cursor_or_none(self) -> int | None:
        return self.cursor if self._hand() and self.view.me and self.view.me.won is None else None

    def _show_prompt(self) -> None:
        """Only a prompt that changed is sent (each rewrite of the line costs bytes)."""
        if not self.query("#prompt"):
            return
        text = self.prompt_text(time.monotonic())
        if text != self._prompt_shown:
            self._prompt_shown = text
            self.query_one("#prompt", Static).update(text)

    def prompt_text(self, now: float) -> str:
        s, view = self.strings, self.view
        left = view.seconds_left(now)
        clock = f"  [{s('secs', n=left)}]" if left is not None and view.legal else ""
        waited = f"  [{s('secs', n=left)}]" if left is not None and not view.legal else ""
        pao = ""
        if "xiapao" in view.table_actions and view.you is not None:
            pao = "  " + s("xiapao_toggle", state=s("on" if self._xiapao[view.you] else "off"))
        if view.paused:  # nobody may act until the players are back (or the grace ends)
            return s("table_paused")
        if view.phase == "ended" and view.match_phase == "ending":
            return s("hand_storing")  # the settlement comes once the hall has stored the hand
        if view.phase == "ended":
            return (s("hand_over") if view.settlement else "") + pao
        if "ready" in view.table_actions:
            return s("ready_first") + pao
        if "add_bots" in view.table_actions:
            return s("waiting_players")
        if "manual" in view.table_actions:
            return s("auto_on")
        if view.phase == "waiting":
            return s("waiting_start")
        if view.me is None:
            return s("spectating") + self._turn_text()
        if view.phase == "declare_void":
            if view.legal_of("declare_void"):
                return s("declare_void") + "  m / p / s" + clock
            return s("waiting_void") + waited
        if not view.legal:  # the seat waited on, with its time
            return (self._turn_text().strip() or s("waiting_claims")) + waited
        offer = view.offer
        head = ""
        if offer is not None and view.phase in ("claim", "rob"):
            key = "rob_prompt" if offer.get("robbing") else "claim_prompt"
            name = view.seats[int(offer["actor"])].name
            tile = face(kind_of(int(offer["tile"])), self.tile_style).strip()
            head = s(key, name=name, tile=tile) + " "
        elif view.legal_of("discard"):
            head = s("turn_you") + "  "
        if not needs_choice(view):
            return head.strip().rstrip(":：")  # pass-only: the hall answers it (MJ-08)
        return head + "  ".join(self._choices()) + clock

    def _turn_text(self) -> str:
        view = self.view
        if view.turn is None or view.turn == view.you:
            return ""
        return "  " + self.strings("turn_other", name=view.seats[view.turn].name)

    def _choices(self) -> list[str]:
        """One label per choice, the tiles of several kongs or chows after it (`c chow 3p 4p`),
        so that even a prompt with every claim fits one line."""
        labels: dict[str, list[str]] = {}
        for action in self.view.legal:
            kind = str(action.get("type"))
            if kind == "discard":
                continue
            tiles = labels.setdefault(f"{KEY_OF.get(kind, '?')} {self.strings.action(kind)}", [])
            if kind in ("concealed_kong", "added_kong", "chow") and "tile" in action:
                tiles.append(face(int(action["tile"]), self.tile_style).strip())
        return [" ".join([label, *tiles]) for label, tiles in labels.items()]

    # What the player chooses.

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key shows in the footer, and works, only when the view offers what it does: chow
        only in a ruleset with chow and at a discard one may chow, the void keys only while
        choosing the void suit, the table's own keys when the table says so."""
        view = self.view
        if action == "choose":
            if parameters[0] == "pass" and not needs_choice(view):
                return False  # a pass-only prompt: the hall answers it itself (MJ-08)
            return bool(self._matching(str(parameters[0])))
        if action == "void":
            return any(a.get("tile") == parameters[0] for a in view.legal_of("declare_void"))
        if action in TABLE_ACTIONS:
            return TABLE_ACTIONS[action] in view.table_actions
        if action == "auto":
            return "auto" in view.table_actions or "manual" in view.table_actions
        if action == "settlement":
            return view.settlement is not None
        return True

    def _refresh_keys(self) -> None:
        """The footer is redrawn only when the keys on offer change (each redraw costs bytes)."""
        keys = tuple(self.check_action(*parse_action(action)[1:]) for action in self._actions)
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def action_move(self, step: int) -> None:
        count = len(self._hand())
        if count:
            self.cursor = (self.cursor + step) % count
            self._redraw()

    def action_pick(self, index: int) -> None:
        if index < len(self._hand()):
            self.cursor = index
            self._redraw()

    def _selected_tile(self) -> int | None:
        hand = self._hand()
        return hand[self.cursor] if 0 <= self.cursor < len(hand) else None

    def _matching(self, wanted: str) -> list[dict[str, Any]]:
        kinds = {
            "win": ("self_win", "win"),
            "kong": ("concealed_kong", "added_kong", "kong"),
        }.get(wanted, (wanted,))
        return [a for a in self.view.legal if a.get("type") in kinds]

    def pick_action(self, wanted: str) -> dict[str, Any] | None:
        """The legal action a key means, using the tile under the cursor to tell several
        apart: that very tile to discard (or another copy of its kind), the kong or chow that
        uses its kind, else the first on offer."""
        options = self._matching(wanted)
        if not options:
            return None
        tile = self._selected_tile()
        if wanted == "discard":
            if tile is None:
                return None
            same = [a for a in options if a.get("tile") == tile]
            same = same or [a for a in options if kind_of(int(a["tile"])) == kind_of(tile)]
            return same[0] if same else None
        if tile is not None and wanted in ("kong", "chow"):
            kind = kind_of(tile)
            for action in options:
                first = action.get("tile")
                if first == kind or (
                    wanted == "chow" and first is not None and 0 <= kind - first < 3
                ):
                    return action
        return options[0]

    def action_choose(self, wanted: str) -> None:
        """The key is on offer (`check_action`); the tile under the cursor may still be one
        that cannot go now (a void rule), which is said here without asking the hall."""
        action = self.pick_action(wanted)
        if action is None:
            self.say(self.strings("not_offered", action=self.strings.action(wanted)))
            return
        self._send(action)

    def action_void(self, suit: int) -> None:
        for action in self.view.legal_of("declare_void"):
            if action.get("tile") == suit:
                self._send(action)
                return

    def action_settlement(self) -> None:
        if self.view.settlement is not None:
            shown = MahjongSettlementScreen(self.view, self.strings, self.tile_style)
            after = self._settlement_closed if self.view.match_over else None
            self.app.push_screen(shown, after)  # the last one's Enter goes to the lobby, as said

    def action_reference(self) -> None:
        """`r`: the fans of the table's ruleset (screens/mahjong_reference.py)."""
        text = reference_text(self.view, ruleset_title(self.view), self.strings)
        self.app.push_screen(MahjongReferenceScreen(text))

    def action_history(self) -> None:
        """`H`: this match's past hands, each one a replay away (screens/mahjong_history.py)."""
        self.app.push_screen(MahjongHistoryScreen(self.view, self.hall, self.strings))

    def _send(self, action: dict[str, Any], said: str = "") -> None:
        """The machine action goes out as `act` with its type and tile, for the seat shown
        (a hot-seat connection holds several); ``said`` is shown once the hall took it."""
        if action["seat"] == self._claimant:
            self._answering = None  # answered: the window comes back for anyone else
        fields: dict[str, Any] = {"action": action["type"], "seat": str(action["seat"])}
        if action.get("tile") is not None:
            fields["tile"] = action["tile"]
        self.run_worker(self._table_act(said=said, **fields), group="act")

    async def _table_act(self, action: str, said: str = "", **fields: Any) -> None:
        try:
            await self.hall.request("act", table=self.table, action=action, **fields)
        except HallError as error:
            self.say(explain(error, self.strings.language))
        else:
            self.say(said)

    # The comfort toggles (client/mahjong_comfort.py).

    def _title(self) -> str:
        marks = self.comfort.marks(self.strings)
        return f"{marks}  {self.title_text}" if marks else self.title_text  # marks never cut

    def _take_automatic(self) -> None:
        """Auto-win and auto-pass answer from the legal actions, once per moment, and say so."""
        chosen = automatic(self.view, self.comfort, self.strings, self.tile_style)
        if chosen is None or decision(self.view) == self._auto_done:
            return
        self._auto_done = decision(self.view)
        self._send(*chosen)

    def action_comfort(self, name: str) -> None:
        """Shift+W / X / T / O: a toggle on or off, saved, said, and shown on the title line."""
        selected = self._selected_tile()
        self.comfort = self.comfort.toggled(name)
        remember(self.app, self.comfort)
        self.tile_style = self.comfort.style
        board = self.query_one(MahjongBoard)
        board.tile_style, board.drawn_apart = self.tile_style, self.comfort.drawn_apart
        if selected in self._hand():  # the cursor stays on its tile when the order changes
            self.cursor = self._hand().index(selected)
        self.query_one("#title", Static).update(self._title())
        self._prompt_shown = None  # the prompt names tiles: redrawn in the new glyphs
        self._redraw()
        self.say(toggled_text(self.comfort, name, self.strings))
        self._take_automatic()

    def action_ready(self) -> None:
        if "ready" in self.view.table_actions:
            self._get_ready()

    def action_xiapao(self) -> None:
        """Lengzi: turn this seat's 下炮 on or off for the coming deals (LZ-09)."""
        seat = self.view.you
        if "xiapao" in self.view.table_actions and seat is not None:
            on = not self._xiapao[seat]
            self.run_worker(self._table_act("xiapao", seat=str(seat), on=on), group="ready")

    def action_auto(self) -> None:
        """Hand the seat to the hall's bot (托管), or take it back."""
        for toggle in ("manual", "auto"):
            if toggle in self.view.table_actions:
                self.run_worker(self._table_act(toggle), group="ready")
                return

    def action_add_bots(self) -> None:
        if "add_bots" in self.view.table_actions:
            self.run_worker(self._table_act("add_bots"), group="ready")

    def help_extra(self, strings: Strings) -> list[str]:
        """The tiles' legend (C F P are the dragons), and the marks of the board."""
        return [
            "",
            strings("legend_title"),
            strings("legend_suits"),
            strings("legend_honours"),
            strings("legend_marks"),
            strings("legend_river"),
        ]

    def in_play(self) -> bool:
        """Seated in a match still going (ctrl+q asks twice then)."""
        return self.view.me is not None and not self.view.match_over

    def action_leave(self) -> None:
        playing = self.view.me is not None and not self.view.match_over
        if playing and not self._second_press("leave", "Leaving hands your seat to a bot: q again"):
            return
        self.run_worker(self._leave, group="leave", exclusive=True)

    def _second_press(self, key: str, prompt: str) -> bool:
        now = time.monotonic()
        if now - self._armed.get(key, -SECOND_PRESS_WINDOW) < SECOND_PRESS_WINDOW:
            self._armed.pop(key, None)
            return True
        self._armed[key] = now
        self.say(prompt)
        return False

    async def _leave(self) -> None:
        try:
            await self.hall.request("leave", table=self.table)
        except HallError as error:
            if error.code != "connection_lost":
                self.say(explain(error, self.strings.language))
                return
        self.dismiss()

    @property
    def watching(self) -> bool:
        return not self.view.mine

    def forget_seq(self) -> None:
        self.view = dataclasses.replace(self.view, seq=None)
        if self.followed is not None:
            self.followed.forget()

    async def rejoin(self, hall: Hall) -> None:
        await self.follow_again(hall)
        await super().rejoin(hall)


class ChineseMahjongTableScreen(MahjongTableScreen, inherit_bindings=False):
    """The same table with the footer in Chinese."""

    BINDINGS = table_bindings("zh")


def table_title(table: int, view: MahjongView, where: str, strings: Strings) -> str:
    """`qipai  四川麻将  |  table 1  |  hot-seat  |  local`, in the UI language (``where``, the
    hall's address or its words for the local hall, as given)."""
    s = strings
    kind = s("title_hotseat") if len(view.mine) > 1 else "" if view.mine else s("title_watching")
    parts = [f"qipai  {ruleset_title(view)}", s("title_table", n=table), kind, where]
    return "  |  ".join(p for p in parts if p)


def seat_names(app: Any) -> tuple[str, ...]:
    """The hot-seat names the command line gave (``--names``), if the app was launched so."""
    return getattr(getattr(app, "launch", None), "names", ())


def open_mahjong_table(app: Any, table: int, wire: dict[str, Any]) -> MahjongTableScreen:
    """Show a mahjong table the hall sent a view of: the open screen gets the view, else a new
    screen in the app's language and tile style (its launch options, else QIPAI_LANG)."""
    view = view_from_wire(wire, time.monotonic(), seat_names(app))
    for screen in app.screen_stack:
        if isinstance(screen, MahjongTableScreen) and screen.table == table:
            screen.show_view(view)
            return screen
    launch = app.launch
    strings = Strings(launch.language or default_language())
    where = strings("title_local") if app.local else app.address
    kind = ChineseMahjongTableScreen if strings.chinese else MahjongTableScreen
    comfort = Comfort.from_settings(getattr(app, "settings", None), cjk=launch.cjk)
    screen = kind(
        app.hall,
        table,
        view,
        title=table_title(table, view, where, strings),
        strings=strings,
        style=comfort.style,
        comfort=comfort,
    )
    app.push_screen(screen)
    return screen
