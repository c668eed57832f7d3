"""Where a finished game's SGF goes when the player asks to save it: a `qipai` folder in the
user's documents, under a name that says who played and which record it is."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import platformdirs


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


def save_failure(error: OSError) -> str:
    """Why the SGF was not written, in words (the OS's own, without its `[Errno 13]`)."""
    reason = error.strerror or "the disk refused it"
    return (
        f"Could not save {error.filename}: {reason}"
        if error.filename
        else f"Could not save: {reason}"
    )
