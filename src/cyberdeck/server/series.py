"""Series (a game's campaign variant) on the server: a sequence of matches, the winner of each
starting the next, until a seat has the points the game asks for.

Each game of a series is an ordinary match with its own record and its own seed, derived from the
series seed (``engine.series``), so every game replays alone. The series row holds only what its
games share; the score is counted from its finished matches every time it is asked for, so a
reload or a restart shows exactly what the stored games say. The next game is made on request (the
page's "Next game" step) by anyone seated in the last one, with the same seats.
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query
from pydantic import BaseModel
from sqlalchemy.exc import IntegrityError

from ..engine import CyberdeckError, Game, Outcome, Series, load_game
from ..store import MatchData, SeatData, SeriesData, UserData
from .context import Context, context, optional_user, require_user
from .hub import admitted, new_match_data
from .limits import KeyedLocks

router = APIRouter(prefix="/api", tags=["series"])

#: One next-game request at a time per series (two players clicking at once get one match);
#: a lock lives only while a request holds it or waits for it (any id at all may be asked).
locks: KeyedLocks[str] = KeyedLocks()


class SeriesGame(BaseModel):
    match: str
    game: int
    status: str
    winner: int | None


class SeriesOut(BaseModel):
    id: str
    game: str
    title: str
    target: int
    points: list[int]
    games: list[SeriesGame]
    #: The seat that has won the series, once one has.
    victor: int | None
    #: Who starts the next game (the last winner); null before the first game is over.
    starter: int | None
    #: The last game is over and nobody has the points yet: a next game can be started.
    next_ready: bool


class NextGame(BaseModel):
    match: str
    websocket: str


def score(series: SeriesData, matches: list[MatchData]) -> Series:
    """The series as its finished games leave it (an unfinished game scores nothing yet)."""
    players = len(matches[0].seats) if matches else 0
    counted = Series(series.game, series.options, series.seed, series.target, series.setup)
    counted.points = [0] * players
    for m in matches:
        if m.status == "finished" and m.outcome is not None:
            o = m.outcome
            counted.score(
                Outcome(tuple(o["winners"]), tuple(o["returns"]), o["reason"], o.get("kind", ""))
            )
    return counted


def series_out(series: SeriesData, matches: list[MatchData]) -> SeriesOut:
    counted = score(series, matches)
    last = matches[-1] if matches else None
    return SeriesOut(
        id=series.id,
        game=series.game,
        title=load_game(series.game).title,
        target=series.target,
        points=counted.points,
        games=[
            SeriesGame(
                match=m.id,
                game=m.series_game or 0,
                status=m.status,
                winner=counted.winners[i] if i < len(counted.winners) else None,
            )
            for i, m in enumerate(matches)
        ],
        victor=counted.victor,
        starter=counted.starter,
        next_ready=last is not None and last.status == "finished" and counted.victor is None,
    )


async def start_series(
    ctx: Context,
    game: Game,
    options: dict[str, Any],
    seats: list[SeatData],
    setup: Any,
    public: bool,
    user: UserData,
) -> MatchData:
    """A new series and its first game (a match like any other, tagged with the series)."""
    try:
        series = Series.start(game, options, ctx.dealer.seed(user.id), setup)
    except CyberdeckError as err:
        raise HTTPException(400, str(err)) from None
    data = SeriesData(
        secrets.token_urlsafe(9),
        game.id,
        series.options,
        setup,
        series.seed,
        series.target,
        public,
        user.id,
    )
    seed, first_setup = series.next_game(game)
    match = new_match_data(game, options, seats, first_setup, public, user.id, lambda: seed)
    match.series_id, match.series_game = data.id, 1
    ctx.hub.build(match)  # a setup the game refuses is refused before anything is stored
    await ctx.db.write(ctx.db.store.create_series, data)
    return match


async def _load(ctx: Context, series_id: str) -> tuple[SeriesData, list[MatchData]]:
    series = await ctx.db.read(ctx.db.store.load_series, series_id)
    if series is None:
        raise HTTPException(404, f"There is no campaign '{series_id}'.")
    matches = await ctx.db.read(ctx.db.store.series_matches, series_id)
    for i, m in enumerate(matches):
        room = ctx.hub.rooms.get(m.id)
        if room is not None:
            matches[i] = room.data  # the live status and outcome
    return series, matches


def readable(
    series: SeriesData, matches: list[MatchData], user: UserData | None, invite: str | None
) -> bool:
    """A private campaign is for its players and whoever has an invite of one of its games
    (the link its first game was shared by)."""
    user_id = user.id if user is not None else None
    return series.public or any(admitted(m, user_id, invite) for m in matches)


@router.get("/series/{series_id}", response_model=SeriesOut)
async def get_series(
    series_id: str,
    ctx: Annotated[Context, Depends(context)],
    user: Annotated[UserData | None, Depends(optional_user)],
    invite: Annotated[str | None, Query(max_length=64)] = None,
) -> SeriesOut:
    """A campaign: its score, its games in order, and whether the next game can start. A
    private one is for its players and those with its invite."""
    series, matches = await _load(ctx, series_id)
    if not readable(series, matches, user, invite):
        raise HTTPException(403, "This campaign is private; it needs its invite.")
    return series_out(series, matches)


@router.post("/series/{series_id}/next", response_model=NextGame)
async def next_game(
    series_id: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> NextGame:
    """Start the next game of a campaign, with the same seats, the last winner first. Asked
    twice (two players click), the second gets the game the first made."""
    async with locks.hold(series_id):
        series, matches = await _load(ctx, series_id)
        if not matches:
            raise HTTPException(404, f"There is no campaign '{series_id}'.")
        last = matches[-1]
        if not any(s.user_id == user.id for s in last.seats):
            raise HTTPException(403, "Only a player of this campaign can start its next game.")
        if last.status != "finished":
            return NextGame(match=last.id, websocket=f"/ws/matches/{last.id}")
        counted = score(series, matches)
        if counted.victor is not None:
            raise HTTPException(409, f"The campaign is over: seat {counted.victor + 1} has won it.")
        game = load_game(series.game)
        seed, setup = counted.next_game(game)
        seats = [SeatData(s.seat, s.kind, s.level, s.user_id, s.user_name) for s in last.seats]
        data = new_match_data(
            game, series.options, seats, setup, series.public, series.created_by, lambda: seed
        )
        data.series_id, data.series_game = series.id, len(matches) + 1
        # The campaign's games share the first one's time control and rating.
        data.time_control, data.rated = last.time_control, last.rated
        try:
            await ctx.hub.create(data)
        except IntegrityError:  # made meanwhile by another worker: that one is the next game
            made = (await _load(ctx, series_id))[1][-1].id
            return NextGame(match=made, websocket=f"/ws/matches/{made}")
        except CyberdeckError as err:
            raise HTTPException(400, str(err)) from None
    return NextGame(match=data.id, websocket=f"/ws/matches/{data.id}")
