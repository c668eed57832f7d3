"""Four SSH players at one mahjong table play a hand, each in the client the door started for
them, pressing keys as a simple player would after reading their own screen."""

from __future__ import annotations

import asyncio
import time

import asyncssh
import pytest

from .harness import Visitor, client_pids, start_hall, until

HAND_TIMEOUT = 60.0


def next_key(screen: list[str]) -> bytes | None:
    """Choose a void, win when offered, pass a claim, discard a tile: the one under the cursor,
    or, when the hall said that one may not go (a void suit's tiles go first), the next.  Read
    from the table above the footer (which lists every key, offered or not)."""
    text = "\n".join(screen[:-1])
    if "m / p / s" in text:
        return b"m"
    if " w win" in text.lower():
        return b"w"
    if "x pass" in text.lower() and "discarded" in text:
        return b"x"
    if "Your turn" in text:
        return b"ld" if "is not possible now" in text else b"d"
    return None


def hand_over(text: str) -> bool:
    return "Hand over" in text or "Settlement of hand 1" in text


async def register(port: int, name: str) -> Visitor:
    visitor = await Visitor.connect(port, name, asyncssh.generate_private_key("ssh-ed25519"))
    await visitor.open_terminal()
    await visitor.wait_for("is free")
    visitor.press(b"y")
    await visitor.wait_for_lobby()
    return visitor


@pytest.fixture
def hall(tmp_path):
    running = start_hall(tmp_path, fast_mahjong=True)
    yield running
    running.stop()


@pytest.mark.asyncio
async def test_four_ssh_players_sit_at_one_mahjong_table_and_play_a_hand(hall):
    players = [await register(hall.ssh_port, f"mj{i}") for i in range(4)]
    assert len(client_pids(hall)) == 4
    host = players[0]
    host.press(b"m")  # new mahjong table: Sichuan, four people
    await host.wait_for("New mahjong table")
    host.press(b"222")  # length: 4, 8, 16, then 1 hand
    await host.wait_for("1 hand")
    host.press(b"\r")
    await host.wait_for("Hand 1/1")
    for guest in players[1:]:
        await guest.wait_for("(free)")
        guest.press(b"\r")  # enter on the table's row sits at its first free seat
        await guest.wait_for("Hand 1/1")
    deadline = time.monotonic() + HAND_TIMEOUT
    last_press = [0.0] * 4
    while not all(hand_over(p.view.text()) for p in players):
        assert time.monotonic() < deadline, "\n\n".join(p.view.text() for p in players)
        for i, player in enumerate(players):
            key = next_key(player.view.screen.display)
            if key is not None and time.monotonic() - last_press[i] > 0.15:
                player.press(key)
                last_press[i] = time.monotonic()
        await asyncio.sleep(0.05)
    for player in players:  # the settlement opens by itself once the hall stored the hand:
        # no key for it (an enter pressed while "storing" closed it as it arrived)
        await player.wait_for("Settlement of hand 1")
        await player.wait_for("Final standing")
        assert all(f"mj{i} " in player.view.text() for i in range(4))
    for player in players:
        player.close()
    await until(lambda: not client_pids(hall), "the four clients to end")
