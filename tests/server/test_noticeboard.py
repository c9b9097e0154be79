"""The live tournament pages' noticeboard: bounded per address and in all, one notice waiting
per stream (the latest), a place freed when its stream goes."""

from __future__ import annotations

import pytest

from cyberdeck.server import noticeboard
from cyberdeck.server.noticeboard import STREAMS_PER_ADDRESS, Noticeboard


def test_a_reader_behind_keeps_the_latest_notice_only() -> None:
    board = Noticeboard()
    queue = board.listen("t1", "1.2.3.4")
    other = board.listen("t2", "1.2.3.4")
    assert queue is not None and other is not None
    for status in ("open", "running", "finished"):
        board.post("t1", status)
    assert queue.qsize() == 1 and queue.get_nowait() == "finished"
    assert other.empty(), "a notice went to another tournament's page"


def test_streams_are_bounded_per_address_and_a_closed_one_frees_its_place() -> None:
    board = Noticeboard()
    held = [board.listen("t", "1.2.3.4") for _ in range(STREAMS_PER_ADDRESS)]
    assert all(q is not None for q in held)
    assert board.full("1.2.3.4") and board.listen("t", "1.2.3.4") is None
    assert board.listen("t", "5.6.7.8") is not None  # another address has its own places
    first = held[0]
    assert first is not None
    board.leave("t", "1.2.3.4", first)
    board.leave("t", "1.2.3.4", first)  # twice: freed once
    assert board.count == STREAMS_PER_ADDRESS
    assert board.listen("t", "1.2.3.4") is not None
    for q in held[1:]:
        assert q is not None
        board.leave("t", "1.2.3.4", q)
    assert board.by_address == {"1.2.3.4": 1, "5.6.7.8": 1}


def test_the_server_holds_a_bounded_number_of_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(noticeboard, "MOST_STREAMS", 3)
    board = Noticeboard()
    assert [board.listen("t", f"10.0.0.{n}") is not None for n in range(4)] == [
        True,
        True,
        True,
        False,
    ]
