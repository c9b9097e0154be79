"""A lean websocket client for the load benchmark (RFC 6455, text frames, no extensions).

The load benchmark runs two thousand client sockets on the same two cores as the server it
measures. A general-purpose client library spends a future, a task switch and a parsing generator
on every frame; here a frame is parsed straight out of ``data_received`` and handed to a callback,
so the clients take a small share of the machine and their own delays stay out of the latency
they report. Server frames arrive unmasked; every client frame is masked with a fresh key, as the
protocol requires. Pings are answered, a close is returned, fragmented messages are joined.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import random
from collections.abc import Callable
from typing import cast
from urllib.parse import urlsplit

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, BINARY, CLOSE, PING, PONG, CONTINUATION = 0x1, 0x2, 0x8, 0x9, 0xA, 0x0


class HandshakeFailed(ConnectionError):
    """The server did not switch protocols (it refused the socket, or is not a websocket)."""


def frame(opcode: int, payload: bytes, rng: random.Random) -> bytes:
    """One final, masked client frame."""
    n = len(payload)
    if n < 126:
        head = bytes((0x80 | opcode, 0x80 | n))
    elif n < 1 << 16:
        head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    key = rng.getrandbits(32).to_bytes(4, "big")
    if not n:
        return head + key
    stream = (key * (n // 4 + 1))[:n]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(stream, "big")).to_bytes(n, "big")
    return head + key + masked


class WireSocket(asyncio.Protocol):
    """One client websocket. ``on_text`` gets every text message; ``closed`` is set at the end."""

    def __init__(self, on_text: Callable[[bytes], None], request: bytes, key: bytes) -> None:
        self.on_text = on_text
        self.request = request
        self.expected = base64.b64encode(hashlib.sha1(key + _GUID).digest())
        self.rng = random.Random(os.urandom(8))
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.upgraded = asyncio.get_running_loop().create_future()
        self.closed = asyncio.Event()
        self.parts: list[bytes] = []
        self.close_sent = False

    @classmethod
    async def connect(
        cls, url: str, on_text: Callable[[bytes], None], headers: dict[str, str]
    ) -> WireSocket:
        """Open ``ws://host:port/path`` and finish the opening handshake."""
        parts = urlsplit(url)
        if parts.scheme != "ws" or parts.hostname is None or parts.port is None:
            raise ValueError(f"not a ws://host:port URL: {url}")
        key = base64.b64encode(os.urandom(16))
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        lines = [
            f"GET {target} HTTP/1.1",
            f"Host: {parts.hostname}:{parts.port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key.decode()}",
            "Sec-WebSocket-Version: 13",
            *(f"{name}: {value}" for name, value in headers.items()),
        ]
        request = ("\r\n".join(lines) + "\r\n\r\n").encode()
        loop = asyncio.get_running_loop()
        _, socket = await loop.create_connection(
            lambda: cls(on_text, request, key), parts.hostname, parts.port
        )
        await socket.upgraded
        return socket

    # --- asyncio.Protocol ------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        self.transport.write(self.request)

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        if not self.upgraded.done():
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(buffer[:end]).decode("latin-1").split("\r\n")
            del buffer[: end + 4]
            fields = {
                name.strip().lower(): value.strip()
                for name, _, value in (line.partition(":") for line in head[1:])
            }
            status = head[0].split(" ", 2)
            if len(status) < 2 or status[1] != "101":
                self.fail(HandshakeFailed(f"the server answered {head[0]!r}"))
                return
            if fields.get("sec-websocket-accept", "").encode() != self.expected:
                self.fail(HandshakeFailed("the server's Sec-WebSocket-Accept does not match"))
                return
            self.upgraded.set_result(None)
        self.read_frames()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.upgraded.done():
            self.upgraded.set_exception(exc or ConnectionError("closed during the handshake"))
        self.closed.set()

    # --- frames ----------------------------------------------------------------------------------

    def read_frames(self) -> None:
        buffer = self.buffer
        while len(buffer) >= 2:
            first, second = buffer[0], buffer[1]
            if second & 0x80:
                self.fail(ConnectionError("a server frame was masked"))
                return
            size, start = second & 0x7F, 2
            if size == 126:
                if len(buffer) < 4:
                    return
                size, start = int.from_bytes(buffer[2:4], "big"), 4
            elif size == 127:
                if len(buffer) < 10:
                    return
                size, start = int.from_bytes(buffer[2:10], "big"), 10
            end = start + size
            if len(buffer) < end:
                return
            payload = bytes(buffer[start:end])
            del buffer[:end]
            self.on_frame(first & 0x80, first & 0x0F, payload)

    def on_frame(self, final: int, opcode: int, payload: bytes) -> None:
        if opcode in (TEXT, BINARY, CONTINUATION):
            if final and not self.parts:
                if opcode != BINARY:
                    self.on_text(payload)
                return
            self.parts.append(payload)
            if final:
                whole, self.parts = b"".join(self.parts), []
                self.on_text(whole)
        elif opcode == PING:
            self.write(PONG, payload)
        elif opcode == CLOSE:
            if not self.close_sent:
                self.write(CLOSE, payload[:2])
                self.close_sent = True
            if self.transport is not None:
                self.transport.close()

    def write(self, opcode: int, payload: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(frame(opcode, payload, self.rng))

    def fail(self, err: Exception) -> None:
        if not self.upgraded.done():
            self.upgraded.set_exception(err)
        if self.transport is not None:
            self.transport.abort()

    # --- the client's side -----------------------------------------------------------------------

    def send(self, text: str | bytes) -> None:
        """Send one text message (written at once; the kernel buffers it)."""
        self.write(TEXT, text.encode() if isinstance(text, str) else text)

    async def close(self) -> None:
        """Say goodbye (status 1000) and wait, briefly, for the server to close."""
        if self.transport is None or self.transport.is_closing():
            return
        if not self.close_sent:
            self.write(CLOSE, (1000).to_bytes(2, "big"))
            self.close_sent = True
        try:
            await asyncio.wait_for(self.closed.wait(), 5)
        except TimeoutError:
            self.transport.abort()
