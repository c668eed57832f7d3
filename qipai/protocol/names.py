"""Account names, as every side of the hall must read them alike.

The hall refuses a name that breaks the rule; the SSH door checks it before it asks the hall
anything, so that a visitor with an impossible name learns why at once.  Guests' names are
the hall's to give: ``guest`` is the name a visitor types at the door to come in as one, and
the hall names each such visitor ``guest-`` and a random suffix; nobody can register either.

A name is shown as it was registered, but two names that a player could mistake for each
other are one name: ``name_key`` reduces a name to what it looks like (its skeleton), the
hall keeps one account per key, and the names the hall itself uses (the ledger's accounts,
its bots, its guests, its operator) are reserved by key, so that ``Ｈｏｕｓｅ`` or ``B0T-1``
cannot pass for them either.
"""

from __future__ import annotations

import re
import unicodedata

from .errors import ErrorCode, ProtocolError

NAME_PATTERN = re.compile(r"^[\w.\-]{1,24}$")
GUEST_LOGIN = "guest"
GUEST_PREFIX = "guest-"
SEPARATORS = "_-."

#: Greek and Cyrillic letters drawn like a Latin letter, mapped before case folding: the
#: capitals are the exact twins (Greek Ν is N, though its small ν looks like v), so each
#: case is mapped to its own look-alike.
_GREEK_LOOK_ALIKES = ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαγικνορυχ", "ABEZHIKMNOPTYXayikvopux")
_CYRILLIC_LOOK_ALIKES = (
    "АВЕКМНОРСТУХЅІЈԚԜҮҺӀаеорсухѕіјԁԛԝүһӏк",
    "ABEKMHOPCTYXSIJQWYHIaeopcyxsijdqwyhlk",
)
_LOOK_ALIKE_LETTERS = str.maketrans(
    _GREEK_LOOK_ALIKES[0] + _CYRILLIC_LOOK_ALIKES[0],
    _GREEK_LOOK_ALIKES[1] + _CYRILLIC_LOOK_ALIKES[1],
)
#: After case folding: what a terminal font draws alike. Capital I and small l are twins
#: once the case is gone, and 1 looks like both; 0 looks like o (an O after folding).
#: Other digits (5/s, 8/b) are told apart in a monospaced font and stay distinct.
_LOOK_ALIKE_FOLDED = str.maketrans("1iıǀ0", "llllo")
_SEPARATOR_RUN = re.compile(f"[{re.escape(SEPARATORS)}]+")

#: The hall's own names: the ledger's accounts (``house``, and the ``pot:``/``bets:`` stems
#: with the ``table`` that pots and refs name), the operator's grants (reason and ref
#: ``operator``), the hall itself and its Go bots (``qipai-bot``, ``gnugo-bot``).
_RESERVED = (
    "house",
    "pot",
    "bets",
    "table",
    "operator",
    "qipai",
    "qipai-server",
    "qipai-bot",
    "gnugo-bot",
)
#: Mahjong tables seat ``bot-0``..``bot-3``; Go bots are named after their engine plus
#: ``-bot`` (``gnugo-bot``, ``katago-bot``). Matched on the folded name, separators kept.
_BOT_NAME = re.compile(rf"bot[{re.escape(SEPARATORS)}]*[\dol]*|.*[{re.escape(SEPARATORS)}]bot")


def _folded(name: str) -> str:
    """NFKC (fullwidth and styled letters become plain), Greek and Cyrillic look-alikes
    become Latin, case is folded, and 1/i/l and 0/o are merged; separators are kept."""
    text = unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKE_LETTERS).casefold()
    digits = "".join(
        str(unicodedata.decimal(c)) if c.isdecimal() and not c.isascii() else c for c in text
    )
    return digits.translate(_LOOK_ALIKE_FOLDED)


def name_key(name: str) -> str:
    """The skeleton two names share when a player could take one for the other: ``Ann``,
    ``ANN``, ``аnn`` (Cyrillic а), ``ａｎｎ`` and ``a_nn`` all give ``ann``.  Separators are
    dropped, since ``ann.`` or ``an-n`` beside ``ann`` are impersonations, not other names."""
    return _SEPARATOR_RUN.sub("", _folded(name))


def check_name(name: str) -> str:
    if not NAME_PATTERN.match(name):
        raise ProtocolError(
            ErrorCode.BAD_NAME,
            "a name is 1-24 letters, digits, '_', '-' or '.', without spaces",
        )
    if not name_key(name):
        raise ProtocolError(ErrorCode.BAD_NAME, "a name needs a letter or a digit")
    return name


def reserved_reason(name: str) -> str | None:
    """Why the hall keeps this name (or one that looks like it) for itself; None if it does
    not."""
    key = name_key(name)
    if key.startswith(name_key(GUEST_LOGIN)):
        return "names starting with 'guest' are for visitors"
    if key in _RESERVED_KEYS:
        return f"{name} is, or looks like, a name the hall uses for itself"
    if _BOT_NAME.fullmatch(_folded(name)):
        return "bot names are for the hall's bots"
    return None


def check_new_name(name: str) -> str:
    """A name someone may register: a valid name the hall does not keep for itself (whether
    another account holds its key is the store's to say)."""
    reason = reserved_reason(check_name(name))
    if reason is not None:
        raise ProtocolError(ErrorCode.NAME_RESERVED, reason)
    return name


def is_guest(name: str | None) -> bool:
    """The name alone tells a guest (a friendly-only visitor), since nobody can register one."""
    return name is not None and (name == GUEST_LOGIN or name.startswith(GUEST_PREFIX))


_RESERVED_KEYS = frozenset(name_key(name) for name in _RESERVED)
