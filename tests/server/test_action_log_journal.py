"""The log's two tiers: each commit appends to the journal (one page a batch), and the journal
is folded into ``live_actions`` every 0.2 s (``FOLD_EVERY``); restore reads both, in order, and the rows
of a table whose game ended before a fold are dropped by it."""

from server.action_log import Batch, end_live_alone, fold_journal, live_tables, write_batch
from server.store import Store


def batch(opened: list[int], rows: dict[int, tuple[int, list]]) -> Batch:
    return Batch(opened=[(t, "go", "{}", 0.0) for t in opened], rows=rows)


def counts(store: Store) -> tuple[int, int]:
    db = store.db
    folded = db.execute("SELECT COUNT(*) FROM live_actions").fetchone()[0]
    return folded, db.execute("SELECT COUNT(*) FROM live_journal").fetchone()[0]


def test_rows_folded_and_rows_in_the_journal_replay_as_one_log(tmp_path) -> None:
    store = Store(str(tmp_path / "hall.db"))
    db = store.db
    write_batch(db, batch([1, 2], {1: (0, [{"a": "play", "q": 1}]), 2: (0, [{"a": "x"}])}))
    write_batch(db, batch([], {1: (1, [{"a": "play", "q": 2}, {"a": "pass", "q": 3}])}))
    assert counts(store) == (0, 3)
    fold_journal(db)
    assert counts(store) == (3, 0)
    write_batch(db, batch([], {1: (2, [{"a": "play", "q": 4}]), 2: (1, [{"a": "y"}])}))
    first, second = live_tables(db)
    assert first.entries == [
        {"a": "play", "q": 1},
        {"a": "play", "q": 2},
        {"a": "pass", "q": 3},
        {"a": "play", "q": 4},
    ]
    assert (first.rows, first.damage) == (3, None)
    assert (second.entries, second.rows) == ([{"a": "x"}, {"a": "y"}], 2)
    store.close()


def test_an_ended_table_leaves_nothing_once_the_journal_is_folded(tmp_path) -> None:
    store = Store(str(tmp_path / "hall.db"))
    db = store.db
    write_batch(db, batch([5, 6], {5: (0, [{"a": "play"}]), 6: (0, [{"a": "play"}])}))
    end_live_alone(db, 5)
    assert [live.id for live in live_tables(db)] == [6]  # its journal row is not read
    fold_journal(db)
    assert counts(store) == (1, 0)
    assert [live.id for live in live_tables(db)] == [6]
    store.close()
