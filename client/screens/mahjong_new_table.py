"""Choose a new mahjong table: the room (its ruleset), the match length, who fills the seats, how
well the bots play and the coin room tier (platform.md §6), one key per option. The rooms are the ones the hall
described in its lobby reply (client/hall_rooms.py); the hall checks every value (`bad_option`)
and we show its answer."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from client import hall_rooms
from client.i18n import Strings
from client.launch import BOT_LEVELS
from client.screens.choice_form import ChoiceForm
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.errors import MahjongError
from qipai.platform.rooms import RoomTier, Tier, room_fee

LENGTHS: tuple[dict[str, int], ...] = (
    {"hands": 4},
    {"hands": 8},
    {"hands": 16},
    {"hands": 1},
    {"rounds": 1},
    {"rounds": 4},
)
"""The match lengths, in the wire form (named by ``length_label``)."""
SEATING = ("four people", "me and 3 bots", "hot-seat, 4 players", "hot-seat + 2 bots")
TIERS = (None, "free", "hundred", "thousand", "anti_cheat")  # None: a friendly table (PL-03)
SEATING_OPTIONS: dict[str, dict[str, Any]] = {
    "four people": {},
    "me and 3 bots": {"bots": 3, "timed": False},
    "hot-seat, 4 players": {"hotseat": True, "timed": False},
    "hot-seat + 2 bots": {"hotseat": True, "bots": 2, "timed": False},
}
SEATING_WORDS = {
    "four people": "mjnew_four_people",
    "me and 3 bots": "mjnew_three_bots",
    "hot-seat, 4 players": "mjnew_hotseat",
    "hot-seat + 2 bots": "mjnew_hotseat_bots",
}


class MahjongNewTableScreen(ChoiceForm[tuple[str, dict[str, Any]]]):
    """Dismissed with (room, options) for `create_table`, or None."""

    BINDINGS = [
        Binding("1", "cycle('room')", "Rules", id="mjnew.room"),
        Binding("2", "cycle('length')", "Length", id="mjnew.length"),
        Binding("3", "cycle('seating')", "Seats", id="mjnew.seating"),
        Binding("4", "cycle('tier')", "Coins", id="mjnew.tier"),
        Binding("5", "cycle('level')", "Bots", id="mjnew.level"),
        Binding("enter", "create", "Create", id="mjnew.create"),
        Binding("escape", "cancel", "Cancel", id="mjnew.cancel"),
    ]
    CHOICES: dict[str, tuple[Any, ...]] = {
        "room": (),  # the hall's mahjong rooms, read when the form opens
        "length": LENGTHS,
        "seating": SEATING,
        "tier": TIERS,
        "level": (BOT_LEVELS[1], BOT_LEVELS[2], BOT_LEVELS[0]),  # normal first
    }

    def __init__(self, local: bool = False) -> None:
        rooms = tuple(info.id for info in hall_rooms.mahjong_rooms())
        self.CHOICES = {**type(self).CHOICES, "room": rooms}
        super().__init__()
        if local:  # nobody else can sit at a local hall's table
            self.pick("seating", "me and 3 bots")

    def cycled(self, name: str) -> None:
        """A coin room seats four people (no bots, no hot-seat): choosing one side of that
        moves the other."""
        if name == "tier" and self.value("tier") is not None:
            self.pick("seating", "four people")
        elif name == "seating" and self.value("seating") != "four people":
            self.pick("tier", None)

    def result(self) -> tuple[str, dict[str, Any]]:
        return self.request()

    def request(self) -> tuple[str, dict[str, Any]]:
        """The room and the wire options of docs/protocol.md (the mahjong options)."""
        tier = self.value("tier")
        seating = SEATING_OPTIONS[self.value("seating")]
        return self.value("room"), {
            **self.value("length"),
            **seating,
            **({"bot_level": self.value("level")} if seating.get("bots") else {}),
            **({"tier": tier} if tier else {}),
        }

    def lines(self) -> list[str]:
        words, room = self.strings, self.value("room")
        return [
            words("mjnew_title"),
            words("mjnew_rules", name=hall_rooms.name_zh(room), id=room),
            words("mjnew_length", length=length_label(self.value("length"), words)),
            words("mjnew_seats", seats=words(SEATING_WORDS[self.value("seating")])),
            words("mjnew_coins", tier=tier_label(self.value("tier"), words)),
            words("mjnew_bots", level=words(f"level_{self.value('level')}")),
        ]


def length_label(length: dict[str, int], strings: Strings) -> str:
    """A match length as the form names it: ``4 hands``, ``1 round``; 4局, 1圈."""
    kind, n = ("rounds", length["rounds"]) if "rounds" in length else ("hands", length["hands"])
    return strings(f"mjnew_{kind[:-1]}" if n == 1 else f"mjnew_{kind}", n=n)


def tier_label(tier: str | None, strings: Strings | None = None) -> str:
    """A room tier as the lobby and the form name it: its Chinese name, and the minimum."""
    strings = strings or Strings()
    if tier is None:
        return strings("mjnew_friendly")
    room = RoomTier[tier.upper()].value
    return strings("mjnew_tier", name=room.name_zh, tier=tier, minimum=f"{room.minimum:,}")


def lobby_cells(summary: dict[str, Any], strings: Strings | None = None) -> tuple[str, ...]:
    """A mahjong table in the lobby's columns: rules (and coin room), match length (and the
    current stake), the four seats (two per column, numbered as the keys 1-4 sit there)."""
    strings = strings or Strings()
    options = summary.get("options") or {}
    seats = summary.get("seats") or {}
    names = [seats.get(str(s)) or strings("lobby_free") for s in range(4)]
    length = (
        strings("lobby_mj_rounds", n=options["rounds"])
        if options.get("rounds")
        else strings("lobby_mj_hands", n=options.get("hands"))
    )
    tier = coin_tier(summary)
    game = hall_rooms.name_zh(str(summary.get("room")))
    if tier is not None:
        game += f" {tier.name_zh}"
        length += f" 注{summary.get('stake') or '-'}"
    return (
        str(summary.get("table")),
        game,
        length,
        f"1 {names[0]} 2 {names[1]}",
        f"3 {names[2]} 4 {names[3]}",
    )


def coin_tier(summary: dict[str, Any]) -> Tier | None:
    """The table's coin room tier, None for a friendly table (or a tier this client does not
    know: shown as friendly rather than guessed)."""
    tier = (summary.get("options") or {}).get("tier")
    try:
        return RoomTier[str(tier).upper()].value if tier else None
    except KeyError:
        return None


def coin_terms(summary: dict[str, Any], strings: Strings | None = None) -> str:
    """What sitting at a mahjong table costs, for the lobby's line under the list: the room's
    minimum, the current stake (每注, from the poorest player at each deal, PL-14) and the fee
    each player pays a hand that is won (PL-16)."""
    strings = strings or Strings()
    options = summary.get("options") or {}
    title = hall_rooms.name_zh(str(summary.get("room")))
    tier = coin_tier(summary)
    if tier is None:
        return strings("mjterms_friendly", title=title)
    stake = summary.get("stake")
    ruleset = str(options.get("ruleset") or summary.get("room"))
    rules = {**(options.get("rules") or {}), "base": stake or 1}
    try:
        fee = room_fee(get_ruleset(ruleset, rules), stake) if stake else None
    except (MahjongError, ValueError, TypeError):
        fee = None
    return "  ".join(
        [
            strings("mjterms_sit", title=title, tier=tier.name_zh, minimum=f"{tier.minimum:,}"),
            strings("mjterms_stake", stake=f"{stake:,}")
            if stake
            else strings("mjterms_stake_later"),
            strings("mjterms_fee", fee=f"{fee:,}")
            if fee is not None
            else strings("mjterms_fee_later"),
        ]
    )
