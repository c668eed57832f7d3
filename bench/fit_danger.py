"""Fit the strong bot's danger model (``qipai/mahjong/bot_danger.py``) on seeded shape-bot hands.

Four shape bots (``qipai.mahjong.bot_shape``, the league's baseline) play seeded hands in every
room. At each discard decision the deciding seat's redacted view gives the public features
(``bot_danger.readiness_features`` of each opponent, ``bot_danger.wait_features`` of each kind
the seat holds), and the machine gives the truth: is the opponent ready (a kind it may win on,
``HandMachine.winning_kinds``) and on which kinds. Fitted:

- readiness: a logistic model per ruleset (and one over all rooms for a ruleset not fitted);
- the chance that a ready opponent waits on a kind: one logistic model over all rooms, for the
  kinds not settled by the exact rules (``bot_danger.cannot_wait``, a kind passed since its
  hand changed);
- ``PASSED_WAIT``: how often a passed kind is a wait all the same (a declined win).

It prints each model's calibration (predicted against observed, by decile of the prediction)
and its AUC, and with ``--write`` stores the constants in ``qipai/mahjong/bot_danger_fitted.py``.

    python bench/fit_danger.py [--hands N] [--rooms a,b] [--write]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.mahjong import bot_shape  # noqa: E402 - after the path fix above
from qipai.mahjong.analysis import prepare_tables  # noqa: E402
from qipai.mahjong.bot_danger import (  # noqa: E402
    READINESS_FEATURES,
    WAIT_FEATURES,
    cannot_wait,
    readiness_features,
    wait_features,
)
from qipai.mahjong.bot_seat import SeatPicture  # noqa: E402
from qipai.mahjong.rulesets import get_ruleset, mahjong_rooms  # noqa: E402
from qipai.mahjong.table.actions import ActionType  # noqa: E402
from qipai.mahjong.table.machine import HandMachine  # noqa: E402
from qipai.mahjong.tiles import NUM_KINDS  # noqa: E402

FITTED = Path(__file__).resolve().parents[1] / "qipai" / "mahjong" / "bot_danger_fitted.py"
FIRST_SEED = 100_000
"""Seeds of the fitting hands start here, away from the league's deals (0 up)."""


class Sample:
    """Rows gathered from the hands of one ruleset."""

    def __init__(self) -> None:
        self.ready_x: list[list[float]] = []
        self.ready_y: list[int] = []
        self.wait_x: list[list[float]] = []
        self.wait_y: list[int] = []
        self.passed = [0, 0]  # [ready opponent × passed kind held, of them a wait]


def gather(room: str, seeds: range, sample: Sample) -> None:
    """Play the hands of ``seeds`` in ``room`` with four shape bots, recording every decision."""
    cls, found = mahjong_rooms()[room]
    ruleset = get_ruleset(cls.name, dict(found.imposed))
    for seed in seeds:
        hand = HandMachine(ruleset, seed, seed % 4, ruleset.new_table_state())
        while not hand.over:
            seat = hand.to_act()[0]
            legal = hand.legal_actions(seat)
            if any(a.type is ActionType.DISCARD for a in legal):
                record(hand, seat, sample)
            action = bot_shape.choose_action(hand, seat)
            assert action is not None
            hand.apply(action)


def record(hand: HandMachine, seat: int, sample: Sample) -> None:
    picture = SeatPicture(hand.ruleset, hand.view(seat), seat)
    held = [k for k in range(NUM_KINDS) if picture.counts[k]]
    for opponent in picture.opponents:
        waits = hand.winning_kinds(opponent.seat, hand.seats[opponent.seat].counts())
        sample.ready_x.append(readiness_features(opponent, picture.wall))
        sample.ready_y.append(int(bool(waits)))
        if not waits:
            continue
        for kind in held:
            if cannot_wait(kind, opponent, picture.seen):
                continue
            if kind in opponent.passed:
                sample.passed[0] += 1
                sample.passed[1] += kind in waits
                continue
            sample.wait_x.append(wait_features(kind, opponent, picture.seen))
            sample.wait_y.append(int(kind in waits))


def fit_logistic(x: list[list[float]], y: list[int], ridge: float = 1e-3) -> np.ndarray:
    """Maximum-likelihood logistic coefficients by Newton steps, a light ridge keeping a
    feature that never varies in a room (its flag always off) at zero."""
    a = np.asarray(x, dtype=float)
    b = np.asarray(y, dtype=float)
    w = np.zeros(a.shape[1])
    penalty = ridge * len(b) * np.eye(a.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(a @ w, -30, 30)))
        gradient = a.T @ (p - b) + penalty @ w
        hessian = (a * (p * (1 - p))[:, None]).T @ a + penalty
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.max(np.abs(step)) < 1e-7:
            break
    return w


def calibration(name: str, x: list[list[float]], y: list[int], w: np.ndarray) -> None:
    """Predicted against observed by decile of the prediction, and the AUC."""
    a = np.asarray(x, dtype=float)
    b = np.asarray(y, dtype=float)
    p = 1 / (1 + np.exp(-np.clip(a @ w, -30, 30)))
    order = np.argsort(p)
    print(f"  {name}: {len(b)} rows, base rate {b.mean():.3f}, AUC {auc(p, b):.3f}")
    print("    decile  predicted  observed")
    for i, part in enumerate(np.array_split(order, 10)):
        print(f"    {i + 1:6d}  {p[part].mean():9.3f}  {b[part].mean():8.3f}")


def auc(p: np.ndarray, b: np.ndarray) -> float:
    ranks = np.empty(len(p))
    ranks[np.argsort(p, kind="stable")] = np.arange(1, len(p) + 1)
    positives = b.sum()
    negatives = len(b) - positives
    if not positives or not negatives:
        return float("nan")
    return float((ranks[b == 1].sum() - positives * (positives + 1) / 2) / (positives * negatives))


def rounded(w: np.ndarray) -> tuple[float, ...]:
    return tuple(round(float(v), 3) for v in w)


def write(readiness: dict[str, tuple], wait: tuple, passed: dict[str, float], args: str) -> None:
    lines = [
        f'"""The danger model\'s constants, written by ``python bench/fit_danger.py {args}``.',
        "",
        "Fitted on seeded hands of four shape bots (``bot_shape``) in every room: logistic",
        "coefficients over ``bot_danger.READINESS_FEATURES`` per ruleset (``all``: every room)",
        "and over ``bot_danger.WAIT_FEATURES`` (every room), and the share of passed kinds that",
        "were waits all the same. Refit with the same command after a change to the features or",
        "to the shape bot; the command prints each model's calibration.",
        '"""',
        "",
        "READINESS: dict[str, tuple[float, ...]] = {",
        *(f'    "{name}": {coefficients!r},' for name, coefficients in readiness.items()),
        "}",
        "WAIT: tuple[float, ...] = (",
        *(f"    {value!r},  # {name}" for value, name in zip(wait, WAIT_FEATURES, strict=True)),
        ")",
        "PASSED_WAIT: dict[str, float] = {",
        *(f'    "{name}": {share!r},' for name, share in passed.items()),
        "}",
    ]
    FITTED.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per room")
    parser.add_argument("--rooms", default=",".join(mahjong_rooms()))
    parser.add_argument("--write", action="store_true", help="store the fitted constants")
    args = parser.parse_args()
    prepare_tables()
    samples: dict[str, Sample] = {}
    seeds = range(FIRST_SEED, FIRST_SEED + args.hands)
    for room in args.rooms.split(","):
        cls, _ = mahjong_rooms()[room]
        gather(room, seeds, samples.setdefault(cls.name, Sample()))
    pooled = Sample()
    for sample in samples.values():
        pooled.ready_x += sample.ready_x
        pooled.ready_y += sample.ready_y
        pooled.wait_x += sample.wait_x
        pooled.wait_y += sample.wait_y
        pooled.passed = [a + b for a, b in zip(pooled.passed, sample.passed, strict=True)]
    readiness = {}
    passed = {}
    for name, sample in [*samples.items(), ("all", pooled)]:
        print(f"{name}: readiness ({', '.join(READINESS_FEATURES)})")
        w = fit_logistic(sample.ready_x, sample.ready_y)
        print(f"  {rounded(w)}")
        calibration("readiness", sample.ready_x, sample.ready_y, w)
        readiness[name] = rounded(w)
        held, waited = sample.passed
        passed[name] = round((waited + 0.5) / (held + 1), 4)
        print(f"  passed kinds held against a ready opponent: {held}, waits {waited}")
    print(f"wait chance ({', '.join(WAIT_FEATURES)})")
    w = fit_logistic(pooled.wait_x, pooled.wait_y)
    print(f"  {rounded(w)}")
    calibration("wait", pooled.wait_x, pooled.wait_y, w)
    if args.write:
        options = f"--hands {args.hands}"
        if args.rooms != parser.get_default("rooms"):
            options += f" --rooms {args.rooms}"
        write(readiness, rounded(w), passed, options + " --write")
        print(f"wrote {FITTED.relative_to(FITTED.parents[2])}")


if __name__ == "__main__":
    main()
