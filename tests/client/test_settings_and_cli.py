"""What the client remembers, how it reads a hall address, its command line, and the local
hall launcher when the server cannot start."""

from __future__ import annotations

import stat
import subprocess
import sys

import pytest

from client.app import QipaiApp
from client.cli import parse
from client.config import DEFAULT_PORT, Settings, config_dir, parse_address
from client.connection import HallError
from client.launch import Launch
from client.local_hall import LocalHall, LocalHallError
from qipai.protocol.names import reserved_reason
from tests.client.fakes import FakeHall


def test_settings_round_trip_in_the_config_dir(private_user_dirs):
    Settings(last_server="go.lan:7000", last_name="ann").save()
    assert config_dir() == private_user_dirs / "config" / "qipai"
    loaded = Settings.load()
    assert (loaded.last_server, loaded.last_name) == ("go.lan:7000", "ann")


def test_unreadable_settings_start_empty():
    config_dir().mkdir(parents=True)
    (config_dir() / "settings.json").write_text("{not json")
    assert Settings.load() == Settings()


def test_the_local_account_is_made_once_and_kept_private(monkeypatch):
    monkeypatch.setattr("getpass.getuser", lambda: "Ann Lee!")
    name, password = Settings.load().local_account()
    assert name == "AnnLee" and len(password) >= 20
    assert Settings.load().local_account() == (name, password)
    mode = stat.S_IMODE((config_dir() / "settings.json").stat().st_mode)
    assert mode == 0o600
    fresh_name, fresh_password = Settings.load().local_account(fresh=True)
    assert fresh_name.startswith("AnnLee-") and fresh_password != password


@pytest.mark.parametrize("user", ["guest", "Operator", "bot", "--"])
def test_a_system_user_with_a_name_the_hall_keeps_plays_as_player(monkeypatch, user):
    monkeypatch.setattr("getpass.getuser", lambda: user)
    assert Settings.load().local_account()[0] == "player"


class NameKeepingHall(FakeHall):
    """Knows no account and refuses to register what the real hall reserves."""

    async def request(self, kind: str, **fields):
        self.requests.append({"type": kind, **fields})
        if kind == "login":
            raise HallError("bad_credentials", "wrong name or password")
        if reserved_reason(fields["name"]):
            raise HallError("name_reserved", "the hall keeps that name")
        return {"type": "ok", "name": fields["name"]}


@pytest.mark.asyncio
async def test_a_saved_local_name_the_hall_now_keeps_gives_way_to_a_fresh_one(monkeypatch):
    monkeypatch.setattr("getpass.getuser", lambda: "operator")
    settings = Settings(local_name="operator", local_password="saved-before-the-rule")
    app = QipaiApp(settings=settings)
    app.hall = NameKeepingHall()
    reply = await app._local_login()
    assert reply["name"].startswith("player-")
    assert [r["type"] for r in app.hall.requests] == ["login", "register", "register"]


@pytest.mark.asyncio
async def test_a_first_local_run_registers_without_a_login_bound_to_fail(monkeypatch):
    """A password made just now has no account yet: one slow hash at the hall, not two."""
    monkeypatch.setattr("getpass.getuser", lambda: "ann")
    app = QipaiApp(settings=Settings())
    app.hall = NameKeepingHall()
    reply = await app._local_login()
    assert reply["name"] == "ann"
    assert [r["type"] for r in app.hall.requests] == ["register"]
    app.hall = NameKeepingHall()
    await app._local_login()  # the next run has the saved account: it logs in first
    assert [r["type"] for r in app.hall.requests] == ["login", "register"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("go.lan", ("go.lan", DEFAULT_PORT)),
        ("go.lan:7001", ("go.lan", 7001)),
        ("[::1]:7002", ("::1", 7002)),
        ("[::1]", ("::1", DEFAULT_PORT)),
    ],
)
def test_hall_addresses(text, expected):
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["", "go.lan:http", "go.lan:70000", "go.lan:0"])
def test_bad_hall_addresses_are_refused(text):
    with pytest.raises(ValueError):
        parse_address(text)


def test_command_lines():
    assert parse([]) == (Launch(), False)
    assert parse(["go.lan:7001"]) == (Launch("connect", address="go.lan:7001"), False)
    assert parse(["local", "go"]) == (Launch("local", size=19), False)
    assert parse(["local", "go", "--size", "9", "--bot"]) == (
        Launch("local", size=9, bot="white"),
        False,
    )
    assert parse(["local", "go", "--bot", "black", "--engine", "gnugo --mode gtp", "--ansi"]) == (
        Launch("local", size=19, bot="black", engine="gnugo --mode gtp"),
        True,
    )
    # A rung of the Go ladder seats that bot (white unless --bot says otherwise).
    assert parse(["local", "go", "--size", "9", "--level", "mcts:2000"]) == (
        Launch("local", size=9, bot="white", rung="mcts:2000"),
        False,
    )


@pytest.mark.parametrize(
    "argv",
    [["local", "chess"], ["local", "go", "--size", "11"], ["local", "go", "--level", "mcts:7"]],
)
def test_bad_command_lines_exit_with_usage(argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        parse(argv)
    assert stopped.value.code == 2
    assert "usage:" in capsys.readouterr().err


@pytest.mark.asyncio
async def test_a_hall_that_dies_before_it_is_ready_is_reported(tmp_path, monkeypatch):
    hall = LocalHall(db_path=tmp_path / "hall.db")
    monkeypatch.setattr(hall, "command", lambda: [sys.executable, "-c", "print('starting')"])
    with pytest.raises(LocalHallError) as failed:
        await hall.start()
    assert "local-server.log" in str(failed.value)
    assert hall.process is None


def test_the_start_screen_does_not_wait_for_the_games():
    """The first frame target (bench/tui_bytes.py, under 0.5 s) leaves no room for loading the
    games' rules at start-up; the codec, which knows no game, is cheap and loads none."""
    probe = "import sys, client.app; print(' '.join(sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = done.stdout.split()
    assert "client.app" in loaded
    assert "qipai.protocol" in loaded
    assert [m for m in loaded if m.startswith(("qipai.mahjong", "qipai.go", "qipai.platform"))] == []


def test_the_local_hall_command_seats_the_chosen_engine(tmp_path):
    hall = LocalHall(db_path=tmp_path / "hall.db", engine="gnugo --mode gtp --level 1")
    command = hall.command()
    assert command[:3] == [sys.executable, "-m", "server.cli"]
    assert command[command.index("--port") + 1] == "0"
    assert command[command.index("--db") + 1] == str(tmp_path / "hall.db")
    assert "--exit-with-stdin" in command
    assert command[command.index("--go-engine") + 1] == "gnugo --mode gtp --level 1"
    assert "--go-engine" not in LocalHall(db_path=tmp_path / "hall.db").command()
