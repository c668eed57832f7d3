"""The environment a visitor's client runs with, built from scratch.

Nothing of the visitor's environment reaches the client but the terminal type, the colour
preference and the language, each only if its value looks like one (a long or odd value
could carry anything into the client's terminal handling).  The terminal size travels
through the pseudo-terminal itself, not the environment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

PASSED = ("LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "NO_COLOR", "COLORTERM")
PASSED += ("TEXTUAL_COLOR_SYSTEM", "TEXTUAL_ANIMATIONS")
SAFE_VALUE = re.compile(r"^[A-Za-z0-9_.@-]{0,32}$")
SAFE_TERM = re.compile(r"^[A-Za-z0-9_.+-]{1,32}$")
FALLBACK_TERM = "xterm-256color"


def client_env(term: str, visitor: Mapping[str, str], home: str) -> dict[str, str]:
    env = {
        "TERM": term if SAFE_TERM.match(term) else FALLBACK_TERM,
        "HOME": home,
        "PATH": "/usr/bin:/bin",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    for name in PASSED:
        value = visitor.get(name)
        if isinstance(value, str) and SAFE_VALUE.match(value):
            env[name] = value
    env.setdefault("LANG", "C.UTF-8")
    return env
