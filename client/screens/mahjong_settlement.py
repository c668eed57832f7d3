"""The end of a hand: every hand revealed, each win with its fans (Chinese name and value), each
payment with who paid whom and why, the hand's totals and the running scores; at a coin table,
each seat's coins the hand moved, once the hall has written them (they arrive just after the
hand ends, so an open settlement takes them in); at the end of a match, the standing. It
scrolls, so a long 血战 settlement fits 24 rows too."""

from __future__ import annotations

import dataclasses

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from client.i18n import Strings
from client.mahjong_history import summary_lines
from client.mahjong_view import MahjongView, wind_of
from client.screens.binding_words import speak_bindings
from client.widgets.mahjong_board import coin_label, ruleset_title
from client.widgets.tiles import TileStyle, meld_text, suit_groups, tile_row, tile_text
from qipai.mahjong.scoring import HOUSE, POT
from qipai.mahjong.tiles import kind_of


def party_name(view: MahjongView, party: int, strings: Strings) -> str:
    if party == POT:
        return strings("pot_party")
    if party == HOUSE:
        return strings("house")
    return view.seats[party].name


def settlement_text(
    view: MahjongView, strings: Strings, style: TileStyle, *, at_the_table: bool = True
) -> Text:
    """The whole settlement as lines of text (what the screen shows, and what tests read);
    a replay (``at_the_table`` False) leaves out the friendly table's note, since a stored hand
    does not say whether coins moved at its table."""
    settlement = view.settlement or {}
    lines = [Text(f"{strings('settlement', n=view.hand_number)}  {ruleset_title(view)}", "bold")]
    if settlement.get("exhaustive_draw"):
        lines.append(Text(strings("draw_game")))
    wins = {w.get("seat"): w for w in settlement.get("wins") or []}
    for seat in view.seats:
        line = Text(f"{wind_of(seat.seat, view.dealer, strings.chinese)} {seat.name[:12]:<12} ")
        kinds = [kind_of(t) for t in seat.hand or ()]
        if seat.hand is None:
            line.append("?")
        elif style.cjk:  # a suit's ranks under one mark, so a CJK hand fits 80 columns
            line.append_text(suit_groups(kinds, style))
        else:
            line.append_text(tile_row(kinds, style))
        for meld in seat.melds:
            line.append(" ")
            line.append_text(meld_text(meld.kinds, style))
        lines.append(line)
        win = wins.get(seat.seat)
        if win is not None:
            lines.append(win_line(view, win, strings, style))
    lines.append(Text(""))
    for payment in settlement.get("payments") or []:
        payer = party_name(view, int(payment["payer"]), strings)
        payee = party_name(view, int(payment["payee"]), strings)
        pays = strings("pays", payer=payer, payee=payee, amount=payment["amount"])
        lines.append(Text(f"  {pays}  ({strings.reason(str(payment['reason']))})"))
    for payment in settlement.get("forfeited") or []:
        payee = party_name(view, int(payment["payee"]), strings)
        lines.append(Text(f"  ({payee} {payment['reason']} {payment['amount']}: 退回)", "dim"))
    totals = settlement.get("totals") or [0, 0, 0, 0]
    lines.append(Text(""))
    hand = "  ".join(f"{s.name} {t:+d}" for s, t in zip(view.seats, totals, strict=False))
    lines.append(Text(f"{strings('hand_totals')}: {hand}"))
    lines.append(
        Text(
            f"{strings('scores')}: " + "  ".join(f"{s.name} {s.score:+d}" for s in view.seats),
            "bold",
        )
    )
    if at_the_table:
        lines.extend(friendly_lines(view, strings))
    moved = view.hand_coins()
    if moved is not None:
        lines.append(coins_line(view, moved, strings))
    if view.match_over:
        lines.append(standing_line(view, strings))
    return Text("\n").join(lines)


def friendly_lines(view: MahjongView, strings: Strings) -> list[Text]:
    """Why a won hand at a table where no coins move has no 台费 line, and what Lengzi's pot
    takes there (docs/platform.md, "Friendly tables": the rule is the core's)."""
    settlement = view.settlement or {}
    if view.tier is not None or not settlement.get("wins"):
        return []
    lines = [Text(strings("friendly_fee"), "dim")]
    if "pot" in view.public:
        lines.append(Text(strings("friendly_pot"), "dim"))
    return lines


def coins_line(view: MahjongView, moved: tuple[int, ...], strings: Strings) -> Text:
    """What the hand moved in coins, signed, each seat with its balance now when known."""
    parts = []
    for seat, amount in zip(view.seats, moved, strict=True):
        part = f"{seat.name} {amount:+,}"
        if seat.coins is not None:
            part += f" ({coin_label(seat.coins)})"
        parts.append(part)
    return Text(f"{'金币' if strings.chinese else 'Coins'}: " + "  ".join(parts), "yellow")


def fan_label(fan: dict, strings: Strings) -> str:
    """A fan of the settlement: its Chinese name, in English followed by the ruleset's own
    English name when it has one (国标), and its value."""
    english = "" if strings.chinese else str(fan.get("name_en") or "")
    return " ".join(part for part in (str(fan["name"]), english, str(fan["value"])) if part)


def win_line(view: MahjongView, win: dict, strings: Strings, style: TileStyle) -> Text:
    score = win.get("score") or {}
    line = Text("    ")
    line.append(strings("won"), "bold reverse")
    line.append(" ")
    line.append_text(tile_text(kind_of(int(win["tile"])), style))
    if win.get("discarder") is not None:
        line.append(f" <- {view.seats[int(win['discarder'])].name}")
    fans = ", ".join(fan_label(f, strings) for f in score.get("fans") or [])
    if fans:  # rulesets that pay by items alone (Baicheng) have no fans: the payments say all
        line.append(f"  {strings('fan_total', fan=score.get('fan', 0))}: {fans}")
    return line


def standing_line(view: MahjongView, strings: Strings) -> Text:
    """The final standing on one line (the hall's if it sent one, else the seats by score), so
    a settlement with it still fits 80x24."""
    if view.standing:
        entries = [(e.get("name", "?"), e.get("score", 0)) for e in view.standing]
    else:
        entries = [(s.name, s.score) for s in sorted(view.seats, key=lambda s: -s.score)]
    places = "  ".join(
        f"{place}. {name} {score:+d}" for place, (name, score) in enumerate(entries, 1)
    )
    return Text(f"{strings('standing')}: {places}", "bold")


class MahjongSettlementScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    MahjongSettlementScreen { align: center middle; }
    MahjongSettlementScreen #settlement { width: 100%; height: 1fr; border: double $primary; }
    MahjongSettlementScreen #hint { height: 1; padding: 0 1; text-style: bold; }
    """
    BINDINGS = [
        Binding("enter,escape,space", "close", "Continue", id="mahjong.settlement.close"),
        Binding("m", "summary", "Match summary", id="mahjong.settlement.summary"),
    ]

    def __init__(self, view: MahjongView, strings: Strings, style: TileStyle) -> None:
        super().__init__()
        self.view = view
        self.strings = strings
        self.tile_style = style
        self.summary = False  # showing the match's summary rather than the hand's settlement

    def on_mount(self) -> None:
        speak_bindings(self, self.strings)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="settlement"):
            yield Static(settlement_text(self.view, self.strings, self.tile_style), id="lines")
        yield Static(self.hint_text(), id="hint", markup=False)  # under the scroll: in sight
        yield Footer()

    def hint_text(self) -> str:
        if not self.view.match_over:
            return self.strings("continue")
        more = self.strings("summary_back" if self.summary else "summary_key")
        return f"{self.strings('match_over')}; {more}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The summary is the match's end: `m` only once it is over."""
        return self.view.match_over if action == "summary" else True

    def action_summary(self) -> None:
        self.summary = not self.summary
        lines = (
            Text("\n").join(
                [
                    *summary_lines(self.view, self.strings),
                    Text(""),
                    standing_line(self.view, self.strings),
                ]
            )
            if self.summary
            else settlement_text(self.view, self.strings, self.tile_style)
        )
        self.query_one("#lines", Static).update(lines)
        self.query_one("#hint", Static).update(self.hint_text())

    def show_coins(self, view: MahjongView) -> None:
        """The hall wrote this hand's coins after the settlement opened: show what moved."""
        if view.hand_number != self.view.hand_number or view.hand_coins() is None:
            return
        seats = tuple(
            dataclasses.replace(mine, coins=now.coins)
            for mine, now in zip(self.view.seats, view.seats, strict=True)
        )
        self.view = dataclasses.replace(self.view, coins_moved=view.coins_moved, seats=seats)
        if self.is_mounted and not self.summary:
            lines = settlement_text(self.view, self.strings, self.tile_style)
            self.query_one("#lines", Static).update(lines)

    def action_close(self) -> None:
        self.dismiss()
