"""The table: one hand as a state machine (``HandMachine``) and the table across hands (``Match``)."""

from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.errors import (
    BadOptions,
    HandNotOver,
    HandOver,
    IllegalAction,
    MahjongError,
    MalformedAction,
    NotYourTurn,
    UnknownRuleset,
    WrongPhase,
)
from qipai.mahjong.table.events import Event

__all__ = [
    "Action",
    "ActionType",
    "BadOptions",
    "Event",
    "HandNotOver",
    "HandOver",
    "IllegalAction",
    "MahjongError",
    "MalformedAction",
    "NotYourTurn",
    "UnknownRuleset",
    "WrongPhase",
]
