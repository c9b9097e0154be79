"""Bot accounts and the bot API: any program, in any language, plays through plain HTTP.

An account makes a bot (a user of kind ``bot``, marked as one wherever players are listed) and
is shown its token once; the server keeps only the token's SHA-256. The bot sends the token as
``Authorization: Bearer TOKEN`` on every request: with it, the ordinary routes (make a match, join
one, enter a tournament) work for the bot as for a person, under the same limits. On top of
those, a bot reads its event stream (``GET /api/bot/stream``, NDJSON: ``botstream``) and answers
each turn with a move (``POST /api/bot/matches/{id}/move``), which goes through the same checks
as a move from a websocket (``Hub.move``). The bot's websocket (``botsocket``) tells the same
events and plays moves through the same ``play_move``.

Bots play with a clock always (one that does not answer loses on time); rated games between
bots go on a ladder of their own; a game between a bot and a person is never rated.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import secrets
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

from ..store import NameTaken, UserData
from .botprotocol import Played
from .botstream import CLOSED, Feed
from .context import Context, context, ration, require_user
from .hub import Connection, Room
from .lobby import BOT_CLOCK
from .protocol import ErrorCode, Move, Resign
from .text import shown

router = APIRouter(prefix="/api", tags=["bots"])

#: Bots one account may own.
MOST_BOTS = 5
#: A blank line on a quiet stream this often, so that proxies and clients keep it open.
KEEPALIVE_SECONDS = 20.0
#: The HTTP status of a refusal, by the websocket's error code (any other: 400).
REFUSALS = {
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.TOO_MANY: 429,
    ErrorCode.DUPLICATE: 409,
    ErrorCode.STALE: 409,
    ErrorCode.NOT_YOUR_TURN: 409,
    ErrorCode.NOT_STARTED: 409,
    ErrorCode.FINISHED: 409,
    ErrorCode.NO_MATCH: 404,
    ErrorCode.SERVER: 503,
}


class Refused(Exception):
    """A bot's request the server did not carry out: the websocket's error code, the sentence
    a person would read, the match and its ``seq`` where known, and (rate-limited) the seconds
    to wait. The HTTP routes answer it as a status (``answered``), the socket as an error."""

    def __init__(
        self,
        code: ErrorCode,
        sentence: str,
        match: str | None = None,
        seq: int | None = None,
        wait: float = 0.0,
    ) -> None:
        #: Whole seconds to wait before asking again (0: not a matter of waiting).
        self.retry = 0
        if wait > 0:
            self.retry = 3600 if math.isinf(wait) else math.ceil(wait)
            sentence = f"{sentence} Try again in {self.retry} s."
        super().__init__(sentence)
        self.code = code
        self.sentence = sentence
        self.match = match
        self.seq = seq

    @property
    def status(self) -> int:
        return REFUSALS.get(self.code, 400)


class NDJSON(StreamingResponse):
    """A stream of JSON objects, one a line (each line's schema: ``botsocket.document``)."""

    media_type = "application/x-ndjson"


class BotIn(BaseModel):
    name: str = Field(min_length=2, max_length=32)


class BotOut(BaseModel):
    id: int
    name: str


class BotMade(BotOut):
    #: The bot's secret: shown this once, never again (only its hash is kept).
    token: str


class BotMove(BaseModel):
    #: The action in the game's text form, one of the turn's ``legal_actions``.
    action: str = Field(min_length=1, max_length=200)
    #: The turn's ``seq``: a move made for an older position is refused, not misplayed.
    seq: int = Field(ge=0)
    #: The bot's own id for this move: the same move sent twice is played once.
    id: str = Field(default="", max_length=64)


class ChallengeIn(BaseModel):
    #: The bot's name.
    bot: str = Field(min_length=1, max_length=64)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@router.post("/bots", response_model=BotMade, status_code=201)
async def make_bot(
    body: BotIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> BotMade:
    """A new bot account of yours, and its token (shown once: keep it)."""
    if user.kind != "account":
        raise HTTPException(403, "Bots are made by accounts: sign up (free) first.")
    name = shown(body.name)
    if len(name) < 2:
        raise HTTPException(400, "A bot's name has two characters at least.")
    ration(ctx.bot_makes, str(user.id), "You have made many bots lately.")
    mine = await ctx.db.read(ctx.db.store.bots_of, user.id)
    if len(mine) >= MOST_BOTS:
        raise HTTPException(429, f"An account owns {MOST_BOTS} bots at most.")
    token = "cdb_" + secrets.token_urlsafe(32)
    try:
        bot = await ctx.db.write(ctx.db.store.create_bot, user.id, name, token_hash(token))
    except NameTaken as err:
        raise HTTPException(409, str(err)) from None
    return BotMade(id=bot.id, name=bot.name, token=token)


@router.get("/bots", response_model=list[BotOut])
async def my_bots(
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> list[BotOut]:
    """Your bots (their tokens are never shown again)."""
    return [BotOut(id=b.id, name=b.name) for b in await ctx.db.read(ctx.db.store.bots_of, user.id)]


async def require_bot(user: Annotated[UserData, Depends(require_user)]) -> UserData:
    if user.kind != "bot":
        raise HTTPException(403, "This is the bot API: send a bot's token (Authorization: Bearer).")
    return user


@router.get(
    "/bot/stream",
    response_class=NDJSON,
    responses={
        200: {
            "description": "Events, a JSON object a line (each line a BotEvent); a blank line "
            "now and then keeps a quiet stream open.",
            "content": {NDJSON.media_type: {"schema": {"$ref": "#/components/schemas/BotEvent"}}},
        }
    },
)
async def stream(
    bot: Annotated[UserData, Depends(require_bot)],
    ctx: Annotated[Context, Depends(context)],
) -> StreamingResponse:
    """The bot's events, one JSON object a line, for as long as it reads: ``challenge`` (a
    person invites it to a match), ``start`` (a match it sits in has started: game, seat,
    seats, clock), ``turn`` (its seat must decide: ``seq``, ``view``, ``legal_actions``,
    ``seconds_left``) and ``end`` (the outcome). A blank line now and then keeps a quiet stream
    open. Every turn waiting when it opens comes first. The bot's websocket (``/ws/bot``) tells
    the same events."""
    try:
        feed = open_feed(ctx, bot)
    except Refused as refused:
        raise answered(refused) from None

    async def lines() -> AsyncIterator[bytes]:
        try:
            while True:
                try:
                    line = await asyncio.wait_for(feed.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield b"\n"
                    continue
                if line == CLOSED:
                    return
                yield line + b"\n"
        finally:
            ctx.bot_lines.close(bot.id, feed)

    return StreamingResponse(lines(), media_type=NDJSON.media_type)


def open_feed(ctx: Context, bot: UserData) -> Feed:
    """A new feed of the bot's events (a stream or a socket: one budget for both), or a
    ``Refused`` (rate-limited, or too many open) saying why not."""
    wait = ctx.bot_streams.wait(str(bot.id))
    if wait > 0:
        raise Refused(
            ErrorCode.RATE_LIMITED,
            "This bot has opened its streams and sockets often lately.",
            wait=wait,
        )
    feed = ctx.bot_lines.open(bot.id)
    if feed is None:
        raise Refused(
            ErrorCode.TOO_MANY,
            "This bot has as many streams and sockets open as it may; close one first.",
        )
    ctx.bot_streams.take(str(bot.id))
    return feed


class _Reply:
    """Where ``Hub``'s answer to the bot is written (a websocket's stand-in)."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def write_now(self, data: bytes) -> bool:
        self.messages.append(json.loads(data))
        return True

    async def send_utf8(self, data: bytes) -> None:
        self.write_now(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None

    def refusal(self, match: str) -> Refused | None:
        """The table's refusal among the answers, if it refused."""
        for message in self.messages:
            if message.get("type") == "error":
                code = ErrorCode(str(message.get("code")))
                seq = message.get("seq")
                return Refused(code, str(message.get("message")), match, seq)
        return None


@router.post("/matches/{match_id}/challenge", status_code=204)
async def challenge(
    match_id: str,
    body: ChallengeIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> None:
    """Invite a bot to your match's free seat: the bot's stream is told (a ``challenge`` with
    the match, its game, clock and invite); it accepts by joining. The match needs a clock,
    and a bot that is not reading its stream now cannot be challenged."""
    ration(ctx.bot_challenges, str(user.id), "You have challenged bots often lately.")
    room = await ctx.hub.room(match_id)
    if room is None or room.seat_of(user.id) is None:
        raise HTTPException(404, f"You have no seat in a match '{match_id}'.")
    if room.status != "open":
        raise HTTPException(409, "This match has no free seat.")
    if room.data.time_control is None:
        raise HTTPException(400, BOT_CLOCK)
    bot = await ctx.db.read(ctx.db.store.user_by_name, body.bot)
    if bot is None or bot.kind != "bot":
        raise HTTPException(404, f"There is no bot '{body.bot}'.")
    if not ctx.bot_lines.challenge(bot.id, room, user.name):
        raise HTTPException(409, f"{bot.name} is not online now; try again later.")


async def _seated(ctx: Context, bot: UserData, match_id: str) -> tuple[Room, int]:
    room = await ctx.hub.room(match_id)
    seat = None if room is None else room.seat_of(bot.id)
    if room is None or seat is None:
        raise Refused(ErrorCode.NO_MATCH, f"This bot has no seat in a match '{match_id}'.")
    return room, seat


def _ration_move(ctx: Context, bot: UserData) -> None:
    """A bot's moves and resignations share one rate (a person's websocket rate), however
    they are sent."""
    wait = ctx.bot_moves.wait(str(bot.id))
    if wait > 0:
        raise Refused(
            ErrorCode.RATE_LIMITED, "This bot is moving faster than the server allows.", wait=wait
        )
    ctx.bot_moves.take(str(bot.id))


async def play_move(
    ctx: Context, bot: UserData, match_id: str, action: str, seq: int, move_id: str = ""
) -> Played:
    """Play the bot's ``action`` at ``seq`` through the same checks as a person's move
    (``Hub.move``), or raise ``Refused`` with the table's sentence."""
    _ration_move(ctx, bot)
    room, seat = await _seated(ctx, bot, match_id)
    reply = _Reply()
    conn = Connection(reply, (seat,), bot.id, ctx.config)
    move = Move(type="move", id=move_id or f"bot-{seq}", seq=seq, action=action)
    await ctx.hub.move(room, conn, move, ctx.hub.wall.now())
    refused = reply.refusal(room.id)
    if refused is not None:
        raise refused
    return Played(match=room.id, seq=room.seq, status=room.status, id=move_id)


async def resign_match(ctx: Context, bot: UserData, match_id: str, move_id: str = "") -> Played:
    """Resign the bot's game, or raise ``Refused`` saying why it cannot."""
    _ration_move(ctx, bot)
    room, seat = await _seated(ctx, bot, match_id)
    reply = _Reply()
    conn = Connection(reply, (seat,), bot.id, ctx.config)
    await ctx.hub.resign(room, conn, Resign(type="resign", id=move_id or "resign"))
    refused = reply.refusal(room.id)
    if refused is not None:
        raise refused
    return Played(match=room.id, seq=room.seq, status=room.status, id=move_id)


def answered(refused: Refused) -> HTTPException:
    """A refusal as the HTTP routes answer it: its status and its sentence."""
    headers = {"Retry-After": str(refused.retry)} if refused.retry else None
    return HTTPException(refused.status, refused.sentence, headers=headers)


@router.post("/bot/matches/{match_id}/move", response_model=Played)
async def move(
    match_id: str,
    body: BotMove,
    bot: Annotated[UserData, Depends(require_bot)],
    ctx: Annotated[Context, Depends(context)],
) -> Played:
    """Play the bot's move at ``seq``. A move the table refuses is a 400 (illegal) or 409 (not
    its turn, an older position, sent already) with the sentence a player would read; 404 for a
    match the bot does not sit in, 429 past the rate."""
    try:
        return await play_move(ctx, bot, match_id, body.action, body.seq, body.id)
    except Refused as refused:
        raise answered(refused) from None


@router.post("/bot/matches/{match_id}/resign", response_model=Played)
async def resign(
    match_id: str,
    bot: Annotated[UserData, Depends(require_bot)],
    ctx: Annotated[Context, Depends(context)],
) -> Played:
    """Resign the bot's game (409 when it is not in play)."""
    try:
        return await resign_match(ctx, bot, match_id)
    except Refused as refused:
        raise answered(refused) from None
