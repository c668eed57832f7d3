"""``qipai-server --ssh PORT``: the hall starts the SSH door as its child process (trio side).

The door hosts clients, so it lives with them (client/ssh) and the hall starts it by module
name, ``python -m client.ssh``, never by import.  It runs asyncssh on asyncio, so it is a
process of its own rather than a bridge inside the trio hall: no second event loop in the
hall, a crash at the door cannot take the hall down, and the door reaches the hall over the
ordinary protocol on loopback like any client.  The child gets the door secret on its stdin
(not its command line, which any local user can read) and holds that pipe open: when the hall
stops (or dies), the pipe closes and the door closes with it.
"""

from __future__ import annotations

import importlib.util
import logging
import subprocess
import sys
from pathlib import Path

import trio

log = logging.getLogger(__name__)

READY = "QIPAI-SSH-READY"
START_TIMEOUT = 30.0
STOP_TIMEOUT = 5.0


def loopback_for(host: str) -> str:
    """Where the door reaches a hall that listens on ``host``."""
    return "127.0.0.1" if host in ("", "0.0.0.0") else "::1" if host == "::" else host


async def run_door(
    hall: tuple[str, int],
    listen: tuple[str, int],
    data_dir: Path,
    secret: str,
    caps: tuple[int, int] = (8, 64),
    *,
    task_status: trio.TaskStatus[int | None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Run the door until cancelled; reports the SSH port it listens on, or None (after
    logging why) if it could not open.  A door that stops later is logged; the hall goes on."""
    if importlib.util.find_spec("asyncssh") is None:
        log.error("the SSH door needs asyncssh: pip install 'qipai[ssh]'")
        task_status.started(None)
        return
    command = [sys.executable, "-m", "client.ssh", "--host", listen[0], "--port", str(listen[1])]
    command += ["--hall", f"{loopback_for(hall[0])}:{hall[1]}", "--data-dir", str(data_dir)]
    command += ["--per-address", str(caps[0]), "--total", str(caps[1])]
    command += ["--log-level", logging.getLevelName(logging.getLogger().getEffectiveLevel())]
    process = await trio.lowlevel.open_process(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        assert process.stdin is not None and process.stdout is not None
        await process.stdin.send_all(secret.encode() + b"\n")
        with trio.move_on_after(START_TIMEOUT):
            port = await _ready_port(process.stdout)
        if port is None:
            log.error("the SSH door did not start; see the log above")
            task_status.started(None)
            return
        task_status.started(port)
        code = await process.wait()
        log.error("the SSH door stopped (exit status %s); the hall goes on without it", code)
    finally:
        with trio.CancelScope(shield=True):
            await _stop(process)


async def _ready_port(stdout: trio.abc.ReceiveStream) -> int | None:
    text = b""
    while b"\n" not in text:
        data = await stdout.receive_some(1024)
        if not data:
            return None
        text += data
    words = text.split(b"\n", 1)[0].decode().split()
    return int(words[2]) if len(words) == 3 and words[0] == READY else None


async def _stop(process: trio.Process) -> None:
    if process.stdin is not None:
        await process.stdin.aclose()
    with trio.move_on_after(STOP_TIMEOUT):
        await process.wait()
        return
    process.kill()
    await process.wait()
