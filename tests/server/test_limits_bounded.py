"""Every structure the server keeps per key a client chooses (names, addresses, ids, deck
texts) stays bounded: 100,000 distinct keys go through each, and what is left is counted."""

from __future__ import annotations

import asyncio

from cyberdeck.engine import load_game
from cyberdeck.server.lessons import Lessons
from cyberdeck.server.limits import Backoff, Bucket, KeyedLocks, Recent, Throttle
from cyberdeck.server.replays import Replays

from .harness import run

KEYS = 100_000


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_recent_keeps_at_most_its_size() -> None:
    recent: Recent[str, int] = Recent(keep=1_000)
    for n in range(KEYS):
        recent.put(f"key-{n}", n)
    assert len(recent) == 1_000 and recent.get("key-0") is None and recent.get(f"key-{KEYS - 1}")


def test_a_throttle_holds_at_most_its_keys() -> None:
    throttle = Throttle(limit=3, window=60, keep=1_000, clock=Clock())
    for n in range(KEYS):
        throttle.note(f"address-{n}")
    assert len(throttle) == 1_000


def test_a_backoff_holds_at_most_its_keys_and_forgets_old_failures() -> None:
    clock = Clock()
    backoff: Backoff[str] = Backoff(free=2, base=1, cap=8, window=60, keep=1_000, clock=clock)
    for n in range(KEYS):
        backoff.fail(f"name-{n}")
    assert len(backoff) == 1_000
    clock.now += 61
    backoff.fail("fresh")
    assert len(backoff) == 1, "every failure older than the window went"


def test_a_backoff_waits_longer_after_each_failure_up_to_its_cap() -> None:
    clock = Clock()
    backoff: Backoff[str] = Backoff(free=2, base=1, cap=8, window=900, clock=clock)
    waits = []
    for _ in range(7):
        backoff.fail("neo")
        waits.append(backoff.wait("neo"))
    assert waits == [0, 1, 2, 4, 8, 8, 8]
    clock.now += 3
    assert backoff.wait("neo") == 5
    assert backoff.wait("trinity") == 0 and len(backoff) == 1, "asking stores nothing"


def test_a_bucket_lets_a_burst_through_then_a_steady_rate() -> None:
    clock = Clock()
    bucket = Bucket(burst=30, per_hour=60, clock=clock)
    for _ in range(30):
        assert bucket.wait("cafe") == 0
        bucket.take("cafe")
    assert bucket.wait("cafe") == 60, "one a minute after the burst"
    clock.now += 60
    assert bucket.wait("cafe") == 0
    assert bucket.wait("elsewhere") == 0


def test_a_bucket_holds_at_most_its_keys_and_drops_full_ones() -> None:
    clock = Clock()
    bucket = Bucket(burst=5, per_hour=3600, keep=1_000, clock=clock)
    for n in range(KEYS):
        bucket.take(f"address-{n}")
    assert len(bucket) == 1_000
    clock.now += 10
    bucket.take("fresh")
    assert len(bucket) == 1, "a bucket filled up again holds nothing worth keeping"


def test_keyed_locks_hold_nothing_once_released() -> None:
    locks: KeyedLocks[str] = KeyedLocks()
    order: list[str] = []

    async def scenario() -> None:
        for n in range(KEYS):
            async with locks.hold(f"series-{n}"):
                pass
        assert len(locks) == 0

        async def one(tag: str) -> None:
            async with locks.hold("same"):
                order.append(f"{tag} in")
                await asyncio.sleep(0.01)
                order.append(f"{tag} out")

        await asyncio.gather(one("a"), one("b"))
        assert len(locks) == 0

    run(scenario())
    assert order == ["a in", "a out", "b in", "b out"], "one holder at a time"


def test_lessons_keep_at_most_their_size() -> None:
    lessons = Lessons(keep=100)
    game = load_game("matrix-overload")
    for n in range(KEYS // 100):  # a tutorial is a whole game: 1,000 learners is enough
        lessons.start(n, game)
    assert len(lessons) == 100


def test_replays_keep_at_most_their_size() -> None:
    from .test_story import match_data

    replays = Replays(keep=8)

    async def scenario() -> None:
        for n in range(100):
            data = match_data("duel", n)
            data.id = f"replay-{n}"
            data.status = "finished"
            await replays.frame(data, 0)

    run(scenario())
    assert len(replays) == 8
