"""The lazy analysis tables are built under one lock: a server's worker thread and a first lazy
call elsewhere never fill the same table at once."""

import threading

from qipai.mahjong.analysis.shape_tables import BUILDING, GroupTables


def test_a_group_table_build_waits_for_the_build_lock():
    honours = GroupTables(7, chows=False)
    with BUILDING:
        builder = threading.Thread(target=honours.build)
        builder.start()
        builder.join(timeout=0.2)
        assert builder.is_alive() and not honours.pairs  # blocked: nothing filled
    builder.join()
    assert honours.pairs and honours.status and honours.arrangements


def test_a_build_inside_the_lock_may_build_what_it_rests_on():
    suits = GroupTables(9, chows=True)
    with BUILDING:  # re-entrant: the wait and shanten builds hold it while building these
        suits.build()
    assert suits.pairs[bytes([1, 1, 1, 0, 0, 0, 0, 0, 0])] == 0
