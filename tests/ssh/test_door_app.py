"""The client as the door runs it: nothing it does acts on the hall's machine, and a ticket
the hall refuses ends the visit with the hall's reason."""

from __future__ import annotations

import pytest

from client.door import DoorApp
from client.local_hall import LocalHall


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for variable in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DOWNLOAD_DIR"):
        monkeypatch.setenv(variable, str(tmp_path))
    return tmp_path


class Idle(DoorApp):
    """A door client that stays on its first screen instead of entering a hall."""

    async def _enter(self) -> None:
        return None


@pytest.mark.asyncio
async def test_screenshots_downloads_and_links_do_nothing_on_this_machine(tmp_path):
    app = Idle("127.0.0.1:1", "unused")
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_screenshot()
        app.deliver_screenshot(path=str(tmp_path))
        app.open_url("https://example.org/")
        app.action_suspend_process()
        await pilot.pause()
        assert app.is_running
    assert sorted(p.name for p in tmp_path.rglob("*")) == []
    assert not app.settings.last_server and not app.settings.last_name


@pytest.mark.asyncio
async def test_a_refused_ticket_ends_the_visit_with_the_halls_reason(tmp_path, capfd):
    hall = LocalHall(db_path=tmp_path / "hall" / "hall.db")
    host, port = await hall.start()
    try:
        app = DoorApp(f"{host}:{port}", "not-a-ticket")
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                if not app.is_running:
                    break
                await pilot.pause(0.05)
        assert app.return_code == 1
        said = capfd.readouterr().err
        assert "cannot enter the hall: that ticket is unknown, used or expired" in said
        assert "bad_ticket" not in said
    finally:
        await hall.stop()
