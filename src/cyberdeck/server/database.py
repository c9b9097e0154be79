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
  would be SQLite's own checkpoint, run by the commit that takes the log past a thousand pages
  (it copies the log into the database file and syncs it: under the load benchmark two a
  second, 2-90 ms each on the development machine). The server's store checkpoints on a thread
  of its own instead (``store.checkpoints``); while that thread restarts the log, a commit is
  told the database is busy and its batch is tried again a millisecond later.
- Elsewhere (PostgreSQL: a round trip to its server per statement) writes run on the thread.

Moves go through ``commit`` (group commit): the moves of every match that arrive while one
transaction is being written go together in the next one. A move's coroutine resumes only after
its transaction is committed, so an acknowledged move is always on disk. A batch that fails is
written again one caller at a time, so one bad move (a constraint, data the database refuses)
fails alone and every other match's move in the batch is still stored.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from ..store import ClockSave, Fence, Finish, NewAction, Store, StoreBusy

P = ParamSpec("P")
T = TypeVar("T")
Item = NewAction | Finish | ClockSave | Fence
#: A transaction that takes longer than this (seconds) counts as slow in the metrics.
SLOW_COMMIT = 0.005
#: Seconds before a batch the checkpoint kept out is tried again.
BUSY_RETRY = 0.001
#: One caller's items and the future that wakes it.
Waiting = tuple[tuple[Item, ...], "asyncio.Future[None]"]


class Database:
    def __init__(self, store: Store) -> None:
        self.store = store
        #: Transactions written for ``commit`` and the callers they carried (for the metrics).
        self.transactions = 0
        self.carried = 0
        #: Time spent writing those transactions (with SQLite, on the event loop: every move
        #: waits meanwhile): seconds in all, the longest, and how many took over 5 ms (SQLite's
        #: checkpoints, which copy the log into the database file and sync it).
        self.commit_seconds = 0.0
        self.longest_commit = 0.0
        self.slow_commits = 0
        #: Batches put back because the store's checkpoint held the write lock.
        self.busy_retries = 0
        self.writes_here = store.writes_without_waiting
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cyberdeck-db")
        #: The items waiting for the next transaction, each caller's with its own future.
        self._pending: list[Waiting] = []
        #: The first waiting caller's future (``None`` while nothing is pending): a batch is
        #: under way or scheduled.
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

    async def commit(self, *items: Item) -> None:
        """Write ``items`` (in order, after everything queued before them); return once durable."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((items, done))
        if self._batch is None:
            self._batch = done
            if self.writes_here:
                loop.call_soon(self._write_batch)
            elif self._flusher is None:
                self._flusher = loop.create_task(self._send_batches())
        await asyncio.shield(done)

    def _take_batch(self) -> list[Waiting]:
        batch, self._pending, self._batch = self._pending, [], None
        self.transactions += 1
        self.carried += len(batch)
        return batch

    @staticmethod
    def _settle(done: asyncio.Future[None], failure: Exception | None) -> None:
        """Wake one caller: committed, or with the failure."""
        if done.done():
            return
        if failure is None:
            done.set_result(None)
        else:
            done.set_exception(failure)
            done.exception()  # retrieved: a caller that no longer waits logs nothing

    def _timed_commit(self, items: list[Item]) -> None:
        began = time.perf_counter()
        try:
            self.store.commit(items)
        finally:
            took = time.perf_counter() - began
            self.commit_seconds += took
            self.longest_commit = max(self.longest_commit, took)
            self.slow_commits += took > SLOW_COMMIT

    def _write_batch(self) -> None:
        """Commit the pending items on the event loop (once per turn of the loop)."""
        if self._batch is None:  # already written (``close``)
            return
        batch = self._take_batch()
        try:
            self._timed_commit([item for items, _ in batch for item in items])
        except StoreBusy:
            self._again(batch)
            return
        except Exception as err:
            failures = self._one_by_one(batch, err)
        else:
            failures = [None] * len(batch)
        for (_, done), failure in zip(batch, failures, strict=True):
            self._settle(done, failure)

    def _again(self, batch: list[Waiting]) -> None:
        """The store's checkpoint holds the write lock (see ``store.checkpoints``): ``batch``
        goes back to the head of the queue and is written a moment later; the loop runs on
        meanwhile."""
        self.transactions -= 1
        self.carried -= len(batch)
        self.busy_retries += 1
        self._pending = batch + self._pending
        self._batch = batch[0][1]
        asyncio.get_running_loop().call_later(BUSY_RETRY, self._write_batch)

    def _one_by_one(self, batch: list[Waiting], failure: Exception) -> list[Exception | None]:
        """After ``batch`` failed as one: each caller's items in a transaction of their own, so
        the move that failed it (bad data, a constraint) fails alone and no other match pays
        for it. Each caller's failure, or ``None``: stored."""
        if len(batch) == 1:
            return [failure]
        failures: list[Exception | None] = []
        for items, _ in batch:
            try:
                self.store.commit(list(items))
            except Exception as err:
                failures.append(err)
            else:
                failures.append(None)
        return failures

    async def _send_batches(self) -> None:
        """Commit the pending items on the thread, batch after batch, until none are left."""
        try:
            while self._batch is not None:
                batch = self._take_batch()
                try:
                    await self.read(self._timed_commit, [i for items, _ in batch for i in items])
                except Exception as err:
                    failures = await self.read(self._one_by_one, batch, err)
                else:
                    failures = [None] * len(batch)
                for (_, done), failure in zip(batch, failures, strict=True):
                    self._settle(done, failure)
        finally:
            self._flusher = None

    async def close(self) -> None:
        while self._batch is not None and self.writes_here:
            self._write_batch()
            if self._batch is not None:  # busy: the checkpoint has the lock
                await asyncio.sleep(BUSY_RETRY)
        self._thread.shutdown(wait=True)
        self.store.close()
