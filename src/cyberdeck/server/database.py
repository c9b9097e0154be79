"""The store, as the event loop uses it: reads on a thread of their own, writes where they are
cheapest, and every move on disk before it is acknowledged.

``read``: queries (a lobby list, a replay, a player's stats) run on the database thread, so a
long one never holds the matches in play.

``write`` and ``commit`` depend on the store:

- SQLite (a file, in WAL mode with ``synchronous=NORMAL``): a commit appends to the log in the
  operating system's cache and waits for no disk, a few tens of microseconds a move, so writes
  run on the event loop itself. That is cheaper than handing them to a thread, and no move
  waits for that thread to get the interpreter lock (the thread's driver gives the lock up and
  takes it back around every statement; behind a busy event loop each time costs up to a switch
  interval). One writer also means writers never wait for each other. The part of SQLite that
  does wait for the disk, the checkpoint that copies the log into the database file, is turned
  off on every connection (``Store(checkpoint_by_hand=True)``) and run here on the thread, once
  a second while anything is being written; it does not block writers.
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

#: Seconds between checkpoints of a SQLite store's log while it is being written.
CHECKPOINT_EVERY = 1.0


class Database:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.writes_here = store.writes_without_waiting
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cyberdeck-db")
        self._pending: list[NewAction | Finish] = []
        #: Resolved when the pending items are committed (``None`` while nothing is pending).
        self._batch: asyncio.Future[None] | None = None
        self._flusher: asyncio.Task[None] | None = None
        self._checkpointer: asyncio.Task[None] | None = None
        self._written = False

    def start(self) -> None:
        """Begin the background work (checkpoints of a SQLite store); call on the event loop."""
        if self.writes_here and self._checkpointer is None:
            self._checkpointer = asyncio.get_running_loop().create_task(self._checkpoints())

    async def read(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a query on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, lambda: fn(*args, **kwargs))

    async def write(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a transaction that changes the store (see the module's note for where)."""
        if not self.writes_here:
            return await self.read(fn, *args, **kwargs)
        self._written = True
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

    def _write_batch(self) -> None:
        """Commit the pending items on the event loop (once per turn of the loop)."""
        items, self._pending = self._pending, []
        batch, self._batch = self._batch, None
        assert batch is not None
        self._written = True
        try:
            self.store.commit(items)
        except Exception as err:  # every waiter hears of the failure
            batch.set_exception(err)
            batch.exception()  # retrieved: a batch nobody awaits any more logs nothing
        else:
            batch.set_result(None)

    async def _send_batches(self) -> None:
        """Commit the pending items on the thread, batch after batch, until none are left."""
        try:
            while self._batch is not None:
                items, self._pending = self._pending, []
                batch, self._batch = self._batch, None
                try:
                    await self.read(self.store.commit, items)
                except Exception as err:
                    batch.set_exception(err)
                    batch.exception()
                else:
                    batch.set_result(None)
        finally:
            self._flusher = None

    async def _checkpoints(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            if self._written:
                self._written = False
                await self.read(self.store.checkpoint)

    async def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            self._checkpointer = None
        if self._batch is not None and self.writes_here:
            self._write_batch()
        self._thread.shutdown(wait=True)
        self.store.close()
