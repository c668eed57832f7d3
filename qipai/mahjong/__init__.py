"""Mahjong: tiles and notation, wall and deal, hand analysis, the table machine and its rulesets.

Everything here is pure: the wall is shuffled from a ``random.Random`` the caller seeds, so a
hand is a function of its ruleset, its seed and its actions. Modules are imported explicitly
(``qipai.mahjong.tiles``, ``qipai.mahjong.analysis``, ...); this package imports nothing so that
a light user (the client drawing tiles) does not pay for the analysis tables.
"""
