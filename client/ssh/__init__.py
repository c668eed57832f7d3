"""The SSH front door: ``ssh -p 2222 NAME@hall-box`` hands a visitor the qipai TUI.

The door hosts clients, one per visitor, and speaks only the protocol to the hall, so it lives
with the client.  It is its own asyncio process (asyncssh): ``qipai-server --ssh PORT`` starts
``python -m client.ssh`` as a child process (server/door_process.py) and never imports it, so
the hall runs without the ``ssh`` extra.
"""
