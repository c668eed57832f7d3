"""What the client remembers between runs: the last hall and name, the local account, and the
mahjong table's comfort toggles.

Kept as JSON in the user config dir (platformdirs, so XDG_CONFIG_HOME is honoured). The local
account's password is generated once and stored with owner-only permissions: local mode logs in
by itself, and the password never has to be typed or shown.
"""

from __future__ import annotations

import getpass
import json
import os
import re
import secrets
from dataclasses import asdict, dataclass
from pathlib import Path

import platformdirs

from qipai.protocol import ProtocolError
from qipai.protocol.names import check_new_name

APP_NAME = "qipai"
DEFAULT_PORT = 7460


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME))


@dataclass
class Settings:
    last_server: str = ""
    last_name: str = ""
    local_name: str = ""
    local_password: str = ""
    # The mahjong table's comfort toggles (client/mahjong_comfort.py).
    mahjong_auto_win: bool = False
    mahjong_auto_pass: bool = False
    mahjong_cjk: bool = False
    mahjong_drawn_apart: bool = True

    @classmethod
    def load(cls) -> Settings:
        path = config_dir() / "settings.json"
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(raw, dict):
            return cls()
        known = {}
        for name, value in raw.items():
            field = cls.__dataclass_fields__.get(name)
            if field is None:
                continue
            if field.type in ("bool", bool):
                if type(value) is bool:  # a hand-edited "yes" keeps the default
                    known[name] = value
            else:
                known[name] = str(value)
        return cls(**known)

    def save(self) -> None:
        folder = config_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "settings.json"
        temporary = path.with_suffix(".tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(asdict(self), handle, indent=1)
        os.replace(temporary, path)

    def local_account(self, fresh: bool = False) -> tuple[str, str]:
        """Name and password of the local-mode account, created (and saved) on first use;
        `fresh` makes a new one with a random suffix, for when the old name is taken."""
        if fresh or not self.local_name or not self.local_password:
            suffix = f"-{secrets.token_hex(2)}" if fresh else ""
            self.local_name = _safe_name(_login_name()) + suffix
            self.local_password = secrets.token_urlsafe(18)
            self.save()
        return self.local_name, self.local_password


def _login_name() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "player"


def _safe_name(user: str) -> str:
    """The login name made a name the hall registers: a system user called ``guest``,
    ``operator`` or ``bot`` plays as ``player`` (the hall keeps those names)."""
    name = re.sub(r"[^A-Za-z0-9_-]", "", user)[:18]
    try:
        return check_new_name(name) if len(name) >= 2 else "player"
    except ProtocolError:
        return "player"


def parse_address(text: str) -> tuple[str, int]:
    """`host`, `host:port` or `[v6]:port` to (host, port); raises ValueError with a clear text."""
    text = text.strip()
    if not text:
        raise ValueError("no hall address given")
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        # Not echoed: what was typed into the address box may have been meant for another field.
        raise ValueError("the port after the colon must be a number from 1 to 65535")
    return host, int(port_text)
