"""The table's fan and payment reference (`r`): every fan its ruleset can award, with its value
and an English gloss, then its payment rules (who pays whom, what, at this table's options), in a
scrolling overlay that fits 80x24.

The names, values and amounts come from the core (``Ruleset.fan_reference`` and
``Ruleset.payment_reference``, built from what the settlement pays with) for the ruleset the hall
says the table plays, so the screen can never disagree with a settlement; only the glosses and
the words for who pays are the client's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from client.i18n import REASON_GLOSSES, Strings, fan_gloss
from client.mahjong_view import MahjongView
from qipai.mahjong import payment_rules
from qipai.mahjong.payment_rules import PaymentRule

if TYPE_CHECKING:
    from qipai.mahjong.rulesets.base import Ruleset

NAME_CELLS = 11  # the longest fan name, 一色双龙会, is 10 cells
REFERENCE_CELLS = 74  # inside the overlay's border and padding at 80 columns


def reference_text(view: MahjongView, title: str, strings: Strings) -> str:
    """The overlay's lines: the title, what the values count (the ruleset's ``fan_unit``), a
    header, one line per fan, the payments, how to close it."""
    from qipai.mahjong.rulesets import get_ruleset  # the rules load with the first table only

    ruleset = get_ruleset(view.ruleset, view.options)
    unit = f"reference_unit_{ruleset.fan_unit}"
    unit = unit if strings.knows(unit) else "reference_unit_unknown"
    lines = [strings("reference_title", room=title), "", strings(unit), strings("reference_header")]
    for fan in ruleset.fan_reference():
        pad = " " * max(1, NAME_CELLS - cell_len(fan.name_zh))
        lines.append(f"  {fan.name_zh}{pad}{fan.value:>3}   {fan_gloss(fan.name_zh, fan.name_en)}")
    lines += ["", strings("reference_payments")]
    lines += [
        line for rule in table_payments(view, ruleset) for line in payment_lines(rule, strings)
    ]
    return "\n".join([*lines, "", strings("reference_note"), strings("reference_close")])


def table_payments(view: MahjongView, ruleset: Ruleset) -> list[PaymentRule]:
    """The ruleset's payment rules, and at a coin room the fee the economy charges when the
    settlement carries none (Sichuan: ``rooms.economy_fee``, what the hall charges it)."""
    from qipai.platform.rooms import economy_fee  # with the rules, at the first table

    found = list(ruleset.payment_reference())
    fee = economy_fee(ruleset, view.stake) if view.tier and view.stake is not None else 0
    if fee:
        found.insert(0, PaymentRule("台费", payment_rules.EVERYONE, payment_rules.HOUSE, fee))
    return found


def payment_lines(rule: PaymentRule, strings: Strings) -> list[str]:
    """`  点炮      discarder → winner: 1 × 2^(fan-1)  dealt in`; the English gloss goes to a
    line of its own when the one line would not fit 74 cells. A code this client predates is
    said plainly, never shown raw."""
    pad = " " * max(1, NAME_CELLS - cell_len(rule.reason))
    scale = f"scale_{rule.scale}" if strings.knows(f"scale_{rule.scale}") else "scale_unknown"
    amount = strings(scale, amount=rule.amount, plus=rule.plus)
    if rule.payer or rule.payee:
        amount = f"{party(rule.payer, strings)} → {party(rule.payee, strings)}: {amount}"
    line = f"  {rule.reason}{pad}{amount}"
    gloss = "" if strings.chinese else REASON_GLOSSES.get(rule.reason, "")
    if not gloss:
        return [line]
    if cell_len(line) + 2 + cell_len(gloss) <= REFERENCE_CELLS:
        return [f"{line}  ({gloss})"]
    return [line, f"{' ' * (2 + NAME_CELLS)}({gloss})"]


def party(code: str, strings: Strings) -> str:
    key = f"party_{code}"
    return strings(key) if strings.knows(key) else strings("party_unknown")


class MahjongReferenceScreen(ModalScreen[None]):
    """The fans of the table's ruleset; ↑/↓ and PgUp/PgDn scroll, r or Esc closes."""

    DEFAULT_CSS = """
    MahjongReferenceScreen { align: center middle; }
    MahjongReferenceScreen #reference { width: 100%; max-width: 78; height: auto;
        max-height: 100%; border: round $primary; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,r,q,enter", "close", "Close", id="reference.close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="reference"):
            yield Static(self.text, id="fans", markup=False)

    def on_mount(self) -> None:
        self.query_one("#reference", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss()
