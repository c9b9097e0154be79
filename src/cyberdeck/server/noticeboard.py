"""A tournament's page kept live: whoever has it open holds a stream (server-sent events) that
is told each time the tournament changes (an entry, a drop, a table ended, a round paired, the
cut, the end), and the page reads the tournament again. A notice says only *that* it changed,
never what, so each reader still sees exactly what the tournament route shows them (an
invite-only tournament's invite stays its creator's).

Bounded like the bots' streams: a few streams per address, a cap on all of them, and one
notice at most waiting per stream, the latest (a reader behind by ten changes reads the
tournament once).

In a cluster a change made on one worker reaches the streams on every worker (the bus's
``tournament`` notices); a worker that may have missed some tells each of its streams where its
tournament stands now, read from the database.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from .bus import Bus

#: Streams one address may hold open at once (a few tabs), and all of them together.
STREAMS_PER_ADDRESS = 8
MOST_STREAMS = 5_000
#: Where a tournament stands now, as stored (``None``: there is no such tournament).
StatusOf = Callable[[str], Awaitable[str | None]]


class Noticeboard:
    def __init__(self, bus: Bus | None = None, status_of: StatusOf | None = None) -> None:
        self.readers: dict[str, set[asyncio.Queue[str]]] = {}
        self.by_address: dict[str, int] = {}
        self.count = 0
        self.bus = bus or Bus()
        self.status_of = status_of
        self.bus.subscribe("tournament", self._heard, self._caught_up)

    def full(self, address: str) -> bool:
        """``address``, or the server, holds as many streams as it may."""
        return self.count >= MOST_STREAMS or self.by_address.get(address, 0) >= STREAMS_PER_ADDRESS

    def listen(self, tournament_id: str, address: str) -> asyncio.Queue[str] | None:
        """A new stream of ``tournament_id``'s notices (``None``: ``full``)."""
        if self.full(address):
            return None
        queue: asyncio.Queue[str] = asyncio.Queue(1)
        self.readers.setdefault(tournament_id, set()).add(queue)
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self.count += 1
        return queue

    def leave(self, tournament_id: str, address: str, queue: asyncio.Queue[str]) -> None:
        held = self.readers.get(tournament_id)
        if held is None or queue not in held:
            return
        held.discard(queue)
        if not held:
            del self.readers[tournament_id]
        left = self.by_address.get(address, 1) - 1
        if left:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)
        self.count -= 1

    def post(self, tournament_id: str, status: str) -> None:
        """Tell every reader of ``tournament_id``, on every worker, that it changed
        (``status``: where it now stands: open, running, finished)."""
        self.bus.publish("tournament", {"id": tournament_id, "status": status})

    def _heard(self, notice: dict[str, Any]) -> None:
        self._tell(str(notice["id"]), str(notice["status"]))

    async def _caught_up(self) -> None:
        if self.status_of is None:
            return
        for tournament_id in list(self.readers):
            status = await self.status_of(tournament_id)
            if status is not None:
                self._tell(tournament_id, status)

    def _tell(self, tournament_id: str, status: str) -> None:
        for queue in self.readers.get(tournament_id, ()):
            if queue.full():
                queue.get_nowait()  # a notice still waits: the latest takes its place
            queue.put_nowait(status)
