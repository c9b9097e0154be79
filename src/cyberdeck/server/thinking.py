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
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
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


def review(record: Record) -> str | None:
    """The game's review of a finished game (it may take seconds: a worker's job)."""
    return load_game(record.game).review(record)


class Thinkers:
    """A pool of worker processes, started on the first question (``spawn``: a fork of a server
    with threads could inherit a lock held by another thread)."""

    #: How often one question is asked again after its worker died under it.
    TRIES = 3

    def __init__(self, workers: int, limit: float = 10.0) -> None:
        self.workers = workers
        self.limit = limit
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

    async def choose(self, agent: Agent, state: State) -> tuple[str, Agent]:
        """The text of the agent's move in ``state``, and the agent as it stands after choosing.
        Raises ``NoAnswer`` when the agent thinks past the limit or its worker keeps dying."""
        answer: tuple[str, Agent] = await self.run(_think, agent, state)
        return answer

    async def run(self, work: Callable[..., T], *args: Any, limit: float | None = None) -> T:
        """``work(*args)`` in a worker, within ``limit`` seconds (the move limit by default)."""
        loop = asyncio.get_running_loop()
        limit = self.limit if limit is None else limit
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
