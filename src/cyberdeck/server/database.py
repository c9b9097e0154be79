"""The store, run on one thread of its own so the event loop never waits on a disk.

Moves of every match go through ``commit``: while one transaction is being written, the moves that
arrive queue up and go together in the next one (group commit). A move's coroutine resumes only
after its transaction is committed, so an acknowledged move is always on disk.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from ..store import Finish, NewAction, Store

P = ParamSpec("P")
T = TypeVar("T")


class Database:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cyberdeck-db")
        self._pending: list[tuple[NewAction | Finish, asyncio.Future[None]]] = []
        self._flushing = False
        self._flusher: asyncio.Task[None] | None = None

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, lambda: fn(*args, **kwargs))

    async def commit(self, *items: NewAction | Finish) -> None:
        """Write ``items`` (in order, after everything queued before them); return once durable."""
        loop = asyncio.get_running_loop()
        futures = []
        for item in items:
            future: asyncio.Future[None] = loop.create_future()
            self._pending.append((item, future))
            futures.append(future)
        if not self._flushing:
            self._flushing = True
            self._flusher = loop.create_task(self._flush())
        await asyncio.gather(*futures)

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    await self.run(self.store.commit, [item for item, _ in batch])
                except Exception as err:  # every waiter hears of the failure
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(err)
                else:
                    for _, future in batch:
                        if not future.done():
                            future.set_result(None)
        finally:
            self._flushing = False

    def close(self) -> None:
        self._thread.shutdown(wait=True)
        self.store.close()
