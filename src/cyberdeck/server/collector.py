"""The garbage collector, as the server sees it: while it walks, every move waits.

``Pauses`` counts and times its collections per generation for ``/api/metrics`` (the load bench
reports them beside the moves' latency). ``tend`` keeps its full collections short: under load
(a thousand matches, two thousand sockets) a full collection walked every live object, half a
million of them, for about 250 ms, more than once a minute, and each one set back every move
waiting meanwhile (the slowest percentile of the load bench was those pauses and the backlog
behind them). Almost nothing they found was garbage: in four minutes five full collections freed
1,763 objects, the younger generations 456,785. So every ``freeze_every`` seconds the young
garbage is collected and whatever is alive then is frozen out of the collector's walks
(``gc.freeze``): a full collection then walks only what was made since. Objects frozen still
go as soon as nothing refers to them; only a reference cycle among them waits, for the sweep
every ``sweep_every`` seconds (everything thawed and collected once: one long pause an hour).
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any


class Pauses:
    """Collections and their time per generation (0, 1, 2) since ``watch``."""

    def __init__(self) -> None:
        self.count = [0, 0, 0]
        self.seconds = [0.0, 0.0, 0.0]
        self.longest = [0.0, 0.0, 0.0]
        #: Unreachable objects each generation's collections freed (cyclic garbage).
        self.freed = [0, 0, 0]
        self._began = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
            return
        took = time.perf_counter() - self._began
        generation = info["generation"]
        self.count[generation] += 1
        self.seconds[generation] += took
        self.longest[generation] = max(self.longest[generation], took)
        self.freed[generation] += info["collected"]

    def watch(self) -> None:
        if self not in gc.callbacks:
            gc.callbacks.append(self)

    def unwatch(self) -> None:
        if self in gc.callbacks:
            gc.callbacks.remove(self)

    def report(self) -> dict[str, Any]:
        """Per generation: collections, their total and their longest time in milliseconds, and
        the cyclic garbage they freed (objects); and how many objects are frozen (see ``tend``)."""
        return {
            "frozen": gc.get_freeze_count(),
            "collections": list(self.count),
            "freed": list(self.freed),
            "total_ms": [round(s * 1000, 1) for s in self.seconds],
            "longest_ms": [round(s * 1000, 1) for s in self.longest],
        }


async def tend(freeze_every: float, sweep_every: float) -> None:
    """Freeze what is alive every ``freeze_every`` seconds (after collecting the young garbage),
    and every ``sweep_every`` seconds thaw everything and collect it all once (see the module's
    note). Runs until cancelled."""
    since_sweep = 0.0
    while True:
        await asyncio.sleep(freeze_every)
        since_sweep += freeze_every
        if since_sweep >= sweep_every:
            since_sweep = 0.0
            gc.unfreeze()
            gc.collect()
        else:
            gc.collect(1)
        gc.freeze()
