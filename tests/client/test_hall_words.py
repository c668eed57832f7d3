"""Players read the hall's refusals in plain words of the UI language: never a code such as
`bad_credentials`, a rule id such as GO-05, or an OS error such as `[Errno 111]`."""

from __future__ import annotations

import re

import pytest

from client.app import QipaiApp
from client.connection import HallError
from client.hall_errors import WITH_DETAIL, explain
from client.launch import Launch
from qipai.protocol.errors import ErrorCode
from tests.client.fakes import FakeHall
from tests.client.test_app_flows import until
from tests.client.test_start_and_login import LoginApp

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[A-Z]{2}-\d{2}\b|Errno")


def message_of(app) -> str:
    return str(app.screen.query_one("#message").render())


@pytest.mark.parametrize("code", [str(code) for code in ErrorCode])
def test_every_code_of_the_protocol_has_chinese_words(code):
    said = explain(HallError(code, "the hall's words (PL-04)"), "zh")
    assert not RAW.search(said)
    if code in WITH_DETAIL:  # the one detail only the hall knows follows the words
        assert said.endswith(": the hall's words") and not said.startswith("the hall")
    else:
        assert "the hall's words" not in said


@pytest.mark.asyncio
async def test_a_refused_log_in_says_so_without_its_code_in_both_languages(monkeypatch):
    for language, expected in (("en", "wrong name or password"), ("zh", "名字或密码不对。")):
        monkeypatch.setenv("QIPAI_LANG", language)
        hall = FakeHall(errors={"login": ("bad_credentials", "wrong name or password")})
        app = LoginApp(hall)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(*"ann", "enter", *"pw-ann-1", "enter")
            for _ in range(20):
                await pilot.pause(0.02)
            assert message_of(app) == expected


@pytest.mark.asyncio
async def test_a_hall_that_is_not_there_is_said_in_words_not_an_os_error():
    app = QipaiApp(Launch("connect", address="127.0.0.1:1"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: list(app._notifications), "the notice")
        notice = next(iter(app._notifications))
        assert notice.message == (
            "Cannot reach the hall at 127.0.0.1:1: is it running, and is the address right?"
        )
        assert not RAW.search(f"{notice.title} {notice.message}")


def test_rule_ids_are_taken_out_of_the_halls_words():
    refusal = HallError("rank_too_far_apart", "titles at the table: 县令 (ann), 平民 (you) (PL-04)")
    assert explain(refusal, "en") == "titles at the table: 县令 (ann), 平民 (you)"
    assert explain(refusal, "zh") == (
        "你的等级与这张桌子的其他人相差太远: titles at the table: 县令 (ann), 平民 (you)"
    )
