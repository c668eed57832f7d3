"""The Go table: the board, the side panel, a status line (errors, typed points, table chat).

The screen sends what the player chose and draws what the hall answers; it never decides whether
a move is legal. Keys that only make sense for a seated player are hidden from spectators, and
keys with lasting consequences (resign, leave mid-game) ask to be pressed twice. On a golden
(ranked) table the bets are listed under the panel, and a spectator who may still bet gets the
`b` key and its bet window. `e` draws the score estimate over the board during play, for whom
the core's rule allows (client/go_estimate.py); pressed again it hides it.
"""

from __future__ import annotations

import time
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Static

from client.connection import HallError
from client.go_estimate import Estimate, estimate_view, may_estimate, overlaid
from client.go_view import GoView
from client.hall_errors import explain, ui_language
from client.i18n import Strings
from client.screens.bet_window import BetWindow, side_name
from client.screens.binding_words import speak_bindings
from client.screens.review import ReviewScreen
from client.screens.size_guard import SMALLEST
from client.screens.table_screen import Hall, TableScreen
from client.widgets.bets_panel import BetsPanel
from client.widgets.go_board import GoBoard
from client.widgets.go_panel import GoPanel
from qipai.go.errors import SgfError
from qipai.go.replay import Replay

SECOND_PRESS_WINDOW = 3.0
PHASE_ACTIONS = {
    "play": ("pass", "undo_request", "resign"),
    "scoring": ("confirm", "resume", "resign"),
}


class GoTableScreen(TableScreen):
    DEFAULT_CSS = """
    GoTableScreen { layout: vertical; }
    GoTableScreen #title { height: 1; background: $panel; padding: 0 1; }
    GoTableScreen #table { height: auto; }
    GoTableScreen #side { width: 1fr; height: auto; }
    GoTableScreen #message { height: 1; padding: 0 1; color: $warning; }
    GoTableScreen #chat { display: none; height: 1; border: none; padding: 0 1; }
    GoTableScreen #chat.typing { display: block; }
    GoTableScreen #message.hidden { display: none; }
    """
    BINDINGS = [
        Binding("p", "act('pass')", "Pass", id="go.pass"),
        Binding("u", "act('undo_request')", "Undo", id="go.undo"),
        Binding("y", "act('undo_accept')", "Accept undo", id="go.undo_accept"),
        Binding("n", "act('undo_decline')", "Decline undo", id="go.undo_decline"),
        Binding("c", "act('confirm')", "Confirm", id="go.confirm"),
        Binding("m", "act('resume')", "Resume", id="go.resume"),
        Binding("R", "resign", "Resign", id="go.resign"),
        Binding("colon", "type_point", "Type point", id="go.type_point"),
        Binding("b", "bet", "Bet 押币", id="go.bet"),
        Binding("e", "estimate", "Estimate 形势", id="go.estimate"),
        Binding("v", "look_back", "Moves 棋谱", id="go.look_back"),
        Binding("t", "chat", "Chat", id="go.chat", priority=True),
        Binding("q", "leave", "Leave", id="go.leave"),
        Binding("escape", "stop_chat", "Board", id="go.stop_chat", show=False),
    ]

    def __init__(
        self, hall: Hall, table: int, view: GoView, title: str = "", account: str = ""
    ) -> None:
        super().__init__()
        self.hall = hall
        self.table = table
        self.view = view
        self.account = account
        self.title_text = title or f"Go {view.size}x{view.size} - table {table}"
        self.seq: int | None = view.seq
        self._armed: dict[str, float] = {}
        self._shown_keys = self._key_signature(view)
        self.estimating = False
        """The score estimate is wanted on screen: drawn once the estimate of this view is in."""
        self.estimate: Estimate | None = None

    def min_size(self) -> tuple[int, int]:
        """The board (two cells a point, its coordinates around it) beside a panel of 27
        columns, under the title and over the status line and keys: 19x19 needs 72x24."""
        size = self.view.size
        return max(SMALLEST[0], 2 * size + 7 + 27), max(SMALLEST[1], size + 5)

    def in_play(self) -> bool:
        """Seated in a game still going (ctrl+q asks twice then)."""
        return not self.view.is_spectator and self.view.phase in ("play", "scoring")

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="title", markup=False)
        with Horizontal(id="table"):
            yield GoBoard(self.view, show_cursor=not self.view.is_spectator, id="board")
            with Vertical(id="side"):
                yield GoPanel(self.view, self.strings, id="panel")
                yield BetsPanel(self.view, self.account, self.strings, id="bets")
        yield Static("", id="message", markup=False)
        yield Input(placeholder=self.strings("gt_chat"), id="chat")
        yield Footer()

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def on_mount(self) -> None:
        speak_bindings(self, self.strings)
        speak_bindings(self.query_one(GoBoard), self.strings)
        self.query_one(GoBoard).show(self.board_view())
        self.query_one(GoPanel).show(self.view, time.monotonic())
        self.query_one(GoBoard).focus()
        self.set_interval(1.0, self._tick)

    # What the hall tells us.

    def on_table_push(self, message: dict[str, Any]) -> None:
        """An `event` or `snapshot` for this table: draw its view; after a gap in `seq`, ask for
        a snapshot as the protocol says, since an event may have been lost on the way. Events
        the view on screen already includes are dropped: the hall sends a request's events
        before its reply, so they can reach a table opened from that reply late."""
        seq = message.get("seq")
        stale = isinstance(seq, int) and self.seq is not None and seq <= self.seq
        if stale and (message.get("type") == "event" or seq < self.seq):
            return  # older than what is on screen: pushed before the reply we drew from
        gap = (
            message.get("type") == "event"
            and isinstance(seq, int)
            and self.seq is not None
            and seq != self.seq + 1
        )
        if isinstance(seq, int):
            self.seq = seq if self.seq is None else max(self.seq, seq)
        if isinstance(message.get("view"), dict):
            self.show_wire_view(message["view"])
        if gap:
            self.run_worker(self._refresh_snapshot, group="snapshot", exclusive=True)
        if message.get("kind") == "over":
            self.say(self.strings("gt_over"))
        elif self.view.phase == "ending":
            self.say(self.strings("gt_storing"))

    def on_bet_result(self, message: dict[str, Any]) -> None:
        """The hall's word on this bettor's bets (000:L65); the app pops it up as well."""
        self.say(self.strings("gt_your_bets", text=message.get("text", "")))

    @property
    def watching(self) -> bool:
        return self.view.is_spectator

    def forget_seq(self) -> None:
        self.seq = None

    def show_wire_view(self, wire: Any) -> None:
        """A view the client cannot read is reported and the board stays as it was."""
        try:
            view = GoView.from_wire(wire, time.monotonic(), Strings(ui_language(self.app)))
        except (KeyError, TypeError, ValueError) as error:
            self.log.warning(f"unreadable view: {error!r}")
            self.say(explain(HallError("bad_view", ""), ui_language(self.app)))
            return
        self.show_view(view)

    def show_view(self, view: GoView) -> None:
        """Redraw for a new view; the footer only when the keys on offer change, since
        redrawing it costs more bytes than the move itself."""
        self.view = view
        if not self.is_mounted or not self.query(GoBoard):
            return  # compose and on_mount draw self.view (a bot moving first can come before)
        board = self.query_one(GoBoard)
        board.show_cursor = not view.is_spectator
        if self.estimating and not (view.phase == "play" and may_estimate(view)):
            self.estimating = False  # the game went on to scoring, or this seat may not see it
        board.show(self.board_view())
        self.query_one(GoPanel).show(view, time.monotonic())
        self.show_estimate_lines()
        if self.estimating:
            self.start_estimate()
        self.query_one(BetsPanel).show(view)
        for screen in self.app.screen_stack:
            if isinstance(screen, BetWindow) and screen.table == self.table:
                screen.show_view(view)
        if self._key_signature(view) != self._shown_keys:
            self._shown_keys = self._key_signature(view)
            self.refresh_bindings()
            board.refresh_bindings()

    def _tick(self) -> None:
        if any(clock.running for clock in self.view.clocks.values()):
            self.query_one(GoPanel).tick(time.monotonic())

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    # What the player chooses.

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys follow the phase, like the panel's hints; only the answer to an undo request
        depends on the moment."""
        if action == "chat":
            return not isinstance(self.focused, Input)
        if action in ("leave", "stop_chat"):
            return True
        if action == "bet":
            return self.may_bet()
        if action == "estimate":
            return self.view.phase == "play"  # pressed at a ranked seat, it says why not
        if action == "look_back":
            return self.view.phase in ("play", "scoring")
        view = self.view
        if view.is_spectator or view.phase not in PHASE_ACTIONS:
            return False
        if action == "act":
            wanted = str(parameters[0])
            if wanted in ("undo_accept", "undo_decline"):
                return view.may(wanted)
            return wanted in PHASE_ACTIONS[view.phase]
        return True

    def _key_signature(self, view: GoView) -> tuple[object, ...]:
        left = view.bets.left_for(self.account) if view.bets else 0
        return (view.phase, view.is_spectator, view.may("undo_accept"), view.may("bet"), left)

    def may_bet(self) -> bool:
        """While the hall offers `bet` and this spectator has bets left (a third would only be
        refused)."""
        bets = self.view.bets
        return bets is not None and self.view.may("bet") and bets.left_for(self.account) > 0

    def action_bet(self) -> None:
        if self.may_bet():
            window = BetWindow(self.hall, self.table, self.view, self.account)
            self.app.push_screen(window, self._bet_placed)

    def on_bets_panel_bet_pressed(self, event: BetsPanel.BetPressed) -> None:
        self.action_bet()

    def _bet_placed(self, reply: dict[str, Any] | None) -> None:
        if reply is None:
            return
        bet = reply.get("bet") or {}
        side = side_name(bet.get("side"), self.strings)  # the window's own words (X Black 黑方)
        amount, balance = f"{bet.get('amount', 0):,}", f"{reply.get('balance', 0):,}"
        self.say(self.strings("gt_bet_placed", amount=amount, side=side, balance=balance))

    def board_view(self) -> GoView:
        """The view, with the estimate's map over it while it is shown and computed for it."""
        estimate = self.estimate
        if self.estimating and estimate is not None and estimate.view is self.view:
            return overlaid(estimate)
        return self.view

    def show_estimate_lines(self) -> None:
        estimate = self.estimate
        current = self.estimating and estimate is not None and estimate.view is self.view
        self.query_one(GoPanel).show_estimate(estimate.result if current and estimate else None)

    def action_estimate(self) -> None:
        strings = Strings(ui_language(self.app))
        if self.estimating:
            self.estimating = False
            self.query_one(GoBoard).show(self.view)
            self.show_estimate_lines()
            self.say("")
        elif not may_estimate(self.view):
            self.say(strings("go_estimate_ranked"))
        else:
            self.estimating = True
            self.say(strings("go_estimate_working"))
            self.start_estimate()

    def action_look_back(self) -> None:
        self.run_worker(self._look_back, group="look_back", exclusive=True)

    async def _look_back(self) -> None:
        """The game so far from the hall (``table_record``), to step through in review; the
        table goes on behind it and is in front again on q."""
        strings = Strings(ui_language(self.app))
        try:
            reply = await self.hall.request("table_record", table=self.table)
            replay = Replay.from_sgf(str(reply["sgf"]))
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        except (KeyError, SgfError) as error:
            reason = error.message if isinstance(error, SgfError) else strings("gt_no_sgf")
            self.say(strings("review_unreadable", reason=reason))
            return
        self.app.push_screen(ReviewScreen(replay, estimate=may_estimate(self.view)))

    def start_estimate(self) -> None:
        """In a thread: a 19x19 estimate takes most of a second, and the clocks keep ticking."""
        view = self.view
        if self.estimate is not None and self.estimate.view is view:
            return
        self.run_worker(
            lambda: self.app.call_from_thread(self.estimated, estimate_view(view)),
            thread=True,
            group="estimate",
        )

    def estimated(self, estimate: Estimate) -> None:
        """An estimate is in; one of a view already replaced is dropped (the next is coming)."""
        if estimate.view is not self.view or not self.estimating:
            return
        self.estimate = estimate
        self.query_one(GoBoard).show(self.board_view())
        self.show_estimate_lines()
        self.say("")

    def on_go_board_point_chosen(self, event: GoBoard.PointChosen) -> None:
        if self.view.is_spectator:
            return
        if self.view.phase == "scoring":
            self.action_act("toggle_dead", event.name)
        else:
            self.action_act("play", event.name)

    def action_type_point(self) -> None:
        """Reached only when the board is not focused (its own `:` key comes first)."""
        board = self.query_one(GoBoard)
        board.focus()
        board.start_typing()

    def on_go_board_typing(self, event: GoBoard.Typing) -> None:
        if event.error:
            self.say(self.strings("gt_bad_point"))
        elif event.text is not None:
            self.say(self.strings("gt_typing", text=event.text))
        else:
            self.say("")

    def action_chat(self) -> None:
        self.query_one("#message", Static).add_class("hidden")
        box = self.query_one("#chat", Input)
        box.add_class("typing")
        self.set_focus(box)  # at once, not after a refresh: the next keys are already coming

    def action_stop_chat(self) -> None:
        self.query_one("#chat", Input).remove_class("typing")
        self.query_one("#message", Static).remove_class("hidden")
        self.query_one(GoBoard).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        self.action_stop_chat()
        if text:
            self.run_worker(self._chat(text), group="chat")

    async def _chat(self, text: str) -> None:
        try:
            await self.hall.request("chat", text=text, table=self.table)
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))

    def action_resign(self) -> None:
        if self._second_press("resign", self.strings("gt_resign_again")):
            self.action_act("resign")

    def action_leave(self) -> None:
        playing = not self.view.is_spectator and self.view.phase != "over"
        if playing and not self._second_press("leave", self.strings("gt_leave_again")):
            return
        self.run_worker(self._leave, group="leave", exclusive=True)

    def action_act(self, action: str, point: str | None = None) -> None:
        """Send one action. A hot-seat player sends no seat: the hall lets the seat to move act
        and confirms for both (docs/protocol.md, `act`)."""
        fields: dict[str, Any] = {"table": self.table, "action": action}
        if point is not None:
            fields["point"] = point
        self.run_worker(self._send(fields), group="act")

    def _second_press(self, key: str, prompt: str) -> bool:
        now = time.monotonic()
        if now - self._armed.get(key, -SECOND_PRESS_WINDOW) < SECOND_PRESS_WINDOW:
            self._armed.pop(key, None)
            return True
        self._armed[key] = now
        self.say(prompt)
        return False

    async def _send(self, fields: dict[str, Any]) -> None:
        try:
            await self.hall.request("act", **fields)
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
        else:
            self.say("")

    async def _leave(self) -> None:
        try:
            await self.hall.request("leave", table=self.table)
        except HallError as error:
            if error.code != "connection_lost":
                self.say(explain(error, ui_language(self.app)))
                return
        self.dismiss()
