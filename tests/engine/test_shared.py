"""Shared view parts: equal to plain dicts and lists everywhere, but never changed in place."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from cyberdeck.engine import Layout, Slice, Writer
from cyberdeck.engine.shared import FrozenDict, FrozenList, Memo, RecentMemo, clear_memos


def test_frozen_parts_read_as_plain_ones() -> None:
    part = FrozenDict(card="7H", overclocks=FrozenList(["KS"]))
    assert part == {"card": "7H", "overclocks": ["KS"]}
    assert isinstance(part, dict) and isinstance(part["overclocks"], list)
    assert json.dumps(part) == '{"card": "7H", "overclocks": ["KS"]}'
    assert {**part, "card": "8H"} == {"card": "8H", "overclocks": ["KS"]}


@pytest.mark.parametrize(
    "change",
    [
        lambda d, items: d.__setitem__("card", "8H"),
        lambda d, items: d.update(card="8H"),
        lambda d, items: d.pop("card"),
        lambda d, items: d.setdefault("x", 1),
        lambda d, items: d.clear(),
        lambda d, items: items.append("QS"),
        lambda d, items: items.sort(),
        lambda d, items: items.__setitem__(0, "QS"),
        lambda d, items: items.__delitem__(0),
        lambda d, items: items.extend(["QS"]),
    ],
)
def test_a_frozen_part_refuses_every_change(change: Callable[[Any, Any], object]) -> None:
    items = FrozenList(["KS", "2H"])
    part = FrozenDict(card="7H", overclocks=items)
    with pytest.raises(TypeError, match="read-only"):
        change(part, items)
    assert part == {"card": "7H", "overclocks": ["KS", "2H"]}


def test_in_place_operators_refuse_too() -> None:
    items = FrozenList(["KS"])
    with pytest.raises(TypeError, match="read-only"):
        items += ["QS"]
    part = FrozenDict(card="7H")
    with pytest.raises(TypeError, match="read-only"):
        part |= {"card": "8H"}


def test_copies_are_plain_and_changeable() -> None:
    part = FrozenDict(card="7H", overclocks=FrozenList(["KS"]))
    for other in (copy.copy(part), copy.deepcopy(part), pickle.loads(pickle.dumps(part))):
        assert type(other) is dict and other == part
        other["card"] = "8H"
    deep = copy.deepcopy(part)
    assert type(deep["overclocks"]) is list
    deep["overclocks"].append("QS")
    assert part["overclocks"] == ["KS"]


def test_a_memo_is_bounded_and_cleared() -> None:
    memo: Memo[int, str] = Memo(limit=3)
    for key in range(5):
        memo.put(key, str(key))
    assert len(memo.data) <= 3 and memo.data[4] == "4"
    assert memo.get(9, lambda: "nine") == "nine" and memo.get(9, lambda: "other") == "nine"
    clear_memos()
    assert memo.data == {}


def test_a_recent_memo_keeps_one_turnover_and_no_more() -> None:
    memo: RecentMemo[int, str] = RecentMemo(limit=3)
    for key in range(4):  # the fourth turns the first three over
        memo.put(key, str(key))
    assert memo.data == {3: "3"} and memo.recall(1) == "1" and memo.data == {3: "3", 1: "1"}
    assert memo.recall(1) is None and memo.get(0, lambda: "made") == "0"
    memo.put(5, "5")  # a second turnover: what was not brought forward is gone
    assert memo.get(2, lambda: "made") == "made"
    assert len(memo.data) + len(memo.old) <= 2 * memo.limit
    assert memo.find(5) == "5" and memo.find(99) is None
    clear_memos()
    assert memo.data == {} and memo.old == {}


def test_a_shared_pile_counts_as_a_plain_one() -> None:
    layout = Layout([Slice("a", 56, ""), Slice("b", 56, "")])
    pile = FrozenList(["7H", "7H", "JK"])
    sparse = []
    for _ in range(2):  # the second time from the memo
        writer = Writer(layout)
        writer.begin("a")
        writer.cards(pile)
        writer.begin("b")
        writer.cards(list(pile))
        sparse.append(writer.finish())
    plain = sparse[0]
    assert sparse[1] == plain
    assert {k - 56: v for k, v in plain.items() if k >= 56} == {
        k: v for k, v in plain.items() if k < 56
    }


def test_a_writer_skips_slices_written_directly_and_only_forward() -> None:
    layout = Layout([Slice("a", 2, ""), Slice("b", 3, ""), Slice("c", 1, "")])
    assert layout.starts == {"a": 0, "b": 2, "c": 5}
    writer = Writer(layout)
    writer.out[layout.starts["b"] + 1] = 1.0
    writer.skip("b")
    writer.begin("c")
    writer.flag(True)
    assert writer.finish() == {3: 1.0, 5: 1.0}
    writer = Writer(layout)
    writer.skip("b")
    with pytest.raises(RuntimeError, match="out of layout order"):
        writer.skip("a")
