"""The server's websocket protocol under uvicorn: RFC 6455 with no extensions, written for a
server that holds thousands of long games open and sends each player a message per move.

uvicorn's own protocols parse every frame through a general-purpose library (an event object and a
parsing generator per frame), and pause and resume reading around every message — two system calls
a move for each socket. This one parses frames straight out of ``data_received``, keeps incoming
messages in a deque handed to the app through one waiting future, writes each outgoing message as
one frame at once, and stops reading only when a client sends faster than the app takes messages.
It keeps the rest of the contract the server relies on: the opening handshake (a refusal before
``websocket.accept`` is an HTTP 403), close handshakes with their codes, answers to pings, keepalive
pings of its own (a client that vanishes without closing is noticed, so its seat shows as away),
fragmented messages joined, the size cap (close 1009), bad frames refused (1002, 1007), and
uvicorn's shutdown (close 1012). Compression (permessage-deflate) is left to uvicorn's own
protocol: ``serve`` uses that one when compression is asked for.

A message past the app's own limit (which the app names when it accepts: ``cyberdeck.max_message``)
is skipped as it arrives: its bytes are dropped without being kept, unmasked or decoded, and the
app hears only that an oversized message came and how big it was (``cyberdeck.oversized``), so it
can count it against the sender's rate and answer with a sentence. Unmasking and decoding a flood
of 64 KiB messages only to refuse them was a ninth of the server's work under attack.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import os
from collections import deque
from typing import Any, cast
from urllib.parse import unquote

from uvicorn.protocols.utils import ClientDisconnected, get_local_addr, get_remote_addr, is_ssl

log = logging.getLogger("cyberdeck.server")

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
CONTINUATION, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
#: Close codes: normal, going away, protocol error, bad data, too big, server restart.
NORMAL, GOING_AWAY, PROTOCOL_ERROR, BAD_DATA, TOO_BIG, RESTART = 1000, 1001, 1002, 1007, 1009, 1012
#: Messages held for an app that is not reading before the socket stops reading.
INBOX_LIMIT = 64
#: Seconds to wait for the client's answer to our close before dropping the connection.
CLOSE_TIMEOUT = 10.0

Message = dict[str, Any]


def accept_key(key: str) -> str:
    """The ``Sec-WebSocket-Accept`` answer to a client's ``Sec-WebSocket-Key``."""
    return base64.b64encode(hashlib.sha1(key.encode() + _GUID).digest()).decode()


def frame_head(opcode: int, size: int, masked: bool = False) -> bytes:
    """The header of one final frame carrying ``size`` bytes (a client's frames are masked)."""
    bit = 0x80 if masked else 0
    if size < 126:
        return bytes((0x80 | opcode, bit | size))
    if size < 1 << 16:
        return bytes((0x80 | opcode, bit | 126)) + size.to_bytes(2, "big")
    return bytes((0x80 | opcode, bit | 127)) + size.to_bytes(8, "big")


def read_head(buffer: bytearray) -> tuple[int, int, int, int] | None:
    """A frame header at the start of ``buffer``: its first byte (final bit and opcode), second
    byte (mask bit), payload size and where what follows the header starts; ``None`` while the
    header is still incomplete."""
    if len(buffer) < 2:
        return None
    first, second = buffer[0], buffer[1]
    size, start = second & 0x7F, 2
    if size == 126:
        if len(buffer) < 4:
            return None
        size, start = int.from_bytes(buffer[2:4], "big"), 4
    elif size == 127:
        if len(buffer) < 10:
            return None
        size, start = int.from_bytes(buffer[2:10], "big"), 10
    return first, second, size, start


def frame(opcode: int, payload: bytes) -> bytes:
    """One final, unmasked server frame."""
    return frame_head(opcode, len(payload)) + payload


def mask(payload: bytes, key: bytes) -> bytes:
    """``payload`` XOR the four-byte ``key`` repeated: masking and unmasking are the same."""
    n = len(payload)
    stream = (key * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "little") ^ int.from_bytes(stream, "little")).to_bytes(
        n, "little"
    )


def close_payload(code: int, reason: str = "") -> bytes:
    """A close frame's payload: the code and as much of the reason as fits (123 bytes), never
    cut inside a character (a client must read it as UTF-8)."""
    text = reason.encode()[:123].decode(errors="ignore").encode()
    return code.to_bytes(2, "big") + text


class WebSocketProtocol(asyncio.Protocol):
    """One websocket connection, from the upgrade request uvicorn hands over to the close."""

    def __init__(
        self,
        config: Any,
        server_state: Any,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        if not config.loaded:
            config.load()
        self.config = config
        self.app = config.loaded_app
        self.loop = _loop or asyncio.get_event_loop()
        self.app_state = app_state
        self.connections: set[Any] = server_state.connections
        self.tasks: set[asyncio.Task[None]] = server_state.tasks
        self.default_headers: list[tuple[bytes, bytes]] = server_state.default_headers
        self.max_size: int = config.ws_max_size
        self.ping_interval: float | None = config.ws_ping_interval
        self.ping_timeout: float | None = config.ws_ping_timeout
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.key = ""
        self.subprotocols: list[str] = []
        self.scope: Message = {}
        self.inbox: deque[Message] = deque()
        self.waiter: asyncio.Future[None] | None = None
        self.writable: asyncio.Future[None] | None = None
        self.requested = False  # the upgrade request has been read
        self.accepted = False
        self.close_sent = False
        self.disconnected = False  # the app has been (or will be) told the socket is gone
        self.reading = True
        self.parts: list[bytes] = []
        self.parts_opcode = TEXT
        self.parts_size = 0
        #: The app's own limit on a message (``None``: only the transport's, ``max_size``).
        self.limit: int | None = None
        #: Bytes of an oversized frame still to drop as they arrive.
        self.skip = 0
        #: A fragmented message went past ``limit``: its remaining fragments are dropped too.
        self.discarding = False
        self.timer: asyncio.TimerHandle | None = None
        self.ping_payload: bytes | None = None

    # --- the transport ---------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.connections.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.connections.discard(self)
        # The scope's ``write_now`` refers back to this protocol: drop the scope so that the
        # connection is freed as soon as the app lets go of it, not by a full collection.
        self.scope = {}
        self.cancel_timer()
        self.tell_app(
            {"type": "websocket.disconnect", "code": 1006 if not self.close_sent else 1005}
        )
        self.accepted = self.close_sent = True
        self.resume_writing()  # a send waiting for the buffer to drain learns the socket is gone

    def pause_writing(self) -> None:
        if self.writable is None or self.writable.done():
            self.writable = self.loop.create_future()

    def resume_writing(self) -> None:
        if self.writable is not None and not self.writable.done():
            self.writable.set_result(None)
        self.writable = None

    def shutdown(self) -> None:
        """The server is stopping: say so to an open socket (1012), refuse a pending one."""
        assert self.transport is not None
        if not self.close_sent:
            if self.accepted:
                self.tell_app({"type": "websocket.disconnect", "code": RESTART})
                self.transport.write(frame(CLOSE, close_payload(RESTART)))
            else:
                self.respond(500, "Internal Server Error")
            self.close_sent = True
        self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self.skip and not self.buffer:
            dropped = min(self.skip, len(data))
            self.skip -= dropped
            if dropped == len(data):
                return
            data = data[dropped:]
        self.buffer += data
        if not self.requested:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(self.buffer) > 1 << 16:
                    self.respond(431, "Request Header Fields Too Large")
                return
            head = bytes(self.buffer[:end])
            del self.buffer[: end + 4]
            self.requested = True
            self.upgrade(head)
            return  # a client sends no frame before it has our answer
        if self.accepted:
            self.read_frames()

    # --- the opening handshake -------------------------------------------------------------------

    def upgrade(self, head: bytes) -> None:
        """Check the upgrade request and hand the socket to the app (which accepts or refuses)."""
        lines = head.decode("latin-1").split("\r\n")
        method, _, rest = lines[0].partition(" ")
        target = rest.rpartition(" ")[0]
        headers = [line.split(":", 1) for line in lines[1:] if ":" in line]
        fields: dict[str, str] = {}
        for name, value in headers:
            fields.setdefault(name.strip().lower(), value.strip())
        upgrade = fields.get("upgrade", "").lower()
        connection = {t.strip().lower() for t in fields.get("connection", "").split(",")}
        self.key = fields.get("sec-websocket-key", "")
        if method != "GET" or upgrade != "websocket" or "upgrade" not in connection:
            self.respond(400, "Bad Request")
            return
        if fields.get("sec-websocket-version") != "13":
            self.respond(426, "Upgrade Required", [(b"sec-websocket-version", b"13")])
            return
        try:
            if len(base64.b64decode(self.key, validate=True)) != 16:
                raise ValueError(self.key)
        except ValueError:
            self.respond(400, "Bad Request")
            return
        for name, value in headers:
            if name.strip().lower() == "sec-websocket-protocol":
                self.subprotocols += [p.strip() for p in value.split(",") if p.strip()]
        assert self.transport is not None
        path, _, query = target.partition("?")
        root = self.config.root_path
        self.scope = {
            "type": "websocket",
            "asgi": {"version": self.config.asgi_version, "spec_version": "2.4"},
            "http_version": "1.1",
            "scheme": "wss" if is_ssl(self.transport) else "ws",
            "server": get_local_addr(self.transport),
            "client": get_remote_addr(self.transport),
            "root_path": root,
            "path": root + unquote(path),
            "raw_path": (root + path).encode("latin-1"),
            "query_string": query.encode("latin-1"),
            "headers": [
                (name.strip().lower().encode("latin-1"), value.strip().encode("latin-1"))
                for name, value in headers
            ],
            "subprotocols": self.subprotocols,
            "state": self.app_state.copy(),
            # Not ASGI's own: the match sockets write an update at once when the socket can take
            # it, with no task switch (``hub.Connection.send``).
            "extensions": {"cyberdeck.write_now": {"write": self.write_now}},
        }
        self.inbox.append({"type": "websocket.connect"})
        task = self.loop.create_task(self.run_asgi())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def respond(
        self, status: int, phrase: str, headers: list[tuple[bytes, bytes]] | None = None
    ) -> None:
        """An HTTP answer instead of a websocket (a refusal), and the end of the connection."""
        assert self.transport is not None
        lines = [f"HTTP/1.1 {status} {phrase}".encode()]
        for name, value in [*self.default_headers, *(headers or [])]:
            lines.append(name + b": " + value)
        lines += [b"content-length: 0", b"connection: close"]
        self.transport.write(b"\r\n".join(lines) + b"\r\n\r\n")
        self.accepted = self.close_sent = self.disconnected = True
        self.transport.close()

    async def run_asgi(self) -> None:
        try:
            await self.app(self.scope, self.receive, self.send)
        except ClientDisconnected:
            pass
        except BaseException:
            log.exception("a websocket's app failed")
            if not self.accepted:
                self.respond(500, "Internal Server Error")
            else:
                self.close(1011, "server error")
            return
        if not self.accepted:
            log.error("the app returned without accepting or refusing the websocket")
            self.respond(500, "Internal Server Error")
        elif not self.close_sent:
            self.close(NORMAL, "")

    # --- frames in -------------------------------------------------------------------------------

    def read_frames(self) -> None:
        buffer = self.buffer
        transport = self.transport
        while transport is not None and not transport.is_closing():
            if self.skip:
                dropped = min(self.skip, len(buffer))
                del buffer[:dropped]
                self.skip -= dropped
                if self.skip:
                    return
            head = read_head(buffer)
            if head is None:
                return
            first, second, size, start = head
            if not second & 0x80:
                self.fail(PROTOCOL_ERROR, "client frames must be masked")
                return
            if first & 0x70:
                self.fail(PROTOCOL_ERROR, "no extension was agreed")
                return
            if first & 0x08 and (size > 125 or not first & 0x80):
                self.fail(PROTOCOL_ERROR, "control frames are short and whole")
                return
            if size > self.max_size:
                self.fail(TOO_BIG, self.too_big(size))
                return
            if self.limit is not None and not first & 0x08:
                total = size + (self.parts_size if first & 0x0F == CONTINUATION else 0)
                if self.discarding or total > self.limit:
                    problem = self.out_of_order(first & 0x0F)
                    if problem is not None:
                        self.fail(PROTOCOL_ERROR, problem)
                        return
                    if total > self.max_size:  # fragments skipped still add up
                        self.fail(TOO_BIG, self.too_big(total))
                        return
                    self.skip = start + 4 + size
                    self.drop(first & 0x80, total)
                    continue
            end = start + 4 + size
            if len(buffer) < end:
                return
            payload = mask(bytes(buffer[start + 4 : end]), bytes(buffer[start : start + 4]))
            del buffer[:end]
            self.on_frame(first & 0x80, first & 0x0F, payload)

    def too_big(self, size: int) -> str:
        """The close reason for a message past the transport's cap: the limit the app keeps."""
        return f"A message may be at most {self.limit or self.max_size} bytes; this one was {size}."

    def out_of_order(self, opcode: int) -> str | None:
        """What is wrong with a data frame of ``opcode`` here in the stream, if anything."""
        pending = bool(self.parts) or self.discarding
        if opcode == CONTINUATION:
            return None if pending else "a continuation of nothing"
        if opcode in (TEXT, BINARY):
            return "a new message inside a fragmented one" if pending else None
        return f"unknown opcode {opcode}"

    def drop(self, final: int, total: int) -> None:
        """A message past the app's limit is being skipped (its bytes in ``skip``): at its
        last fragment the app hears its size, and nothing of what it said."""
        self.parts = []
        self.parts_size = total
        self.discarding = not final
        if final:
            self.parts_size = 0
            if not self.close_sent:
                self.tell_app({"type": "websocket.receive", "cyberdeck.oversized": total})

    def on_frame(self, final: int, opcode: int, payload: bytes) -> None:
        if self.close_sent and opcode != CLOSE:
            return  # closing: only the client's answer to our close matters now
        if opcode >= CLOSE:
            if opcode == CLOSE:
                self.on_close(payload)
            elif opcode == PING:
                self.write(PONG, payload)
            elif opcode == PONG:
                if payload == self.ping_payload:
                    self.ping_payload = None
                    self.schedule_ping()
            else:
                self.fail(PROTOCOL_ERROR, f"unknown opcode {opcode}")
            return
        if opcode == CONTINUATION:
            if not self.parts:
                self.fail(PROTOCOL_ERROR, "a continuation of nothing")
                return
        elif opcode in (TEXT, BINARY):
            if self.parts:
                self.fail(PROTOCOL_ERROR, "a new message inside a fragmented one")
                return
            if final:
                self.deliver(opcode, payload)
                return
            self.parts_opcode, self.parts_size = opcode, 0
        else:
            self.fail(PROTOCOL_ERROR, f"unknown opcode {opcode}")
            return
        self.parts.append(payload)
        self.parts_size += len(payload)
        if self.parts_size > self.max_size:
            self.fail(TOO_BIG, self.too_big(self.parts_size))
        elif final:
            whole, self.parts = b"".join(self.parts), []
            self.deliver(self.parts_opcode, whole)

    def deliver(self, opcode: int, payload: bytes) -> None:
        if opcode == BINARY:
            self.tell_app({"type": "websocket.receive", "bytes": payload})
            return
        try:
            text = payload.decode()
        except UnicodeDecodeError:
            self.fail(BAD_DATA, "text must be UTF-8")
            return
        self.tell_app({"type": "websocket.receive", "text": text})

    def on_close(self, payload: bytes) -> None:
        code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005
        try:
            reason = payload[2:].decode()
        except UnicodeDecodeError:
            reason = ""
        self.tell_app({"type": "websocket.disconnect", "code": code, "reason": reason})
        assert self.transport is not None
        if not self.close_sent:  # the client closes: answer, and hang up
            self.transport.write(frame(CLOSE, payload[:2]))
            self.close_sent = True
        self.transport.close()

    def fail(self, code: int, reason: str) -> None:
        """A client broke the protocol: tell the app it is gone, send a close with ``code`` and
        hang up at once (what follows in the stream can no longer be read as frames)."""
        self.tell_app({"type": "websocket.disconnect", "code": code, "reason": reason})
        self.close(code, reason)
        if self.transport is not None:
            self.transport.close()

    def tell_app(self, message: Message) -> None:
        if self.disconnected:
            return
        if message["type"] == "websocket.disconnect":
            self.disconnected = True
        self.inbox.append(message)
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)
        if len(self.inbox) > INBOX_LIMIT and self.reading and self.transport is not None:
            self.reading = False  # the app is behind: let the client wait in its own buffers
            self.transport.pause_reading()

    # --- keepalive -------------------------------------------------------------------------------

    def schedule_ping(self) -> None:
        self.cancel_timer()
        if self.ping_interval and not self.close_sent:
            self.timer = self.loop.call_later(self.ping_interval, self.ping)

    def ping(self) -> None:
        self.timer = None
        if self.close_sent:
            return
        self.ping_payload = os.urandom(4)
        self.write(PING, self.ping_payload)
        if self.ping_timeout:
            self.timer = self.loop.call_later(self.ping_timeout, self.ping_missed)
        else:
            self.schedule_ping()

    def ping_missed(self) -> None:
        self.timer = None
        self.fail(GOING_AWAY, "keepalive ping timeout")

    def cancel_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    # --- the app's side (ASGI) -------------------------------------------------------------------

    async def receive(self) -> Message:
        while not self.inbox:
            self.waiter = self.loop.create_future()
            await self.waiter
        message = self.inbox.popleft()
        if not self.reading and len(self.inbox) < INBOX_LIMIT // 2 and self.transport is not None:
            self.reading = True
            self.transport.resume_reading()
        return message

    async def send(self, message: Message) -> None:
        kind = message["type"]
        if not self.accepted:
            if kind == "websocket.accept":
                self.accept(message)
            elif kind == "websocket.close":
                self.tell_app({"type": "websocket.disconnect", "code": message.get("code", 1000)})
                self.respond(403, "Forbidden")
            else:
                raise RuntimeError(f"a websocket must be accepted or closed first, not {kind!r}")
            return
        if self.close_sent:
            raise ClientDisconnected
        if kind == "websocket.send":
            while self.writable is not None:
                await self.writable  # the client reads slowly: wait for the buffer to drain
                if self.close_sent:
                    raise ClientDisconnected
            text = message.get("text")
            if text is not None:
                self.write(TEXT, text.encode())
            else:
                self.write(BINARY, message["bytes"])
        elif kind == "websocket.close":
            self.close(message.get("code", NORMAL), message.get("reason") or "")
        else:
            raise RuntimeError(f"an open websocket cannot send {kind!r}")

    def accept(self, message: Message) -> None:
        assert self.transport is not None
        lines = [
            b"HTTP/1.1 101 Switching Protocols",
            b"upgrade: websocket",
            b"connection: Upgrade",
            b"sec-websocket-accept: " + accept_key(self.key).encode(),
        ]
        chosen = message.get("subprotocol")
        if chosen:
            lines.append(b"sec-websocket-protocol: " + chosen.encode())
        for name, value in [*self.default_headers, *message.get("headers", [])]:
            lines.append(name + b": " + value)
        self.transport.write(b"\r\n".join(lines) + b"\r\n\r\n")
        self.accepted = True
        self.limit = message.get("cyberdeck.max_message")
        self.schedule_ping()
        if self.buffer:
            self.read_frames()

    def write_now(self, data: bytes) -> bool:
        """Write one text message (``data``: its UTF-8) at once if the socket is open and its
        buffer is not backed up; ``False`` (nothing written) otherwise, and the caller waits
        for ``send``."""
        if not self.accepted or self.close_sent or self.writable is not None:
            return False
        return self.write(TEXT, data)

    def write(self, opcode: int, payload: bytes) -> bool:
        """One frame onto the wire, unless the transport is gone; whether it was written."""
        if self.transport is None or self.transport.is_closing():
            return False
        self.transport.write(frame(opcode, payload))
        return True

    def close(self, code: int, reason: str) -> None:
        """Our side of the close handshake; the connection ends at the client's answer (or
        after a grace of ``CLOSE_TIMEOUT`` seconds)."""
        if self.close_sent or self.transport is None:
            return
        self.write(CLOSE, close_payload(code, reason))
        self.close_sent = True
        self.tell_app({"type": "websocket.disconnect", "code": code, "reason": reason})
        self.cancel_timer()
        self.timer = self.loop.call_later(CLOSE_TIMEOUT, self.transport.close)
