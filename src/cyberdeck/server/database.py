"""The store, as the event loop uses it: reads on a thread of their own, writes where they are
cheapest, and every move on disk before it is acknowledged.

``read``: queries (a lobby list, a replay, a player's stats) run on the database thread, so a
long one never holds the matches in play.

``write`` and ``commit`` depend on the store:

- SQLite (a file, in WAL mode with ``synchronous=NORMAL``): a commit appends to the log in the
  operating system's cache, a few tens of microseconds a move, so writes run on the event loop
  itself. That is cheaper than handing them to a thread, and no move waits for that thread to
  get the interpreter lock (the thread's driver gives the lock up and takes it back around
  every statement; behind a busy event loop each time costs up to a switch interval). One
  writer also means writers never wait for each other. The one write that waits for the disk
  is SQLite's own checkpoint, run by the commit that takes the log past a thousand pages: it
  copies the log into the database file and syncs it (under the load benchmark one or two a
  second, 2-20 ms each on the development machine). Checkpoints run on the thread instead could
  not keep up: with moves committed while they copied, the log was never all copied when the
  next write began, so it never started over and its index grew by a megabyte a minute.
- Elsewhere (PostgreSQL: a round trip to its server per statement) writes run on the thread.

Moves go through ``commit`` (group commit): the moves of every match that arrive while one
transaction is being written go together in the next one. A move's coroutine resumes only after
its transaction is committed, so an acknowledged move is always on disk.
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
        self.writes_here = store.writes_without_waiting
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cyberdeck-db")
        self._pending: list[NewAction | Finish] = []
        #: Resolved when the pending items are committed (``None`` while nothing is pending).
        self._batch: asyncio.Future[None] | None = None
        self._flusher: asyncio.Task[None] | None = None

    async def read(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a query on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, lambda: fn(*args, **kwargs))

    async def write(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a transaction that changes the store (see the module's note for where)."""
        if not self.writes_here:
            return await self.read(fn, *args, **kwargs)
        return fn(*args, **kwargs)

    async def commit(self, *items: NewAction | Finish) -> None:
        """Write ``items`` (in order, after everything queued before them); return once durable."""
        loop = asyncio.get_running_loop()
        self._pending.extend(items)
        batch = self._batch
        if batch is None:
            batch = self._batch = loop.create_future()
            if self.writes_here:
                loop.call_soon(self._write_batch)
            elif self._flusher is None:
                self._flusher = loop.create_task(self._send_batches())
        await asyncio.shield(batch)

    def _take_batch(self) -> tuple[list[NewAction | Finish], asyncio.Future[None]]:
        items, self._pending = self._pending, []
        batch, self._batch = self._batch, None
        assert batch is not None
        return items, batch

    @staticmethod
    def _settle(batch: asyncio.Future[None], failure: Exception | None) -> None:
        """Wake every move of the batch: committed, or with the failure."""
        if failure is None:
            batch.set_result(None)
        else:
            batch.set_exception(failure)
            batch.exception()  # retrieved: a batch nobody awaits any more logs nothing

    def _write_batch(self) -> None:
        """Commit the pending items on the event loop (once per turn of the loop)."""
        items, batch = self._take_batch()
        try:
            self.store.commit(items)
        except Exception as err:
            self._settle(batch, err)
        else:
            self._settle(batch, None)

    async def _send_batches(self) -> None:
        """Commit the pending items on the thread, batch after batch, until none are left."""
        try:
            while self._batch is not None:
                items, batch = self._take_batch()
                try:
                    await self.read(self.store.commit, items)
                except Exception as err:
                    self._settle(batch, err)
                else:
                    self._settle(batch, None)
        finally:
            self._flusher = None

    async def close(self) -> None:
        if self._batch is not None and self.writes_here:
            self._write_batch()
        self._thread.shutdown(wait=True)
        self.store.close()
