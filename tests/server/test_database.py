"""The server's use of the store (``server/database.py``): where reads, writes and moves run,
group commit, failures reaching every waiter, and the checkpoints of a SQLite store's log."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from cyberdeck.server import database
from cyberdeck.server.database import Database
from cyberdeck.store import Finish, MatchData, NewAction, SeatData, Store


class Recording(Store):
    """A store that notes each commit's items and the thread that made it."""

    def __init__(self, url: str, **kwargs: Any) -> None:
        super().__init__(url, **kwargs)
        self.batches: list[tuple[list[NewAction | Finish], int]] = []
        self.checkpoints = 0

    def commit(self, items: Iterable[NewAction | Finish]) -> None:
        items = list(items)
        self.batches.append((items, threading.get_ident()))
        super().commit(items)

    def checkpoint(self) -> None:
        self.checkpoints += 1
        super().checkpoint()


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

    async def play() -> None:
        await asyncio.gather(
            *(db.commit(NewAction("m1", i, i % 2, f"a{i}", None)) for i in range(5))
        )
        assert steps(store) == [0, 1, 2, 3, 4], "every move is stored when its commit returns"
        await db.commit(NewAction("m1", 5, 1, "a5", None))
        await db.close()

    asyncio.run(play())
    assert [len(items) for items, _ in store.batches] == [5, 1]
    assert {thread for _, thread in store.batches} == {threading.get_ident()}


def test_reads_run_on_the_database_thread_and_writes_on_the_loop(tmp_path: Path) -> None:
    db = Database(a_store(tmp_path))

    async def where() -> tuple[int, int]:
        read = await db.read(threading.get_ident)
        written = await db.write(threading.get_ident)
        await db.close()
        return read, written

    read, written = asyncio.run(where())
    assert written == threading.get_ident() and read != written


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

    written = asyncio.run(play())
    assert steps(store) == [0, 1, 2, 3]
    assert written != threading.get_ident()
    assert {thread for _, thread in store.batches} == {written}


def test_a_failed_batch_fails_every_move_in_it_and_the_next_batch_is_stored(
    tmp_path: Path,
) -> None:
    store = a_store(tmp_path)
    db = Database(store)

    async def play() -> list[BaseException | None]:
        await db.commit(NewAction("m1", 0, 0, "a0", None))
        clash = await asyncio.gather(
            db.commit(NewAction("m1", 1, 1, "a1", None)),
            db.commit(NewAction("m1", 0, 0, "again", None)),  # step 0 is taken
            return_exceptions=True,
        )
        await db.commit(NewAction("m1", 1, 1, "a1", None))
        await db.close()
        return clash

    clash = asyncio.run(play())
    assert all(isinstance(err, IntegrityError) for err in clash)
    assert steps(store) == [0, 1]


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

    asyncio.run(play())
    assert steps(store) == [0, 1]


def test_the_log_is_checkpointed_on_the_thread_not_by_commits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "CHECKPOINT_EVERY", 0.01)
    store = a_store(tmp_path, checkpoint_by_hand=True)
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    db = Database(store)

    async def play() -> None:
        db.start()
        await db.commit(*(NewAction("m1", i, i % 2, f"a{i}", None) for i in range(50)))
        for _ in range(200):
            if store.checkpoints:
                break
            await asyncio.sleep(0.01)
        idle = store.checkpoints
        await asyncio.sleep(0.1)
        assert store.checkpoints == idle, "no checkpoints while nothing is written"
        await db.close()

    asyncio.run(play())
    assert store.checkpoints >= 1
    with store.engine.connect() as connection:
        busy, logged, copied = connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
    assert (busy, copied) == (0, logged), "everything written has been copied"


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
