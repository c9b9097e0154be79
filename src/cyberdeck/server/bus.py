"""News between the server's workers: a notice published on a topic reaches every handler of
that topic, in this process and, with Redis, in every other worker of the cluster.

The bus carries notices, never state: whatever a notice says is already in the database, and a
worker that missed some (Redis down, a subscription lost) reads again what it shows when it is
subscribed again: each topic's ``caught_up`` is called on every (re)subscription. Publishing
never fails the caller: a notice that cannot be sent is logged and counted as lost, and the
worker's own handlers have heard it anyway.

One process (``Bus``): ``publish`` calls the topic's handlers at once, in-process. A cluster
(``RedisBus``): the same, and the notice goes out on the channel ``cyberdeck:<topic>``; each
worker skips its own notices coming back, so every handler hears a notice once.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("cyberdeck.server")

#: A topic's handler, called with each notice's payload.
Handler = Callable[[dict[str, Any]], Awaitable[None] | None]
#: Called after every (re)subscription: re-read from the database what may have been missed.
CatchUp = Callable[[], Awaitable[None] | None]

PREFIX = "cyberdeck:"
#: Waits between tries to reach Redis again: from the first to the longest, doubling, each
#: drawn between half and all of it (workers that lost Redis together do not come back in step).
FIRST_WAIT, LONGEST_WAIT = 0.1, 5.0
#: Notices waiting to be sent before new ones are counted lost (Redis slow or away).
OUTBOX = 10_000
#: Seconds between two log lines about lost notices.
LOST_LOG_EVERY = 10.0


class Bus:
    """The bus of one process: every notice is heard here, and only here."""

    def __init__(self) -> None:
        self.handlers: dict[str, list[Handler]] = {}
        self.catch_ups: dict[str, list[CatchUp]] = {}
        self.published = 0
        self.delivered = 0
        self.lost = 0
        self.reconnects = 0
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def connected(self) -> bool:
        """Whether notices reach the other workers (one process: there are none to reach)."""
        return True

    def subscribe(self, topic: str, handler: Handler, caught_up: CatchUp | None = None) -> None:
        """Call ``handler`` with each notice on ``topic``; ``caught_up`` after each
        (re)subscription to the other workers' notices."""
        self.handlers.setdefault(topic, []).append(handler)
        if caught_up is not None:
            self.catch_ups.setdefault(topic, []).append(caught_up)

    def publish(self, topic: str, payload: dict[str, Any]) -> None:
        """Tell every handler of ``topic`` (never raises); this process's async handlers run
        as tasks of their own."""
        self.published += 1
        self._send_out(topic, payload)
        self._deliver(topic, payload)

    async def announce(self, topic: str, payload: dict[str, Any]) -> None:
        """``publish``, and wait for this process's handlers to be done (a route that answers
        once its own worker has acted on the notice)."""
        self.published += 1
        self._send_out(topic, payload)
        for handler in self.handlers.get(topic, ()):
            try:
                result = handler(payload)
                if inspect.isawaitable(result):
                    await result
            except Exception:
                log.exception("a handler of the bus's %r notices failed", topic)

    def _send_out(self, topic: str, payload: dict[str, Any]) -> None:
        """Hand a notice to the other workers (one process: there are none)."""

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def report(self) -> dict[str, Any]:
        """The counters ``/api/metrics`` shows."""
        return {
            "kind": "redis" if isinstance(self, RedisBus) else "local",
            "published": self.published,
            "delivered": self.delivered,
            "lost": self.lost,
            "reconnects": self.reconnects,
            "connected": self.connected,
        }

    def _deliver(self, topic: str, payload: dict[str, Any]) -> None:
        for handler in self.handlers.get(topic, ()):
            self._call(topic, handler, payload)

    def _call(self, topic: str, handler: Callable[..., Any], *args: Any) -> None:
        try:
            result = handler(*args)
        except Exception:
            log.exception("a handler of the bus's %r notices failed", topic)
            return
        if inspect.isawaitable(result):
            try:
                task = asyncio.ensure_future(result)
            except RuntimeError:  # no event loop runs here: nothing can wait for it
                if inspect.iscoroutine(result):
                    result.close()
                log.exception("a handler of the bus's %r notices could not run", topic)
                return
            self._tasks.add(task)
            task.add_done_callback(lambda t: self._done(topic, t))

    def _done(self, topic: str, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a handler of the bus's %r notices failed", topic, exc_info=task.exception())

    def _caught_up(self) -> None:
        for topic, calls in self.catch_ups.items():
            for call in calls:
                self._call(topic, call)


class RedisBus(Bus):
    """The bus of a cluster: Redis pub/sub carries each notice to the other workers."""

    def __init__(self, url: str, worker: str | None = None) -> None:
        super().__init__()
        self.url = url
        #: What this worker's notices are signed with (its own are skipped coming back).
        self.origin = f"{worker or 'worker'}:{secrets.token_hex(4)}"
        self._connected = False
        self._outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue(OUTBOX)
        self._subscribed = asyncio.Event()
        self._lost_logged = 0.0

    @property
    def connected(self) -> bool:
        return self._connected

    def _send_out(self, topic: str, payload: dict[str, Any]) -> None:
        try:
            text = json.dumps({"o": self.origin, "p": payload}, separators=(",", ":"))
            self._outbox.put_nowait((PREFIX + topic, text.encode()))
        except asyncio.QueueFull:
            self._lose(topic, "too many notices wait to be sent")
        except (TypeError, ValueError) as err:
            self._lose(topic, f"the notice does not encode: {err}")

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        for run in (self._send(), self._listen()):
            task = loop.create_task(run)
            self._tasks.add(task)
            task.add_done_callback(lambda t: self._done("bus", t))

    async def ready(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the subscription: whether it is in place."""
        try:
            await asyncio.wait_for(self._subscribed.wait(), timeout)
        except TimeoutError:
            return False
        return True

    def _client(self) -> Any:
        from redis.asyncio import Redis

        return Redis.from_url(
            self.url, socket_connect_timeout=2.0, socket_timeout=5.0, health_check_interval=10
        )

    def _lose(self, topic: str, why: str) -> None:
        self.lost += 1
        now = time.monotonic()
        if now - self._lost_logged >= LOST_LOG_EVERY:
            self._lost_logged = now
            log.warning("a %r notice did not reach the other workers: %s", topic, why)

    async def _send(self) -> None:
        """Until cancelled: send what waits in the outbox, one notice at a time."""
        client = self._client()
        try:
            while True:
                channel, data = await self._outbox.get()
                try:
                    await client.publish(channel, data)
                except Exception as err:  # whatever went wrong, the notice is lost, not the bus
                    self._lose(channel.removeprefix(PREFIX), str(err) or type(err).__name__)
        finally:
            await client.aclose()

    async def _listen(self) -> None:
        """Until cancelled: hear the other workers' notices; when Redis goes, wait (longer each
        time, up to ``LONGEST_WAIT``), subscribe again and catch up."""
        wait = FIRST_WAIT
        first = True
        while True:
            client = self._client()
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(PREFIX + "*")
                self._connected = True
                self._subscribed.set()
                if not first:
                    self.reconnects += 1
                    log.info("the bus is subscribed again; catching up from the database")
                first = False
                wait = FIRST_WAIT
                self._caught_up()
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is not None:
                        self._heard(message)
            except Exception as err:  # Redis away, or anything else: subscribe afresh
                if self._connected:
                    log.warning("the bus lost Redis (%s); trying again", err)
                self._subscribed.clear()
            finally:
                self._connected = False
                try:
                    await pubsub.aclose()
                    await client.aclose()
                except Exception:
                    log.debug("the bus's old connection did not close cleanly", exc_info=True)
            await asyncio.sleep(random.uniform(wait / 2, wait))
            wait = min(LONGEST_WAIT, wait * 2)

    def _heard(self, message: dict[str, Any]) -> None:
        if message.get("type") != "pmessage":
            return
        channel = message.get("channel", b"")
        topic = (channel.decode() if isinstance(channel, bytes) else str(channel)).removeprefix(
            PREFIX
        )
        try:
            notice = json.loads(message["data"])
            origin, payload = notice["o"], notice["p"]
        except (KeyError, TypeError, ValueError):
            log.warning("an unreadable notice on the bus's %r channel", topic)
            return
        if origin == self.origin or not isinstance(payload, dict):
            return
        self.delivered += 1
        self._deliver(topic, payload)


def make_bus(redis_url: str | None, worker: str | None = None) -> Bus:
    """The cluster's bus when there is a Redis server to carry it, else the process's own."""
    return RedisBus(redis_url, worker) if redis_url else Bus()
