"""The collector's pauses are counted and timed per generation while watched, and not after."""

from __future__ import annotations

import asyncio
import gc
import weakref

from cyberdeck.server.collector import Pauses, tend


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


class Node:
    """A part of a reference cycle (a weak reference tells when it is gone)."""

    def __init__(self) -> None:
        self.me = self


def frozen_cycle_after(freeze_every: float, sweep_every: float, seconds: float) -> bool:
    """Whether a reference cycle frozen while alive, then dropped, is still there after
    ``tend`` ran for ``seconds``."""
    node = Node()
    gone = weakref.ref(node)
    gc.freeze()
    del node

    async def scenario() -> None:
        task = asyncio.create_task(tend(freeze_every, sweep_every))
        await asyncio.sleep(seconds)
        task.cancel()

    try:
        asyncio.run(scenario())
        return gone() is not None
    finally:
        gc.unfreeze()


def test_tend_freezes_what_is_alive_and_a_frozen_cycle_waits_for_the_sweep() -> None:
    gc.unfreeze()
    assert frozen_cycle_after(0.01, 3600.0, 0.1)  # frozen: no walk finds it
    assert not frozen_cycle_after(0.01, 0.02, 0.1)  # the sweep thaws and collects it


def test_tend_leaves_the_live_objects_frozen() -> None:
    async def scenario() -> int:
        task = asyncio.create_task(tend(0.01, 3600.0))
        await asyncio.sleep(0.05)
        task.cancel()
        return gc.get_freeze_count()

    gc.unfreeze()
    try:
        assert asyncio.run(scenario()) > 1000
    finally:
        gc.unfreeze()
