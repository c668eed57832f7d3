"""The client as the SSH front door runs it for a visitor (client/ssh): logged in by a one-time
ticket, straight to the lobby.

The process runs on the hall's machine on behalf of someone who only has an ssh client, so
everything that would act on this machine rather than on the game is off: no start screen
(it offers local play and connecting elsewhere), no saved settings, no screenshots or other
files written, no URLs opened, no suspending the process.  Leaving the hall ends the visit.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import BinaryIO, TextIO

from textual import events

from client.app import QipaiApp
from client.config import Settings, parse_address
from client.connection import HallError
from client.hall_errors import explain, ui_language
from client.launch import Launch
from client.screens.lobby import LobbyScreen


class DoorApp(QipaiApp):
    def __init__(self, address: str, ticket: str, ansi: bool = False) -> None:
        super().__init__(Launch("door", address=address), settings=Settings(), ansi=ansi)
        self._ticket = ticket

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # not the start screen of QipaiApp.on_mount
        self.run_worker(self._enter, group="hall", exclusive=True)

    async def _enter(self) -> None:
        ticket, self._ticket = self._ticket, ""
        try:
            host, port = parse_address(self.launch.address)
            await self.connect(host, port)
            assert self.hall is not None
            reply = await self.hall.request("ticket_login", ticket=ticket)
        except HallError as error:
            said = explain(error, ui_language(self))
            self.exit(return_code=1, message=f"qipai: cannot enter the hall: {said}")
            return
        except ValueError as error:
            self.exit(return_code=1, message=f"qipai: cannot enter the hall: {error}")
            return
        self.address = f"{socket.gethostname()} via ssh"
        self.account = str(reply.get("name", ""))
        self.token = reply.get("token")
        self.push_screen(LobbyScreen(self.address, self.account))
        self.offer_return(reply)

    async def close_hall(self) -> None:
        await super().close_hall()
        self.exit()

    def _back_to_start(self, reason: str) -> None:
        self.exit(return_code=1, message=f"qipai: {reason}")

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        self.notify(url, title="links do not open from the hall")

    def _deliver_binary(
        self,
        binary: BinaryIO | TextIO,
        *,
        save_directory: str | Path | None,
        save_filename: str | None,
        **_: object,
    ) -> str | None:
        self.notify("nothing is saved on the hall's machine", title="not here")
        return None

    def action_suspend_process(self) -> None:
        """A suspended client would leave the visitor in front of a frozen screen."""
