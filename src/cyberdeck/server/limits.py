"""Limits kept per key, where the keys are a client's to choose (names tried, addresses, series
ids, deck texts): every structure here is bounded, however many keys come by. A server that runs
for months meets more names, addresses and ids than it should hold, and an attacker can make up
keys faster than any window ages them out.

``Recent`` keeps the most recently used entries; ``Throttle`` counts events in a window;
``Backoff`` makes each failure wait longer than the last; ``Bucket`` lets a burst through and a
steady rate after it; ``KeyedLocks`` holds a lock only while someone holds or waits for it.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable, Hashable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

Clock = Callable[[], float]


class Recent(Generic[K, V]):
    """The entries used most recently, at most ``keep`` of them (the least recently used go)."""

    def __init__(self, keep: int = 10_000) -> None:
        self.keep = keep
        self._entries: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> V:
        self._entries[key] = value
        self._entries.move_to_end(key)
        if len(self._entries) > self.keep:
            self._entries.popitem(last=False)
        return value

    def pop(self, key: K) -> V | None:
        return self._entries.pop(key, None)

    def __len__(self) -> int:
        return len(self._entries)


class Throttle:
    """At most ``limit`` events per key in ``window`` seconds (sign-in failures per address).
    At most ``keep`` keys, in the order of their latest event; each new key first drops the keys
    at the front whose events have all aged out (and, when still full, the oldest live one): a
    few keys a call, never a scan of them all. Asking (``wait``) stores nothing."""

    def __init__(
        self, limit: int, window: float, keep: int = 50_000, clock: Clock = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self.keep = keep
        self.clock = clock
        self._events: OrderedDict[str, deque[float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._events)

    def _prune(self, now: float) -> None:
        events = self._events
        while events:
            latest = next(iter(events.values()))
            if len(events) < self.keep and latest and now - latest[-1] < self.window:
                return
            events.popitem(last=False)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may act again (0: now)."""
        events = self._events.get(key)
        if events is None:
            return 0.0
        now = self.clock()
        while events and now - events[0] >= self.window:
            events.popleft()
        if len(events) < self.limit:
            return 0.0
        return max(0.0, self.window - (now - events[0]))

    def note(self, key: str) -> None:
        now = self.clock()
        events = self._events.get(key)
        if events is None:
            self._prune(now)
            events = self._events[key] = deque(maxlen=max(1, self.limit))
        else:
            self._events.move_to_end(key)
        events.append(now)

    def forget(self, key: str) -> None:
        self._events.pop(key, None)


@dataclass(slots=True)
class _Failures:
    count: int
    last: float


class Backoff(Generic[K]):
    """Failures per key, each making the next try wait longer: the first ``free`` cost nothing,
    then ``base`` seconds, doubling with each failure, never more than ``cap``. A key whose
    last failure is ``window`` seconds old starts afresh; at most ``keep`` keys (the least
    recently failed go first). Asking (``wait``) stores nothing."""

    def __init__(
        self,
        free: int,
        base: float,
        cap: float,
        window: float = 900.0,
        keep: int = 50_000,
        clock: Clock = time.monotonic,
    ) -> None:
        self.free, self.base, self.cap, self.window = free, base, cap, window
        self.keep = keep
        self.clock = clock
        self._failures: OrderedDict[K, _Failures] = OrderedDict()

    def __len__(self) -> int:
        return len(self._failures)

    def delay(self, failures: int) -> float:
        """How long a key with ``failures`` recent failures waits after its last one."""
        if failures < self.free:
            return 0.0
        return min(self.cap, self.base * 2.0 ** min(64, failures - self.free))

    def wait(self, key: K) -> float:
        """Seconds until ``key`` may try again (0: now)."""
        found = self._failures.get(key)
        if found is None:
            return 0.0
        since = self.clock() - found.last
        if since >= self.window:
            return 0.0
        return max(0.0, self.delay(found.count) - since)

    def fail(self, key: K) -> None:
        now = self.clock()
        found = self._failures.pop(key, None)
        if found is None or now - found.last >= self.window:
            found = _Failures(0, now)
        found.count += 1
        found.last = now
        self._failures[key] = found
        while self._failures and (
            len(self._failures) > self.keep
            or now - next(iter(self._failures.values())).last >= self.window
        ):
            self._failures.popitem(last=False)

    def forget(self, key: K) -> None:
        self._failures.pop(key, None)


@dataclass(slots=True)
class _Tokens:
    tokens: float
    stamp: float


class Bucket:
    """Per key, a burst of ``burst`` at once and then ``per_hour`` an hour (a token bucket).
    A key whose bucket has filled up again holds nothing worth keeping: it is dropped as new
    keys come, and at most ``keep`` keys are held (the least recently used go first, which
    only hands that key a full bucket early)."""

    def __init__(
        self, burst: int, per_hour: float, keep: int = 50_000, clock: Clock = time.monotonic
    ) -> None:
        self.burst = burst
        self.rate = per_hour / 3600.0
        self.keep = keep
        self.clock = clock
        self._keys: OrderedDict[str, _Tokens] = OrderedDict()

    def __len__(self) -> int:
        return len(self._keys)

    def _tokens(self, key: str, now: float) -> float:
        found = self._keys.get(key)
        if found is None:
            return float(self.burst)
        return min(float(self.burst), found.tokens + (now - found.stamp) * self.rate)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may take one (0: now)."""
        tokens = self._tokens(key, self.clock())
        if tokens >= 1:
            return 0.0
        return math.inf if self.rate <= 0 else (1 - tokens) / self.rate

    def take(self, key: str) -> None:
        now = self.clock()
        tokens = self._tokens(key, now) - 1
        self._keys.pop(key, None)
        self._keys[key] = _Tokens(tokens, now)
        while self._keys:
            oldest = next(iter(self._keys))
            if len(self._keys) <= self.keep and self._tokens(oldest, now) < self.burst:
                break
            del self._keys[oldest]


class KeyedLocks(Generic[K]):
    """One lock per key, held only while someone holds it or waits for it: asking about a
    million ids leaves nothing behind."""

    def __init__(self) -> None:
        self._locks: dict[K, tuple[asyncio.Lock, int]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    @asynccontextmanager
    async def hold(self, key: K) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users <= 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)
