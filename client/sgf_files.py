"""Where a finished game's SGF goes when the player asks to save it: a `qipai` folder in the
user's documents, under a name that says who played and which record it is."""

from __future__ import annotations

import errno
import re
from pathlib import Path
from typing import Any

import platformdirs

from client.i18n import Strings

OS_REASONS = {  # the OS says why in English; these are the reasons a save meets, in the UI's words
    errno.EACCES: "save_no_permission",
    errno.EPERM: "save_no_permission",
    errno.ENOSPC: "save_disk_full",
    errno.EROFS: "save_read_only",
    errno.ENOENT: "save_no_folder",
    errno.ENOTDIR: "save_no_folder",
}


def sgf_folder() -> Path:
    return Path(platformdirs.user_documents_dir()) / "qipai"


def sgf_file_name(record: dict[str, Any]) -> str:
    black = _safe(str(record.get("black") or "black"))
    white = _safe(str(record.get("white") or "white"))
    return f"qipai-{record.get('game', 'game')}-{black}-vs-{white}.sgf"


def save_sgf(record: dict[str, Any], folder: Path | None = None) -> Path:
    """Write `record["sgf"]` and return the path; raises OSError if the disk says no."""
    target = (folder or sgf_folder()) / sgf_file_name(record)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(str(record["sgf"]), encoding="utf-8")
    return target


def _safe(name: str) -> str:
    return re.sub(r"[^\w.-]", "_", name)[:32] or "player"


def save_failure(error: OSError, strings: Strings | None = None) -> str:
    """Why the file was not written, in words (in English the OS's own, without its
    `[Errno 13]`; in 中文 the client's words for the usual reasons)."""
    strings = strings or Strings()
    known = OS_REASONS.get(error.errno) if strings.chinese else None
    reason = strings(known) if known else error.strerror or strings("save_refused")
    if error.filename:
        return strings("save_failed", file=error.filename, reason=reason)
    return strings("save_failed_plain", reason=reason)
