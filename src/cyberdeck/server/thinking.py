"""AI seats think in worker processes, so that a long search never holds the event loop — and
with it every other match on the server — waiting behind the interpreter lock.

The agent travels with the question and comes back with the answer: its random generator moves
on exactly as if it had thought in the server's own process, so an AI seat plays the same moves
whichever worker answers.

No agent can hold the workers: a question gets ``limit`` seconds, after which the workers are
ended and started afresh (a search cannot be interrupted inside a process, only the process
can), and a worker that dies (a crash, a kill) is replaced and the question asked again. Either
way the caller hears ``NoAnswer`` and plays a move of its own; the other matches' questions
that were under way are asked again of the new workers.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from ..engine import Agent, Record, State, load_game

T = TypeVar("T")


class NoAnswer(Exception):
    """The agent gave no move: it thought past the limit, or its worker kept dying."""


def _follow(parent: int) -> None:
    """In each worker: end when the server does. A server killed outright (``kill -9``) never
    shuts its pool down, and its workers would otherwise wait for questions forever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="follow-the-server", daemon=True).start()


def _think(agent: Agent, state: State) -> tuple[str, Agent]:
    return agent.choose(state).text, agent


def check_deck(game_id: str, text: str) -> tuple[list[Any], list[str]]:
    """A deck list's cards and problems (``Game.check_deck``): a long list is a tenth of a
    second of CPU, a worker's job rather than the event loop's."""
    return load_game(game_id).check_deck(text)


def review(record: Record) -> str | None:
    """The game's review of a finished game (it may take seconds: a worker's job)."""
    return load_game(record.game).review(record)


Owner = Hashable


class FairShare:
    """Turns at the workers, shared fairly between their owners (the players whose matches,
    hints and reviews ask): at most ``per_owner`` of the ``slots`` at once for one owner, and
    the owners who wait are served in turn, one question each, whatever each has queued.
    Ten all-AI ``hard`` matches of one player took another player's AI answer from 0.22 s to
    6-10 s, queued behind them; now that player's question waits at most for a worker to be
    free of one question, and with ``per_owner`` below ``slots`` not even that."""

    def __init__(self, slots: int, per_owner: int) -> None:
        self.free = slots
        self.per_owner = per_owner
        self.busy: dict[Owner, int] = {}
        self._waiting: dict[Owner, deque[asyncio.Future[None]]] = {}
        #: The owners waiting, in the order they will be served.
        self._order: deque[Owner] = deque()

    def waiting(self) -> int:
        return sum(len(queue) for queue in self._waiting.values())

    @asynccontextmanager
    async def turn(self, owner: Owner) -> AsyncIterator[None]:
        """Hold one worker for ``owner`` while the block runs (waiting for it fairly)."""
        await self._acquire(owner)
        try:
            yield
        finally:
            self._release(owner)

    async def _acquire(self, owner: Owner) -> None:
        asked: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._waiting.get(owner)
        if queue is None:  # an owner is in the order exactly while it has a queue
            queue = self._waiting[owner] = deque()
            self._order.append(owner)
        queue.append(asked)
        self._hand_on()
        try:
            await asked
        except asyncio.CancelledError:
            if asked.done() and not asked.cancelled():
                self._release(owner)  # the turn came as the asker went: hand it on
            raise

    def _release(self, owner: Owner) -> None:
        self.free += 1
        left = self.busy[owner] - 1
        if left:
            self.busy[owner] = left
        else:
            del self.busy[owner]
        self._hand_on()

    def _hand_on(self) -> None:
        """Free workers to the waiting owners: the one with the fewest questions thinking
        first (the earliest in line among equals), never past its share."""
        while self.free > 0:
            chosen: Owner | None = None
            for owner in list(self._order):
                queue = self._waiting[owner]
                while queue and queue[0].done():  # askers that went away
                    queue.popleft()
                if not queue:
                    del self._waiting[owner]
                    self._order.remove(owner)
                    continue
                thinking = self.busy.get(owner, 0)
                if thinking < self.per_owner and (
                    chosen is None or thinking < self.busy.get(chosen, 0)
                ):
                    chosen = owner
            if chosen is None:
                return
            self.free -= 1
            self.busy[chosen] = self.busy.get(chosen, 0) + 1
            queue = self._waiting[chosen]
            queue.popleft().set_result(None)
            self._order.remove(chosen)
            if queue:
                self._order.append(chosen)
            else:
                del self._waiting[chosen]


class Thinkers:
    """A pool of worker processes, started on the first question (``spawn``: a fork of a server
    with threads could inherit a lock held by another thread), whose turns are shared fairly
    between the players asking (``FairShare``: one player's AI matches may hold at most half
    of the workers when there are two or more)."""

    #: How often one question is asked again after its worker died under it.
    TRIES = 3

    def __init__(self, workers: int, limit: float = 10.0) -> None:
        self.workers = workers
        self.limit = limit
        self.share = FairShare(workers, max(1, workers // 2))
        self._pool: ProcessPoolExecutor | None = None
        #: Pools replaced after a crash or a question past the limit (for tests and metrics).
        self.restarts = 0

    def _current(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_follow,
                initargs=(os.getpid(),),
            )
        return self._pool

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """End ``broken``'s workers (one may be deep in a search) so the next question gets new
        ones; a pool already replaced by another question's failure is left alone."""
        if self._pool is not broken:
            return
        self._pool = None
        self.restarts += 1
        for process in list((getattr(broken, "_processes", None) or {}).values()):
            if process.is_alive():
                process.kill()
        # Questions still queued fail with ``BrokenProcessPool`` once the pool sees its workers
        # gone, and their callers ask again; cancelling them would cancel their callers.
        broken.shutdown(wait=False)

    async def choose(self, owner: Owner, agent: Agent, state: State) -> tuple[str, Agent]:
        """The text of the agent's move in ``state``, and the agent as it stands after choosing
        (``owner``: the player the question is asked for). Raises ``NoAnswer`` when the agent
        thinks past the limit or its worker keeps dying."""
        answer: tuple[str, Agent] = await self.run(owner, _think, agent, state)
        return answer

    async def run(
        self, owner: Owner, work: Callable[..., T], *args: Any, limit: float | None = None
    ) -> T:
        """``work(*args)`` in a worker when ``owner``'s turn comes, within ``limit`` seconds of
        it (the move limit by default)."""
        async with self.share.turn(owner):
            return await self._run(work, args, self.limit if limit is None else limit)

    async def _run(self, work: Callable[..., T], args: tuple[Any, ...], limit: float) -> T:
        loop = asyncio.get_running_loop()
        for _ in range(self.TRIES):
            pool = self._current()
            try:
                asked = loop.run_in_executor(pool, work, *args)
                return await asyncio.wait_for(asked, limit)
            except BrokenProcessPool:
                self._replace(pool)
            except TimeoutError:
                self._replace(pool)
                raise NoAnswer(f"no answer within {limit:g} seconds") from None
        raise NoAnswer("the worker died on every try")

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
