"""Account names, as every side of the hall must read them alike.

The hall refuses a name that breaks the rule; the SSH door checks it before it asks the hall
anything, so that a visitor with an impossible name learns why at once.  Guests' names are
the hall's to give: ``guest`` is the name a visitor types at the door to come in as one, and
the hall names each such visitor ``guest-`` and a random suffix; nobody can register either.
"""

from __future__ import annotations

import re

from .errors import ErrorCode, ProtocolError

NAME_PATTERN = re.compile(r"^[\w.\-]{1,24}$")
GUEST_LOGIN = "guest"
GUEST_PREFIX = "guest-"


def check_name(name: str) -> str:
    if not NAME_PATTERN.match(name):
        raise ProtocolError(
            ErrorCode.BAD_NAME,
            "a name is 1-24 letters, digits, '_', '-' or '.', without spaces",
        )
    return name


def is_guest(name: str | None) -> bool:
    """The name alone tells a guest (a friendly-only visitor), since nobody can register one."""
    return name is not None and (name == GUEST_LOGIN or name.startswith(GUEST_PREFIX))
