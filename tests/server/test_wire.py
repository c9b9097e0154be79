"""JSON on the wire: the same text whatever the keys, a seat's number as a key included."""

from __future__ import annotations

import json

import pytest

from cyberdeck.engine.shared import FrozenDict, FrozenList
from cyberdeck.server.wire import decode, encode


def test_a_message_with_string_keys_and_shared_parts_is_plain_json() -> None:
    message = {"type": "update", "table": {"view": FrozenDict({"pile": FrozenList(["5S", "JK"])})}}
    assert json.loads(encode(message)) == {
        "type": "update",
        "table": {"view": {"pile": ["5S", "JK"]}},
    }


def test_a_seat_number_as_a_key_is_written_as_a_string_key() -> None:
    assert decode(encode({"scores": {0: 3, 1: 5}, "seat": 1})) == {
        "scores": {"0": 3, "1": 5},
        "seat": 1,
    }


def test_what_is_not_json_is_still_refused() -> None:
    with pytest.raises(TypeError):
        encode({"when": object()})
