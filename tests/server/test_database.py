"""The server's use of the store (``server/database.py``): where reads, writes and moves run,
group commit, failures reaching every waiter, and a SQLite log that does not grow."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from cyberdeck.server.database import Database
from cyberdeck.store import Finish, MatchData, NewAction, SeatData, Store

from .harness import run


class Recording(Store):
    """A store that notes each commit's items and the thread that made it."""

    def __init__(self, url: str, **kwargs: Any) -> None:
        super().__init__(url, **kwargs)
        self.batches: list[tuple[list[NewAction | Finish], int]] = []

    def commit(self, items: Iterable[NewAction | Finish]) -> None:
        items = list(items)
        self.batches.append((items, threading.get_ident()))
        super().commit(items)


def a_store(tmp_path: Path, **kwargs: Any) -> Recording:
    store = Recording(f"sqlite:///{tmp_path / 'db.sqlite3'}", **kwargs)
    store.migrate()
    alice = store.create_user("alice", "account", "hash")
    store.create_match(
        MatchData(
            id="m1", game="duel", options={}, decks=None, seed=1, engine_version="1",
            status="running", public=True, invite="i", created_by=alice.id,
            seats=[SeatData(0, "human", None, alice.id), SeatData(1, "ai", "easy")],
        )
    )  # fmt: skip
    return store


def steps(store: Store) -> list[int]:
    (live,) = store.live_matches()
    return [a.step for a in live.actions]


def test_moves_of_one_turn_of_the_loop_go_in_one_transaction_made_on_the_loop(
    tmp_path: Path,
) -> None:
    store = a_store(tmp_path)
    db = Database(store)
    assert db.writes_here, "a SQLite file is written from the event loop"

    async def play() -> int:
        await asyncio.gather(
            *(db.commit(NewAction("m1", i, i % 2, f"a{i}", None)) for i in range(5))
        )
        assert steps(store) == [0, 1, 2, 3, 4], "every move is stored when its commit returns"
        await db.commit(NewAction("m1", 5, 1, "a5", None))
        await db.close()
        return threading.get_ident()

    loop_thread = run(play())
    assert [len(items) for items, _ in store.batches] == [5, 1]
    assert {thread for _, thread in store.batches} == {loop_thread}


def test_reads_run_on_the_database_thread_and_writes_on_the_loop(tmp_path: Path) -> None:
    db = Database(a_store(tmp_path))

    async def where() -> tuple[int, int, int]:
        read = await db.read(threading.get_ident)
        written = await db.write(threading.get_ident)
        await db.close()
        return read, written, threading.get_ident()

    read, written, loop_thread = run(where())
    assert written == loop_thread and read != written


def test_a_store_that_waits_on_its_server_is_written_from_the_thread(tmp_path: Path) -> None:
    store = a_store(tmp_path)
    store.writes_without_waiting = False  # as a PostgreSQL store is
    db = Database(store)

    async def play() -> int:
        first = db.commit(NewAction("m1", 0, 0, "a0", None))
        rest = [db.commit(NewAction("m1", i, i % 2, f"a{i}", None)) for i in range(1, 4)]
        await asyncio.gather(first, *rest)
        written = await db.write(threading.get_ident)
        await db.close()
        return written

    written = run(play())
    assert steps(store) == [0, 1, 2, 3]
    assert written != threading.get_ident()
    assert {thread for _, thread in store.batches} == {written}


def test_a_failed_batch_is_written_again_without_the_move_that_failed_it(
    tmp_path: Path,
) -> None:
    """One bad move (here a step already taken; on PostgreSQL, a NUL byte) fails alone: the
    other moves of its batch are stored and acknowledged."""
    store = a_store(tmp_path)
    db = Database(store)

    async def play() -> list[BaseException | None]:
        await db.commit(NewAction("m1", 0, 0, "a0", None))
        clash = await asyncio.gather(
            db.commit(NewAction("m1", 1, 1, "a1", None)),
            db.commit(NewAction("m1", 0, 0, "again", None)),  # step 0 is taken
            db.commit(NewAction("m1", 2, 0, "a2", None)),
            return_exceptions=True,
        )
        await db.commit(NewAction("m1", 3, 1, "a3", None))
        await db.close()
        return clash

    clash = run(play())
    assert clash[0] is None and clash[2] is None
    assert isinstance(clash[1], IntegrityError)
    assert steps(store) == [0, 1, 2, 3]


def test_a_cancelled_move_does_not_cancel_the_others_in_its_batch(tmp_path: Path) -> None:
    store = a_store(tmp_path)
    db = Database(store)

    async def play() -> None:
        gone = asyncio.ensure_future(db.commit(NewAction("m1", 0, 0, "a0", None)))
        kept = asyncio.ensure_future(db.commit(NewAction("m1", 1, 1, "a1", None)))
        await asyncio.sleep(0)  # both are waiting on the batch now
        gone.cancel()
        await kept
        await db.close()

    run(play())
    assert steps(store) == [0, 1]


@pytest.mark.parametrize("apart", [False, True], ids=["in-commits", "on-a-thread"])
def test_the_log_starts_over_while_moves_keep_coming(tmp_path: Path, apart: bool) -> None:
    """SQLite's log is copied into the database file and started again under a steady stream
    of commits: it must not grow for as long as the server runs, whether the commits checkpoint
    it or the store's thread does (``checkpoints_apart``, the server's way)."""
    store = a_store(tmp_path, checkpoints_apart=apart)
    assert (store.checkpoints is not None) == apart
    db = Database(store)
    wal = tmp_path / "db.sqlite3-wal"

    async def play() -> list[int]:
        sizes = []
        for step in range(3000):
            await db.commit(NewAction("m1", step, step % 2, "x" * 200, None))
            if step % 2:  # about the server's pace under load, not SQLite's fastest
                await asyncio.sleep(0.001)
            if step % 500 == 499:
                sizes.append(wal.stat().st_size)
        await db.close()
        return sizes

    sizes = run(play())
    assert max(sizes) < 8 * 2**20, f"the log kept growing: {sizes}"
    assert steps(store)[-1] == 2999
    if store.checkpoints is not None:
        assert store.checkpoints.restarts > 0 and store.checkpoints.failure is None


def test_no_commit_checkpoints_when_a_thread_does(tmp_path: Path) -> None:
    """With ``checkpoints_apart`` a commit only appends to the log, however long it grows: the
    copying and syncing is the thread's (here kept from running, so the log only grows)."""
    store = a_store(tmp_path, checkpoints_apart=True)
    assert store.checkpoints is not None
    store.checkpoints.stop()
    wal = tmp_path / "db.sqlite3-wal"
    for step in range(1500):
        store.commit([NewAction("m1", step, step % 2, "x" * 200, None)])
    pages = wal.stat().st_size // 4096
    assert pages > 1000, f"a commit checkpointed the log ({pages} pages left)"


def test_a_move_waits_for_the_checkpoint_without_holding_the_loop(tmp_path: Path) -> None:
    """While the checkpoint thread holds SQLite's write lock (restarting the log), a commit is
    told at once that the database is busy; its batch is written a moment later, and every
    other coroutine on the loop runs meanwhile. (Before, the commit waited in SQLite's busy
    handler on the event loop itself.)"""
    store = a_store(tmp_path, checkpoints_apart=True)
    db = Database(store)
    held, release = threading.Event(), threading.Event()

    def hold_the_lock() -> None:
        other = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        held.set()
        release.wait(5)
        other.execute("COMMIT")
        other.close()

    holder = threading.Thread(target=hold_the_lock)
    holder.start()
    held.wait(5)

    async def play() -> int:
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.002)
                ticks += 1

        ticker = asyncio.ensure_future(tick())
        move = asyncio.ensure_future(db.commit(NewAction("m1", 0, 0, "a0", None)))
        await asyncio.sleep(0.2)
        assert not move.done(), "the move is acknowledged only once it is written"
        ticked = ticks
        release.set()
        await move
        ticker.cancel()
        await db.close()
        return ticked

    ticked = run(play())
    holder.join()
    assert ticked >= 20, f"the loop stood still while the commit waited ({ticked} ticks)"
    assert db.busy_retries > 0
    assert steps(store) == [0]


def test_a_new_match_knows_when_it_was_made_as_it_is_stored(tmp_path: Path) -> None:
    store = a_store(tmp_path)
    data = MatchData(
        id="m2", game="duel", options={}, decks=None, seed=2, engine_version="1",
        status="open", public=True, invite="j", created_by=1, seats=[SeatData(0, "human")],
    )  # fmt: skip
    store.create_match(data)
    stored = store.load_match("m2")
    assert stored is not None and data.created_at is not None
    assert stored.created_at == data.created_at, "no need to read a new match back"
    assert stored.created_at.utcoffset() is not None, "times come back as UTC"


def made_at_once(url: str) -> None:
    """Two processes make a setting at once: the other stores it while this one makes its own
    (between its read and its write). Both get the value stored first."""
    ours, theirs = Store(url), Store(url)
    name = f"secret-{uuid.uuid4().hex}"
    try:
        ours.migrate()

        def made_while_the_other_stores() -> str:
            theirs.setting(name, lambda: "theirs")
            return "ours"

        assert ours.setting(name, made_while_the_other_stores) == "theirs"
        assert ours.setting(name, lambda: "ours") == "theirs"
        assert theirs.read_setting(name) == "theirs"
    finally:
        ours.close()
        theirs.close()


def test_a_setting_made_by_two_processes_at_once_is_the_first_stored(tmp_path: Path) -> None:
    """Two workers of a cluster starting together each made the server's session secret; the
    second to store it failed its start on the database's unique key."""
    made_at_once(f"sqlite:///{tmp_path / 'settings.sqlite3'}")
