"""The table machine: one hand of mahjong as a deterministic state machine.

A hand is its ruleset (with options), its seed, its dealer and the list of actions applied; the
same inputs always give the same state, which is what replays, reconnects and tests rely on.
The machine answers three questions — what may seat S do now (``legal_actions``), what happens
when S does A (``apply`` → events), and what may S see (``view``) — and knows nothing of clocks,
sockets or who is a bot. Every regional difference is asked of the ruleset.

Claim windows (MJ-08): after every discard (and every added kong, for robbing) *every* seat still
in play other than the actor gets a prompt, and a seat with no claim gets a pass-only prompt. So
the existence of a prompt never tells anyone who could have claimed; the window resolves when all
prompted seats have answered (the server answers pass for a seat on timeout, or at once for a
pass-only prompt after its minimum delay).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING

from qipai.mahjong.analysis import is_seven_pairs, is_standard_win, is_thirteen_orphans, waits
from qipai.mahjong.notation import MeldKind
from qipai.mahjong.scoring import Payment, Settlement, WinRecord, WinScore
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.errors import HandOver, IllegalAction, MalformedAction, NotYourTurn
from qipai.mahjong.table.events import Event
from qipai.mahjong.table.hints import SeatHint, hint_key, seat_hint
from qipai.mahjong.table.state import (
    ClaimWindow,
    KongRecord,
    PassedWin,
    Phase,
    RiverTile,
    SeatState,
    TableMeld,
    WinContext,
)
from qipai.mahjong.table.views import meld_wire, seat_view
from qipai.mahjong.tiles import NUM_KINDS, kind_of, suit_of
from qipai.mahjong.wall import Wall, deal, set_aside_flowers

if TYPE_CHECKING:
    from qipai.mahjong.rulesets.base import (
        Ruleset,  # the rules the machine asks; never imported at run time
    )

SEATS = range(4)


class HandMachine:
    """One hand. Build it with a ruleset, a seed and the dealer; drive it with ``apply``."""

    def __init__(
        self,
        ruleset: Ruleset,
        seed: int,
        dealer: int = 0,
        table_state: dict | None = None,
    ) -> None:
        wall = Wall(ruleset.tile_set_size, random.Random(seed), dealer)
        self._setup(ruleset, seed, dealer, table_state, wall, deal(wall, dealer))

    @classmethod
    def arranged(
        cls,
        ruleset: Ruleset,
        wall: Wall,
        hands: list[list[int]],
        *,
        dealer: int = 0,
        turn: int | None = None,
        melds: list[list[TableMeld]] | None = None,
        voids: list[int] | None = None,
    ) -> HandMachine:
        """A hand from a set position (tests, puzzles, tutorials): the given wall (anything with
        the ``Wall`` methods), concealed tiles and melds. ``turn`` = the seat to move: it draws
        first unless it already holds a full 14 (then it discards, as a dealer's first turn).
        A position with a ``turn`` other than the dealer is mid-hand: no 天和/地和."""
        hand = cls.__new__(cls)
        hand._setup(ruleset, 0, dealer, None, wall, hands)
        for seat, seat_melds in enumerate(melds or [[], [], [], []]):
            hand.seats[seat].melds = list(seat_melds)
        if voids is not None:
            for seat, suit in enumerate(voids):
                hand.seats[seat].void = suit
            hand.phase = Phase.TURN
        turn = dealer if turn is None else turn
        if turn != dealer:
            hand.discard_count = 4
            hand.meld_declared = True
            for state in hand.seats:
                state.draws = 1
        state = hand.seats[turn]
        hand.current = turn
        if len(state.concealed) + 3 * len(state.melds) < 14:
            hand._draw(turn)
        return hand

    def _setup(
        self,
        ruleset: Ruleset,
        seed: int,
        dealer: int,
        table_state: dict | None,
        wall: Wall,
        hands: list[list[int]],
    ) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.dealer = dealer
        self.table_state = table_state if table_state is not None else ruleset.new_table_state()
        self.wall = wall
        self.seats = [SeatState() for _ in SEATS]
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.ledger: list[Payment] = []
        self.win_payments: list[Payment] = []
        self.kongs: list[KongRecord] = []
        self.wins: list[WinRecord] = []
        self.win_groups: list[tuple[WinRecord, ...]] = []
        self.phase = Phase.TURN
        self.current = dealer
        self.after_draw = True
        self.on_replacement = False
        self.kong_chain: list[KongRecord] = []
        self.window: ClaimWindow | None = None
        self.discard_count = 0
        self.river_count = 0  # discards made this hand, all seats (``RiverTile.number``)
        self.meld_declared = False
        self.exhaustive = False
        self.settlement: Settlement | None = None
        self._legal_cache: dict[int, list[Action]] = {}
        self._hints: dict[int, tuple[Hashable, SeatHint]] = {}
        self.seat_views: dict[tuple[int, bool], tuple[tuple, dict]] = {}
        """Each seat's last view, as its own player and as the others see it, with what it
        was made from (``ViewParts._seat``): rebuilt only when that changes."""

        hands = [list(tiles) for tiles in hands]
        flowers = set_aside_flowers(self.wall, hands, dealer)
        self._emit("hand_started", dealer=dealer, wall=self.wall.remaining(), **self.wall_info())
        for seat in SEATS:
            self.seats[seat].concealed = sorted(hands[seat])
            self._emit(
                "dealt",
                private_to=seat,
                seat=seat,
                count=len(hands[seat]),
                private={"tiles": sorted(hands[seat])},
            )
        for seat in SEATS:
            if flowers[seat]:
                self.seats[seat].flowers = sorted(flowers[seat])
                self._emit("flowers", seat=seat, tiles=sorted(flowers[seat]), dealt=True)
        self.seats[dealer].last_drawn = hands[dealer][-1]
        self.seats[dealer].drawn_at_remaining = self.wall.remaining() + 1
        ruleset.setup_hand(self)
        if ruleset.uses_void_declaration:
            self.phase = Phase.DECLARE_VOID

    # ------------------------------------------------------------------ replay
    @classmethod
    def replay(
        cls,
        ruleset: Ruleset,
        seed: int,
        dealer: int,
        actions: list[Action],
        table_state: dict | None = None,
    ) -> HandMachine:
        hand = cls(ruleset, seed, dealer, table_state)
        for action in actions:
            hand.apply(action)
        return hand

    def record(self) -> dict:
        """The hand as stored for replays: room rules, seed, dealer and the actions, all plain
        wire data (a hand built with ``arranged`` has no seed and cannot be recorded).
        ``qipai.mahjong.rulesets.replay_record`` rebuilds the hand: it needs the registry."""
        return {
            "ruleset": self.ruleset.name,
            "options": self.ruleset.options.to_values(),
            "seed": self.seed,
            "dealer": self.dealer,
            "actions": [action.to_wire() for action in self.actions],
        }

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase is Phase.ENDED

    def in_play(self, seat: int) -> bool:
        return self.seats[seat].win is None

    def active_seats(self) -> list[int]:
        return [s for s in SEATS if self.in_play(s)]

    def next_in_play(self, seat: int) -> int:
        for step in range(1, 5):
            candidate = (seat + step) % 4
            if self.in_play(candidate):
                return candidate
        raise AssertionError("no seat left in play")

    def to_act(self) -> list[int]:
        """Seats whose answer the hand is waiting for (optional LEAVEs excluded)."""
        if self.phase is Phase.DECLARE_VOID:
            return [s for s in SEATS if self.seats[s].void is None]
        if self.phase is Phase.TURN:
            return [self.current]
        if self.window is not None:
            return [s for s in self.window.options if s not in self.window.answers]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._legal_cache:
            self._legal_cache[seat] = self._compute_legal(seat)
        return self._legal_cache[seat]

    def _compute_legal(self, seat: int) -> list[Action]:
        state = self.seats[seat]
        if self.phase is Phase.ENDED:
            return []
        if state.win is not None:
            if self.ruleset.continues_after_win and not state.left:
                return [Action(seat, ActionType.LEAVE)]
            return []
        if self.phase is Phase.DECLARE_VOID:
            if state.void is not None:
                return []
            return [Action(seat, ActionType.DECLARE_VOID, suit) for suit in range(3)]
        if self.phase is Phase.TURN:
            return self._turn_actions(seat) if seat == self.current else []
        window = self.window
        assert window is not None
        if seat in window.answers:
            return []
        return list(window.options.get(seat, []))

    def _turn_actions(self, seat: int) -> list[Action]:
        state = self.seats[seat]
        actions: list[Action] = []
        if self.after_draw:
            score = self.self_draw_score(seat)
            if score is not None:
                win = Action(seat, ActionType.SELF_WIN)
                if self._compulsory(state.drawn_at_remaining):
                    return [win]
                actions.append(win)
            if self.wall.remaining() > 0:
                counts = state.counts()
                for kind in range(NUM_KINDS):
                    if counts[kind] == 4 and self.ruleset.may_meld(
                        self, seat, kind, ActionType.CONCEALED_KONG.value
                    ):
                        actions.append(Action(seat, ActionType.CONCEALED_KONG, kind))
                for meld in state.melds:
                    if (
                        meld.type == MeldKind.PUNG.value
                        and counts[meld.kind]
                        and self.ruleset.may_meld(
                            self, seat, meld.kind, ActionType.ADDED_KONG.value
                        )
                    ):
                        actions.append(Action(seat, ActionType.ADDED_KONG, meld.kind))
        actions.extend(
            Action(seat, ActionType.DISCARD, tile)
            for tile in self.ruleset.allowed_discards(self, seat)
        )
        return actions

    def _compulsory(self, remaining_when_available: int) -> bool:
        threshold = self.ruleset.compulsory_win_tiles
        return threshold > 0 and remaining_when_available <= threshold

    # ------------------------------------------------------------------ win evaluation
    def _context(self, seat: int, counts: list[int], kind: int, **flags: bool) -> WinContext:
        state = self.seats[seat]
        return WinContext(
            seat=seat,
            counts=tuple(counts),
            melds=tuple(state.melds),
            win_kind=kind,
            void_suit=state.void,
            **flags,
        )

    def shape_is_win(self, counts: list[int], melds: int) -> bool:
        """The ruleset-independent shape test, before requirements and value."""
        if is_standard_win(counts):
            return True
        if melds == 0 and sum(counts) == 14:
            if self.ruleset.seven_pairs and is_seven_pairs(
                counts, quads_as_two_pairs=self.ruleset.quads_as_two_pairs
            ):
                return True
            if self.ruleset.thirteen_orphans and is_thirteen_orphans(counts):
                return True
        return self.ruleset.special_shape_win(counts, melds)

    def self_draw_score(self, seat: int) -> WinScore | None:
        state = self.seats[seat]
        counts = state.counts()
        if not self.shape_is_win(counts, len(state.melds)) and not self.ruleset.wild_self_draw:
            return None
        kind = kind_of(state.last_drawn) if state.last_drawn is not None else 0
        heavenly = seat == self.dealer and self.discard_count == 0
        earthly = (
            seat != self.dealer
            and state.draws == 1
            and not self.on_replacement
            and not self.meld_declared
        )
        ctx = self._context(
            seat,
            counts,
            kind,
            self_draw=True,
            after_kong=self.on_replacement,
            heavenly=heavenly,
            earthly=earthly,
        )
        return self.ruleset.score_win(self, ctx)

    def discard_win_score(self, seat: int, tile: int, robbing: bool) -> WinScore | None:
        state = self.seats[seat]
        counts = state.counts()
        kind = kind_of(tile)
        counts[kind] += 1
        if not self.shape_is_win(counts, len(state.melds)):
            return None
        ctx = self._context(seat, counts, kind, self_draw=False, robbing=robbing)
        return self.ruleset.score_win(self, ctx)

    def ready_scores(self, seat: int) -> dict[int, WinScore]:
        """MJ-10: for a seat holding 13 (melds counted as 3), each kind that would make a legal
        win under the ruleset's static requirements, with its value as a plain discard win;
        kinds the seat already holds all four of are left out. Used by 查大叫 and the hint."""
        state = self.seats[seat]
        counts = state.counts()
        if sum(counts) + 3 * len(state.melds) != 13:
            return {}
        return self.winning_kinds(seat, counts)

    def winning_kinds(self, seat: int, counts: list[int]) -> dict[int, WinScore]:
        """:meth:`ready_scores` for the seat's melds with ``counts`` concealed (13 in all), e.g.
        the hand as it would be after a discard; ``counts`` is left as it was."""
        found = {}
        for kind in self._shape_waits(seat, counts):
            counts[kind] += 1
            score = self.ruleset.score_win(self, self._context(seat, counts, kind, self_draw=False))
            counts[kind] -= 1
            if score is not None:
                found[kind] = score
        return found

    def win_refusals(self, seat: int, counts: list[int]) -> tuple[str, ...]:
        """Why the shape waits of :meth:`winning_kinds` are refused as wins, asked when it found
        none (the hint line: a hand ready by shape that can never win says why): the ruleset's
        stable reason codes (:meth:`Ruleset.win_refusal`), distinct, in the order first met."""
        reasons: dict[str, None] = {}
        for kind in self._shape_waits(seat, counts):
            counts[kind] += 1
            reason = self.ruleset.win_refusal(
                self, self._context(seat, counts, kind, self_draw=False)
            )
            counts[kind] -= 1
            if reason is not None:
                reasons[reason] = None
        return tuple(reasons)

    def _shape_waits(self, seat: int, counts: list[int]) -> list[int]:
        """The kinds that complete the shape of the seat's hand, less those it holds all four
        of (melds counted)."""
        state = self.seats[seat]
        held = list(counts)
        for meld in state.melds:
            for tile in meld.tiles:
                held[kind_of(tile)] += 1
        open_hand = not state.melds
        found = waits(
            counts,
            seven_pairs=self.ruleset.seven_pairs and open_hand,
            quads_as_two_pairs=self.ruleset.quads_as_two_pairs,
            thirteen_orphans=self.ruleset.thirteen_orphans and open_hand,
        )
        special = self.ruleset.special_shape_waits(counts, len(state.melds))
        if special:
            found = sorted({*found, *special})
        return [kind for kind in found if held[kind] != 4]

    def hint(self, seat: int) -> SeatHint:
        """The seat's waits, ready discards or distance (``table/hints.py``), kept until what
        they depend on changes."""
        key = hint_key(self, seat)
        kept = self._hints.get(seat)
        if kept is None or kept[0] != key:
            kept = self._hints[seat] = (key, seat_hint(self, seat))
        return kept[1]

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Apply one action; return the events it caused. Refusals change nothing."""
        if (
            not isinstance(action, Action)
            or type(action.seat) is not int
            or action.seat not in SEATS
        ):
            raise MalformedAction("not an Action of a seat 0-3")
        if self.phase is Phase.ENDED:
            raise HandOver("the hand is over")
        legal = self.legal_actions(action.seat)
        if action not in legal:
            if not legal:
                raise NotYourTurn(f"seat {action.seat} has nothing to do now")
            refusal = self.ruleset.refusal(self, action)
            raise refusal or IllegalAction(
                f"{action.type.value} is not legal for seat {action.seat} now"
            )
        first_event = len(self.events)
        self.actions.append(action)
        self._legal_cache.clear()
        handler = {
            ActionType.DECLARE_VOID: self._declare_void,
            ActionType.DISCARD: self._discard,
            ActionType.SELF_WIN: self._self_win,
            ActionType.CONCEALED_KONG: self._concealed_kong,
            ActionType.ADDED_KONG: self._added_kong,
            ActionType.LEAVE: self._leave,
        }.get(action.type, self._answer)
        handler(action)
        self._legal_cache.clear()
        return self.events[first_event:]

    def _declare_void(self, action: Action) -> None:
        self.seats[action.seat].void = action.tile
        self._emit("void_declared", action.seat, {"suit": action.tile}, seat=action.seat)
        if all(s.void is not None for s in self.seats):
            self._emit("voids_revealed", voids=[s.void for s in self.seats])
            self.phase = Phase.TURN

    def _discard(self, action: Action) -> None:
        seat, tile = action.seat, action.tile
        state = self.seats[seat]
        drawn = self.after_draw and tile == state.last_drawn
        state.concealed.remove(tile)
        state.discards.append(tile)
        self.river_count += 1
        state.river.append(RiverTile(tile, self.river_count, drawn))
        state.river_wire = None
        self.discard_count += 1
        # 摸切 is public (the river marks it): a client following the events needs it
        self._emit("discarded", seat=seat, tile=tile, **({"drawn": True} if drawn else {}))
        self._open_window(seat, tile, robbing=False)

    def _open_window(self, actor: int, tile: int, robbing: bool) -> None:
        compulsory = self._compulsory(self.wall.remaining())
        options: dict[int, list[Action]] = {}
        for seat in self.active_seats():
            if seat != actor:
                options[seat] = self._claim_options(seat, actor, tile, robbing, compulsory)
        self.window = ClaimWindow(actor, tile, robbing, options, kong_chain=tuple(self.kong_chain))
        self.phase = Phase.ROB if robbing else Phase.CLAIM
        self._emit("claim_window", actor=actor, tile=tile, robbing=robbing)

    def _claim_options(
        self, seat: int, actor: int, tile: int, robbing: bool, compulsory: bool
    ) -> list[Action]:
        kind = kind_of(tile)
        options: list[Action] = []
        score = self.discard_win_score(seat, tile, robbing)
        if score is not None and (
            compulsory or not self.ruleset.passed_win_blocks(self, seat, kind, score)
        ):
            if compulsory:
                return [Action(seat, ActionType.WIN)]
            options.append(Action(seat, ActionType.WIN))
        if not robbing:
            held = self.seats[seat].counts()
            if (
                held[kind] == 3
                and self.wall.remaining() > 0
                and self.ruleset.may_meld(self, seat, kind, ActionType.KONG.value)
            ):
                options.append(Action(seat, ActionType.KONG))
            if held[kind] >= 2 and self.ruleset.may_meld(self, seat, kind, ActionType.PUNG.value):
                options.append(Action(seat, ActionType.PUNG))
            if self.ruleset.allows_chow and seat == self.next_in_play(actor):
                options.extend(self._chow_options(seat, kind, held))
        options.append(Action(seat, ActionType.PASS))
        return options

    def _chow_options(self, seat: int, kind: int, held: list[int]) -> list[Action]:
        suit = suit_of(kind)
        if suit is None:
            return []
        options = []
        for first in range(max(kind - 2, suit * 9), min(kind, suit * 9 + 6) + 1):
            needed = [k for k in (first, first + 1, first + 2) if k != kind]
            if all(held[k] for k in needed) and self.ruleset.may_meld(
                self, seat, first, ActionType.CHOW.value
            ):
                options.append(Action(seat, ActionType.CHOW, first))
        return options

    def _answer(self, action: Action) -> None:
        window = self.window
        assert window is not None
        window.answers[action.seat] = action
        if len(window.answers) == len(window.options):
            self._resolve_window(window)

    def _resolve_window(self, window: ClaimWindow) -> None:
        order = sorted(window.answers, key=lambda s: (s - window.actor) % 4)
        winners = [s for s in order if window.answers[s].type is ActionType.WIN]
        kind = kind_of(window.tile)
        for seat in order:
            offered = any(a.type is ActionType.WIN for a in window.options[seat])
            if offered and seat not in winners:
                score = self.discard_win_score(seat, window.tile, window.robbing)
                assert score is not None
                self.seats[seat].passed.append(PassedWin(kind, score.raw_fan))
        self.window = None
        if winners:
            if not self.ruleset.multiple_winners:
                winners = winners[:1]
            self._discard_wins(window, winners)
            return
        if window.robbing:
            self._complete_added_kong(window.actor, kind)
            return
        claims = [window.answers[s] for s in order if window.answers[s].type is not ActionType.PASS]
        claims.sort(key=lambda a: a.type is ActionType.CHOW)
        if claims:
            self._claim(claims[0], window)
            return
        self._draw(self.next_in_play(window.actor))

    def _discard_wins(self, window: ClaimWindow, winners: list[int]) -> None:
        """The offered tile leaves the river (or the konger's hand) and stays in the win records:
        with 一炮多响 one instance completes several hands, so no single hand takes it."""
        actor = window.actor
        if window.robbing:
            self.seats[actor].concealed.remove(window.tile)
            self._emit("kong_robbed", seat=actor, tile=window.tile)
        else:
            self.seats[actor].discards.pop()
            self._mark_claimed(actor, winners[0], ActionType.WIN.value)
        group = []
        for seat in winners:
            score = self.discard_win_score(seat, window.tile, window.robbing)
            assert score is not None
            record = WinRecord(seat, window.tile, actor, score, robbed_kong=window.robbing)
            group.append(record)
            self._record_win(record, () if window.robbing else window.kong_chain)
        self.win_groups.append(tuple(group))
        self._after_wins(winners[-1])

    def _record_win(self, record: WinRecord, kong_chain: tuple[KongRecord, ...]) -> None:
        self.seats[record.seat].win = record
        self.wins.append(record)
        payments = self.ruleset.win_payments(self, record, kong_chain)
        self.win_payments.extend(payments)
        self._pay(payments)
        self._emit(
            "won",
            seat=record.seat,
            record=record.to_wire(),
            hand=sorted(self.seats[record.seat].concealed),
            melds=[meld_wire(m) for m in self.seats[record.seat].melds],
        )

    def _after_wins(self, last_winner: int) -> None:
        self.kong_chain = []
        if self.ruleset.hand_over_after_wins(self) or not self.active_seats():
            self._end()
        else:
            self._draw(self.next_in_play(last_winner))

    def _claim(self, action: Action, window: ClaimWindow) -> None:
        seat, tile, actor = action.seat, window.tile, window.actor
        kind = kind_of(tile)
        state = self.seats[seat]
        self.seats[actor].discards.pop()
        self._mark_claimed(actor, seat, action.type.value)
        self.meld_declared = True
        if action.type is ActionType.CHOW:
            kinds = [k for k in (action.tile, action.tile + 1, action.tile + 2) if k != kind]
            used = [self._take(state, k) for k in kinds]
            meld = TableMeld(MeldKind.CHOW.value, action.tile, tuple(sorted([*used, tile])), actor)
        else:
            size = 3 if action.type is ActionType.KONG else 2
            used = [self._take(state, kind) for _ in range(size)]
            meld_type = MeldKind.KONG_EXPOSED if size == 3 else MeldKind.PUNG
            meld = TableMeld(meld_type.value, kind, tuple(sorted([*used, tile])), actor)
        state.melds.append(meld)
        if self.ruleset.passed_win_lifted_by_claim:
            state.passed.clear()
        self._emit(
            "claimed",
            seat=seat,
            claim=action.type.value,
            tile=tile,
            meld=meld_wire(meld),
            **{"from": actor},
        )
        self.kong_chain = []
        if action.type is ActionType.KONG:
            self._kong_made(seat, kind, MeldKind.KONG_EXPOSED.value, actor)
        else:
            self._start_turn(seat, after_draw=False, replacement=False)

    def _mark_claimed(self, actor: int, seat: int, claim: str) -> None:
        """The river keeps the taken tile in its place, saying who took it (with 一炮多响 the
        first winner in turn order; the others' records name the tile too)."""
        state = self.seats[actor]
        state.river[-1].claimed_by, state.river[-1].claim = seat, claim
        state.river_wire = None

    @staticmethod
    def _take(state: SeatState, kind: int) -> int:
        tile = next(t for t in state.concealed if kind_of(t) == kind)
        state.concealed.remove(tile)
        return tile

    def _concealed_kong(self, action: Action) -> None:
        state = self.seats[action.seat]
        kind = action.tile
        tiles = tuple(sorted(self._take(state, kind) for _ in range(4)))
        meld = TableMeld(MeldKind.KONG_CONCEALED.value, kind, tiles, None)
        state.melds.append(meld)
        self.meld_declared = True
        if self.ruleset.concealed_kongs_hidden:
            self._emit(
                "concealed_kong",
                seat=action.seat,
                private_to=action.seat,
                private={"meld": meld_wire(meld)},
            )
        else:
            self._emit("concealed_kong", seat=action.seat, meld=meld_wire(meld))
        self._kong_made(action.seat, kind, MeldKind.KONG_CONCEALED.value, None)

    def _added_kong(self, action: Action) -> None:
        state = self.seats[action.seat]
        tile = next(t for t in state.concealed if kind_of(t) == action.tile)
        self._emit("adding_kong", seat=action.seat, tile=tile)
        self._open_window(action.seat, tile, robbing=True)

    def _complete_added_kong(self, seat: int, kind: int) -> None:
        state = self.seats[seat]
        tile = self._take(state, kind)
        index = next(
            i for i, m in enumerate(state.melds) if m.type == MeldKind.PUNG.value and m.kind == kind
        )
        pung = state.melds[index]
        meld = TableMeld(
            MeldKind.KONG_ADDED.value, kind, tuple(sorted([*pung.tiles, tile])), pung.from_seat
        )
        state.melds[index] = meld
        self.meld_declared = True
        self._emit("added_kong", seat=seat, meld=meld_wire(meld))
        self._kong_made(seat, kind, MeldKind.KONG_ADDED.value, pung.from_seat)

    def _kong_made(self, seat: int, kind: int, kong_type: str, from_seat: int | None) -> None:
        record = KongRecord(seat, kind, kong_type, from_seat)
        record.payments = self.ruleset.kong_payments(self, record)
        self.kongs.append(record)
        self._pay(record.payments)
        self.kong_chain.append(record)
        tile = self._past_flowers(seat, self.ruleset.replacement_tile(self, kong_type))
        if tile is None:
            self._exhaust()
            return
        state = self.seats[seat]
        state.drawn_at_remaining = self.wall.remaining() + 1
        self._give_drawn(seat, tile, replacement=True)
        self._start_turn(seat, after_draw=True, replacement=True)

    def _draw(self, seat: int) -> None:
        if self.wall.remaining() <= self.ruleset.reserve(self):
            self._exhaust()
            return
        self.seats[seat].drawn_at_remaining = self.wall.remaining()
        tile = self._past_flowers(seat, self.wall.draw())
        self.kong_chain = []
        if tile is None:
            self._exhaust()
            return
        self._give_drawn(seat, tile, replacement=False)
        self._start_turn(seat, after_draw=True, replacement=False)

    def _exhaust(self) -> None:
        self.exhaustive = True
        self._pay(self.ruleset.exhaustive_payments(self))
        self._end()

    def _past_flowers(self, seat: int, tile: int) -> int | None:
        """The 144-tile set's flowers during play (补花): a flower drawn is laid open before
        everyone and replaced from the wall's end, until a tile that is held comes; None when
        the wall runs out first (the hand is drawn)."""
        while kind_of(tile) >= NUM_KINDS:
            self.seats[seat].flowers.append(tile)
            self._emit("flowers", seat=seat, tiles=[tile], dealt=False)
            if self.wall.remaining() == 0:
                return None
            tile = self.wall.draw_replacement()
        return tile

    def _give_drawn(self, seat: int, tile: int, replacement: bool) -> None:
        state = self.seats[seat]
        state.concealed.append(tile)
        state.concealed.sort()
        state.last_drawn = tile
        state.draws += 1
        state.passed.clear()
        self._emit(
            "drew",
            seat=seat,
            replacement=replacement,
            wall=self.wall.remaining(),
            private_to=seat,
            private={"tile": tile},
        )

    def _start_turn(self, seat: int, after_draw: bool, replacement: bool) -> None:
        self.phase = Phase.TURN
        self.current = seat
        self.after_draw = after_draw
        self.on_replacement = replacement

    def _self_win(self, action: Action) -> None:
        seat = action.seat
        state = self.seats[seat]
        score = self.self_draw_score(seat)
        assert score is not None and state.last_drawn is not None
        record = WinRecord(seat, state.last_drawn, None, score, after_kong=self.on_replacement)
        self._record_win(record, tuple(self.kong_chain))
        self.win_groups.append((record,))
        self._after_wins(seat)

    def _leave(self, action: Action) -> None:
        self.seats[action.seat].left = True
        self._emit("left", seat=action.seat)

    # ------------------------------------------------------------------ money and the end
    def _pay(self, payments: list[Payment]) -> None:
        for payment in payments:
            self.ledger.append(payment)
            self._emit("payment", payment=payment.to_wire())

    def _end(self) -> None:
        self.phase = Phase.ENDED
        self.window = None
        forfeited = tuple(
            p
            for p in self.win_payments
            if self.seats[p.payee].left and self.ruleset.forfeits(self, p)
        )
        kept = list(self.ledger)
        for payment in forfeited:
            kept.remove(payment)
        self.settlement = Settlement(tuple(self.wins), tuple(kept), self.exhaustive, forfeited)
        self._emit(
            "hand_ended",
            hands=[sorted(s.concealed) for s in self.seats],
            melds=[[meld_wire(m) for m in s.melds] for s in self.seats],
            settlement=self.settlement.to_wire(),
        )

    # ------------------------------------------------------------------ events and views
    def _emit(
        self,
        kind: str,
        private_to: int | None = None,
        private: dict | None = None,
        **public: object,
    ) -> None:
        self.events.append(Event(kind, dict(public), private_to, private))

    def wall_info(self) -> dict:
        """The dice and break point: public, for display and verifiable replays."""
        dice = self.wall.dice
        return {
            "dice": [list(dice.dealer_roll), list(dice.owner_roll)],
            "break_stack": self.wall.start_stack,
        }

    def public_state(self) -> dict:
        """The ruleset's public facts of this moment (the view's ``table``)."""
        return self.ruleset.public_state(self)

    def default_action(self, seat: int) -> Action | None:
        """What the server does for a seat on timeout (MJ-06): a compulsory win, else pass, else
        discard the drawn tile (or the rightmost allowed one); 定缺 → the shortest suit."""
        legal = self.legal_actions(seat)
        if not legal or seat not in self.to_act():
            return None
        first = legal[0]
        if first.type in (ActionType.WIN, ActionType.SELF_WIN) and len(legal) == 1:
            return first
        if self.phase is Phase.DECLARE_VOID:
            per_suit = [0, 0, 0]
            for tile in self.seats[seat].concealed:
                suit = suit_of(kind_of(tile))
                if suit is not None:
                    per_suit[suit] += 1
            return Action(seat, ActionType.DECLARE_VOID, per_suit.index(min(per_suit)))
        if self.phase is not Phase.TURN:
            return Action(seat, ActionType.PASS)
        discards = [a for a in legal if a.type is ActionType.DISCARD]
        drawn = self.seats[seat].last_drawn
        for action in discards:
            if self.after_draw and action.tile == drawn:
                return action
        return max(discards, key=lambda a: a.tile)

    def view(self, seat: int | None) -> dict:
        """The state as ``seat`` may see it; None = a spectator (public information only)."""
        return seat_view(self, seat)

    def public_events(self, seat: int | None) -> list[dict]:
        return [event.for_seat(seat) for event in self.events]
