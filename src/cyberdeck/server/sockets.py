"""The websocket of a match: checks the Origin and the session before accepting, then reads
messages under the size and rate caps and hands them to the hub. A bad message gets a typed error;
it never ends the connection, let alone the server.

Match sockets are served straight on ASGI (``MatchSockets``, the outermost layer of the app), not
through the web framework's router and middleware: a connection lives for a whole game, and each
framework layer kept a coroutine, closures and wrappers alive for it and ran on every message — a
third of the objects the collector walked with a thousand matches under way, and a share of every
move's cost.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from .auth import COOKIE
from .config import ServerConfig
from .context import Context
from .hub import Connection, error
from .leases import Elsewhere
from .protocol import (
    Accept,
    BadMessage,
    Claim,
    ErrorCode,
    GestureMsg,
    Hint,
    Look,
    Move,
    Ping,
    RematchAnswer,
    Resign,
    Resync,
    Say,
    Undo,
    read_client_message,
)
from .text import query_refusal, refusal
from .wire import encode

log = logging.getLogger("cyberdeck.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Close codes (4000 + the HTTP status they resemble).
FORBIDDEN, UNAUTHORISED, NOT_FOUND, TOO_MANY = 4403, 4401, 4404, 4429
#: A request the socket cannot serve (a query that does not parse), before it is accepted.
POLICY = 1008
#: The match is on another worker of a cluster for now: reconnect (as after a restart).
TRY_AGAIN = 1013
MATCH_PATH = re.compile(r"/ws/matches/([^/]+)")
TRUE = {"1", "true", "yes", "on"}


class Socket:
    """One websocket on the bare ASGI interface: headers, cookies, query, and the messages."""

    def __init__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.receive = receive
        self._send = send
        self.headers: dict[str, str] = {
            name.decode("latin-1").lower(): value.decode("latin-1")
            for name, value in scope["headers"]
        }
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        #: The protocol's synchronous write, where it has one (``server/websocket.py`` does).
        self._write_now: Callable[[bytes], bool] | None = (
            scope.get("extensions", {}).get("cyberdeck.write_now", {}).get("write")
        )
        self.query = {name: values[-1] for name, values in query.items()}

    def cookie(self, name: str) -> str | None:
        for part in self.headers.get("cookie", "").split(";"):
            key, _, value = part.strip().partition("=")
            if key == name:
                return value
        return None

    async def accept(self, max_message: int) -> None:
        """Accept, naming the largest message the app reads: the server's own protocol
        (``server/websocket.py``) then skips a larger one unread and says only how big it was."""
        connect = await self.receive()
        if connect["type"] != "websocket.connect":
            raise ConnectionError("the client left before the socket was accepted")
        await self._send({"type": "websocket.accept", "cyberdeck.max_message": max_message})

    def write_now(self, data: bytes) -> bool:
        return self._write_now is not None and self._write_now(data)

    async def send_utf8(self, data: bytes) -> None:
        """A text message given as UTF-8 (ASGI's text is a ``str``: the slow path decodes)."""
        await self._send({"type": "websocket.send", "text": data.decode()})

    async def send_json(self, message: dict[str, Any]) -> None:
        await self.send_utf8(encode(message))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self._send({"type": "websocket.close", "code": code, "reason": reason or ""})


#: A socket's handler past the checks every socket gets: the context and the socket.
Handler = Callable[[Context, Socket], Awaitable[None]]


class MatchSockets:
    """The app's outermost layer: ``/ws/matches/{id}`` is served here, and each path of
    ``paths`` by its handler (the bots' socket), the rest by ``rest`` (``app`` wrapped in
    whatever guards it; ``app.state`` holds the server's context)."""

    def __init__(
        self, app: Any, rest: ASGIApp | None = None, paths: dict[str, Handler] | None = None
    ) -> None:
        self.app = app
        self.rest: ASGIApp = rest or app
        self.paths = paths or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            path = scope["path"]
            found = MATCH_PATH.fullmatch(path)
            handler = self.paths.get(path)
            if found is not None or handler is not None:
                socket = Socket(scope, receive, send)
                refused = refusal(path, "The address") or query_refusal(
                    scope.get("query_string", b"")
                )
                if refused is not None:
                    await socket.close(POLICY, refused[:120])
                elif handler is not None:
                    await handler(self.app.state.ctx, socket)
                elif found is not None:
                    await match_socket(self.app.state.ctx, socket, found[1])
                return
        await self.rest(scope, receive, send)


def origin_allowed(origin: str | None, host: str, config: ServerConfig) -> bool:
    """Cross-site websocket hijacking and request forgery stop here: a browser always names the
    page's origin on a websocket and on a request that changes something; it must be the
    server's own or one of ``allowed_origins``."""
    if origin is None:
        return config.allow_missing_origin
    allowed = {f"http://{host}", f"https://{host}", *config.allowed_origins}
    return origin.rstrip("/") in allowed


async def match_socket(ctx: Context, socket: Socket, match_id: str) -> None:
    """Play (your own seats: ``seat=N`` picks the one to start at) or watch (``watch=true``, or
    not seated) a match."""
    try:
        seat = int(socket.query["seat"]) if "seat" in socket.query else None
    except ValueError:
        await socket.close(POLICY, "seat must be a number")
        return
    watch = socket.query.get("watch", "").lower() in TRUE
    invite = socket.query.get("invite")
    config = ctx.config
    if not origin_allowed(socket.headers.get("origin"), socket.headers.get("host", ""), config):
        await socket.close(FORBIDDEN, "origin not allowed")
        return
    user = await ctx.user(socket.cookie(COOKIE))
    if user is None:
        await socket.close(UNAUTHORISED, "sign in first")
        return
    await socket.accept(config.max_message_bytes)
    try:
        room = await ctx.hub.room(match_id)
    except Elsewhere as err:  # a cluster's other worker has it: the client tries again
        await socket.send_json(error(ErrorCode.ELSEWHERE, str(err)))
        await socket.close(TRY_AGAIN, "served elsewhere; reconnect")
        return
    if room is None:
        await socket.send_json(error(ErrorCode.NO_MATCH, f"There is no match '{match_id}'."))
        await socket.close(NOT_FOUND)
        return
    own = room.seats_of(user.id)
    refusal: tuple[ErrorCode, str, int] | None = None
    mine = sum(1 for c in room.conns if c.user_id == user.id and not c.closed)
    if seat is not None and seat not in own:
        refusal = (
            ErrorCode.NOT_YOUR_SEAT,
            f"Seat {seat} is not yours; you may only act for your own.",
            FORBIDDEN,
        )
    elif not own and not room.data.public and not room.invited(invite):
        refusal = (
            ErrorCode.NOT_YOUR_SEAT,
            "This match is private; watching needs its invite.",
            FORBIDDEN,
        )
    elif mine >= config.sockets_per_match:
        refusal = (
            ErrorCode.TOO_MANY,
            f"You have {mine} connections to this match already; close one first.",
            TOO_MANY,
        )
    if refusal is not None:
        # A finished match was loaded (replayed) to answer: a refusal must not keep it there.
        ctx.hub.forget_if_idle(room)
        code, sentence, close_code = refusal
        await socket.send_json(error(code, sentence))
        await socket.close(close_code)
        return
    if seat is not None:
        own = (seat, *(s for s in own if s != seat))
    conn = Connection(socket, () if watch else own, user.id, config)
    await ctx.hub.connect(room, conn)
    try:
        # After the welcome: the chat this connection takes part in, and a rematch on offer.
        await ctx.chat.greet(ctx, room, conn)
        await ctx.rematches.greet(ctx, room, conn)
        while True:
            got = await next_message(ctx, socket, conn)
            if got is None:
                break
            data, arrived, received = got
            try:
                msg = read_client_message(data)
            except BadMessage as err:
                conn.send(error(ErrorCode.MALFORMED, str(err)))
                continue
            try:
                if isinstance(msg, Move | Undo | Accept | GestureMsg):
                    await ctx.hub.move(room, conn, msg, received)
                    ctx.hub.move_ms.append((time.perf_counter() - arrived) * 1000)
                elif isinstance(msg, Look):
                    ctx.hub.look(room, conn, msg)
                elif isinstance(msg, Hint):
                    ctx.hub.hint(room, conn)
                elif isinstance(msg, Resync):
                    await ctx.hub.resync(room, conn)
                elif isinstance(msg, Claim):
                    await ctx.hub.claim(room, conn, msg, received)
                elif isinstance(msg, Resign):
                    await ctx.hub.resign(room, conn, msg)
                elif isinstance(msg, Say):
                    await ctx.chat.say(ctx, room, conn, msg)
                elif isinstance(msg, RematchAnswer):
                    await ctx.rematches.answer(ctx, room, conn, msg)
                elif isinstance(msg, Ping):
                    conn.send({"type": "pong"})
            except Exception:
                log.exception("match %s: a message could not be handled", match_id)
                conn.send(error(ErrorCode.SERVER, "The server could not handle that message."))
    finally:
        await ctx.hub.disconnect(room, conn)
        ctx.rematches.left(room, conn)
        conn.forget()


async def next_message(
    ctx: Context, socket: Socket, conn: Connection
) -> tuple[str | bytes, float, float] | None:
    """The next message of ``socket`` that is answered on its merits, with when it arrived (the
    monotonic ``perf_counter``, for the move latency) and when it was received (the wall
    clock's time: the clocks judge a move or a claim by when it came in, not when it was
    handled); ``None`` once the socket is gone. Every socket keeps the same limits here, a
    person's and a bot's: past the rate a message is dropped (with a notice a second at most),
    past the size it is answered ``too-large``; an oversized one counts against the rate too
    (it costs the most)."""
    config = ctx.config
    while not conn.closed:
        message = await socket.receive()
        arrived = time.perf_counter()
        received = ctx.hub.wall.now()
        if message["type"] == "websocket.disconnect":
            return None
        data = message.get("text")
        if data is None:
            data = message.get("bytes")
        oversized: int | None = message.get("cyberdeck.oversized")
        if data is None and oversized is None:
            continue
        if not conn.allow():
            now = time.monotonic()
            if now - conn.warned_at >= 1.0:
                conn.warned_at = now
                conn.send(
                    error(
                        ErrorCode.RATE_LIMITED,
                        f"Too many messages: at most {config.rate_per_second:g} a second; "
                        "the extra ones were ignored.",
                    )
                )
            continue
        size = oversized or 0  # told by our protocol, which skipped the message unread
        if data is not None:  # handed over whole (uvicorn's protocol, with compression)
            size = len(data.encode()) if isinstance(data, str) else len(data)
        if data is None or size > config.max_message_bytes:
            conn.send(
                error(
                    ErrorCode.TOO_LARGE,
                    f"A message may be at most {config.max_message_bytes} bytes; "
                    f"this one was {size}.",
                )
            )
            continue
        return data, arrived, received
    return None
