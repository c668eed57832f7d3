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


@pytest.fixture(autouse=True)
def hall_described_its_rooms():
    """As after the hall's first lobby reply: the client knows the rooms the hall describes
    (the real hall's, read from the core registry here) and nothing before it."""
    from client import hall_rooms
    from server.rooms import hall_rooms as the_halls_rooms

    hall_rooms.learn([room.to_wire() for room in the_halls_rooms().values()])
    yield
    hall_rooms.forget()
