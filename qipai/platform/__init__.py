"""The hall's economy and standing, as pure rules (rules book: platform.md).

Go ranks and their ladder, mahjong 积分 and titles, coins as an append-only double-entry ledger,
rooms and stakes, the conversion of a hand's settlement into ledger movements, and the bets of
golden tables. Nothing here touches a socket, a file or a clock: the server persists what these
functions return and feeds them the facts (balances, plies, outcomes) it owns.
"""
