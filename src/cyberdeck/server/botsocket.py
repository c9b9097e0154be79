"""The bots' websocket, ``/ws/bot``: one socket a bot keeps open to hear its events and play.

The bot names itself with its token in the opening request's ``Authorization: Bearer TOKEN``
header (a browser page cannot send that header on a websocket, so the Origin check that keeps
pages off people's sockets has nothing to guard here). It is then told exactly what the NDJSON
stream tells (``botstream``: ``challenge``, ``start``, ``turn``, ``end``, one text message
each; a new socket is first told every match the bot sits in and every turn waiting for it)
and answers on the same socket: ``move`` and ``resign`` (played by ``bots.play_move`` and
``bots.resign_match``, as the HTTP routes play them) and ``ping``. Each is answered ``played``
or ``error`` with the sentence a person would read; a refused message never ends the socket.

The socket keeps a person's socket's limits (``sockets.next_message``: the message rate and
size), a bot's moves their one rate however they are sent, and its feeds their cap (streams and
sockets together, ``botstream.STREAMS_PER_BOT``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import JSONResponse
from pydantic.json_schema import models_json_schema

from ..store import UserData
from .botprotocol import (
    SOCKET_KINDS,
    ChallengeEvent,
    EndEvent,
    Played,
    Refusal,
    SocketMove,
    SocketResign,
    StartEvent,
    TurnEvent,
    bot_events,
    socket_answers,
    socket_messages,
)
from .bots import NDJSON, Refused, open_feed, play_move, resign_match
from .botstream import CLOSED, Feed
from .context import Context, bearer
from .hub import Connection
from .protocol import BadMessage, ErrorCode, Ping, Pong, read_message
from .sockets import TOO_MANY, UNAUTHORISED, Socket, next_message

log = logging.getLogger("cyberdeck.server")

#: Where a bot's websocket connects.
BOT_PATH = "/ws/bot"

router = APIRouter(tags=["bots"])


def refusal(refused: Refused, match: str | None, msg_id: str | None) -> dict[str, Any]:
    return Refusal(
        type="error",
        code=refused.code,
        message=refused.sentence,
        match=refused.match or match,
        id=msg_id,
        seq=refused.seq,
        retry=refused.retry or None,
    ).model_dump()


async def bot_socket(ctx: Context, socket: Socket) -> None:
    """A bot's socket, from its token to its close."""
    config = ctx.config
    token = bearer(socket.headers.get("authorization", ""))
    bot = await ctx.bot(token) if token is not None else None
    await socket.accept(config.max_message_bytes)
    if bot is None:
        sentence = (
            "This socket is for bots: send the bot's token as 'Authorization: Bearer TOKEN'."
            if token is None
            else "That token is no bot's; a bot's token is shown once, when the bot is made."
        )
        refused = Refusal(type="error", code=ErrorCode.UNAUTHORISED, message=sentence)
        await socket.send_json(refused.model_dump())
        await socket.close(UNAUTHORISED, "no bot's token")
        return
    try:
        feed = open_feed(ctx, bot)
    except Refused as refused:
        await socket.send_json(refusal(refused, None, None))
        await socket.close(TOO_MANY, "too many feeds")
        return
    conn = Connection(socket, (), bot.id, config)
    telling = asyncio.get_running_loop().create_task(tell(feed, conn))
    try:
        while True:
            got = await next_message(ctx, socket, conn)
            if got is None:
                break
            await answer(ctx, bot, conn, got[0])
    finally:
        telling.cancel()
        ctx.bot_lines.close(bot.id, feed)
        conn.forget()


async def tell(feed: Feed, conn: Connection) -> None:
    """The bot's events onto its socket, in order, until the feed closes (the bot fell behind:
    the socket closes, and a new one is told again what waits)."""
    while True:
        event = await feed.get()
        if event == CLOSED:
            conn.stop()
            return
        conn.send(event)


async def answer(ctx: Context, bot: UserData, conn: Connection, data: str | bytes) -> None:
    """One message of the bot's, answered ``played``, ``pong`` or ``error``."""
    try:
        msg = read_message(data, socket_messages, SOCKET_KINDS)
    except BadMessage as err:
        conn.send(refusal(Refused(ErrorCode.MALFORMED, str(err)), None, None))
        return
    if isinstance(msg, Ping):
        conn.send({"type": "pong"})
        return
    try:
        if isinstance(msg, SocketMove):
            played = await play_move(ctx, bot, msg.match, msg.action, msg.seq, msg.id or "")
        else:
            played = await resign_match(ctx, bot, msg.match, msg.id or "")
        conn.send(played.model_dump())
    except Refused as refused:
        conn.send(refusal(refused, msg.match, msg.id))
    except Exception:
        log.exception("bot %s: a message could not be handled", bot.id)
        sentence = "The server could not handle that message."
        conn.send(refusal(Refused(ErrorCode.SERVER, sentence), msg.match, msg.id))


#: Where the socket's messages are in the OpenAPI document's components (``document``).
SCHEMAS = "#/components/schemas/{model}"


@router.get(
    BOT_PATH,
    status_code=426,
    summary="The bot's websocket",
    responses={426: {"description": "A plain HTTP request: this path takes only a websocket."}},
    openapi_extra={
        "parameters": [
            {
                "name": "Authorization",
                "in": "header",
                "required": True,
                "description": "Bearer TOKEN: the bot's token.",
                "schema": {"type": "string"},
            }
        ],
        "requestBody": {
            "description": "What the bot sends on the websocket, a JSON text message each.",
            "content": {
                "application/json": {"schema": {"$ref": SCHEMAS.format(model="BotSocketIn")}}
            },
        },
        "responses": {
            "101": {
                "description": "Switching to the websocket. Every message the server sends on "
                "it is one of these (a text message each): the events of the NDJSON stream, "
                "and the answers to the bot's messages (played, error, pong).",
                "content": {
                    "application/json": {"schema": {"$ref": SCHEMAS.format(model="BotSocketOut")}}
                },
            }
        },
    },
)
async def socket_page() -> JSONResponse:
    """The bot's websocket: connect with ``Authorization: Bearer TOKEN``; hear the same events
    as the NDJSON stream (``challenge``, ``start``, ``turn``, ``end``) and answer ``move``
    (``match``, ``seq``, ``action``, an optional ``id``), ``resign`` (``match``) or ``ping``
    on the same socket; each is answered ``played``, ``error`` (a code and a sentence: the
    socket stays open) or ``pong``. A person's socket's limits apply: the message rate and
    size, and four feeds (streams and sockets) a bot."""
    sentence = (
        f"{BOT_PATH} is a websocket: connect with a websocket client and the bot's token as "
        "'Authorization: Bearer TOKEN'."
    )
    return JSONResponse(
        {"detail": sentence},
        status_code=426,
        headers={"Upgrade": "websocket"},
    )


#: The schema components the socket's documentation names: each message either way, and
#: their unions (``BotSocketIn``: the bot's; ``BotSocketOut``: the server's).
SOCKET_MODELS = (
    SocketMove,
    SocketResign,
    Ping,
    ChallengeEvent,
    StartEvent,
    TurnEvent,
    EndEvent,
    Played,
    Refusal,
    Pong,
)
UNIONS = {"BotEvent": bot_events, "BotSocketIn": socket_messages, "BotSocketOut": socket_answers}


def document(app: FastAPI) -> None:
    """Add the bot API's messages (the events, the socket's messages either way) and their
    unions to the app's OpenAPI components, where the stream's and the socket's documentation
    refer to them (a stream's lines and a socket's messages are no route's body or response,
    so the framework would not list them itself)."""
    made = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = made()
        schemas = schema.setdefault("components", {}).setdefault("schemas", {})
        _, defined = models_json_schema(
            [(model, "serialization") for model in SOCKET_MODELS], ref_template=SCHEMAS
        )
        for name, found in defined.get("$defs", {}).items():
            schemas.setdefault(name, found)
        for name, adapter in UNIONS.items():
            union = adapter.json_schema(ref_template=SCHEMAS)
            union.pop("$defs", None)
            schemas[name] = union
        # A streamed response is text to the framework; each of its lines is a BotEvent.
        lines = schema["paths"]["/api/bot/stream"]["get"]["responses"]["200"]["content"]
        lines[NDJSON.media_type] = {"schema": {"$ref": SCHEMAS.format(model="BotEvent")}}
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
