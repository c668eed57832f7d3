"""The end of a game: the result with its count, whether it counts (GO-05: too short a game does
not), and the way on: back to the board, the SGF saved, or the game reviewed move by move."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from client.connection import HallError
from client.hall_errors import explain, ui_language
from client.i18n import Strings
from client.screens.binding_words import speak_bindings
from client.sgf_files import save_failure, save_sgf

REASONS = {"count": "result_by_count", "resign": "result_by_resign", "time": "result_by_time"}
WINNERS = {"black": "result_black", "white": "result_white"}


def result_lines(view: dict[str, Any], strings: Strings | None = None) -> list[str]:
    strings = strings or Strings()
    game = view.get("game") or {}
    result = game.get("result") or {}
    lines = [strings("result_text", text=result.get("text", "?"))]
    winner = result.get("winner")
    reason = strings(REASONS[result["reason"]]) if result.get("reason") in REASONS else ""
    if winner:
        name = strings(WINNERS[winner]) if winner in WINNERS else str(winner).capitalize()
        lines.append(strings("result_wins", winner=name, reason=reason))
    else:
        lines.append(strings("result_draw", reason=reason).strip())
    count = game.get("count")
    if count:
        black, white = f"{count.get('black', 0):g}", f"{count.get('white', 0):g}"
        lines.append(strings("result_count", black=black, white=white))
    if game.get("komi") is not None:
        komi = f"{game['komi']:g}"
        lines.append(strings("result_komi", komi=komi, sgf=result.get("sgf", "?")))
    if result.get("valid") is False:
        lines.append(strings("result_short"))
    return lines


class ResultScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    ResultScreen { align: center middle; }
    ResultScreen #result { width: 56; height: auto; border: double $primary; padding: 1 2; }
    ResultScreen #message { color: $warning; }
    """
    BINDINGS = [
        Binding("enter,escape", "close", "Back to the board", id="result.close"),
        Binding("s", "save", "Save SGF", id="result.save"),
        Binding("r", "review", "Review", id="result.review"),
    ]

    def __init__(self, table: int, view: dict[str, Any]) -> None:
        super().__init__()
        self.table = table
        self.view = view

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def compose(self) -> ComposeResult:
        words = self.strings
        with Vertical(id="result"):
            yield Static("\n".join(result_lines(self.view, words)), id="lines", markup=False)
            yield Static(words("result_keys"), markup=False)
            yield Static("", id="message", markup=False)

    def on_mount(self) -> None:
        speak_bindings(self, self.strings, hall=True)

    def action_close(self) -> None:
        self.dismiss()

    def action_save(self) -> None:
        self.run_worker(self._save, group="save", exclusive=True)

    def action_review(self) -> None:
        self.run_worker(self._review, group="review", exclusive=True)

    async def _record(self) -> dict[str, Any] | None:
        """The stored record of this game, or None (said on the screen)."""
        result = (self.view.get("game") or {}).get("result") or {}
        game = result.get("game")
        message = self.query_one("#message", Static)
        if game is None or self.app.hall is None:
            message.update(self.strings("result_no_record"))
            return None
        try:
            return await self.app.hall.request("game_record", game=game)
        except HallError as error:
            message.update(explain(error, ui_language(self.app)))
            return None

    async def _review(self) -> None:
        # Go's modules load with the first review, not with the app that imports this screen.
        from client.screens.review import ReviewScreen
        from qipai.go.errors import SgfError
        from qipai.go.replay import Replay

        record = await self._record()
        if record is None:
            return
        try:
            replay = Replay.from_sgf(str(record["sgf"]))
        except (KeyError, SgfError) as error:
            reason = error.message if isinstance(error, SgfError) else self.strings("games_no_sgf")
            text = self.strings("review_unreadable", reason=reason)
            self.query_one("#message", Static).update(text)
            return
        self.dismiss()
        self.app.push_screen(ReviewScreen(replay))

    async def _save(self) -> None:
        record = await self._record()
        if record is None:
            return
        message = self.query_one("#message", Static)
        try:
            path = save_sgf(record)
        except OSError as error:
            message.update(save_failure(error, self.strings))
            return
        message.update(self.strings("hall_saved", path=path))
