"""The action log's rows (``server.action_log``): what one table logs between two commits goes
in one row, rows written before that change still read, and a mahjong input the core makes of
itself while taking another (``act`` turning 托管 off) is not logged a second time — replaying
the outer input makes it again."""

import json
import random

from qipai.mahjong.bots import choose_action
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.match import MatchLength
from qipai.platform.mahjong_table_io import Presence, TableRules, Timing
from server.action_log import row_entries, row_text
from server.tables.mahjong_durable import LoggedMatch


def test_a_row_holds_every_entry_of_one_commit_in_order() -> None:
    entries = [["touch", 1.5], ["act", {"seat": 0, "type": "discard", "tile": 7}, 1.5]]
    assert row_entries(row_text(entries)) == entries
    assert row_entries(row_text([["advance", 2.0]])) == [["advance", 2.0]]


def test_rows_of_one_entry_read_as_they_were_written_before_rows_held_several() -> None:
    assert row_entries('["act",{"seat":1,"type":"pass"},3.25]') == [
        ["act", {"seat": 1, "type": "pass"}, 3.25]
    ]
    go_move = {"a": "play", "s": "black", "q": 4, "point": "D4"}
    assert row_entries(json.dumps(go_move)) == [go_move]
    assert row_entries(row_text([go_move, go_move])) == [go_move, go_move]
    assert row_entries('["no such input"]') == [["no such input"]]


def test_an_act_is_one_input_of_the_log_though_it_turns_auto_off_inside() -> None:
    logged: list[list] = []
    ruleset = get_ruleset("sichuan", {})
    rules = TableRules(length=MatchLength(hands=1), timed=True)
    core = LoggedMatch(ruleset, rules, Timing(), random.Random(3), log=logged.append)
    core.presence = Presence(people=4)
    core.start(["e", "s", "w", "n"], 0.0)
    now = 0.0
    while core.hand is None or core.hand.phase.value == "declare_void" or core.between:
        now += 1.0
        if core.between:
            core.mark_ready(0, range(4))
        if not core.advance(now) and core.hand is not None:
            for seat in core.hand.to_act():
                core.act(choose_action(core.hand, seat), now)
    seat = core.hand.to_act()[0]
    core.set_auto(seat, True)
    del logged[:]
    action = choose_action(core.hand, seat)
    core.act(action, now)  # a person's own move ends 托管 (``set_auto`` inside ``act``)
    assert seat not in core.auto
    assert logged == [["act", action.to_wire(), now]]
