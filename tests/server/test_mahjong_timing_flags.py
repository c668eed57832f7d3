"""``qipai-server`` flags for the mahjong table timings: the book's values by default (MJ-06
15 s / 8 s, MJ-08 0.8 s, PL-17 90 s), others taken as given, bad values refused."""

import pytest

from server.cli import build_parser, mahjong_config
from server.tables.mahjong_config import MahjongConfig

from .test_server_cli import Line, start


def test_the_defaults_are_the_books():
    config = mahjong_config(build_parser().parse_args([]))
    assert config == MahjongConfig()
    assert (config.turn, config.claim, config.claim_delay, config.escape_grace) == (
        15.0,
        8.0,
        0.8,
        90.0,
    )


def test_each_timing_flag_sets_its_field():
    args = build_parser().parse_args(
        [
            "--turn-seconds",
            "20",
            "--claim-seconds",
            "5.5",
            "--claim-delay",
            "0",
            "--escape-grace",
            "120",
            "--next-hand-seconds",
            "3",
        ]
    )
    assert mahjong_config(args) == MahjongConfig(
        turn=20.0, claim=5.5, claim_delay=0.0, escape_grace=120.0, next_hand=3.0
    )


@pytest.mark.parametrize("bad", ["-1", "abc", "nan", "4000"])
def test_a_bad_timing_is_refused(bad, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--turn-seconds", bad])
    assert "seconds from 0 to 3600" in capsys.readouterr().err


def test_a_running_server_deals_with_the_turn_time_it_was_given(tmp_path):
    process, port = start(tmp_path / "hall.db", "--turn-seconds", "2.5")
    try:
        client = Line(port)
        client.request("hello", version=1)
        client.request("register", name="ann", password="password-1")
        created = client.request("create_table", room="sichuan", options={"bots": 3})
        assert created["type"] == "ok"
        while True:
            message = client.receive()
            deadline = message.get("view", {}).get("game", {}).get("deadline")
            if message.get("type") == "event" and deadline is not None:
                break
        assert 2.0 <= deadline <= 2.5
    finally:
        process.kill()
        process.wait()
