"""SGF (FF[4]) for Go: write any game, read a record's main line back into a :class:`Game`.

Reading replays every move through the engine, so a record that breaks our rules (a stone on an
occupied point, a ko recapture, suicide) is rejected with an :class:`SgfError` naming the move
number, instead of being imported as a position that could never arise here.

Komi is written in points (``KM`` = 2 x stones); dead stones of a counted game are written the way
KGS does, as part of the opponent's territory (``TB``/``TW`` in the last node).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

from qipai.go.errors import GoError, SgfError
from qipai.go.game import OVER, PLAY, SCORING, Game
from qipai.go.points import Color, Point, handicap_points
from qipai.go.scoring import format_number

Node = dict[str, list[str]]

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
MAX_SGF_CHARS = 2_000_000


# ---------------------------------------------------------------- writing


def _sgf_point(point: Point, size: int) -> str:
    col, row = point
    return _LETTERS[col] + _LETTERS[size - 1 - row]


@cache
def _move_texts(size: int) -> dict[Point | None, str]:
    """Each point's SGF text inside the brackets, and a pass's (empty), per board size: a
    finished game is written at its end in the hall's loop, so its moves are looked up, not
    spelt one by one."""
    texts: dict[Point | None, str] = {
        (col, row): _sgf_point((col, row), size) for col in range(size) for row in range(size)
    }
    texts[None] = ""
    return texts


_COLOR_LETTERS = {Color.BLACK: "B", Color.WHITE: "W"}


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def dumps(
    game: Game,
    *,
    comments: dict[int, list[str]] | None = None,
    time_left: dict[int, float] | None = None,
    periods_left: dict[int, int] | None = None,
    **info: str,
) -> str:
    """The game as SGF text; ``info`` adds root properties such as ``PB``/``PW``/``BR``/``WR``/
    ``DT``/``PC``/``TM``/``OT``. ``comments`` (by ply, 0 for the root: the table chat, say) go
    into ``C``; ``time_left`` (seconds the mover had left after that ply) into ``BL``/``WL``,
    and ``periods_left`` (byo-yomi periods left then) into ``OB``/``OW``."""
    size = game.size
    root = [f"GM[1]FF[4]CA[UTF-8]AP[qipai:1]SZ[{size}]"]
    root.append(f"KM[{format_number(game.komi * 2)}]RU[Chinese]")
    if game.handicap:
        root.append(f"HA[{game.handicap}]")
    for color, prop in ((Color.BLACK, "AB"), (Color.WHITE, "AW")):
        points = game.setup.get(color, ())
        if points:
            root.append(prop + "".join(f"[{_sgf_point(p, size)}]" for p in points))
    if any(game.setup.values()):
        root.append(f"PL[{game.first.letter}]")
    for key, value in sorted(info.items()):
        if not key.isupper() or not key.isalpha():
            raise GoError("bad_sgf_property", f"not an SGF property name: {key!r}")
        root.append(f"{key}[{_escape(str(value))}]")
    if game.result is not None:
        root.append(f"RE[{game.result.sgf}]")
    comments = comments or {}
    time_left = time_left or {}
    periods_left = periods_left or {}
    nodes = [";" + "".join(root) + _comment(comments.get(0))]
    texts = _move_texts(size)
    for ply, (color, point, _) in enumerate(game.moves, 1):
        letter = _COLOR_LETTERS[color]
        node = f";{letter}[{texts[point]}]"
        if ply in time_left:
            node += f"{letter}L[{round(time_left[ply], 3):g}]"  # format_number's spelling
        if ply in periods_left:
            node += f"O{letter}[{periods_left[ply]}]"
        if ply in comments:
            node += _comment(comments[ply])
        nodes.append(node)
    if game.result is not None and game.result.reason == "count":
        nodes[-1] += _territory_props(game)
    lines = []
    for start in range(0, len(nodes), 10):
        lines.append("".join(nodes[start : start + 10]))
    return "(" + "\n".join(lines) + ")\n"


def _comment(lines: list[str] | None) -> str:
    return f"C[{_escape(chr(10).join(lines))}]" if lines else ""


def _territory_props(game: Game) -> str:
    """TB/TW: each side's territory including the opponent's dead stones on it."""
    size = game.size
    dead = game.dead_stones
    owner = _territory_owner(game)
    props = ""
    for color, prop in ((Color.BLACK, "TB"), (Color.WHITE, "TW")):
        points = sorted(p for p, c in owner.items() if c is color)
        points += sorted(p for p in dead if game.color_at(p) is color.other)
        if points:
            props += prop + "".join(f"[{_sgf_point(p, size)}]" for p in points)
    return props


def _territory_owner(game: Game) -> dict[Point, Color]:
    """Empty points of single-colour regions once the dead stones are lifted."""
    size = game.size
    dead = game.dead_stones
    owner: dict[Point, Color] = {}
    seen: set[Point] = set()
    for start in ((c, r) for r in range(size) for c in range(size)):
        if start in seen or (game.color_at(start) is not None and start not in dead):
            continue
        region, border, stack = [], set(), [start]
        seen.add(start)
        while stack:
            col, row = stack.pop()
            region.append((col, row))
            for n in ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1)):
                if not (0 <= n[0] < size and 0 <= n[1] < size):
                    continue
                stone = game.color_at(n)
                if stone is None or n in dead:
                    if n not in seen:
                        seen.add(n)
                        stack.append(n)
                else:
                    border.add(stone)
        if len(border) == 1:
            color = border.pop()
            owner.update((p, color) for p in region if game.color_at(p) is None)
    return owner


# ---------------------------------------------------------------- parsing


def _parse_main_line(text: str) -> list[Node]:
    """Nodes of the first game's main line (the first variation at every branch)."""
    if len(text) > MAX_SGF_CHARS:
        raise SgfError(f"record longer than {MAX_SGF_CHARS} characters")
    i = text.find("(")
    if i < 0:
        raise SgfError("no game tree '(' found")
    n = len(text)
    nodes: list[Node] = []
    depth = 0
    following = True  # still on the main line
    finished_depth: int | None = None
    node: Node | None = None
    while i < n:
        ch = text[i]
        if ch == "(":
            depth += 1
            if finished_depth is not None and depth > finished_depth:
                following = False
            i += 1
        elif ch == ")":
            if following:
                finished_depth = depth - 1  # first variation at this level is complete
                following = False
            depth -= 1
            i += 1
            if depth == 0:
                break
            if finished_depth is not None and depth < finished_depth:
                finished_depth = depth
        elif ch == ";":
            node = {}
            if following:
                nodes.append(node)
            i += 1
        elif ch.isalpha():
            j = i
            while j < n and text[j].isalpha():
                j += 1
            ident = "".join(c for c in text[i:j] if c.isupper())
            i = j
            values = []
            while True:
                while i < n and text[i].isspace():
                    i += 1
                if i >= n or text[i] != "[":
                    break
                i += 1
                chars = []
                while i < n and text[i] != "]":
                    if text[i] == "\\" and i + 1 < n:
                        i += 1
                    chars.append(text[i])
                    i += 1
                if i >= n:
                    raise SgfError("unterminated property value")
                i += 1
                values.append("".join(chars))
            if not values:
                raise SgfError(f"property {ident!r} without a value")
            if node is None:
                raise SgfError(f"property {ident} outside a node")
            node.setdefault(ident, []).extend(values)
        elif ch.isspace():
            i += 1
        else:
            raise SgfError(f"unexpected character {ch!r} at offset {i}")
    if depth != 0:
        raise SgfError("unbalanced parentheses")
    if not nodes:
        raise SgfError("empty game tree")
    return nodes


def _read_point(value: str, size: int, move_number: int | None = None) -> Point | None:
    """SGF point → (col, row); ``""`` (and ``tt`` on boards up to 19) is a pass."""
    if value == "" or (value == "tt" and size <= 19):
        return None
    if len(value) != 2 or any(c not in _LETTERS[:size] for c in value):
        raise SgfError(f"bad point {value!r}", move_number, "off_board")
    return (_LETTERS.index(value[0]), size - 1 - _LETTERS.index(value[1]))


def _number(node: Node, key: str, default: float) -> float:
    if key not in node:
        return default
    try:
        value = float(node[key][0].strip())
    except ValueError:
        raise SgfError(f"{key}[{node[key][0]}] is not a number") from None
    if not math.isfinite(value):
        raise SgfError(f"{key}[{node[key][0]}] is not a finite number")
    return value


def _whole(node: Node, key: str, default: int) -> int:
    value = _number(node, key, default)
    if value != int(value):
        raise SgfError(f"{key}[{node[key][0]}] is not a whole number")
    return int(value)


def _read_points(values: list[str], size: int) -> list[Point]:
    """Setup points, FF[4] compressed rectangles (``aa:cc``) expanded, each point once."""
    points: list[Point] = []
    for value in values:
        corners = value.split(":")
        if len(corners) > 2:
            raise SgfError(f"bad point list {value!r}")
        ends = [_read_point(corner, size) for corner in corners]
        if any(end is None for end in ends):
            continue  # an empty value in a list is nothing to place
        (c1, r1), (c2, r2) = ends[0], ends[-1]
        for row in range(max(r1, r2), min(r1, r2) - 1, -1):
            for col in range(min(c1, c2), max(c1, c2) + 1):
                if (col, row) not in points:
                    points.append((col, row))
    return points


@dataclass
class Record:
    """A record as read: the game, the comments by ply (0: before the first move), the
    seconds the mover had left after each ply (``BL``/``WL``, as :func:`dumps` writes them),
    the byo-yomi periods he had left then (``OB``/``OW``) and the root's properties (``PB``,
    ``RE``, ``DT``...) as the record gives them."""

    game: Game
    comments: dict[int, list[str]] = field(default_factory=dict)
    time_left: dict[int, float] = field(default_factory=dict)
    periods_left: dict[int, int] = field(default_factory=dict)
    root: dict[str, str] = field(default_factory=dict)


def loads(text: str) -> Game:
    """Replay the main line of an SGF record; raise SgfError naming the first bad move."""
    return read(text).game


def read(text: str) -> Record:
    """The record's game and its comments. Read the way sgfmill and Sabaki read it: a move in
    the root node counts; without ``PL`` the first move says who starts; ``HA`` without ``AB``
    places no stones; when one colour moves twice the other side passed between (said in a
    comment on that pass)."""
    nodes = _parse_main_line(text)
    root = nodes[0]
    if root.get("GM", ["1"])[0].strip() != "1":
        raise SgfError("not a Go record (GM is not 1)")
    size = _whole(root, "SZ", 19)
    komi = _number(root, "KM", 0.0) / 2
    handicap = _whole(root, "HA", 0)
    if handicap == 1:
        handicap = 0  # some programs write HA[1] for "no komi, Black first"
    black = _read_points(root.get("AB", []), size) if 1 <= size <= 25 else []
    white = _read_points(root.get("AW", []), size) if 1 <= size <= 25 else []
    if set(black) & set(white):
        raise SgfError("a setup point is given both colours")
    game = _new_game(root, nodes, size, komi, handicap, black, white)
    record = Record(game, root={key: values[0] for key, values in root.items()})
    number = 0
    for depth, node in enumerate(nodes):
        if depth and any(key in node for key in ("AB", "AW", "AE")):
            raise SgfError("setup stones after the first move are not supported", number + 1)
        for key, color in (("B", Color.BLACK), ("W", Color.WHITE)):
            if key in node:
                number += 1
                if game.phase == PLAY and color is not game.to_move:
                    _pass_between(record, color, number)
                    number += 1
                _replay_move(game, color, node[key][0], number)
                _read_time_left(record, node, key)
        if "C" in node:
            record.comments.setdefault(len(game.moves), []).extend(node["C"])
    _apply_result(game, root, nodes[-1])
    return record


def _read_time_left(record: Record, node: Node, mover: str) -> None:
    """The mover's clock after this ply; a value that is not a number is left out, as
    Sabaki does (it is advice for the reader, not part of the game)."""
    if mover + "L" not in node:
        return
    try:
        seconds = float(node[mover + "L"][0].strip())
    except ValueError:
        return
    if math.isfinite(seconds):
        record.time_left[len(record.game.moves)] = seconds
    periods = node.get("O" + mover, [""])[0].strip()
    if periods.isdigit():
        record.periods_left[len(record.game.moves)] = int(periods)


def _new_game(root: Node, nodes, size, komi, handicap, black, white) -> Game:
    first = None
    if "PL" in root:
        first = Color.BLACK if root["PL"][0].strip().upper().startswith("B") else Color.WHITE
    else:
        movers = [
            c for node in nodes for k, c in (("B", Color.BLACK), ("W", Color.WHITE)) if k in node
        ]
        first = movers[0] if movers else None
    try:
        if handicap and not white and set(black) == set(_fixed_points(size, handicap)):
            return Game(size, komi=komi, handicap=handicap, first=first)
        setup = {Color.BLACK: black, Color.WHITE: white}  # HA without AB: no stones invented
        return Game(size, komi=komi, handicap=handicap, setup=setup, first=first)
    except GoError as err:
        raise SgfError(f"bad game setup: {err.message}") from None


def _pass_between(record: Record, color: Color, number: int) -> None:
    """The record has ``color`` twice in a row: the other side passed in between."""
    other = color.other
    _replay_move(record.game, other, "", number)
    note = f"{other.name.lower()} passes here: the record has {color.name.lower()} twice in a row"
    record.comments.setdefault(len(record.game.moves), []).append(note)


def _fixed_points(size: int, handicap: int) -> list[Point]:
    try:
        return handicap_points(size, handicap)
    except GoError:
        return []


def _replay_move(game: Game, color: Color, value: str, number: int) -> None:
    point = _read_point(value.strip(), game.size, number)
    try:
        if game.phase == SCORING:
            game.resume(color)  # the record plays on after two passes
        if point is None:
            game.pass_(color)
        else:
            game.play(point, color)
    except GoError as err:
        where = "pass" if point is None else value
        raise SgfError(
            f"move {number} ({color.letter}[{where}]) is illegal: {err.code}", number, err.code
        ) from None


def _apply_result(game: Game, root: Node, last: Node) -> None:
    """Finish the game the way the record says, where our rules can reproduce it."""
    if game.phase == OVER or "RE" not in root:
        return
    result = root["RE"][0].strip().upper()
    if len(result) >= 3 and result[0] in "BW" and result[1] == "+":
        winner = Color.BLACK if result[0] == "B" else Color.WHITE
        how = result[2:]
        if how.startswith("R"):
            game.resign(winner.other)
            return
        if how.startswith("T"):
            game.lose_on_time(winner.other)
            return
    if game.phase != SCORING:
        return
    if "TB" in last or "TW" in last:
        dead = []
        for prop, owner in (("TB", Color.BLACK), ("TW", Color.WHITE)):
            for value in last.get(prop, []):
                point = _read_point(value, game.size)
                if point is not None and game.color_at(point) is owner.other:
                    dead.append(point)
        game.mark_dead(dead)
        game.confirm(Color.BLACK)
        game.confirm(Color.WHITE)


__all__ = ["Record", "SgfError", "dumps", "loads", "read"]
