"""The danger model's constants, written by ``python bench/fit_danger.py --hands 250 --write``.

Fitted on seeded hands of four shape bots (``bot_shape``) in every room: logistic
coefficients over ``bot_danger.READINESS_FEATURES`` per ruleset (``all``: every room)
and over ``bot_danger.WAIT_FEATURES`` (every room), and the share of passed kinds that
were waits all the same. Refit with the same command after a change to the features or
to the shape bot; the command prints each model's calibration.
"""

READINESS: dict[str, tuple[float, ...]] = {
    "sichuan": (-2.193, 2.676, 0.161, 0.622, 0.202, 0.487, 0.474, -1.196, -1.512, -0.466),
    "lengzi": (-3.449, 2.331, 0.204, 0.603, 0.149, 0.272, 0.406, 0.0, -1.306, -0.053),
    "baicheng": (-3.953, 1.709, -0.747, 1.15, 0.216, 0.211, 0.157, 0.0, -0.748, -0.403),
    "zhongyou": (-3.052, 2.057, 0.282, 0.973, 0.177, 0.337, 0.457, 0.0, -1.774, 0.124),
    "guobiao": (-3.464, 2.004, -0.375, -0.212, 0.24, 0.336, 0.304, 0.0, -1.185, -0.004),
    "all": (-2.164, 2.947, -1.192, 0.375, 0.277, 0.465, 0.604, -0.095, -2.855, -0.621),
}
WAIT: tuple[float, ...] = (
    -1.835,  # bias
    -0.677,  # honour
    -0.352,  # terminal
    -0.308,  # 2 or 8
    -0.077,  # 2 seen
    -0.189,  # 3 seen
    -0.087,  # 4 seen
    -1.705,  # in its river
    -0.336,  # suji
    -0.361,  # half suji
    -0.311,  # kabe
    -0.34,  # no chance
    -0.259,  # flush suit
    0.398,  # other suit of a flush
    -0.035,  # its river share of the suit
    -0.282,  # a neighbour in its river
    0.359,  # near its last discard from the hand
)
PASSED_WAIT: dict[str, float] = {
    "sichuan": 0.0001,
    "lengzi": 0.0001,
    "baicheng": 0.0017,
    "zhongyou": 0.0001,
    "guobiao": 0.0201,
    "all": 0.0053,
}
