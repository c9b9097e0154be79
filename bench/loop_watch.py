"""The match server with a watch on its event loop: what holds the loop when a ping is late.

A profile counts where the CPU time goes; a stall is a different question (one long call on the
loop delays every game, many short ones do not). Here a thread asks the loop for a tick every
``every`` seconds; while a tick is later than ``late`` seconds the thread samples the main
thread's stack, and when the server stops the stacks seen, with how long each held the loop,
go to a JSON file, beside how late every tick was (p50, p99, max).

    PYTHONPATH=src:bench python -m loop_watch --port 8765 ...   # the server's own options

The thread can sample only when the main thread lets go of the interpreter lock, so a long call
in C that keeps the lock (a regular expression, a collection of the garbage collector) is
charged to the first Python frame after it (``collector.py`` for the collector, whose callback
runs as each collection ends); a stack that ends in the loop's own ``run`` is time the loop spent
in its C code or the process spent without a CPU.

The file is ``$CYBERDECK_LOOP_WATCH`` (default ``loop-watch.json``); ``$CYBERDECK_LOOP_LATE_MS``
sets ``late`` (default 10). ``server_stall.py --watch FILE`` and ``server_load.py
--server-module loop_watch`` run their server this way.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import uvicorn

from cyberdeck.server.__main__ import main

#: How often the watch asks for a tick, and samples a late one's stack (seconds).
EVERY = 0.002
#: Frames of a stack kept in its key, innermost first.
DEPTH = 14


class Watch:
    """Ticks asked of one loop from a thread; the stacks that made them late, counted."""

    def __init__(self, late: float) -> None:
        self.late = late
        self.lags: list[float] = []
        #: Seconds each stack (innermost frame first) was seen holding a late tick.
        self.held: defaultdict[tuple[str, ...], float] = defaultdict(float)
        self.main = threading.main_thread().ident
        self.stopped = threading.Event()

    def stack(self) -> tuple[str, ...]:
        frame = sys._current_frames().get(self.main or 0)
        out: list[str] = []
        # Walked by hand: ``traceback`` trips over a frame that the running thread is just
        # making or leaving.
        while frame is not None and len(out) < DEPTH:
            code = frame.f_code
            out.append(f"{_short(code.co_filename)}:{frame.f_lineno} {code.co_name}")
            frame = frame.f_back
        return tuple(out) or ("(no frame)",)

    def run(self, loop: asyncio.AbstractEventLoop) -> None:
        while not self.stopped.is_set():
            ran = threading.Event()
            sent = time.perf_counter()
            try:
                loop.call_soon_threadsafe(ran.set)
            except RuntimeError:  # the loop closed
                return
            seen = sent
            while not ran.wait(EVERY):
                now = time.perf_counter()
                if now - sent > self.late:
                    self.held[self.stack()] += now - seen
                seen = now
            self.lags.append(time.perf_counter() - sent)
            time.sleep(EVERY)

    def report(self) -> dict[str, Any]:
        ordered = sorted(self.lags) or [0.0]

        def ms(q: float) -> float:
            return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

        total = sum(self.held.values())
        inner: defaultdict[str, float] = defaultdict(float)
        for stack, seconds in self.held.items():
            inner[_first_own(stack)] += seconds
        return {
            "ticks": len(self.lags),
            "lag_ms": {"p50": ms(0.5), "p99": ms(0.99), "max": ms(1.0)},
            "late_ms": round(1000 * self.late, 1),
            "held_ms": round(1000 * total, 1),
            "by_own_frame": [
                {"frame": frame, "ms": round(1000 * s, 1)} for frame, s in _most(inner)
            ],
            "stacks": [
                {"ms": round(1000 * s, 1), "stack": list(stack)} for stack, s in _most(self.held)
            ],
        }


def _most(held: dict[Any, float], count: int = 25) -> list[tuple[Any, float]]:
    return sorted(held.items(), key=lambda item: -item[1])[:count]


def _short(filename: str) -> str:
    for marker in ("site-packages/", "/src/", "/lib/python"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return filename


def _first_own(stack: tuple[str, ...]) -> str:
    """The innermost frame of the project's own code (else the innermost of all)."""
    return next((f for f in stack if f.startswith("cyberdeck/")), stack[0] if stack else "")


def watched() -> None:
    """Run the server (its options from the command line) under a ``Watch``."""
    watch = Watch(float(os.environ.get("CYBERDECK_LOOP_LATE_MS", "10")) / 1000)
    out = Path(os.environ.get("CYBERDECK_LOOP_WATCH", "loop-watch.json"))
    serve, shutdown = uvicorn.Server.serve, uvicorn.Server.shutdown

    async def serve_watched(self: uvicorn.Server, *args: Any, **kwargs: Any) -> None:
        loop = asyncio.get_running_loop()
        threading.Thread(target=watch.run, args=(loop,), name="loop-watch", daemon=True).start()
        await serve(self, *args, **kwargs)

    async def shutdown_watched(self: uvicorn.Server, *args: Any, **kwargs: Any) -> None:
        # Here rather than at exit: uvicorn raises the signal it stopped on again once it has
        # shut down, and a process ended by SIGTERM runs no exit handlers.
        watch.stopped.set()
        out.write_text(json.dumps(watch.report(), indent=1) + "\n")
        await shutdown(self, *args, **kwargs)

    uvicorn.Server.serve = serve_watched  # type: ignore[method-assign]
    uvicorn.Server.shutdown = shutdown_watched  # type: ignore[method-assign]
    main()


if __name__ == "__main__":
    watched()
