"""The door's host key: created on first start, kept in the server's data directory, so that
visitors' ssh clients recognise the hall the next time (a new key each start would teach
them to ignore the "host key changed" warning)."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

HOST_KEY_FILE = "ssh_host_ed25519_key"


def load_or_create(folder: Path) -> asyncssh.SSHKey:
    path = folder / HOST_KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519", comment="qipai hall")
    folder.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())
    os.replace(temporary, path)
    return key
