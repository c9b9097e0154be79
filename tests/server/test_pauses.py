"""The collector's pauses are counted and timed per generation while watched, and not after."""

from __future__ import annotations

import gc

from cyberdeck.server.pauses import Pauses


def test_a_full_collection_is_counted_and_timed_while_watched() -> None:
    pauses = Pauses()
    pauses.watch()
    pauses.watch()  # once is enough: a second watch adds no second count
    cycle: list[object] = []
    cycle.append(cycle)
    del cycle
    try:
        gc.collect()
    finally:
        pauses.unwatch()
    report = pauses.report()
    assert report["collections"][2] == 1
    assert sum(report["freed"]) >= 1  # the list that held itself (by whichever collection)
    assert report["total_ms"][2] >= report["longest_ms"][2] >= 0.0
    gc.collect()
    assert pauses.report()["collections"][2] == 1
