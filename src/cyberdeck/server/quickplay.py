"""Quick play: "Play now" puts a player in a queue (``pairing``), the page asks how it goes
every couple of seconds (as the home page's lists are read: plain HTTP), a pairing is offered to
every seat, and once all accept the match is made through the lobby's own path
(``lobby.open_match``), as if the first of them had made it and the others joined.

Rated quick play and turn-based time controls need an account; guests play casual real-time
games. Every route is limited per player (``Context.queue_acts``, ``queue_looks``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Response
from pydantic import BaseModel, Field

from ..engine import Game
from ..store import UserData
from .clocks import TimeControl, read_quick_setting
from .context import Context, context, ration, require_user
from .lobby import ClockSpec, CreatedMatch, CreateMatch, SeatSpec, _game, open_match
from .pairing import TIME_CONTROLS, TURN_BASED, Note, Offer, Pool, QueueRefused, Seeker
from .ratings import POINTS_PER_UNIT, START_RATING, shown_rating

log = logging.getLogger("cyberdeck.server")
router = APIRouter(prefix="/api/quickplay", tags=["quick play"])

#: Seconds between two rounds of pairing (and of expiring offers nobody answered).
TEND_EVERY = 1.0
#: openskill's mean skill of a new player: the pairing scale puts it at ``START_RATING``.
NEW_MU = 25.0


class PoolIn(BaseModel):
    game: str = Field(max_length=64)
    #: Players in the game; left out, the game's fewest.
    players: int | None = Field(default=None, ge=1, le=16)
    time_control: str = Field(default="none", max_length=16)
    rated: bool = False


class JoinQueue(PoolIn):
    #: Seconds to wait for a person before a game against the AI is offered (none: never).
    ai_after: int | None = Field(default=None, ge=1, le=3600)


class Answer(BaseModel):
    accept: bool


class QueueOut(BaseModel):
    game: str
    title: str
    players: int
    time_control: str
    rated: bool
    #: Seconds waited, the rating the queue pairs you by, and the widest gap you accept now.
    waited: int
    rating: int
    gap: int
    #: Players waiting in this queue (you too).
    waiting: int
    ai_after: int | None
    #: You have waited ``ai_after`` seconds: ``POST /api/quickplay/ai`` starts a game now.
    ai_offer: bool


class Opponent(BaseModel):
    name: str
    rating: int


class OfferOut(BaseModel):
    id: str
    game: str
    title: str
    players: int
    time_control: str
    rated: bool
    opponents: list[Opponent]
    seconds_left: int
    #: You have accepted; ``answered`` seats of ``players`` have.
    accepted: bool
    answered: int


class NoteOut(BaseModel):
    #: matched (``match`` is its id), dropped, declined or failed (``text`` says why).
    kind: str
    text: str
    match: str | None = None


class QuickPlayOut(BaseModel):
    queues: list[QueueOut]
    offer: OfferOut | None
    note: NoteOut | None
    #: Every time control a queue may be for, with what a person reads.
    time_controls: dict[str, str]


def _pool(body: PoolIn, user: UserData) -> tuple[Game, Pool]:
    """The queue a request names, or a sentence saying why there is none for this player."""
    game, pool = _named_pool(body.game, body.players, body.time_control, body.rated)
    if user.kind != "account" and (pool.rated or pool.time_control in TURN_BASED):
        what = "Rated quick play" if pool.rated else "A turn-based game"
        raise HTTPException(
            403,
            f"{what} needs an account: sign up (your guest games come with you), "
            "or play a casual real-time game.",
        )
    return game, pool


def _named_pool(
    game_id: str, players: int | None, time_control: str, rated: bool
) -> tuple[Game, Pool]:
    game = _game(game_id)
    if game.max_players == 1:
        raise HTTPException(400, f"{game.title} is played alone: there is nobody to pair.")
    count = players if players is not None else game.min_players
    if not game.min_players <= count <= game.max_players:
        low, high = game.min_players, game.max_players
        counts = f"{low}" if low == high else f"{low} to {high}"
        raise HTTPException(400, f"{game.title} is played by {counts} players.")
    if time_control not in TIME_CONTROLS:
        raise HTTPException(
            400,
            f"'{time_control[:16]}' is not a time control; choose one of "
            f"{', '.join(TIME_CONTROLS)}.",
        )
    return game, Pool(game.id, count, time_control, rated)


async def _skill(ctx: Context, game: str, user: UserData) -> tuple[float, int]:
    """The rating pairing reads (mean skill on the shown scale) and the one shown."""
    found = (await ctx.db.read(ctx.db.store.ratings, game, [user.id])).get(user.id)
    if found is None:
        return float(START_RATING), START_RATING
    skill = START_RATING + POINTS_PER_UNIT * (found.mu - NEW_MU)
    return skill, shown_rating(found.mu, found.sigma)


def _status(ctx: Context, user: UserData) -> QuickPlayOut:
    queues = ctx.queues
    now = queues.clock()
    mine = queues.entries(user.id)
    offer = queues.offer_of(user.id)
    note = queues.note(user.id)
    return QuickPlayOut(
        queues=[_queue_out(ctx, s, now) for s in mine],
        offer=None if offer is None else _offer_out(offer, user.id, now),
        note=None if note is None else NoteOut(kind=note.kind, text=note.text, match=note.match_id),
        time_controls=TIME_CONTROLS,
    )


def _queue_out(ctx: Context, seeker: Seeker, now: float) -> QueueOut:
    pool = seeker.pool
    return QueueOut(
        game=pool.game,
        title=_game(pool.game).title,
        players=pool.players,
        time_control=pool.time_control,
        rated=pool.rated,
        waited=int(now - seeker.since),
        rating=seeker.rating,
        gap=int(seeker.gap(now)),
        waiting=ctx.queues.waiting(pool),
        ai_after=None if seeker.ai_after is None else int(seeker.ai_after),
        ai_offer=ctx.queues.ai_offered(seeker),
    )


def _offer_out(offer: Offer, user_id: int, now: float) -> OfferOut:
    pool = offer.pool
    return OfferOut(
        id=offer.id,
        game=pool.game,
        title=_game(pool.game).title,
        players=pool.players,
        time_control=pool.time_control,
        rated=pool.rated,
        opponents=[
            Opponent(name=s.name, rating=s.rating) for s in offer.seekers if s.user_id != user_id
        ],
        seconds_left=max(0, int(offer.deadline - now + 0.999)),
        accepted=user_id in offer.accepted,
        answered=len(offer.accepted),
    )


def _refused(err: QueueRefused) -> HTTPException:
    return HTTPException(409, str(err))


def _control(pool: Pool) -> TimeControl:
    """The clock a pool's matches are played with (``none``: no clock)."""
    return read_quick_setting("" if pool.time_control == "none" else pool.time_control)


def _creation(game: Game, pool: Pool, seats: list[SeatSpec]) -> CreateMatch:
    """The match a pool's game is made as: the game's default options at the pool's player
    count, public (anyone may watch), with the pool's time control and rated or casual."""
    counted = any(o.name == "players" for o in game.options)
    control = _control(pool)
    return CreateMatch(
        game=game.id,
        options={"players": pool.players} if counted else {},
        seats=seats,
        clock=ClockSpec(
            kind=control.kind,
            minutes=control.base / 60,
            increment=control.increment,
            days=control.days,
        ),
        rated=pool.rated,
    )


@router.get("/time-controls", response_model=dict[str, str])
async def time_controls() -> dict[str, str]:
    """Every time control a queue may be for, with what a person reads (the ones a day or more
    a move are turn-based: they need an account, as rated games do)."""
    return TIME_CONTROLS


class PoolOut(BaseModel):
    game: str
    players: int
    time_control: str
    rated: bool
    waiting: int


@router.get("/pools", response_model=list[PoolOut])
async def pools(ctx: Annotated[Context, Depends(context)]) -> list[PoolOut]:
    """The queues people wait in now, busiest first, with how many wait (never who): the
    home page says how many are looking for the game you are about to ask for."""
    return [
        PoolOut(
            game=p.game,
            players=p.players,
            time_control=p.time_control,
            rated=p.rated,
            waiting=count,
        )
        for p, count in ctx.queues.busiest()
    ]


@router.get("", response_model=QuickPlayOut)
async def quick_play(
    user: Annotated[UserData, Depends(require_user)], ctx: Annotated[Context, Depends(context)]
) -> QuickPlayOut:
    """Your queues, the pairing on offer to you, and what became of you since you last asked
    (a match made, an offer that fell through). Asking keeps you in the queues: a player who
    stops asking for 15 seconds (a closed tab) leaves them."""
    ration(ctx.queue_looks, str(user.id), "You are asking about quick play too often.")
    return _status(ctx, user)


@router.post("", response_model=QuickPlayOut, status_code=201)
async def join_queue(
    body: JoinQueue,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> QuickPlayOut:
    """Wait for a game: one queue per game, player count, time control and rated or casual,
    paired by rating (the gap you accept widens the longer you wait)."""
    ration(ctx.queue_acts, str(user.id), "You are joining and leaving queues too often.")
    game, pool = _pool(body, user)
    over = await ctx.hub.over_cap(user.id, [], _control(pool).to_json())
    if over is not None:
        raise HTTPException(429, over)
    skill, rating = await _skill(ctx, game.id, user)
    try:
        ctx.queues.join(user.id, user.name, pool, skill, rating, body.ai_after)
    except QueueRefused as err:
        raise _refused(err) from None
    ctx.queues.tend()
    return _status(ctx, user)


@router.delete("", status_code=204)
async def leave_queue(
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
    game: str | None = None,
    players: int | None = None,
    time_control: str = "none",
    rated: bool = False,
) -> Response:
    """Leave one queue (name it as you joined it), or every one (name none)."""
    ration(ctx.queue_acts, str(user.id), "You are joining and leaving queues too often.")
    pool = None if game is None else _named_pool(game, players, time_control, rated)[1]
    ctx.queues.leave(user.id, pool)
    return Response(status_code=204)


@router.post("/offers/{offer_id}", response_model=QuickPlayOut)
async def answer_offer(
    offer_id: str,
    body: Answer,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> QuickPlayOut:
    """Accept or decline a pairing. Once every seat has accepted the match starts (the note
    names it); declining leaves the queue, and the others wait on."""
    ration(ctx.queue_acts, str(user.id), "You are joining and leaving queues too often.")
    try:
        offer = ctx.queues.answer(user.id, offer_id[:64], body.accept)
    except QueueRefused as err:
        raise _refused(err) from None
    if body.accept and offer.complete:
        await _start(ctx, offer)
    return _status(ctx, user)


@router.post("/ai", response_model=CreatedMatch, status_code=201)
async def play_ai(
    body: PoolIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> CreatedMatch:
    """Nobody came in the time you chose: a game against the AI (normal level) instead, with
    the queue's game and player count. You leave every queue."""
    ration(ctx.queue_acts, str(user.id), "You are joining and leaving queues too often.")
    game, pool = _pool(body, user)
    seeker = next((s for s in ctx.queues.entries(user.id) if s.pool == pool), None)
    if seeker is None or not ctx.queues.ai_offered(seeker):
        raise HTTPException(
            409, "A game against the AI is offered once you have waited the time you chose."
        )
    seats = [SeatSpec(), *(SeatSpec(kind="ai", level="normal") for _ in range(pool.players - 1))]
    made = await open_match(ctx, user, _creation(game, pool, seats), await ctx.hub.spread())
    ctx.queues.leave(user.id)
    await ctx.hub.send_home(ctx.hub.rooms[made.match.id])
    return made


async def _start(ctx: Context, offer: Offer) -> None:
    """Every seat said yes: the match is made by one of them (drawn at random, so who sits
    first is nobody's choice) and the others join it."""
    seekers = ctx.queues.settle(offer)
    order = list(seekers)
    secrets.SystemRandom().shuffle(order)
    everyone = [s.user_id for s in order]
    game = _game(offer.pool.game)
    maker = await ctx.hub.players.user(order[0].user_id)
    try:
        if maker is None:
            raise HTTPException(409, "A player of the pairing is gone.")
        seats = [SeatSpec() for _ in range(offer.pool.players)]
        home = await ctx.hub.spread()  # in a cluster, any worker plays it
        made = await open_match(ctx, maker, _creation(game, offer.pool, seats), home)
        room = ctx.hub.rooms[made.match.id]
        for seeker in order[1:]:
            if await ctx.hub.join(room, seeker.user_id, seeker.name) is None:
                raise HTTPException(409, "The match could not seat every player.")
        await ctx.hub.send_home(room)
    except HTTPException as err:
        ctx.queues.tell(
            everyone, Note("failed", f"The pairing could not start a game: {err.detail}")
        )
        return
    ctx.queues.tell(everyone, Note("matched", f"Your {game.title} game is ready.", made.match.id))


async def tend_queues(ctx: Context) -> None:
    """Pair and expire, a round every ``TEND_EVERY`` seconds, for as long as the server runs."""
    while True:
        await asyncio.sleep(TEND_EVERY)
        try:
            ctx.queues.tend()
        except Exception:  # one bad round must not end quick play for everyone
            log.exception("quick play: a round of pairing failed")
