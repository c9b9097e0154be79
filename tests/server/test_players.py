"""The accounts and stops the server keeps in memory: each read from the store once, a change
made through the server kept at once (``test_context`` keeps them few)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from cyberdeck.engine import load_game
from cyberdeck.engine.autoanswer import Stops
from cyberdeck.server.players import Players
from cyberdeck.store import UserData


class Store:
    """Accounts and saved stops, counting the reads; a read can be held until released."""

    def __init__(self) -> None:
        self.reads: list[str] = []
        self.saved: dict[tuple[int, str], Any] = {}
        self.gate: asyncio.Event | None = None

    def user_by_id(self, user_id: int) -> UserData | None:
        self.reads.append(f"user {user_id}")
        return UserData(user_id, f"p{user_id}", "account") if user_id < 100 else None

    def stops(self, user_id: int, game: str) -> Any:
        self.reads.append(f"stops {user_id} {game}")
        return self.saved.get((user_id, game))


class Reads:
    """``Database.read`` without a thread: the store's answer, after the gate opens."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def read(self, fn: Callable[..., Any], *args: Any) -> Any:
        found = fn(*args)
        if self.store.gate is not None:
            await self.store.gate.wait()
        return found


def players(keep: int = 10_000) -> tuple[Players, Store]:
    store = Store()
    db: Any = SimpleNamespace(store=store, read=Reads(store).read)
    return Players(db, keep), store


def test_an_account_is_read_once_and_an_unknown_one_every_time() -> None:
    async def scenario() -> None:
        kept, store = players()
        first = await kept.user(7)
        assert first == UserData(7, "p7", "account")
        assert await kept.user(7) is first
        assert await kept.user(500) is None and await kept.user(500) is None
        assert store.reads == ["user 7", "user 500", "user 500"]

    asyncio.run(scenario())


def test_stops_are_read_once_per_player_and_game_and_a_change_is_kept_at_once() -> None:
    ccg = load_game("cyberpunk-ccg")
    mine = Stops(frozenset({"damage:opp"}), True, True)

    async def scenario() -> None:
        kept, store = players()
        store.saved[(1, ccg.id)] = mine.to_json()
        assert await kept.stops(1, ccg) == mine
        assert await kept.stops(1, ccg) == mine
        assert await kept.stops(2, ccg) == Stops.defaults(ccg)
        assert store.reads == ["stops 1 cyberpunk-ccg", "stops 2 cyberpunk-ccg"]
        changed = Stops(frozenset(), False, False)
        kept.stops_changed(2, ccg.id, changed)
        assert await kept.stops(2, ccg) == changed
        assert len(store.reads) == 2

    asyncio.run(scenario())


def test_a_change_made_while_the_store_is_read_wins_over_what_the_read_found() -> None:
    ccg = load_game("cyberpunk-ccg")
    changed = Stops(frozenset({"hits:own"}), True, False)

    async def scenario() -> None:
        kept, store = players()
        store.gate = asyncio.Event()
        reading = asyncio.create_task(kept.stops(3, ccg))
        await asyncio.sleep(0)  # the read has found the old stops and waits for the thread
        kept.stops_changed(3, ccg.id, changed)
        store.gate.set()
        assert await reading == changed
        assert await kept.stops(3, ccg) == changed

    asyncio.run(scenario())
