"""Tile kinds, instances, sets and compact notation (mahjong-common §0-1, MJ-01)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.mahjong.tiles import (
    NUM_KINDS,
    NotationError,
    TileError,
    counts_to_kinds,
    format_kinds,
    instances_of,
    is_honour,
    is_terminal,
    kind_name,
    kind_name_cjk,
    kind_of,
    kinds_in_set,
    parse_kinds,
    suit_of,
    tile_set,
    to_counts,
)


def test_kind_ids_follow_mj01():
    assert [kind_name(k) for k in (0, 8, 9, 17, 18, 26)] == ["1m", "9m", "1p", "9p", "1s", "9s"]
    assert [kind_name(k) for k in range(27, 34)] == list("ESWNCFP")
    assert [kind_name(k) for k in (34, 41)] == ["f1", "f8"]


def test_instance_ids_follow_mj01():
    assert kind_of(0) == 0 and kind_of(3) == 0 and kind_of(4) == 1
    assert kind_of(135) == 33
    assert kind_of(136) == 34 and kind_of(143) == 41
    assert instances_of(5) == (20, 21, 22, 23)
    assert instances_of(36) == (138,)
    with pytest.raises(TileError) as caught:
        kind_of(144)
    assert caught.value.code == "bad_tiles"


@pytest.mark.parametrize(
    ("size", "kinds", "honours"),
    [(108, 27, 0), (120, 30, 3), (136, 34, 7), (144, 42, 7)],
)
def test_tile_sets(size, kinds, honours):
    tiles = tile_set(size)
    assert len(tiles) == size
    assert list(tiles) == sorted(set(tiles))
    assert len(kinds_in_set(size)) == kinds
    assert sum(1 for k in kinds_in_set(size) if is_honour(k)) == honours
    per_kind = Counter(kind_of(t) for t in tiles)
    assert all(per_kind[k] == (4 if k < NUM_KINDS else 1) for k in kinds_in_set(size))


def test_the_120_set_has_dragons_but_no_winds():
    assert set(kinds_in_set(120)) - set(range(27)) == {31, 32, 33}


def test_unknown_set_size_is_a_typed_error():
    with pytest.raises(TileError):
        tile_set(100)


def test_suits_terminals_honours():
    assert [suit_of(k) for k in (0, 9, 18, 27, 34)] == [0, 1, 2, None, None]
    assert [k for k in range(42) if is_terminal(k)] == [0, 8, 9, 17, 18, 26]
    assert [k for k in range(42) if is_honour(k)] == list(range(27, 34))


def test_parse_rules_book_notation():
    assert parse_kinds("123m 456p EE") == [0, 1, 2, 12, 13, 14, 27, 27]
    assert parse_kinds("19m19p19sESWNCFP") == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    assert parse_kinds("f1 f8") == [34, 41]
    assert parse_kinds("") == []


@pytest.mark.parametrize("bad", ["123", "m", "12x", "0m", "1m 2", "f9", "12 3m", "e"])
def test_bad_notation_is_a_typed_error(bad):
    with pytest.raises(NotationError) as caught:
        parse_kinds(bad)
    assert caught.value.code == "bad_notation"


def test_format_is_canonical():
    assert format_kinds(parse_kinds("E 5s 1m 9m 2p C f2 E")) == "19m 2p 5s EEC f2"
    assert format_kinds([]) == ""


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 41), max_size=20))
def test_notation_round_trips(kinds):
    assert parse_kinds(format_kinds(kinds)) == sorted(kinds)


def test_counts_round_trip():
    kinds = parse_kinds("1112345678999m")
    counts = to_counts(kinds)
    assert counts[:9] == [3, 1, 1, 1, 1, 1, 1, 1, 3] and len(counts) == 34
    assert counts_to_kinds(counts) == kinds
    with pytest.raises(TileError):
        to_counts([34])


def test_cjk_names_for_the_clients_cjk_mode():
    assert [kind_name_cjk(k) for k in parse_kinds("5m 2p 9s")] == ["五萬", "二筒", "九条"]
    assert "".join(kind_name_cjk(k) for k in range(27, 34)) == "東南西北中發白"
    assert kind_name_cjk(34) == "春" and kind_name_cjk(41) == "菊"
    with pytest.raises(TileError):
        kind_name_cjk(42)
