"""The mahjong replay viewer (牌谱): a stored hand, or a whole match's, stepped action by action,
from "my games", the table's hand history or `qipai replay FILE`.

Keys: the stepper's (←/→, home/end, `g` a step, `q`), `n`/`p` the next or previous hand, `h` a
hand by number, `s` the view: all open, then 東 南 西 北 as each seat saw it, `w` writes the
hands to a replay file. The board is the
table's own widget fed the core's view of the step (``client/mahjong_replay_view.py``); the
other seats' hands sit under it when they are open; the last step of a hand shows its stored
settlement, as the table's settlement screen does.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from client import hall_rooms
from client.connection import HallError
from client.hall_errors import explain, ui_language
from client.i18n import Strings
from client.mahjong_replay_files import save_replay
from client.mahjong_replay_view import (
    Position,
    next_view,
    open_hands,
    position_view,
    step_text,
    view_name,
)
from client.mahjong_view import MahjongView
from client.screens.mahjong_settlement import settlement_text
from client.screens.stepper import STEP_CSS, StepperScreen, stepper_bindings
from client.sgf_files import save_failure
from client.widgets.mahjong_board import MahjongBoard
from client.widgets.tiles import TileStyle
from qipai.mahjong.replay import HandReplay, match_replays
from qipai.mahjong.table import MahjongError

MIN_SIZE = (60, 23)  # title, step line, the compact board (16), three hands, message, footer


class MahjongReplayScreen(StepperScreen):
    DEFAULT_CSS = (
        """
    MahjongReplayScreen { layout: vertical; }
    MahjongReplayScreen #title { height: 1; background: $panel; padding: 0 1; }
    MahjongReplayScreen #did { height: 1; padding: 0 1; }
    MahjongReplayScreen #hands { height: 3; padding: 0 1; }
    MahjongReplayScreen #settlement { display: none; height: 1fr; border: double $primary; }
    MahjongReplayScreen.-one-seat #hands { display: none; }
    MahjongReplayScreen.-at-end MahjongBoard { display: none; }
    MahjongReplayScreen.-at-end #hands { display: none; }
    MahjongReplayScreen.-at-end #settlement { display: block; }
    """
        + STEP_CSS
    )
    WORDS = "replay"
    BINDINGS = [
        *stepper_bindings(WORDS, "Jump to step"),
        Binding("n", "hand(1)", "Next hand", id="replay.next_hand"),
        Binding("p", "hand(-1)", "Previous hand", id="replay.previous_hand"),
        Binding("h", "jump_hand", "Jump to hand", id="replay.jump_hand"),
        Binding("s", "seat_view", "View: all open / 東 南 西 北", id="replay.view"),
        Binding("w", "save", "Save the replay file", id="replay.save"),
        Binding("up", "scroll(-1)", "Scroll the settlement", show=False, id="replay.up"),
        Binding("down", "scroll(1)", "Scroll the settlement", show=False, id="replay.down"),
    ]

    def __init__(
        self,
        hands: Sequence[HandReplay],
        hand: int = 0,
        *,
        seat: int | None = None,
        style: TileStyle | None = None,
    ) -> None:
        super().__init__(0)
        self.hands = list(hands)
        self.hand = max(0, min(len(self.hands) - 1, hand))
        self.seat = seat
        self.tile_style = style or TileStyle()

    @property
    def replay(self) -> HandReplay:
        return self.hands[self.hand]

    @property
    def position(self) -> Position:
        return Position(self.hand, self.at, self.seat)

    def min_size(self) -> tuple[int, int]:
        return MIN_SIZE

    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        yield Static("", id="did")
        board = MahjongBoard(self.strings, self.tile_style, id="board")
        board.can_focus = False
        yield board
        yield Static("", id="hands")
        with VerticalScroll(id="settlement", can_focus=False):
            yield Static("", id="settlement-lines")
        yield Static(self.keys_text(), id="message", markup=False)
        yield self.jump_field()
        yield Footer()

    def last_step(self) -> int:
        return self.replay.last

    # Drawing.

    def show_step(self) -> None:
        s = self.strings
        view, log = position_view(self.hands, self.position)
        self.query_one("#title", Static).update(self.title_text(view))
        line = Text(
            s(
                "replay_where",
                hand=self.replay.hand_number,
                hands=len(self.hands),
                n=self.at,
                total=self.replay.last,
            )
            + "  "
        )
        line.append_text(
            step_text(self.replay, self.replay.steps[self.at], view, s, self.tile_style)
        )
        self.query_one("#did", Static).update(line)
        self.query_one(MahjongBoard).show(view, log, None)
        self.query_one("#hands", Static).update(
            Text("\n").join(open_hands(view, s, self.tile_style))
        )
        at_end = self.at >= self.replay.last
        self.set_class(at_end, "-at-end")
        self.set_class(self.seat is not None, "-one-seat")
        if at_end:
            self.query_one("#settlement-lines", Static).update(
                settlement_text(view, s, self.tile_style, at_the_table=False)
            )

    def title_text(self, view: MahjongView) -> str:
        s = self.strings
        room = str(self.replay.stored.get("room") or view.ruleset)
        title = s(
            "replay_title",
            room=hall_rooms.name_zh(room) if s.chinese else hall_rooms.title(room),
            table=self.replay.stored.get("table", "?"),
        )
        return f"{title}  |  {view_name(view, self.seat, s)}"

    def board_text(self) -> list[str]:
        """The board as a colourless terminal shows it (tests)."""
        return self.query_one(MahjongBoard).text_lines()

    # Keys.

    def action_hand(self, delta: int) -> None:
        self.show_hand(self.hand + delta)

    def show_hand(self, index: int) -> None:
        """Another hand of the match, from its deal."""
        self.hand = max(0, min(len(self.hands) - 1, index))
        self.at = 0
        self.show_step()

    def action_jump_hand(self) -> None:
        self.ask_number(self.strings("replay_hand_jump", total=len(self.hands)), self._to_hand)

    def _to_hand(self, text: str) -> None:
        numbers = [h.hand_number for h in self.hands]
        if text.isdigit() and int(text) in numbers:
            self.show_hand(numbers.index(int(text)))
            self.say(self.keys_text())
        else:
            self.say(self.strings("replay_bad_hand", text=text, total=len(self.hands)))

    def action_seat_view(self) -> None:
        """All open, 東, 南, 西, 北 (this hand's winds): a seat's view hides what it did not see."""
        self.seat = next_view(self.seat, self.replay.end.dealer)
        self.show_step()

    def action_save(self) -> None:
        """`w`: the hands shown (the whole match when it came from the hall) as a file that
        `qipai replay` opens."""
        try:
            path = save_replay([hand.stored for hand in self.hands])
        except OSError as error:
            self.say(save_failure(error, self.strings))
            return
        self.say(self.strings("replay_saved", path=path))

    def action_scroll(self, rows: int) -> None:
        self.query_one("#settlement", VerticalScroll).scroll_relative(y=rows, animate=False)


Request = Callable[..., Awaitable[dict[str, Any]]]


async def open_replay(app: Any, request: Request, game: int) -> str | None:
    """Fetch the match of stored hand ``game`` (``match_hands``) and open the replay at that
    hand; what went wrong, in words, or None once it is open."""
    strings = Strings(ui_language(app))
    try:
        reply = await request("match_hands", game=game)
        hands = match_replays(reply.get("hands") or [])
    except HallError as error:
        return explain(error, strings.language)
    except (MahjongError, KeyError, TypeError) as error:  # a ruleset this client predates
        return strings("replay_unreadable", reason=str(error))
    if not hands:
        return strings("replay_unreadable", reason="no hands")
    index = next((i for i, h in enumerate(hands) if h.stored.get("game") == game), 0)
    style = TileStyle(cjk=bool(getattr(getattr(app, "launch", None), "cjk", False)))
    app.push_screen(MahjongReplayScreen(hands, index, style=style))
    return None
