"""Leases on PostgreSQL (``store.leases``): one holder at a time, taken over only once expired,
handed over when asked, and a move stored only with its holder's token — a worker that lost a
match while it stalled can never store a move after the new owner loaded it."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from sqlalchemy import delete

from cyberdeck.server.leases import home_of, share
from cyberdeck.store import Fence, MatchData, NewAction, SeatData, Store
from cyberdeck.store.leases import (
    MATCH,
    WORKER,
    Held,
    Kept,
    LeaseLost,
    acquire,
    alive,
    expired,
    release,
    renew,
)
from cyberdeck.store.models import Lease


@pytest.fixture
def store(postgres_url: str) -> Iterator[Store]:
    store = Store(postgres_url)
    store.migrate()
    with store.engine.begin() as connection:
        connection.execute(delete(Lease))
    yield store
    store.close()


def test_one_holder_at_a_time_and_a_takeover_only_once_expired(store: Store) -> None:
    engine = store.engine
    first = acquire(engine, MATCH + "m", "w1/1", 0.4, ask=False)
    assert first == Held(1, None)
    assert acquire(engine, MATCH + "m", "w1/1", 0.4, ask=False) == Held(1, None)  # renewed
    kept = acquire(engine, MATCH + "m", "w2/2", 0.4, ask=False)
    assert isinstance(kept, Kept) and kept.holder == "w1/1" and 0 < kept.expires_in <= 0.4
    time.sleep(0.5)
    taken = acquire(engine, MATCH + "m", "w2/2", 5, ask=False)
    assert isinstance(taken, Held) and taken.token == 2
    assert taken.down_for is not None and 0.4 <= taken.down_for < 5
    assert renew(engine, "w1/1", 5).held == frozenset()
    assert renew(engine, "w2/2", 5).held == {MATCH + "m"}


def test_a_holder_is_asked_and_hands_over(store: Store) -> None:
    engine = store.engine
    assert isinstance(acquire(engine, MATCH + "m.w1", "w2/2", 5, ask=False), Held)
    kept = acquire(engine, MATCH + "m.w1", "w1/9", 5, ask=True)
    assert isinstance(kept, Kept) and kept.holder == "w2/2"
    renewal = renew(engine, "w2/2", 5)
    assert renewal.wanted == {MATCH + "m.w1"}
    release(engine, MATCH + "m.w1", "w2/2")
    assert acquire(engine, MATCH + "m.w1", "w1/9", 5, ask=True) == Held(1, None)
    assert renew(engine, "w1/9", 5).wanted == frozenset()


def test_a_move_is_stored_only_with_its_holders_token(store: Store) -> None:
    user = store.create_user("Fence", "guest")
    seats = [SeatData(0, "human", None, user.id), SeatData(1, "ai", "easy")]
    data = MatchData(
        id="fenced.w1",
        game="duel",
        options={},
        decks=None,
        seed=1,
        engine_version="1",
        status="running",
        public=True,
        invite="x",
        created_by=user.id,
        seats=seats,
    )
    store.create_match(data)
    engine = store.engine
    old = acquire(engine, MATCH + data.id, "w1/1", 0.3, ask=False)
    assert isinstance(old, Held)
    store.commit([Fence(data.id, "w1/1", old.token, 0.3), NewAction(data.id, 0, 0, "a", "m0")])
    time.sleep(0.4)  # w1 stalls past its lease; w2 takes the match over
    new = acquire(engine, MATCH + data.id, "w2/2", 5, ask=False)
    assert isinstance(new, Held) and new.token == old.token + 1
    with pytest.raises(LeaseLost):
        store.commit([Fence(data.id, "w1/1", old.token, 5), NewAction(data.id, 1, 0, "b", "m1")])
    store.commit([Fence(data.id, "w2/2", new.token, 5), NewAction(data.id, 1, 1, "c", "m1")])
    loaded = store.load_match(data.id)
    assert loaded is not None
    assert [(a.step, a.text) for a in loaded.actions] == [(0, "a"), (1, "c")]


def test_workers_alive_and_orphans_expired(store: Store) -> None:
    engine = store.engine
    acquire(engine, WORKER + "w1", "w1/1", 5, ask=False)
    acquire(engine, WORKER + "w2", "w2/2", 0.2, ask=False)
    acquire(engine, MATCH + "x.w2", "w2/2", 0.2, ask=False)
    time.sleep(0.3)
    assert alive(engine, WORKER) == {"w1": "w1/1"}
    assert expired(engine, MATCH, 10) == [MATCH + "x.w2"]


def test_a_match_id_names_its_home_worker() -> None:
    assert home_of("AbC-_12.w2") == "w2"
    assert home_of("AbC-_12") is None
    assert home_of("tournament.3.1") is None  # a tournament table's id, made outside a cluster
    assert home_of("tournament.3.1.w1") == "w1"
    assert {share(f"m{i}", ["w1", "w2"]) for i in range(20)} == {"w1", "w2"}
