"""The server's websocket protocol (server/websocket.py) frame by frame, in-process: a recording
transport stands in for the socket and a small ASGI app for the server. The real server runs on it
in every other server and browser test; these cover what well-behaved clients never send."""

from __future__ import annotations

import asyncio
import base64
import os
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import pytest

from cyberdeck.server import websocket
from cyberdeck.server.websocket import WebSocketProtocol, accept_key, close_payload

from .harness import run

KEY = base64.b64encode(b"0123456789abcdef").decode()
UPGRADE = (
    "GET /ws/echo?x=1 HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    f"Sec-WebSocket-Key: {KEY}\r\nSec-WebSocket-Version: 13\r\nCookie: a=b\r\n\r\n"
).encode()


class Transport:
    def __init__(self) -> None:
        self.written = bytearray()
        self.closing = False
        self.reading = True

    def write(self, data: bytes) -> None:
        self.written += data

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 80)}.get(name, default)


def client_frame(opcode: int, payload: bytes, final: bool = True, masked: bool = True) -> bytes:
    n = len(payload)
    first = (0x80 if final else 0) | opcode
    mask_bit = 0x80 if masked else 0
    if n < 126:
        head = bytes((first, mask_bit | n))
    elif n < 1 << 16:
        head = bytes((first, mask_bit | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((first, mask_bit | 127)) + n.to_bytes(8, "big")
    if not masked:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def server_frames(data: bytes) -> list[tuple[int, bytes]]:
    """(opcode, payload) of every frame the server wrote after its handshake."""
    data = data[data.index(b"\r\n\r\n") + 4 :]
    frames = []
    while data:
        size, start = data[1] & 0x7F, 2
        if size == 126:
            size, start = int.from_bytes(data[2:4], "big"), 4
        elif size == 127:
            size, start = int.from_bytes(data[2:10], "big"), 10
        frames.append((data[0] & 0x0F, data[start : start + size]))
        data = data[start + size :]
    return frames


App = Callable[[dict[str, Any], Any, Any], Awaitable[None]]


async def echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Accepts, then sends back every text message in upper case until the client goes."""
    assert (await receive())["type"] == "websocket.connect"
    await send({"type": "websocket.accept"})
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            scope["state"]["closed_with"] = message.get("code")
            return
        await send({"type": "websocket.send", "text": message["text"].upper()})


def opened(
    app: App = echo, request: bytes = UPGRADE, **config: Any
) -> tuple[WebSocketProtocol, Transport, dict[str, Any]]:
    state: dict[str, Any] = {}
    settings = SimpleNamespace(
        loaded=True,
        loaded_app=app,
        root_path="",
        asgi_version="3.0",
        ws_max_size=config.get("max_size", 1 << 20),
        ws_ping_interval=config.get("ping_interval"),
        ws_ping_timeout=config.get("ping_timeout"),
    )
    server_state = SimpleNamespace(connections=set(), tasks=set(), default_headers=[])
    protocol = WebSocketProtocol(settings, server_state, state)
    transport = Transport()
    protocol.connection_made(transport)  # type: ignore[arg-type]
    protocol.data_received(request)
    return protocol, transport, protocol.scope.get("state", state)


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_the_handshake_answers_with_the_accept_key_and_builds_the_scope() -> None:
    async def scenario() -> None:
        protocol, transport, _ = opened()
        await settle()
        head = bytes(transport.written).split(b"\r\n\r\n")[0].decode()
        assert head.startswith("HTTP/1.1 101 ")
        assert f"sec-websocket-accept: {accept_key(KEY)}" in head
        assert protocol.scope["path"] == "/ws/echo" and protocol.scope["query_string"] == b"x=1"
        assert (b"cookie", b"a=b") in protocol.scope["headers"]

    run(scenario())


def test_a_text_message_goes_to_the_app_and_its_answer_comes_back_as_one_frame() -> None:
    async def scenario() -> None:
        protocol, transport, _ = opened()
        await settle()
        protocol.data_received(client_frame(0x1, "héllo".encode()))
        big = "x" * 70_000  # a 64-bit length
        protocol.data_received(client_frame(0x1, big.encode()))
        await settle()
        assert server_frames(bytes(transport.written)) == [
            (0x1, "HÉLLO".encode()),
            (0x1, big.upper().encode()),
        ]

    run(scenario())


def test_frames_split_across_reads_and_fragmented_messages_are_joined() -> None:
    async def scenario() -> None:
        protocol, transport, _ = opened()
        await settle()
        whole = client_frame(0x1, b"split") + client_frame(0x1, b"frag", final=False)
        whole += client_frame(0x9, b"hi")  # a ping between fragments is allowed
        whole += client_frame(0x0, b"ment", final=False) + client_frame(0x0, b"ed")
        for i in range(len(whole)):  # one byte at a time
            protocol.data_received(whole[i : i + 1])
        await settle()
        frames = server_frames(bytes(transport.written))
        assert [f for f in frames if f[0] == 0x1] == [(0x1, b"SPLIT"), (0x1, b"FRAGMENTED")]
        assert (0xA, b"hi") in frames, "the ping is answered"

    run(scenario())


def test_a_client_close_is_answered_with_its_code_and_the_app_hears_it() -> None:
    async def scenario() -> None:
        protocol, transport, state = opened()
        await settle()
        protocol.data_received(client_frame(0x8, (4000).to_bytes(2, "big") + b"bye"))
        await settle()
        assert server_frames(bytes(transport.written))[-1] == (0x8, (4000).to_bytes(2, "big"))
        assert transport.closing and state["closed_with"] == 4000

    run(scenario())


def test_broken_frames_close_the_socket_with_the_protocols_codes() -> None:
    cases = {
        "unmasked": (client_frame(0x1, b"x", masked=False), 1002),
        "bad utf-8": (client_frame(0x1, b"\xff\xfe"), 1007),
        "too big": (client_frame(0x1, b"y" * 200), 1009),
        "continuation of nothing": (client_frame(0x0, b"z"), 1002),
        "long ping": (client_frame(0x9, b"p" * 126), 1002),
        "unknown opcode": (client_frame(0x3, b"?"), 1002),
    }
    for name, (data, code) in cases.items():

        async def scenario(data: bytes = data) -> tuple[list[tuple[int, bytes]], bool, Any]:
            protocol, transport, state = opened(max_size=100)
            await settle()
            protocol.data_received(data)
            await settle()
            return server_frames(bytes(transport.written)), transport.closing, state

        frames, closing, state = run(scenario())
        assert frames[-1][0] == 0x8 and int.from_bytes(frames[-1][1][:2], "big") == code, name
        assert closing and state["closed_with"] == code, name


def test_an_app_that_refuses_before_accepting_gives_an_http_403() -> None:
    async def refuse(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await send({"type": "websocket.close", "code": 4403})

    async def scenario() -> None:
        _, transport, _ = opened(refuse)
        await settle()
        assert bytes(transport.written).startswith(b"HTTP/1.1 403 ")
        assert transport.closing

    run(scenario())


def test_a_request_that_is_not_a_websocket_upgrade_is_refused() -> None:
    for request, status in (
        (UPGRADE.replace(b"Version: 13", b"Version: 8"), b"426"),
        (UPGRADE.replace(b"Upgrade: websocket", b"Upgrade: h2c"), b"400"),
        (UPGRADE.replace(KEY.encode(), b"short"), b"400"),
    ):

        async def scenario(request: bytes = request) -> Transport:
            _, transport, _ = opened(request=request)
            await settle()
            return transport

        transport = run(scenario())
        assert bytes(transport.written).split(b" ")[1] == status and transport.closing


def test_a_client_that_stops_answering_pings_is_dropped() -> None:
    async def scenario() -> None:
        # The timeout is long beside the pauses a busy machine gives this process.
        protocol, transport, state = opened(ping_interval=0.01, ping_timeout=2.0)
        pings: list[bytes] = []
        while not pings:
            await asyncio.sleep(0.005)
            pings = [p for op, p in server_frames(bytes(transport.written)) if op == 0x9]
        protocol.data_received(client_frame(0xA, pings[-1]))  # answered: still open
        await asyncio.sleep(0.2)
        assert not transport.closing
        for _ in range(1000):  # the next ping goes unanswered: closed after the timeout
            if transport.closing:
                break
            await asyncio.sleep(0.01)
        await settle()
        assert transport.closing and state["closed_with"] == 1001

    run(scenario())


def test_a_slow_reader_holds_sends_until_the_buffer_drains() -> None:
    async def scenario() -> None:
        protocol, transport, _ = opened()
        await settle()
        protocol.pause_writing()
        protocol.data_received(client_frame(0x1, b"wait"))
        await settle()
        assert server_frames(bytes(transport.written)) == [], "held while the buffer is full"
        protocol.resume_writing()
        await settle()
        assert server_frames(bytes(transport.written)) == [(0x1, b"WAIT")]

    run(scenario())


def test_a_long_close_reason_is_cut_between_characters_not_inside_one() -> None:
    payload = close_payload(1000, "é" * 100)  # 200 bytes of UTF-8
    assert payload[:2] == (1000).to_bytes(2, "big")
    assert len(payload) - 2 <= 123
    assert payload[2:].decode() == "é" * 61


async def limited(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Accepts with a 100-byte limit of its own and keeps every message it hears."""
    assert (await receive())["type"] == "websocket.connect"
    await send({"type": "websocket.accept", "cyberdeck.max_message": 100})
    heard = scope["state"].setdefault("heard", [])
    while True:
        message = await receive()
        heard.append(message)
        if message["type"] == "websocket.disconnect":
            return


def test_a_message_past_the_apps_limit_is_skipped_unread_and_only_its_size_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    unmasked: list[int] = []
    real_mask = websocket.mask

    def counting(payload: bytes, key: bytes) -> bytes:
        unmasked.append(len(payload))
        return real_mask(payload, key)

    monkeypatch.setattr(websocket, "mask", counting)

    async def scenario() -> None:
        protocol, transport, state = opened(limited)
        await settle()
        # Not even UTF-8, and cut across reads: it is never decoded, so never refused as text.
        stream = client_frame(0x1, b"\xff" * 5000) + client_frame(0x1, b"after")
        for start in range(0, len(stream), 700):
            protocol.data_received(stream[start : start + 700])
        # A fragmented message goes past the limit in its second fragment.
        stream = client_frame(0x2, b"a" * 60, final=False) + client_frame(0x0, b"b" * 60, False)
        stream += client_frame(0x9, b"hi")  # control frames are still answered meanwhile
        stream += client_frame(0x0, b"c" * 10) + client_frame(0x1, b"last")
        protocol.data_received(stream)
        await settle()
        heard = [m for m in state["heard"] if m["type"] == "websocket.receive"]
        assert heard == [
            {"type": "websocket.receive", "cyberdeck.oversized": 5000},
            {"type": "websocket.receive", "text": "after"},
            {"type": "websocket.receive", "cyberdeck.oversized": 130},
            {"type": "websocket.receive", "text": "last"},
        ]
        assert max(unmasked) <= 60, "no byte of a refused message was unmasked"
        assert (0xA, b"hi") in server_frames(bytes(transport.written))
        assert not transport.closing

    run(scenario())


def test_a_message_past_the_transports_cap_closes_with_the_apps_limit_in_the_reason() -> None:
    async def scenario() -> None:
        protocol, transport, _ = opened(limited, max_size=1000)
        await settle()
        protocol.data_received(client_frame(0x1, b"y" * 2000))
        await settle()
        last = server_frames(bytes(transport.written))[-1][1]
        code, reason = last[:2], last[2:]
        assert int.from_bytes(code, "big") == 1009 and transport.closing
        assert reason.decode() == "A message may be at most 100 bytes; this one was 2000."
        # Skipped fragments add up to the cap too: a message never ends by being cut small.
        protocol, transport, _ = opened(limited, max_size=1000)
        await settle()
        for opcode in (0x1, 0x0, 0x0):
            protocol.data_received(client_frame(opcode, b"z" * 400, final=False))
        await settle()
        last = server_frames(bytes(transport.written))[-1][1]
        assert int.from_bytes(last[:2], "big") == 1009 and transport.closing
        assert last[2:].decode() == "A message may be at most 100 bytes; this one was 1200."

    run(scenario())


def test_a_new_message_inside_a_refused_fragmented_one_is_a_protocol_error() -> None:
    async def scenario() -> None:
        protocol, transport, _ = opened(limited)
        await settle()
        protocol.data_received(client_frame(0x1, b"a" * 150, final=False))
        protocol.data_received(client_frame(0x1, b"new"))
        await settle()
        frames = server_frames(bytes(transport.written))
        assert int.from_bytes(frames[-1][1][:2], "big") == 1002 and transport.closing

    run(scenario())
