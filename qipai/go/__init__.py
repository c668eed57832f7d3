"""The Go engine: rules, scoring and SGF for 围棋 under the qipai rules book (docs/go.md).

Pure Python without I/O. Start with :class:`Game`; errors are :class:`GoError` subclasses with a
stable ``code``.
"""

from qipai.go import sgf
from qipai.go.bot import BotAction, SimpleBot
from qipai.go.clock import RANKED_19, GameClock, TimeControl, TimeLeft
from qipai.go.errors import GoError, IllegalMove, SgfError
from qipai.go.game import (
    DEFAULT_KOMI,
    KOMI_PRESETS,
    OVER,
    PLAY,
    SCORING,
    Game,
    Move,
)
from qipai.go.points import (
    STANDARD_SIZES,
    Color,
    Point,
    format_point,
    handicap_points,
    parse_point,
)
from qipai.go.scoring import AreaCount, Result

__all__ = [
    "DEFAULT_KOMI",
    "RANKED_19",
    "KOMI_PRESETS",
    "OVER",
    "PLAY",
    "SCORING",
    "STANDARD_SIZES",
    "AreaCount",
    "BotAction",
    "Color",
    "Game",
    "GameClock",
    "GoError",
    "IllegalMove",
    "Move",
    "Point",
    "Result",
    "SgfError",
    "SimpleBot",
    "TimeControl",
    "TimeLeft",
    "format_point",
    "handicap_points",
    "parse_point",
    "sgf",
]
