"""Message shape checks: unknown types, missing and wrongly typed fields."""

import pytest

from qipai.protocol import (
    ErrorCode,
    ProtocolError,
    error_reply,
    ok_reply,
    request_id,
    validate_request,
)


def code_of(message):
    with pytest.raises(ProtocolError) as err:
        validate_request(message)
    return err.value.code


def test_well_formed_requests_pass_unchanged():
    message = {"type": "act", "id": 7, "table": 3, "action": "play", "point": "D4"}
    assert validate_request(message) is message


def test_extra_fields_are_ignored():
    assert validate_request({"type": "ping", "id": 1, "future": [1, 2]})


def test_a_list_is_not_a_message():
    assert code_of([1, 2]) == ErrorCode.NOT_A_MAP


def test_unknown_type():
    assert code_of({"type": "teleport", "id": 1}) == ErrorCode.UNKNOWN_TYPE


def test_missing_type():
    assert code_of({"id": 1}) == ErrorCode.MISSING_FIELD


def test_missing_id():
    assert code_of({"type": "ping"}) == ErrorCode.MISSING_FIELD


@pytest.mark.parametrize("rid", [-1, 2**53, "1", True, 1.5])
def test_ids_must_be_small_non_negative_integers(rid):
    assert request_id({"id": rid}) is None
    assert code_of({"type": "ping", "id": rid}) == ErrorCode.MISSING_FIELD


def test_missing_required_field():
    assert code_of({"type": "login", "id": 1, "name": "ann"}) == ErrorCode.MISSING_FIELD


@pytest.mark.parametrize(
    "message",
    [
        {"type": "sit", "id": 1, "table": "3", "seat": "black"},
        {"type": "sit", "id": 1, "table": True, "seat": "black"},
        {"type": "login", "id": 1, "name": 5, "password": "x"},
        {"type": "act", "id": 1, "table": 1, "action": "play", "point": 44},
        {"type": "create_table", "id": 1, "room": "go", "options": [19]},
        {"type": "chat", "id": 1, "text": "x" * 501},
    ],
)
def test_wrong_field_types_and_lengths_are_bad_fields(message):
    assert code_of(message) == ErrorCode.BAD_FIELD


def test_optional_field_may_be_nil():
    assert validate_request({"type": "chat", "id": 1, "text": "hi", "table": None})


def test_reply_shapes():
    assert ok_reply(4, token="t") == {"type": "ok", "id": 4, "token": "t"}
    assert error_reply(4, ErrorCode.SEAT_TAKEN, "taken") == {
        "type": "error",
        "id": 4,
        "code": "seat_taken",
        "message": "taken",
    }
