"""Which SSH keys belong to which hall account: the door's own file, one line per key,
``NAME KEYTYPE BASE64`` as in authorized_keys, so an admin can read and edit it.

The hall knows nothing of SSH keys: the door checks the key and asks the hall for a ticket.
The file is read on every lookup (small, and an admin's edit counts at once) and appended to
only by the door, with owner-only permissions.
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

KEYS_FILE = "ssh_player_keys"


class KeyStore:
    def __init__(self, folder: Path) -> None:
        self.path = folder / KEYS_FILE

    def keys_of(self, name: str) -> list[asyncssh.SSHKey]:
        keys = []
        for owner, key_text in self._lines():
            if owner == name:
                try:
                    keys.append(asyncssh.import_public_key(key_text))
                except (asyncssh.KeyImportError, ValueError):
                    continue
        return keys

    def add(self, name: str, key: asyncssh.SSHKey) -> None:
        algorithm, data = key.export_public_key("openssh").decode().split()[:2]
        line = f"{name} {algorithm} {data}\n"
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as handle:
            handle.write(line)

    def _lines(self) -> list[tuple[str, str]]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        pairs = []
        for line in text.splitlines():
            owner, _, key_text = line.strip().partition(" ")
            if owner and not owner.startswith("#") and key_text:
                pairs.append((owner, key_text))
        return pairs


def fingerprint(key: asyncssh.SSHKey) -> str:
    return f"{key.get_algorithm()} {key.get_fingerprint('sha256')}"
