"""The ruleset contract: class-level settings plus a few hooks over the one table machine.

A regional ruleset is a small subclass (the way python-chess expresses variants): it states its
tile set, whether chow is allowed, who wins a contested discard, its reserve and compulsory-win
threshold as class attributes, and overrides hooks for what only it knows: whether a hand is a
win and what it is worth, which discards and claims its requirements forbid, the payments a kong
or a win or an exhaustive draw causes, when the hand is over, and who deals next. The machine
never branches on a ruleset's name.

Hooks receive the machine (``hand``) read-only and return data; the one exception is
``win_payments``, which marks a ``KongRecord`` whose income it hands on (``transferred``, so that
no later refund pays it twice). Per-table
state that outlives a hand (Lengzi's pot, round wind, 下炮 toggles) lives in ``Match.table_state``,
created by ``new_table_state`` and visible to hooks as ``hand.table_state``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from qipai.mahjong.rulesets.fees import FeePolicy, percent_fee
from qipai.mahjong.rulesets.options import RulesetOptions
from qipai.mahjong.scoring import FAN_DOUBLES, Fan, Payment, WinRecord, WinScore
from qipai.mahjong.table.state import WinContext
from qipai.mahjong.tiles import kinds_in_set

if TYPE_CHECKING:
    from qipai.mahjong.payment_rules import PaymentRule
    from qipai.mahjong.table.actions import Action
    from qipai.mahjong.table.errors import IllegalAction
    from qipai.mahjong.table.machine import HandMachine, KongRecord


@dataclass(frozen=True)
class Room:
    """A room of the hall that plays a ruleset: its id, its names, and the option values it
    imposes (血战到底 is Sichuan with ``xuezhan=True``). ``short_zh`` fits a narrow column."""

    id: str
    name_zh: str
    name_en: str
    short_zh: str
    imposed: Mapping[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        """Both names, the way the lobby and the records show a room: 四川麻将 Sichuan."""
        return f"{self.name_zh} {self.name_en}"


class Ruleset:
    """Base ruleset. Subclasses set the class attributes and implement ``score_win``.

    A ruleset owns its identity: ``name`` (the registry key and the stored records' ruleset id),
    ``rooms`` (what the hall offers: every room the registry finds), ``random_seating`` (seats
    drawn by lot in all its rooms, ZY-02), ``fee_policy`` (PL-16: whether its settlement carries
    its own 台费 lines or the economy charges ``room_fee``) and ``Options`` (which rules exist).
    """

    name: ClassVar[str] = ""
    title_zh: ClassVar[str] = ""
    Options: ClassVar[type[RulesetOptions]] = RulesetOptions
    rooms: ClassVar[tuple[Room, ...]] = ()
    random_seating: ClassVar[bool] = False
    fee_policy: ClassVar[FeePolicy] = FeePolicy.ECONOMY
    fan_unit: ClassVar[str] = FAN_DOUBLES  # what a fan's value counts (scoring.FAN_*)

    tile_set_size: ClassVar[int] = 136
    allows_chow: ClassVar[bool] = False
    multiple_winners: ClassVar[bool] = False  # 一炮多响; False = 截胡 (nearest winner only)
    seven_pairs: ClassVar[bool] = False
    quads_as_two_pairs: ClassVar[bool] = False
    thirteen_orphans: ClassVar[bool] = False
    concealed_kongs_hidden: ClassVar[bool] = True  # Lengzi lays them face-up
    keeps_pot: ClassVar[bool] = False  # Lengzi's 锅底, which a coin room keeps in an account
    match_rounds: ClassVar[int | None] = None  # Zhongyou 4: the rules end the match (ZY-02)
    compulsory_win_tiles: ClassVar[int] = 0  # Sichuan 4: win is forced this close to the end
    wild_self_draw: ClassVar[bool] = False  # a drawn wild tile may win without the shape (摸宝)
    # A declined discard win restricts the seat until its own next draw everywhere; Zhongyou's
    # 动牌 (ZY-06) also counts a chow, pung or kong as the seat's own move that lifts it.
    passed_win_lifted_by_claim: ClassVar[bool] = False
    # The levelled bot weighs a hand's one-suit paths (清一色, 混一色) on their own distance and
    # this ruleset's price for them (``bot_worth.PATH_SAMPLES``), and a plain hand at what it
    # pays opened or concealed, instead of the flat flush bonus: where a flush pays many times
    # a plain win and opening costs fan (Zhongyou's 2^fan: 清一色 7, 门前清 1).
    bot_pattern_paths: ClassVar[bool] = False
    # The strong bot guards hard (``bot_player.GUARDED_STRONG``): where a deal-in costs the
    # discarder double (Baicheng's 点炮) and a hand that is not ready pays nothing at the
    # wall's end.
    bot_guards_hard: ClassVar[bool] = False

    def __init__(self, options: RulesetOptions | None = None) -> None:
        self.options = options if options is not None else self.Options()
        if type(self.options) is not self.Options:
            raise TypeError(f"{self.name} takes {self.Options.__name__}")

    @classmethod
    def rules_without_coins(cls, rules: Mapping[str, Any]) -> dict[str, Any]:
        """The rules a hand plays with at a table where no coins move (a friendly or local
        table, PL-03): no house, so no 台费 (docs/platform.md, "Friendly tables"). A ruleset
        with amounts fixed in coins rather than in stakes scales them here too."""
        return {**rules, "fee_percent": 0} if "fee_percent" in rules else dict(rules)

    # --- settings that may depend on options -------------------------------------------------
    def room_fee(self, stake: int) -> int:
        """PL-16: the fee per player per won hand at this stake; by default the ``fee_percent``
        option's share of it (a ruleset with a flat fee overrides this)."""
        return percent_fee(stake, self.options.fee_percent)

    @property
    def uses_void_declaration(self) -> bool:
        """Whether the hand starts with a secret one-suit declaration (Sichuan 定缺)."""
        return False

    @property
    def continues_after_win(self) -> bool:
        """Whether winners leave and the others play on (xuezhan)."""
        return False

    def reserve(self, hand: HandMachine) -> int:
        """Tiles that must stay in the wall: a normal draw with no more than this left ends the hand."""
        return 0

    def new_table_state(self) -> dict[str, Any]:
        """Per-table state created once per Match and kept across hands."""
        return {}

    def table_pot(self, table_state: dict[str, Any]) -> int:
        """Coins lying in the table's pot (Lengzi's 锅底); the one count ``Match.pot`` shows."""
        return 0

    def set_table_pot(self, table_state: dict[str, Any], amount: int) -> None:
        """Put the pot's true balance into the table state: a coin room's pot may hold less
        than was booked (a short 点炮, PL-20). Rulesets without a pot have nothing to set."""

    def enter_round(self, table_state: dict[str, Any], round_number: int) -> None:
        """The match has begun its round ``round_number`` (0 first); a ruleset whose hands
        depend on it keeps it in the table state (Zhongyou's round wind). The match counts
        the rounds (``Match.rounds_done``), once for every ruleset."""

    def between_hands_choices(self) -> tuple[str, ...]:
        """The on/off choices every seat makes before each deal (Lengzi's ``xiapao``, LZ-09);
        the match offers them between hands only."""
        return ()

    def choose(self, table_state: dict[str, Any], seat: int, choice: str, on: bool) -> None:
        """Record one seat's between-hands choice in the table state; rulesets without
        choices offer none (``between_hands_choices``), so the match never calls this."""
        raise NotImplementedError

    def first_leaver_payments(self, table_state: dict[str, Any], leaver: int) -> list[Payment]:
        """What the match's first leaver sets off, booked into the table state (Lengzi's pot
        split among the other three, LZ-10); by default nothing."""
        return []

    def cut_short_payments(self, hand: HandMachine) -> list[Payment]:
        """What a hand cut short by an escape still owes beyond the machine's own ledger
        (PL-18 (2)): Baicheng's kong money, due at the end of every hand (BC-11)."""
        return []

    def first_dealer(self, rng: random.Random) -> int:
        """The first hand's dealer; default East (seat 0)."""
        return 0

    def public_state(self, hand: HandMachine) -> dict[str, Any]:
        """Ruleset facts every seat and spectator sees (Baicheng's treasure); default none."""
        return {}

    def book_hand(self, hand: HandMachine, table_state: dict[str, Any]) -> None:
        """Carry a finished hand into the table state (Lengzi's pot, Zhongyou's round wind)."""

    def setup_hand(self, hand: HandMachine) -> None:
        """Prepare a freshly dealt hand (e.g. turn up a treasure tile); default nothing."""

    def replacement_tile(self, hand: HandMachine, kong_type: str) -> int:
        """The kong replacement (MJ-04: from the tail, top first); Lengzi overrides (LZ-02)."""
        return hand.wall.draw_replacement()

    # --- requirements ------------------------------------------------------------------------
    def allowed_discards(self, hand: HandMachine, seat: int) -> list[int]:
        """The concealed tiles this seat may discard now (all of them unless a rule says)."""
        return list(hand.seats[seat].concealed)

    def refusal(self, hand: HandMachine, action: Action) -> IllegalAction | None:
        """A specific typed error for an action the rules refuse (Baicheng names the unmet win
        requirement); None = the machine's generic ``illegal_action``."""
        return None

    def may_meld(self, hand: HandMachine, seat: int, kind: int, claim: str) -> bool:
        """Whether seat may pung/kong/chow (``claim`` is the ActionType value) using ``kind``."""
        return True

    def passed_win_blocks(self, hand: HandMachine, seat: int, kind: int, score: WinScore) -> bool:
        """Whether a win on a discard is barred by the wins this seat declined, which the machine
        keeps in ``hand.seats[seat].passed`` from the decline until the seat's own next draw (or
        claim, with ``passed_win_lifted_by_claim``). Default LZ-11: any declined win bars."""
        return bool(hand.seats[seat].passed)

    def bot_unwanted_suit(self, hand: HandMachine, seat: int) -> int | None:
        """A suit the bot should clear out first (requirements it cannot meet otherwise)."""
        return None

    def suit_to_shed(self, counts: Sequence[int], void: int | None) -> int | None:
        """:meth:`bot_unwanted_suit` from what the seat itself sees: the kinds it holds,
        concealed and melded (``counts``), and its 定缺; the view-only bot asks this."""
        return None

    def requirements_missing(self, kinds: Sequence[int], opened: bool) -> int:
        """How many of the win requirements a hand holding ``kinds`` (concealed and melded,
        ``opened`` if it has claimed a set) does not meet yet, judged before it is complete so
        that a bot does not build a hand that can never win (Baicheng's §3); none by default."""
        return 0

    def discard_win_surcharge(self) -> int:
        """Points the discarder of a win pays on top of the win itself, whoever wins
        (Lengzi's 100 into the pot, LZ-10): what makes dealing in dear; none by default."""
        return 0

    def table_state_seen(self, public: Mapping[str, Any]) -> dict[str, Any]:
        """The table state that :meth:`score_win` reads, rebuilt from what every seat sees
        (:meth:`public_state`), so that a seat can value its own candidate wins from its view."""
        return {}

    def special_shape_win(self, counts: Sequence[int], melds: int) -> bool:
        """Whether ``counts`` (concealed, with the winning tile; ``melds`` sets declared) is a
        winning shape of this ruleset's own beyond four sets and a pair, seven pairs and
        thirteen orphans (国标's knitted shapes: 组合龙, 全不靠); none by default."""
        return False

    def special_shape_waits(self, counts: Sequence[int], melds: int) -> tuple[int, ...]:
        """The kinds that complete ``counts`` (13 with the melds) into one of the ruleset's own
        shapes (:meth:`special_shape_win`), for the waits and the hint; none by default."""
        return ()

    def kinds_in_play(self) -> tuple[int, ...]:
        return kinds_in_set(self.tile_set_size)

    # --- value ---------------------------------------------------------------------------------
    def win_judgement_key(self, hand: HandMachine, seat: int) -> Hashable:
        """What :meth:`score_win` reads from the table, beyond the seat's tiles, melds and void,
        when it judges a plain discard win for ``seat`` (waits, 查大叫, the hint): the machine
        keeps a seat's hint while this stays equal. The default, every action of the hand, is
        right for any ruleset; a ruleset that reads less says so and spares the recomputation."""
        return len(hand.actions)

    def score_win(self, hand: HandMachine, ctx: WinContext) -> WinScore | None:
        """The value of the win, or None if the hand is not a legal win here."""
        raise NotImplementedError

    def fan_reference(self) -> tuple[Fan, ...]:
        """Every fan :meth:`score_win` can award, with its value, in the rules book's order:
        the table's reference screen reads them here (no copy of a value in a client)."""
        raise NotImplementedError

    def payment_reference(self) -> tuple[PaymentRule, ...]:
        """Who pays whom, for what and how much at this table's options, built from the very
        constants the settlement pays with (``qipai.mahjong.payment_rules``): the table's
        reference screen lists them after the fans."""
        raise NotImplementedError

    def win_refusal(self, hand: HandMachine, ctx: WinContext) -> str | None:
        """A stable code for why :meth:`score_win` refuses this shape-complete win, for the
        seat's hint line (a hand ready by shape that can never win says why); None when the
        ruleset names no reason."""
        return None

    # --- money ---------------------------------------------------------------------------------
    def kong_payments(self, hand: HandMachine, kong: KongRecord) -> list[Payment]:
        """Payments due as soon as a kong stands (not robbed)."""
        return []

    def kong_price(self, kong_type: str) -> PaymentRule | None:
        """The rule ``kong_payments`` pays a kong of ``kong_type`` (a ``MeldKind`` value) by as
        soon as it stands, for a bot weighing the kong (None: no money moves at once)."""
        return None

    def win_payments(
        self, hand: HandMachine, win: WinRecord, kong_chain: tuple[KongRecord, ...]
    ) -> list[Payment]:
        """Payments for one win. ``kong_chain`` = the kongs made in the turn that produced the tile
        (the winner's own for a self-draw, the discarder's for a discard win)."""
        raise NotImplementedError

    def exhaustive_payments(self, hand: HandMachine) -> list[Payment]:
        """Payments when the wall runs out (花猪, 大叫, refunds ...)."""
        return []

    def forfeits(self, hand: HandMachine, payment: Payment) -> bool:
        """Whether a payment made at a win is given up when its payee leaves before the end."""
        return False

    # --- flow ----------------------------------------------------------------------------------
    def hand_over_after_wins(self, hand: HandMachine) -> bool:
        """Called after each win resolution; default: the first win ends the hand."""
        return True

    def next_dealer(self, hand: HandMachine) -> int | None:
        """Dealer of the next hand (None = roll dice again); default: the dealer stays on a draw
        or his own win, otherwise passes to his 下家."""
        wins = hand.wins
        if not wins or any(w.seat == hand.dealer for w in wins):
            return hand.dealer
        return (hand.dealer + 1) % 4
