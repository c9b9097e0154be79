"""Bot accounts and the bot API: any program, in any language, plays through plain HTTP.

An account makes a bot (a user of kind ``bot``, marked as one wherever players are listed) and
is shown its token once; the server keeps only the token's SHA-256. The bot sends the token as
``Authorization: Bearer TOKEN`` on every request: with it, the ordinary routes (make a match, join
one, enter a tournament) work for the bot as for a person, under the same limits. On top of
those, a bot reads its event stream (``GET /api/bot/stream``, NDJSON: ``botstream``) and answers
each turn with a move (``POST /api/bot/matches/{id}/move``), which goes through the same checks
as a move from a websocket (``Hub.move``).

Bots play with a clock always (one that does not answer loses on time); rated games between
bots go on a ladder of their own; a game between a bot and a person is never rated.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

from ..store import NameTaken, UserData
from .botstream import CLOSED
from .context import Context, context, ration, require_user
from .hub import Connection
from .lobby import BOT_CLOCK
from .protocol import Move, Resign
from .text import shown

router = APIRouter(prefix="/api", tags=["bots"])

#: Bots one account may own.
MOST_BOTS = 5
#: A blank line on a quiet stream this often, so that proxies and clients keep it open.
KEEPALIVE_SECONDS = 20.0
#: What a bot is told for a move that was not played, by the websocket's error code.
REFUSALS = {
    "rate-limited": 429,
    "duplicate": 409,
    "stale": 409,
    "not-your-turn": 409,
    "not-started": 409,
    "finished": 409,
    "server-error": 503,
}


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


class Played(BaseModel):
    match: str
    #: The sequence number after the move.
    seq: int
    status: str


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
    responses={
        200: {"content": {"application/x-ndjson": {}}, "description": "Events, a line each."}
    },
)
async def stream(
    bot: Annotated[UserData, Depends(require_bot)],
    ctx: Annotated[Context, Depends(context)],
) -> StreamingResponse:
    """The bot's events, one JSON object a line, for as long as it reads: ``start`` (a match
    it sits in has started: game, seat, seats, clock), ``turn`` (its seat must decide: ``seq``,
    ``view``, ``legal_actions``, ``seconds_left``) and ``end`` (the outcome). A blank line now
    and then keeps a quiet stream open. Every turn waiting when it opens comes first."""
    ration(ctx.bot_streams, str(bot.id), "This bot has opened its stream often lately.")
    queue = ctx.bot_lines.open(bot.id)
    if queue is None:
        raise HTTPException(429, "This bot has as many streams open as it may; close one first.")

    async def lines() -> AsyncIterator[bytes]:
        try:
            while True:
                try:
                    line = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield b"\n"
                    continue
                if line == CLOSED:
                    return
                yield line
        finally:
            ctx.bot_lines.close(bot.id, queue)

    return StreamingResponse(lines(), media_type="application/x-ndjson")


class _Reply:
    """Where ``Hub.move``'s answer to the bot is written (a websocket's stand-in)."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def write_now(self, data: bytes) -> bool:
        self.messages.append(json.loads(data))
        return True

    async def send_utf8(self, data: bytes) -> None:
        self.write_now(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
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


async def _seated(ctx: Context, bot: UserData, match_id: str) -> tuple[Any, int]:
    room = await ctx.hub.room(match_id)
    seat = None if room is None else room.seat_of(bot.id)
    if room is None or seat is None:
        raise HTTPException(404, f"This bot has no seat in a match '{match_id}'.")
    return room, seat


@router.post("/bot/matches/{match_id}/move", response_model=Played)
async def move(
    match_id: str,
    body: BotMove,
    bot: Annotated[UserData, Depends(require_bot)],
    ctx: Annotated[Context, Depends(context)],
) -> Played:
    """Play the bot's move at ``seq``. A move the table refuses is a 400 (illegal) or 409 (not
    its turn, an older position, sent already) with the sentence a player would read."""
    ration(ctx.bot_moves, str(bot.id), "This bot is moving faster than the server allows.")
    room, seat = await _seated(ctx, bot, match_id)
    reply = _Reply()
    conn = Connection(reply, (seat,), bot.id, ctx.config)
    msg_id = body.id or f"bot-{body.seq}"
    received = ctx.hub.wall.now()
    await ctx.hub.move(
        room, conn, Move(type="move", id=msg_id, seq=body.seq, action=body.action), received
    )
    for message in reply.messages:
        if message.get("type") == "error":
            code = REFUSALS.get(str(message.get("code")), 400)
            raise HTTPException(code, str(message.get("message")))
    return Played(match=room.id, seq=room.seq, status=room.status)


@router.post("/bot/matches/{match_id}/resign", response_model=Played)
async def resign(
    match_id: str,
    bot: Annotated[UserData, Depends(require_bot)],
    ctx: Annotated[Context, Depends(context)],
) -> Played:
    """Resign the bot's game."""
    ration(ctx.bot_moves, str(bot.id), "This bot is moving faster than the server allows.")
    room, seat = await _seated(ctx, bot, match_id)
    reply = _Reply()
    await ctx.hub.resign(
        room, Connection(reply, (seat,), bot.id, ctx.config), Resign(type="resign", id="resign")
    )
    for message in reply.messages:
        if message.get("type") == "error":
            raise HTTPException(409, str(message.get("message")))
    return Played(match=room.id, seq=room.seq, status=room.status)
