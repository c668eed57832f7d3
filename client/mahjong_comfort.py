"""Comfort toggles at the mahjong table, as Tenhou's 自動和了 / 鳴きなし buttons and its display
options: take every win offered, pass every claim that is not a win, tiles as letters (`5m`) or
Chinese (五萬), the drawn tile kept apart or sorted in.

A toggle never judges a rule: it picks from the legal actions the hall sent for the seat, the
very action the player's key would send, and the screen says each one it takes. They act for a
single player's seat only; a hot-seat keyboard shared by several people answers for itself.
The choices are kept in the client's settings (client/config.py), except through the SSH door,
whose settings are the host's and not the visitor's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from textual.binding import Binding

from client.i18n import Strings
from client.mahjong_view import MahjongView
from client.widgets.tiles import TileStyle, face
from qipai.mahjong.tiles import kind_of

CLAIM_PHASES = ("claim", "rob")
WINS = ("win", "self_win")
TOGGLES = ("auto_win", "auto_pass", "cjk", "drawn_apart")
KEYS = {"auto_win": "W", "auto_pass": "X", "cjk": "T", "drawn_apart": "O"}


@dataclass(frozen=True)
class Comfort:
    auto_win: bool = False  # 自動和了: send the win whenever one is offered
    auto_pass: bool = False  # 鳴きなし: pass every claim but a win
    cjk: bool = False  # tiles as 五萬 二筒 東 rather than 5m 2p E
    drawn_apart: bool = True  # the tile just drawn stands apart at the end of the hand

    @classmethod
    def from_settings(cls, settings: Any, cjk: bool = False) -> Comfort:
        """The saved choices (none: the defaults); ``cjk`` (the command line's ``--cjk``) wins
        over a saved letters."""
        saved = {name: getattr(settings, f"mahjong_{name}", None) for name in TOGGLES}
        comfort = cls(**{name: value for name, value in saved.items() if type(value) is bool})
        return replace(comfort, cjk=True) if cjk else comfort

    def toggled(self, name: str) -> Comfort:
        return replace(self, **{name: not getattr(self, name)})

    @property
    def style(self) -> TileStyle:
        return TileStyle(cjk=self.cjk)

    def marks(self, strings: Strings) -> str:
        """What is on, for the title line: `auto-win  auto-pass` (nothing when all is off)."""
        return "  ".join(
            strings(f"comfort_{name}_mark")
            for name in ("auto_win", "auto_pass")
            if getattr(self, name)
        )


def remember(app: Any, comfort: Comfort) -> None:
    """Save the choices with the client's settings: not through the SSH door (the host's file,
    shared by every visitor), nor from an app with no settings (a test's)."""
    settings = getattr(app, "settings", None)
    if settings is None or getattr(getattr(app, "launch", None), "mode", "") == "door":
        return
    for name in TOGGLES:
        setattr(settings, f"mahjong_{name}", getattr(comfort, name))
    settings.save()


def decision(view: MahjongView) -> tuple[Any, ...]:
    """What identifies the moment a toggle answers, so that a view pushed again (a snapshot,
    a clock) is not answered twice."""
    offer = view.offer or {}
    return (
        view.hand_number,
        view.phase,
        view.wall,
        view.turn,
        offer.get("actor"),
        offer.get("tile"),
    )


def automatic(
    view: MahjongView, comfort: Comfort, strings: Strings, style: TileStyle
) -> tuple[dict[str, Any], str] | None:
    """The legal action the toggles take now for the seat shown, with what the screen says of
    it; None when they leave the choice to the player."""
    if len(view.mine) != 1 or view.you is None or not view.legal:
        return None
    offer = view.offer if view.phase in CLAIM_PHASES else None
    tile = face(kind_of(int(offer["tile"])), style).strip() if offer else ""
    if comfort.auto_win:
        for action in view.legal:
            if action.get("type") == "self_win":
                return action, strings("comfort_self_won")
            if action.get("type") == "win":
                return action, strings("comfort_won", tile=tile)
    if comfort.auto_pass and offer is not None:
        types = {action.get("type") for action in view.legal}
        if "pass" in types and not types & set(WINS) and types - {"pass"}:
            passed = next(action for action in view.legal if action.get("type") == "pass")
            return passed, strings("comfort_passed", tile=tile)
    return None


def comfort_bindings(strings: Strings) -> list[Binding]:
    """The toggles' keys (shift+w, shift+x, shift+t, shift+o), listed by `?` and not in the
    footer (the title line shows what is on)."""
    return [
        Binding(
            KEYS[name],
            f"comfort('{name}')",
            strings(f"comfort_{name}_key"),
            show=False,
            id=f"mahjong.comfort_{name}",
        )
        for name in TOGGLES
    ]


def toggled_text(comfort: Comfort, name: str, strings: Strings) -> str:
    """What the status line says after a toggle: the option and its new state."""
    return strings(f"comfort_{name}_{'on' if getattr(comfort, name) else 'off'}")
