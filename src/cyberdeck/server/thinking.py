"""AI seats think in worker processes, so that a long search never holds the event loop — and
with it every other match on the server — waiting behind the interpreter lock.

The agent travels with the question and comes back with the answer: its random generator moves
on exactly as if it had thought in the server's own process, so an AI seat plays the same moves
whichever worker answers.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

from ..engine import Agent, State


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


class Thinkers:
    """A pool of worker processes, started on the first question (``spawn``: a fork of a server
    with threads could inherit a lock held by another thread)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, agent: Agent, state: State) -> tuple[str, Agent]:
        """The text of the agent's move in ``state``, and the agent as it stands after choosing."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_follow,
                initargs=(os.getpid(),),
            )
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _think, agent, state)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
