"""The static judgement of each group: dead, alive for certain, in seki, or unsettled.

Groups are judged on what :mod:`qipai.go.life` can settle: Benson's unconditionally alive
chains and the stones dead inside their vital regions first; then every group with fewer than
two eyes (by shape) is weak, and a weak group is dead when the opponent around it is strong, or
when a weak neighbour wins the liberty race against it even if it moves first; when neither side
of a race can capture, both are in seki; when whoever moves first wins, the group is unsettled
(the playouts decide). Dead groups are lifted one at a time, weakest first, and the board is
judged again, because a dead stone inside an eye hides that eye.

Two readings keep the counts honest. A group that captures its weak neighbours lives only if
it has two eyes once the capture is played, its stones on their liberties: what is left is
the captured stones' own shape, often a nakade. And a seki on the counts stands only where
the groups have left no room: an empty point of their area that touches neither is still to
be played, so the playouts judge them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from qipai.go.board import BLACK, EMPTY, WHITE, Board, neighbours
from qipai.go.life import (
    BIG_EYE_SPACE,
    WIN,
    Group,
    benson_alive,
    breaks_seki,
    groups_of,
    killed_by_sacrifice,
    lives_by_capture,
    loses_its_eye,
    one_eye_seki,
    race_between,
    too_open,
)


@dataclass
class Judgement:
    """Point indices: what is dead, what is alive for certain, in seki, or left unsettled."""

    dead: set[int] = field(default_factory=set)
    certain_alive: set[int] = field(default_factory=set)
    certain_territory: set[int] = field(default_factory=set)
    seki: set[int] = field(default_factory=set)
    unsettled: list[list[int]] = field(default_factory=list)  # groups, whoever moves first
    # pairs of unsettled groups racing each other, each winning if it moves first
    races: list[tuple[list[int], list[int]]] = field(default_factory=list)
    open: list[list[int]] = field(default_factory=list)  # groups in open space, not walled in


def judge(colors: list[int], size: int) -> Judgement:
    verdict = Judgement()
    colors = list(colors)
    for color in (BLACK, WHITE):
        alive, vital = benson_alive(colors, size, color)
        verdict.certain_alive |= alive
        verdict.certain_territory |= vital
        verdict.dead |= {p for p in vital if colors[p] == 3 - color}
    for p in verdict.dead:
        colors[p] = EMPTY
    nbrs = neighbours(size)
    while True:
        weak = [
            group
            for color in (BLACK, WHITE)
            for group in groups_of(colors, size, color)
            if group.eyes < 2
            and verdict.certain_alive.isdisjoint(group.stones)
            and not lives_by_capture(group, colors, size)
        ]
        hopeless, doomed, seki, unsettled, open_space, races = _verdicts(weak, colors, size, nbrs)
        open_ids = {id(group) for group in open_space}
        doomed_ids = {id(group) for group, _ in doomed}
        # first the groups killed by a neighbour that is neither dead nor in an open fight
        # itself: a dead group still "captures" the stones of the side that surrounds it
        surely = [g for g, killers in doomed if not killers or killers - doomed_ids - open_ids]
        ring = all(killers <= doomed_ids for _, killers in doomed)
        by_id = {id(group): group for group, _ in doomed}
        # a dead group inside a doomed killer's eye space hides that eye: lift it first
        hiding = [
            g
            for g, killers in doomed
            if killers
            and killers <= doomed_ids
            and any(not _still_weak(by_id[k], [g], colors, size) for k in killers)
        ]
        if hopeless:
            lifted = max(hopeless, key=lambda group: len(group.stones))
        elif hiding:
            lifted = min(hiding, key=lambda group: group.strength)
        elif surely or (doomed and ring):
            lifted = min(surely or [g for g, _ in doomed], key=lambda group: group.strength)
        else:
            unsettled += [group for group, _ in doomed]  # only an open fight kills them
            verdict.seki = {p for group in seki for p in group.stones}
            verdict.unsettled = [group.stones for group in unsettled]
            left = {id(group) for group in unsettled}
            verdict.races = [
                (a.stones, b.stones)
                for a, b in races
                if id(a) in left and id(b) in left and a.stones < b.stones
            ]
            verdict.unsettled += _loose_chains(colors, size, verdict.certain_alive)
            verdict.open = [group.stones for group in open_space]
            return verdict
        for p in lifted.stones:
            colors[p] = EMPTY
            verdict.dead.add(p)


def _verdicts(weak: list[Group], colors: list[int], size: int, nbrs):
    """(hopeless, doomed, seki, unsettled, open) weak groups, and the races between weak
    groups that whoever moves first wins. Hopeless ones are lifted first: even
    after capturing every weak neighbour they can, they have no two eyes, so the neighbours
    they would capture (often dead stones of the side that surrounds them) are not dead."""
    owner = {p: group for group in weak for p in group.stones}
    hopeless, doomed, seki, unsettled, open_space, races = [], [], [], [], [], []
    for group in weak:
        touching = {n for p in group.area for n in nbrs[p]}
        rivals = list(
            {
                id(other): other
                for n in touching
                if (other := owner.get(n)) is not None and other.color != group.color
            }.values()
        )
        walls = sum(colors[n] == 3 - group.color for n in touching)
        if not rivals:
            room = len(group.area) - len(group.stones) - len(group.eye_points)
            if room < BIG_EYE_SPACE or walls > len(group.stones):
                doomed.append((group, set()))  # walled in by strong stones
            else:
                open_space.append(group)  # more its own edge than walled in
            continue
        read = [
            (rival, outcome)
            for rival in rivals
            if (outcome := _outcome(group, rival, colors, size)) is not None
        ]
        killers = {id(rival) for rival, (killed, escapes) in read if killed and not escapes}
        races += [
            (group, rival)
            for rival, (killed, escapes) in read
            if killed and escapes and _eye_race(group, rival, colors, size)
        ]
        captures = [rival for rival, (killed, escapes) in read if escapes and not killed]
        if killers and captures and not _still_weak(group, captures, colors, size):
            seki.append(group)  # it lives by capturing a neighbour that cannot escape
        elif len(read) < len(rivals) and not killers:
            open_space.append(group)
        elif (
            len(read) == len(rivals)
            and all(escapes for _, (_, escapes) in read)
            and (  # two eyes both with the captured stones lifted and with the capture played
                _still_weak(group, rivals, colors, size)
                or _still_weak(group, rivals, colors, size, filling=True)
            )
        ):
            hopeless.append(group)
        elif killers:
            doomed.append((group, killers))
        elif any(killed for _, (killed, _) in read):
            unsettled.append(group)
        elif not group.eyes and too_open(group) and walls > len(group.stones):
            # walled in, it outlasts its rivals only on the room of chains each of which the
            # wall may take: no seki, the playouts judge it (and what it would capture)
            open_space.append(group)
        elif any(breaks_seki(group, rival, colors, size) for rival in rivals):
            unsettled.append(group)  # a chain of it falls to a shared liberty filled
        elif not any(escapes for _, (_, escapes) in read) and _unfilled(group, rivals, nbrs):
            open_space.append(group)  # neither captures on the counts, but room is left
        else:
            seki.append(group)
    return hopeless, doomed, seki, unsettled, open_space, races


def _unfilled(group: Group, rivals: list[Group], nbrs) -> bool:
    """Empty points in the group's area that are neither its eye nor a liberty of it or of a
    rival: room left to play in, so the liberty counts are no seki yet."""
    stones = set(group.stones).union(*(rival.stones for rival in rivals))
    return any(
        p not in stones and p not in group.eye_points and not any(n in stones for n in nbrs[p])
        for p in group.area
    )


def _outcome(group: Group, rival: Group, colors: list[int], size: int):
    """(the rival kills the group moving first, the group kills the rival moving first), or
    None for a race too open to read."""
    if one_eye_seki(group, rival, colors, size) or one_eye_seki(rival, group, colors, size):
        return False, False
    attacked = race_between(rival, group, True)
    defended = race_between(group, rival, True)
    if attacked is None or defended is None:
        return None
    killed = (
        attacked == WIN
        or killed_by_sacrifice(group, rival, colors, size)
        or loses_its_eye(group, rival, colors, size)
    )
    return killed, defended == WIN or loses_its_eye(rival, group, colors, size)


def _eye_race(group: Group, rival: Group, colors: list[int], size: int) -> bool:
    """A race whoever moves first wins that is a real capture: the chain around one side's
    eye falls to the other moving first (two walls with room to spare also "race" on counted
    liberties, but nobody will capture them, so neither is to lose)."""
    return loses_its_eye(group, rival, colors, size) or loses_its_eye(rival, group, colors, size)


def _still_weak(
    group: Group, captured, colors: list[int], size: int, *, filling: bool = False
) -> bool:
    """Whether the group still has fewer than two eyes once the ``captured`` groups are gone.
    ``filling``: it first plays every liberty of theirs, as a capture needs, so what is left
    of its eye space is the shape the captured stones held (often a nakade) rather than
    their stones and liberties together."""
    trial = list(colors)
    for rival in captured:
        if filling:
            for p in rival.liberties:
                trial[p] = group.color
        for p in rival.stones:
            trial[p] = EMPTY
    anchor = group.stones[0]
    grown = next(g for g in groups_of(trial, size, group.color) if anchor in g.stones)
    return grown.eyes < 2


def _loose_chains(colors: list[int], size: int, certain: set[int]) -> list[list[int]]:
    """Chains of a group with two eyes that touch neither eye: held to the eyes only through
    empty points, which the opponent moving first may cut; the playouts judge them."""
    nbrs = neighbours(size)
    board = Board(size)
    board.colors = list(colors)
    board.rebuild()
    loose = []
    for color in (BLACK, WHITE):
        for group in groups_of(colors, size, color):
            if group.eyes < 2 or not certain.isdisjoint(group.stones):
                continue
            chains = {id(c): c for p in group.stones if (c := board.chains[p]) is not None}
            for chain in chains.values():
                if not any(n in group.eye_points for p in chain.stones for n in nbrs[p]):
                    loose.append(list(chain.stones))
    return loose
