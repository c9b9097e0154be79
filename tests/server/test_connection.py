"""A connection's outgoing messages: written at once while the socket takes them, kept in order
behind a slow reader, and a reader too far behind is dropped (it reconnects and resyncs)."""

from __future__ import annotations

import asyncio
import time

from cyberdeck.server.config import ServerConfig
from cyberdeck.server.hub import Connection

from .harness import run


class SlowWire:
    """A socket whose buffer is full until ``drain`` is called."""

    def __init__(self) -> None:
        self.now: list[bytes] = []
        self.later: list[bytes] = []
        self.full = False
        self.drained = asyncio.Event()
        self.closed_with: int | None = None

    def write_now(self, data: bytes) -> bool:
        if self.full:
            return False
        self.now.append(data)
        return True

    async def send_utf8(self, data: bytes) -> None:
        await self.drained.wait()
        self.later.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed_with = code


def test_messages_wait_in_order_behind_a_slow_reader() -> None:
    async def scenario() -> None:
        wire = SlowWire()
        conn = Connection(wire, (0,), 1, ServerConfig())
        conn.send(b"one")
        wire.full = True
        conn.send(b"two")
        wire.full = False
        conn.send(b"three")  # the socket could take it, but "two" is still waiting: order holds
        assert wire.now == [b"one"] and list(conn.backlog) == [(None, b"two"), (None, b"three")]
        wire.drained.set()
        await asyncio.sleep(0.01)
        assert wire.later == [b"two", b"three"] and not conn.backlog and conn.writer is None
        conn.send(b"four")
        assert wire.now == [b"one", b"four"], "written at once again"

    run(scenario())


def test_a_reader_too_far_behind_is_closed_and_sent_nothing_more() -> None:
    async def scenario() -> None:
        wire = SlowWire()
        wire.full = True
        conn = Connection(wire, (0,), 1, ServerConfig(send_queue=3))
        for n in range(5):
            conn.send(f"m{n}".encode())
        assert conn.closed
        wire.drained.set()
        await asyncio.sleep(0.01)
        assert wire.closed_with == 1013 and wire.later == [], "dropped, then closed"
        conn.send(b"after")
        assert wire.now == [] and wire.later == []

    run(scenario())


def test_a_message_held_for_later_holds_every_message_after_it() -> None:
    """A step the other seats are shown later (``server.pacing``) is not overtaken by a refusal,
    a resync or a close look sent after it: those could name the step early."""

    async def scenario() -> None:
        wire = SlowWire()
        wire.drained.set()
        conn = Connection(wire, (0,), 1, ServerConfig())
        conn.send(b"now", time.monotonic() - 1)
        conn.send(b"step", time.monotonic() + 3600)
        conn.send(b"refusal")
        await asyncio.sleep(0)
        assert wire.now == [b"now"] and wire.later == []
        assert list(conn.backlog) == [(None, b"refusal")], "the step is on its way, the rest waits"
        conn.forget()

    run(scenario())
