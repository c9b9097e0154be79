"""The garbage collector's pauses, as the server sees them: while the collector walks, every
move waits, so its collections are counted and timed per generation for ``/api/metrics``
(the load bench reports them beside the moves' latency)."""

from __future__ import annotations

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

    def report(self) -> dict[str, list[float] | list[int]]:
        """Per generation: collections, their total and their longest time in milliseconds, and
        the cyclic garbage they freed (objects)."""
        return {
            "collections": list(self.count),
            "freed": list(self.freed),
            "total_ms": [round(s * 1000, 1) for s in self.seconds],
            "longest_ms": [round(s * 1000, 1) for s in self.longest],
        }
