"""A worker's matches in a cluster (``serve --workers N``): each match has exactly one owner at a
time, the worker holding its lease in the database (``store.leases``).

- A match made by worker ``w2`` gets an id ending ``.w2``; the balancer sends every request
  naming that id to ``w2`` while it is up, and to another worker (the same one for the same id)
  while it is down.
- A worker asked about a match takes its lease first: at once if nobody holds it, after it
  expires if a dead worker held it (a takeover: the time the match had no owner is charged to
  nobody's clock), or, for a match whose id names this worker (its home, back after a restart),
  by asking the holder to hand it over. Any other worker answers that the match is served
  elsewhere, and the client tries again.
- The leases are renewed together a few times per lease; a match whose lease was lost meanwhile
  (the worker stalled past its lease) leaves memory, its sockets closed so that their clients
  reconnect to the new owner. Every move is stored only with the lease's token (``Fence``).
- Each worker also holds ``worker:NAME`` (its life) and at most one holds ``director``; running
  matches whose owner died and that nobody asks about (all-AI tables) are adopted by the worker
  their id names, or, while that one is down, by one of the living workers.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import secrets
import time
import zlib
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import Engine

from ..engine import CyberdeckError
from ..store import Fence
from ..store.leases import MATCH, WORKER, Held, Kept, acquire, alive, expired, release, renew
from .database import Database

log = logging.getLogger("cyberdeck.server")

#: A worker's name: it ends the ids of the matches it makes (``.w2``).
WORKER_NAME = re.compile(r"[a-z][a-z0-9]{0,7}")
#: The lease of the one tournament director of a cluster.
DIRECTOR = "director"
#: Seconds between tries while a lease is held by another worker.
POLL = 0.1
#: Expired leases adopted per look.
ADOPT_BATCH = 50


class Elsewhere(CyberdeckError):
    """The match is played on another worker of this server right now."""

    def __init__(self) -> None:
        super().__init__(
            "This match is being played on another worker of this server; "
            "reconnect in a moment and you will reach it."
        )


def home_of(match_id: str) -> str | None:
    """The worker a match's id names (``None``: an id made outside a cluster)."""
    head, dot, home = match_id.rpartition(".")
    return home if dot and head and WORKER_NAME.fullmatch(home) else None


class Ownership:
    """This worker's leases: taken on demand, renewed together, handed over when asked."""

    def __init__(self, db: Database, worker: str, seconds: float) -> None:
        self.db = db
        self.worker = worker
        self.seconds = seconds
        #: This process, as the holder of its leases (a restarted worker is a new holder).
        self.holder = f"{worker}/{os.getpid()}/{secrets.token_hex(3)}"
        #: Each held match's fencing token, and the releases under way.
        self.tokens: dict[str, int] = {}
        self.releasing: dict[str, asyncio.Task[None]] = {}
        self.directing = False
        #: When the leases were last renewed (monotonic seconds); takeovers made and handed.
        self.renewed = time.monotonic()
        self.taken_over = 0
        self.handed_over = 0

    @property
    def engine(self) -> Engine:
        return self.db.store.engine

    def report(self) -> dict[str, Any]:
        """For ``/api/metrics``: this worker, what it holds, and its takeovers and handovers."""
        return {
            "worker": self.worker,
            "holder": self.holder,
            "matches_held": len(self.tokens),
            "directing": self.directing,
            "taken_over": self.taken_over,
            "handed_over": self.handed_over,
            "renewed_ago": round(time.monotonic() - self.renewed, 3),
        }

    def own_id(self, match_id: str, home: str | None = None) -> str:
        """A new match's id, naming its home (this worker unless said): the balancer sends
        its requests there."""
        return match_id if home_of(match_id) else f"{match_id}.{home or self.worker}"

    async def any_worker(self) -> str:
        """A living worker of the cluster, drawn at random (this one if none is known)."""
        living = sorted(await self.db.read(alive, self.engine, WORKER))
        return secrets.choice(living) if living else self.worker

    def fence(self, match_id: str) -> Fence | None:
        """What a move of ``match_id`` is stored with (``None``: this worker holds it no more)."""
        token = self.tokens.get(match_id)
        return None if token is None else Fence(match_id, self.holder, token, self.seconds)

    async def _try(self, name: str, ask: bool) -> Held | Kept:
        return await self.db.read(acquire, self.engine, name, self.holder, self.seconds, ask)

    async def take(self, match_id: str, wait: bool = True) -> float | None:
        """Hold ``match_id``: how many seconds it had no owner, when a dead worker's lease was
        taken over (else ``None``). ``Elsewhere`` if a living worker keeps it and this one is
        not its home; a dead worker's lease is waited out (``wait``), and a home worker waits
        for the holder to hand its match back."""
        pending = self.releasing.get(match_id)
        if pending is not None:  # let go a moment ago: taken afresh once that is done
            await asyncio.wait([pending])
        ask = home_of(match_id) in (self.worker, None)
        deadline = time.monotonic() + (2 * self.seconds + 1 if wait else 0)
        while True:
            got = await self._try(MATCH + match_id, ask)
            if isinstance(got, Held):
                self.tokens[match_id] = got.token
                if got.down_for is not None:
                    self.taken_over += 1
                return got.down_for
            left = deadline - time.monotonic()
            if left <= 0 or (not ask and await self._elsewhere(match_id, got)):
                raise Elsewhere()
            # Tried again when the lease expires (a dead holder's), or, asking for it, about
            # when the holder hands it over at its next renewal: a thousand matches waiting on
            # one takeover must not keep the database busy meanwhile.
            due = min(got.expires_in, self.seconds / 3) if ask else got.expires_in
            await asyncio.sleep(min(left, max(POLL, due + POLL / 2)))

    async def _elsewhere(self, match_id: str, kept: Kept) -> bool:
        """Whether a living worker other than this match's home keeps it (the client must go
        there). A home worker that still seems alive is waited for instead: the balancer sends
        a match elsewhere only once its home fails its health checks, so the home has most
        likely died, and its lease is about to expire."""
        living = await self.db.read(alive, self.engine, WORKER)
        if kept.holder not in living.values():
            return False
        return kept.holder.split("/", 1)[0] != home_of(match_id)

    def let_go(self, match_id: str) -> asyncio.Task[None] | None:
        """Release a match this worker no longer keeps in memory: at once it is held no more
        here (no move of it is stored), and its lease is released in a task (``take`` waits
        for it, so a match let go and asked for again is not released after it was taken)."""
        if self.tokens.pop(match_id, None) is None:
            return None
        task = asyncio.get_running_loop().create_task(self._release(match_id))
        self.releasing[match_id] = task

        def done(finished: asyncio.Task[None]) -> None:
            if self.releasing.get(match_id) is finished:
                del self.releasing[match_id]

        task.add_done_callback(done)
        return task

    async def _release(self, match_id: str) -> None:
        try:
            await self.db.read(release, self.engine, MATCH + match_id, self.holder)
        except Exception:
            log.exception("the lease of match %s was not released (it will expire)", match_id)

    async def close(self) -> None:
        """Release every lease this worker holds (it is stopping)."""
        for match_id in list(self.tokens):
            self.let_go(match_id)
        if self.releasing:
            await asyncio.wait(list(self.releasing.values()))
        try:
            await self.db.read(release, self.engine, WORKER + self.worker, self.holder)
            await self.db.read(release, self.engine, DIRECTOR, self.holder)
        except Exception:
            log.exception("this worker's own leases were not released (they will expire)")

    async def begin(self) -> None:
        """Hold this worker's own life (a previous life's lease is waited out)."""
        while not isinstance(await self._try(WORKER + self.worker, False), Held):
            await asyncio.sleep(POLL)

    async def run(
        self,
        lost: Callable[[str], Awaitable[None]],
        hand_over: Callable[[str], Awaitable[None]],
        adopt: Callable[[str], Awaitable[None]],
    ) -> None:
        """Until cancelled: renew everything held; ``lost`` each match held no more,
        ``hand_over`` each one another worker asks for, ``adopt`` orphaned running matches."""
        beat = self.seconds / 3
        looked = 0.0
        while True:
            await asyncio.sleep(beat)
            try:
                renewal = await self.db.read(renew, self.engine, self.holder, self.seconds)
            except Exception:
                log.exception("leases not renewed")
                if time.monotonic() - self.renewed > self.seconds:
                    for match_id in list(self.tokens):
                        self.tokens.pop(match_id, None)
                        await lost(match_id)
                continue
            self.renewed = time.monotonic()
            self.directing = DIRECTOR in renewal.held
            for match_id in list(self.tokens):
                if MATCH + match_id not in renewal.held:
                    self.tokens.pop(match_id, None)
                    await lost(match_id)
            for name in renewal.wanted:
                if name.startswith(MATCH) and name[len(MATCH) :] in self.tokens:
                    self.handed_over += 1
                    await hand_over(name[len(MATCH) :])
            if WORKER + self.worker not in renewal.held:
                await self.begin()
            if time.monotonic() - looked >= self.seconds:
                looked = time.monotonic()
                await self._adopt(adopt)

    async def _adopt(self, adopt: Callable[[str], Awaitable[None]]) -> None:
        """Take up the expired matches this worker should: those whose id names it, and, among
        those whose home worker is down, the share that falls to it."""
        if not self.directing:
            self.directing = isinstance(await self._try(DIRECTOR, False), Held)
        try:
            orphans = await self.db.read(expired, self.engine, MATCH, ADOPT_BATCH)
            living = sorted(await self.db.read(alive, self.engine, WORKER))
        except Exception:
            log.exception("orphaned matches not looked for")
            return
        for name in orphans:
            match_id = name[len(MATCH) :]
            home = home_of(match_id)
            if home == self.worker or (
                home not in living and living and share(match_id, living) == self.worker
            ):
                try:
                    await adopt(match_id)
                except Elsewhere:
                    continue
                except Exception:
                    log.exception("match %s not adopted", match_id)


def share(match_id: str, workers: list[str]) -> str:
    """The worker among ``workers`` an orphaned match falls to (the same on every worker)."""
    return workers[zlib.crc32(match_id.encode()) % len(workers)]
