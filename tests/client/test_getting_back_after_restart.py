"""Hot-seat local mode after its local hall dies (issue 13): the client starts the hall again
on the same database and port, resumes its session, and the match carries on at its position.

This needs the hall to keep running tables through a restart (the "durable" work of issue 13):
the restarted hall restores the table with its id and pushes the held seats' snapshots."""

from __future__ import annotations

import os
import signal

import pytest

from client.app import QipaiApp
from client.launch import Launch
from client.screens.hall_away import HallAwayScreen
from client.widgets.go_panel import GoPanel
from tests.client.test_app_flows import table_of, until


@pytest.mark.asyncio
async def test_a_hot_seat_match_carries_on_after_its_local_hall_dies():
    app = QipaiApp(Launch("local", size=9))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local table")
        screen = table_of(app)
        await pilot.press("enter")  # black E5
        await until(pilot, lambda: screen.view.move_number == 1, "black's move")
        first = app.local.process
        os.kill(first.pid, signal.SIGKILL)
        await until(
            pilot,
            lambda: isinstance(app.screen, HallAwayScreen) and app.screen.query("#headline"),
            "the notice",
        )
        await until(pilot, lambda: app.local.process is not first, "a new local hall")
        await until(pilot, lambda: app.screen is screen, "the table again")
        assert table_of(app) is screen and screen.view.move_number == 1
        assert screen.query_one(GoPanel).text_of("last") == "Last: E5"
        await pilot.press("k", "enter")  # white E6, on the restored table
        await until(pilot, lambda: screen.view.move_number == 2, "the match carrying on")
        await app.close_hall()
