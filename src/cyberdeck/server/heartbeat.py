"""The event loop's pulse, second by second: how late it ran and what it did meanwhile.

A move waits for everything the loop does before it: other moves, commits, collections, rooms
opened. When the load bench's slowest percentile rises, it rises for tens of seconds at a time,
with the median (a backlog), and the server's totals since it started cannot say what those
seconds had in common. ``Heartbeat`` ticks every ``every`` seconds and keeps, for each of the
latest ``keep`` seconds, how late its ticks came and what the server counted in that second:
moves, transactions and their milliseconds, collections and their milliseconds, rooms opened,
SQLite's checkpoint restarts. ``/api/metrics?seconds=1`` hands them out; the load bench lines them
up with its own acknowledgements.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Counts:
    """The server's running totals that a second's record is the difference of."""

    moves: int = 0
    transactions: int = 0
    commit_ms: float = 0.0
    collections: int = 0
    collection_ms: float = 0.0
    rooms_opened: int = 0
    restarts: int = 0


class Heartbeat:
    """Ticks every ``every`` seconds; ``seconds()`` gives the latest ``keep`` seconds' records."""

    def __init__(self, counts: Callable[[], Counts], every: float = 0.01, keep: int = 900) -> None:
        self.counts = counts
        self.every = every
        self._seconds: deque[dict[str, float | int]] = deque(maxlen=keep)

    def seconds(self) -> list[dict[str, float | int]]:
        return list(self._seconds)

    async def run(self) -> None:
        """Until cancelled: tick, and close a second's record each whole second."""
        began = time.monotonic()
        second, ticks, late_max, late_total = 0, 0, 0.0, 0.0
        before = self.counts()
        while True:
            asked = time.monotonic()
            await asyncio.sleep(self.every)
            now = time.monotonic()
            late = now - asked - self.every
            ticks += 1
            late_max = max(late_max, late)
            late_total += late
            if int(now - began) > second:
                after = self.counts()
                self._seconds.append(
                    {
                        "second": second,
                        "ticks": ticks,
                        "late_max_ms": round(late_max * 1000, 2),
                        "late_mean_ms": round(late_total / ticks * 1000, 3),
                        "moves": after.moves - before.moves,
                        "transactions": after.transactions - before.transactions,
                        "commit_ms": round(after.commit_ms - before.commit_ms, 2),
                        "collections": after.collections - before.collections,
                        "collection_ms": round(after.collection_ms - before.collection_ms, 2),
                        "rooms_opened": after.rooms_opened - before.rooms_opened,
                        "restarts": after.restarts - before.restarts,
                    }
                )
                second, ticks, late_max, late_total = int(now - began), 0, 0.0, 0.0
                before = after
