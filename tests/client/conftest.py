"""Client tests never touch the real user's settings, data or documents."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_user_dirs(tmp_path, monkeypatch):
    for variable, folder in (
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_DATA_HOME", "data"),
        ("XDG_DOCUMENTS_DIR", "documents"),
    ):
        (tmp_path / folder).mkdir()
        monkeypatch.setenv(variable, str(tmp_path / folder))
    return tmp_path
