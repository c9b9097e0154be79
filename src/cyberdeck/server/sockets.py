"""The websocket of a match: checks the Origin and the session before accepting, then reads
messages under the size and rate caps and hands them to the hub. A bad message gets a typed error;
it never ends the connection, let alone the server."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .auth import COOKIE
from .config import ServerConfig
from .context import Context
from .hub import Connection, error
from .protocol import (
    BadMessage,
    Claim,
    ErrorCode,
    Look,
    Move,
    Ping,
    Resign,
    Resync,
    Undo,
    read_client_message,
)

router = APIRouter()
log = logging.getLogger("cyberdeck.server")

#: Close codes (4000 + the HTTP status they resemble).
FORBIDDEN, UNAUTHORISED, NOT_FOUND = 4403, 4401, 4404


def origin_allowed(socket: WebSocket, config: ServerConfig) -> bool:
    """Cross-site websocket hijacking stops here: a browser always names the page's origin."""
    origin = socket.headers.get("origin")
    if origin is None:
        return config.allow_missing_origin
    host = socket.headers.get("host", "")
    allowed = {f"http://{host}", f"https://{host}", *config.allowed_origins}
    return origin.rstrip("/") in allowed


@router.websocket("/ws/matches/{match_id}")
async def match_socket(
    socket: WebSocket,
    match_id: str,
    seat: int | None = None,
    watch: bool = False,
    invite: str | None = None,
) -> None:
    """Play (your own seats: ``seat=N`` picks the one to start at) or watch (``watch=true``, or
    not seated) a match."""
    ctx: Context = socket.app.state.ctx
    config = ctx.config
    if not origin_allowed(socket, config):
        await socket.close(FORBIDDEN, "origin not allowed")
        return
    user = await ctx.user(socket.cookies.get(COOKIE))
    if user is None:
        await socket.close(UNAUTHORISED, "sign in first")
        return
    await socket.accept()
    room = await ctx.hub.room(match_id)
    if room is None:
        await socket.send_json(error(ErrorCode.NO_MATCH, f"There is no match '{match_id}'."))
        await socket.close(NOT_FOUND)
        return
    own = room.seats_of(user.id)
    if seat is not None and seat not in own:
        await socket.send_json(
            error(
                ErrorCode.NOT_YOUR_SEAT, f"Seat {seat} is not yours; you may only act for your own."
            )
        )
        await socket.close(FORBIDDEN)
        return
    invited = invite is not None and secrets.compare_digest(invite, room.data.invite)
    if not own and not room.data.public and not invited:
        await socket.send_json(
            error(ErrorCode.NOT_YOUR_SEAT, "This match is private; watching needs its invite.")
        )
        await socket.close(FORBIDDEN)
        return
    if seat is not None:
        own = (seat, *(s for s in own if s != seat))
    conn = Connection(socket, () if watch else own, user.id, config)
    pump = asyncio.create_task(conn.pump())
    await ctx.hub.connect(room, conn)
    try:
        while not conn.closed:
            message = await socket.receive()
            arrived = time.perf_counter()
            if message["type"] == "websocket.disconnect":
                break
            data = message.get("text")
            if data is None:
                data = message.get("bytes")
            if data is None:
                continue
            size = len(data.encode()) if isinstance(data, str) else len(data)
            if size > config.max_message_bytes:
                conn.send(
                    error(
                        ErrorCode.TOO_LARGE,
                        f"A message may be at most {config.max_message_bytes} bytes; "
                        f"this one was {size}.",
                    )
                )
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
            try:
                msg = read_client_message(data)
            except BadMessage as err:
                conn.send(error(ErrorCode.MALFORMED, str(err)))
                continue
            try:
                if isinstance(msg, Move | Undo):
                    await ctx.hub.move(room, conn, msg)
                    ctx.hub.move_ms.append((time.perf_counter() - arrived) * 1000)
                elif isinstance(msg, Look):
                    ctx.hub.look(room, conn, msg)
                elif isinstance(msg, Resync):
                    await ctx.hub.resync(room, conn)
                elif isinstance(msg, Claim):
                    await ctx.hub.claim(room, conn, msg)
                elif isinstance(msg, Resign):
                    await ctx.hub.resign(room, conn, msg)
                elif isinstance(msg, Ping):
                    conn.send({"type": "pong"})
            except Exception:
                log.exception("match %s: a message could not be handled", match_id)
                conn.send(error(ErrorCode.SERVER, "The server could not handle that message."))
    except WebSocketDisconnect:
        pass
    finally:
        await ctx.hub.disconnect(room, conn)
        pump.cancel()
