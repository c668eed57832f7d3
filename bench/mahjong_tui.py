"""What the mahjong table costs the client: CPU per update, and bytes per turn in a real terminal.

1. In process: bots play whole hands of each ruleset; for every action, seat 0's push is
   decoded, full and incremental (followed by `FollowedTable`, asserted to give the same
   view), its view read, the hint computed and the whole table rendered to text at 80
   columns, as the screen does on every push. Prints the mean and p99 per update of each.
2. In tmux (80x24, TERM=xterm-256color, skipped without tmux): `qipai local mahjong --ruleset
   sichuan --bots 3` is played for a while (d on our turn, x on a claim); `tmux pipe-pane`
   counts the bytes the client writes. Prints bytes per tile drawn from the wall (one turn of
   one seat: a draw, a discard, the claim window) and bytes per second; then the same while
   the table is in play (a poll interval counts when the table shows its wall and no deal or
   settlement at both ends), and what is left: the bytes between hands, per settlement.

    python bench/mahjong_tui.py [--hands 20] [--seconds 40] [--no-tmux] [--dump FILE] [--root DIR]

Measured here (2 cores, load average about 2.5 from other runs), `--hands 20 --seconds 60`:
read+hint+render per update 0.5-1.4 ms mean, p99 3-9 ms (Sichuan 1.41 / 4.72, Lengzi 0.77 /
7.86, Baicheng 1.06 / 9.04, Zhongyou 0.54 / 2.87); in tmux 2855 bytes/s with the bots' 0.5 s
pace, 1490 bytes per draw-discard turn (each turn is about three pushes). Before the board used
the Line API with a constant footer and one styled run per suit: 6719 bytes per turn.

After the spatial layout (seats around the table, facts in the middle) and a footer that shows
only the keys on offer, `--seconds 90`, load average 2-3, three runs: 2061, 2364 and 2413 bytes
per turn (3779-4261 B/s; how many hands end in the window, each a settlement screen, moves it);
CPU per update unchanged (0.7 ms mean, p99 2-5 ms). As one full-width widget the
same layout cost 2474 bytes per turn (a change in the right seat's column rewrote its line from
the left edge), and with a pass key in the footer for every discard 2948; so the table is five
Line API parts (top, left, middle, right, bottom) and pass-only prompts show no keys. What is
left, by screen row over 40 s of play: the footer about 12 % (about 50 bytes a key each time the
keys on offer change), the prompt line about 10 % (150 bytes a change), then the rivers.

Issue 18 (load average 4-10 from other runs, `--seconds 60`, three runs each, the parent commit
measured beside it): in play 1402, 1405, 1462 (and 1261) bytes per turn before, 746, 731, 749
(and 779) after; all bytes over all draws 2078-2614 before, 1628-2392 after, the rest being
31-40 KB per hand between hands (the settlement screen drawn whole two or three times, the
next deal) - how many hands end in the minute decides that figure. CPU per update: 1.8-4.5 ms
mean, p99 6-14 ms at that load, before and after alike (the code it times was not touched).
What did it:
Textual rewrote each widget's piece of a changed line from the widget's left edge, so a river
line went out whole for one discard (client/cropped_updates.py now starts at the segment the
change touches); the prompt and message were Statics rewritten whole with their padding
(client/widgets/changed_line.py); Textual's footer rebuilt and painted its row twice at every
change of the keys on offer (client/widgets/keys_line.py, one line of cells, about 120 bytes a
turn instead of 290). What is left in play, per turn: the board about 650 bytes (the '>' turn
marks, the concealed counts, the river tile, the wall and the last-discard line, each about
26 bytes of colour escapes plus its cells), the prompt about 120, the footer about 120.

Incremental events (issue 18; load average 10-20 from other runs, `--seconds 60`, each run
beside the parent commit's client via `--root`): the table now follows the events
(client/mahjong_follow.py) and draws the same views, so the terminal gets the same: in play
759, 795, 790 bytes per turn (parent 843, 782, 771). Per update the push is about 315 bytes
instead of 1,460-1,710; decoding and following it costs 0.5-0.8 ms against 0.2-0.4 ms for
decoding a full view (the hint line is judged by the client's replica now), the whole update
about the same, 8-10 ms at that load, render being most of it.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402

from client.i18n import Strings  # noqa: E402
from client.mahjong_follow import FollowedTable  # noqa: E402
from client.mahjong_hints import hint  # noqa: E402
from client.mahjong_view import HandLog, view_from_wire  # noqa: E402
from client.widgets.mahjong_board import MahjongBoard  # noqa: E402
from client.widgets.tiles import TileStyle  # noqa: E402
from qipai.mahjong.bots import choose_action  # noqa: E402
from qipai.mahjong.rulesets import get_ruleset  # noqa: E402
from qipai.mahjong.table.machine import HandMachine  # noqa: E402
from qipai.mahjong.table.state import Phase  # noqa: E402

RULESETS = ("sichuan", "lengzi", "baicheng", "zhongyou", "guobiao")


NAMES = {str(s): {"name": f"p{s}", "online": True, "bot": s != 0} for s in range(4)}
GAME = {"phase": "playing", "hand_number": 1, "hands": 4, "scores": [0, 0, 0, 0], "history": []}


def wire(hand: HandMachine, seat: int) -> dict:
    return {
        "table": 1,
        "room": hand.ruleset.name,
        "seq": len(hand.actions),
        "options": {},
        "seats": NAMES,
        "you": {"seats": [str(seat)], "seat": str(seat), "legal": []},
        "game": GAME,
        "hand": hand.view(seat),
    }


def pushes(hand: HandMachine, seat: int, events: list[dict], whole: bool) -> tuple[bytes, bytes]:
    """The push after an action as the hall sends it, with the full view and incremental
    (the whole ``hand`` only where the hall adds it: ``whole``)."""
    full = wire(hand, seat)
    head = {"type": "event", "table": 1, "seq": full["seq"], "kind": "play", "events": events}
    you = {**full["you"], "legal_actions": full["hand"]["legal_actions"]}
    incremental = {**head, "seats": NAMES, "game": GAME, "you": you}
    if whole:
        incremental["hand"] = full["hand"]
    return msgpack.packb({**head, "view": full}), msgpack.packb(incremental)


def cpu_per_update(hands: int) -> None:
    """Per update, as the screen takes a push: decode it, follow its events (the incremental
    one through ``FollowedTable``), read the view, the hint line's unseen counts, render."""
    if not hands:
        return
    board = MahjongBoard(Strings("en"), TileStyle())
    for ruleset in RULESETS:
        timings: dict[str, list[float]] = {"full": [], "incremental": []}
        taking: dict[str, list[float]] = {"full": [], "incremental": []}  # decode (+follow)
        sizes = {"full": 0, "incremental": 0}
        for seed in range(hands):
            hand = HandMachine(get_ruleset(ruleset, {}), seed, seed % 4)
            logs = {"full": HandLog(), "incremental": HandLog()}
            followed = FollowedTable()
            followed.messages({"type": "snapshot", "view": wire(hand, 0)})
            seen, public = len(hand.events), hand.public_state()
            while not hand.over:
                seat = hand.to_act()[0]
                hand.apply(choose_action(hand, seat))
                events = hand.public_events(0)[seen:]
                seen = len(hand.events)
                shown, public = public, hand.public_state()
                whole = hand.phase in (Phase.DECLARE_VOID, Phase.ENDED) or shown != public
                data = dict(
                    zip(("full", "incremental"), pushes(hand, 0, events, whole), strict=True)
                )
                views = {}
                for mode in ("full", "incremental"):
                    sizes[mode] += len(data[mode])
                    started = time.perf_counter()
                    message = msgpack.unpackb(data[mode], strict_map_key=False)
                    if mode == "incremental":
                        (message,) = followed.messages(message)
                    taking[mode].append(time.perf_counter() - started)
                    for event in message["events"]:
                        logs[mode].follow(event)
                    view = views[mode] = view_from_wire(message["view"], now=0.0)
                    hint(view)
                    board.render_table(view, logs[mode], 0)
                    timings[mode].append(time.perf_counter() - started)
                assert views["full"] == views["incremental"]
        for mode, spent in timings.items():
            spent.sort()
            p99 = spent[int(len(spent) * 0.99)]
            print(
                f"{ruleset:9s} {mode:11s} {len(spent):5d} updates, "
                f"{sizes[mode] / len(spent):5.0f} B each: decode+follow+read+hint+render "
                f"mean {statistics.mean(spent) * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms"
                f" (decode+follow {statistics.mean(taking[mode]) * 1e3:.2f} ms)"
            )


BETWEEN_HANDS = ("Choose your void", "choose their void", "enter: next hand")
"""A deal (the new hand drawn whole, the void chosen) or a settlement screen: not a turn."""


def tmux_bytes(seconds: float, dump: Path | None = None, root: Path = ROOT) -> None:
    tmux = shutil.which("tmux")
    if tmux is None:
        print("tmux not installed: bytes per turn not measured")
        return
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        base = [tmux, "-L", f"qipai-mj-bench-{os.getpid()}"]
        env = {
            "XDG_CONFIG_HOME": home / "config",
            "XDG_DATA_HOME": home / "data",
            "TERM": "xterm-256color",
            "PYTHONPATH": root,
        }
        exports = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items())
        command = [sys.executable, "-m", "client.cli", "local", "mahjong", "--bots", "3"]
        command += ["--hands", "64"]
        go, output = home / "go", home / "out"
        shell = (
            f"while [ ! -e {shlex.quote(str(go))} ]; do sleep 0.01; done; cd {shlex.quote(str(root))}"
            f" && env {exports} {shlex.join(command)}; sleep 600"
        )

        def run(*args: str) -> str:
            return subprocess.run([*base, *args], capture_output=True, text=True, check=True).stdout

        run("new-session", "-d", "-s", "bench", "-x", "80", "-y", "24", shell)
        try:
            run("pipe-pane", "-o", "-t", "bench", f"cat > {shlex.quote(str(output))}")
            go.touch()
            walls: list[int] = []
            started = None
            play, before = [0, 0], None  # bytes and draws while in play; the last poll in play
            settlements, settled = 0, False  # settlement screens seen; one is up
            deadline = time.monotonic() + seconds + 30
            while time.monotonic() < deadline:
                screen = run("capture-pane", "-p", "-t", "bench")
                found = re.search(r"Wall (\d+)", screen)  # in the middle of the table
                if found and started is None and "Choose your void" in screen:
                    started = (time.monotonic(), output.stat().st_size)
                    run("send-keys", "-t", "bench", "m")
                elif "Choose your void" in screen:
                    run("send-keys", "-t", "bench", "m")
                elif "Your turn" in screen:
                    run("send-keys", "-t", "bench", "d")
                elif "x pass" in screen:
                    run("send-keys", "-t", "bench", "x")
                elif "enter: next hand" in screen:
                    run("send-keys", "-t", "bench", "Enter")
                settling = started is not None and "enter: next hand" in screen
                settlements += settling and not settled
                settled = settling
                if found and started is not None:
                    wall = int(found.group(1))
                    if not walls or wall != walls[-1]:
                        walls.append(wall)
                if started is not None:  # the poll's interval counts if in play at both ends
                    size = output.stat().st_size
                    playing = bool(found) and not any(text in screen for text in BETWEEN_HANDS)
                    if playing and before is not None:
                        play[0] += size - before[1]
                        play[1] += max(0, before[0] - int(found.group(1)))
                    before = (int(found.group(1)), size) if playing else None
                if started is not None and time.monotonic() - started[0] > seconds:
                    break
                time.sleep(0.05)
            if started is None:
                print("the local table never came up")
                return
            elapsed = time.monotonic() - started[0]
            written = output.stat().st_size - started[1]
            if dump is not None:
                dump.write_bytes(output.read_bytes()[started[1] :])
            draws = sum(max(0, a - b) for a, b in zip(walls, walls[1:], strict=False))
            print(
                f"tmux 80x24: {written} bytes in {elapsed:.0f} s ({written / elapsed:.0f} B/s), "
                f"{draws} tiles drawn: {written / max(draws, 1):.0f} bytes per draw-discard turn"
            )
            print(
                f"  in play (deals and settlements left out): {play[0]} bytes, {play[1]} tiles"
                f" drawn: {play[0] / max(play[1], 1):.0f} bytes per draw-discard turn (target 1000)"
            )
            between = written - play[0]
            print(
                f"  between hands: {between} bytes over {settlements} settlements"
                f" ({between / max(settlements, 1):.0f} bytes per hand: settlement screen, next deal)"
            )
        finally:
            subprocess.run([*base, "kill-server"], capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="hands per ruleset (CPU part)")
    parser.add_argument("--seconds", type=float, default=40.0, help="seconds of play in tmux")
    parser.add_argument("--no-tmux", action="store_true", help="skip the terminal part")
    parser.add_argument("--dump", type=Path, help="write what the client wrote in tmux here")
    parser.add_argument(
        "--root", type=Path, default=ROOT, help="run the client of this checkout (another commit)"
    )
    options = parser.parse_args()
    cpu_per_update(options.hands)
    if not options.no_tmux:
        tmux_bytes(options.seconds, options.dump, options.root.resolve())


if __name__ == "__main__":
    main()
