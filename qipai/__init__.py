"""qipai — the pure rules core of the game hall.

Nothing in this package does I/O (no sockets, files, clocks or threads) and every random choice
comes from a seed passed in by the caller, so a game is a function of its rules, its seed and its
actions: replays, reconnects and tests all rely on that.
"""

__version__ = "0.1.0"
