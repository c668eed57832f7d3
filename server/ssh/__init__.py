"""The SSH front door: ``ssh -p 2222 NAME@hall-box`` hands a visitor the qipai TUI.

The door is its own asyncio process (asyncssh) beside the trio hall and talks to it over the
ordinary protocol on loopback; only ``tickets`` is imported by the hall, and it needs nothing
beyond the standard library, so the hall runs without the ``ssh`` extra.
"""
