"""Tournaments on the server: Swiss events for two-player games, made by any account.

A tournament is created with its game and options, deck rule, number of rounds, a time control
(always: a no-show must lose on time), a start time, open or invite-only, and whether AI levels
may enter. Players enter until it starts; the director (``director``) runs it from then. Every
write here is rationed per player (``ration``) and each player has a few tournaments not yet
finished at most, as with matches.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Query
from pydantic import BaseModel, Field

from ..engine import CyberdeckError, Game, load_game
from ..store import TournamentData, UserData
from .clocks import NONE, BadTimeControl, TimeControl, time_control
from .context import Context, context, optional_user, ration, require_user
from .decks import check
from .director import Snapshot
from .levels import ai_levels, read_level
from .lobby import ClockSpec
from .text import shown

router = APIRouter(prefix="/api", tags=["tournaments"])

#: Tournaments a player may have open or running at once.
OPEN_TOURNAMENTS = 3
#: Entrants one tournament takes.
MOST_ENTRANTS = 256
#: The most rounds a creator may ask for.
MOST_ROUNDS = 12


class CreateTournament(BaseModel):
    name: str = Field(min_length=1, max_length=80)
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    #: ``starters``: every table plays the game's own decks; ``any``: each entrant brings a
    #: legal deck list of their own (games with decks only).
    decks: Literal["starters", "any"] = "starters"
    #: Rounds of Swiss; left out: by entrants (enough for one unbeaten player, three at least).
    rounds: int | None = Field(default=None, ge=1, le=MOST_ROUNDS)
    #: Required, and never ``none``: a player who does not come loses on time.
    clock: ClockSpec
    rated: bool = True
    #: When the first round is paired (seconds since the epoch); left out: the creator starts it.
    starts_at: float | None = Field(default=None, ge=0, le=32_503_680_000)
    public: bool = True
    allow_ai: bool = False
    #: Bot accounts may enter (through the bot API: ``bots``).
    allow_bots: bool = False


class EnterTournament(BaseModel):
    #: A deck list, for a tournament whose rule is ``any``.
    deck: str | None = Field(default=None, max_length=20_000)
    invite: str | None = Field(default=None, max_length=64)


class EnterAI(BaseModel):
    level: str = Field(max_length=32)


class EntrantOut(BaseModel):
    entrant: int
    name: str
    ai: bool
    #: The round after which the entrant dropped; null while in.
    dropped: int | None


class StandingOut(BaseModel):
    rank: int
    entrant: int
    name: str
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    #: Strength of Schedule and Extended SoS (three decimals).
    sos: float
    esos: float
    dropped: int | None


class TableOut(BaseModel):
    table: int
    #: The entrants (their numbers and names) at the first and second seat.
    first: int
    first_name: str
    #: Null: a bye (a win).
    second: int | None
    second_name: str | None
    match: str | None
    #: in play | first | second | draw | bye
    result: str
    link: str | None


class RoundOut(BaseModel):
    round: int
    tables: list[TableOut]


class TournamentOut(BaseModel):
    id: str
    name: str
    game: str
    title: str
    options: dict[str, Any]
    decks: str
    rounds: int
    clock: dict[str, Any]
    rated: bool
    starts_at: float | None
    public: bool
    allow_ai: bool
    allow_bots: bool
    status: str
    round: int
    created_by: str
    entrants: list[EntrantOut]
    standings: list[StandingOut]
    pairings: list[RoundOut]
    #: The invite link, shown to the creator of an invite-only tournament only.
    invite: str | None = None


class TournamentLine(BaseModel):
    id: str
    name: str
    game: str
    title: str
    status: str
    round: int
    rounds: int
    clock: str
    starts_at: float | None
    created_by: str


#: A tournament with no start time starts when its creator says (stored as the far future).
UNSCHEDULED = datetime(9999, 1, 1, tzinfo=UTC)


def _starts(t: TournamentData) -> float | None:
    return None if t.starts_at >= UNSCHEDULED else t.starts_at.timestamp()


def _two_player_game(body: CreateTournament) -> tuple[Game, dict[str, Any]]:
    try:
        game = load_game(body.game)
    except CyberdeckError as err:
        raise HTTPException(404, str(err)) from None
    if not game.min_players <= 2 <= game.max_players:
        raise HTTPException(400, f"{game.title} is not a game for two; a tournament pairs two.")
    try:
        options = game.resolve_options(body.options)
    except CyberdeckError as err:
        raise HTTPException(400, str(err)) from None
    if options.get("players", 2) != 2:
        raise HTTPException(400, "A tournament's tables seat two: choose players 2.")
    if body.decks == "any" and not game.has_decks:
        raise HTTPException(400, f"{game.title} is not played with decks of your own.")
    return game, options


def _clock(spec: ClockSpec) -> TimeControl:
    if spec.kind == NONE:
        raise HTTPException(
            400, "A tournament needs a clock: a player who does not come loses on time."
        )
    try:
        return time_control(spec.kind, spec.minutes, spec.increment, spec.days)
    except BadTimeControl as err:
        raise HTTPException(400, str(err)) from None


def _account(user: UserData) -> None:
    if user.kind != "account":
        raise HTTPException(403, "Tournaments need an account: sign up (free) to play in one.")


@router.post("/tournaments", response_model=TournamentOut, status_code=201)
async def create_tournament(
    body: CreateTournament,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> TournamentOut:
    """A new Swiss tournament, taking entries until it starts."""
    _account(user)
    name = shown(body.name)
    if not name:
        raise HTTPException(400, "Give the tournament a name.")
    game, options = _two_player_game(body)
    control = _clock(body.clock)
    ration(ctx.tournament_writes, str(user.id), "You have made many tournaments lately.")
    made = await ctx.db.read(ctx.db.store.tournaments_made, user.id, ("open", "running"))
    if made >= OPEN_TOURNAMENTS:
        raise HTTPException(
            429,
            f"You have {OPEN_TOURNAMENTS} tournaments not yet finished; let one end first.",
        )
    starts = UNSCHEDULED if body.starts_at is None else datetime.fromtimestamp(body.starts_at, UTC)
    data = TournamentData(
        id=secrets.token_urlsafe(9),
        name=name,
        game=game.id,
        options=options,
        decks=body.decks,
        rounds=body.rounds or 0,
        time_control=control.to_json() or {},
        rated=body.rated,
        starts_at=starts,
        public=body.public,
        invite=secrets.token_urlsafe(16),
        allow_ai=body.allow_ai,
        allow_bots=body.allow_bots,
        seed=ctx.dealer.seed(user.id),
        created_by=user.id,
        created_by_name=user.name,
    )
    await ctx.db.write(ctx.db.store.create_tournament, data)
    return await _out(ctx, data.id, user, data.invite)


@router.get("/tournaments", response_model=list[TournamentLine])
async def list_tournaments(
    ctx: Annotated[Context, Depends(context)],
    status: Annotated[list[Literal["open", "running", "finished"]] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> list[TournamentLine]:
    """Public tournaments, the latest start first (invite-only ones are not listed)."""
    wanted = status or ["open", "running", "finished"]
    rows = await ctx.db.read(ctx.db.store.list_tournaments, wanted, limit, True)
    return [
        TournamentLine(
            id=t.id,
            name=t.name,
            game=t.game,
            title=load_game(t.game).title,
            status=t.status,
            round=t.round,
            rounds=t.rounds,
            clock=TimeControl.from_json(t.time_control).label,
            starts_at=_starts(t),
            created_by=t.created_by_name,
        )
        for t in rows
    ]


@router.get("/tournaments/{tournament_id}", response_model=TournamentOut)
async def get_tournament(
    tournament_id: str,
    ctx: Annotated[Context, Depends(context)],
    user: Annotated[UserData | None, Depends(optional_user)],
    invite: Annotated[str | None, Query(max_length=64)] = None,
) -> TournamentOut:
    """A tournament: its entrants, standings with tie-breaks, and every round's tables with a
    link to each game (live while it is played, its replay after)."""
    return await _out(ctx, tournament_id, user, invite)


@router.post("/tournaments/{tournament_id}/enter", response_model=TournamentOut)
async def enter(
    tournament_id: str,
    body: EnterTournament,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> TournamentOut:
    """Enter a tournament that has not started (an invite-only one with its invite; a bot
    where the tournament takes bots)."""
    if user.kind != "bot":
        _account(user)
    ration(ctx.tournament_acts, str(user.id), "You have entered and left tournaments often lately.")
    field = await _field(ctx, tournament_id, user, body.invite)
    t = field.tournament
    if user.kind == "bot" and not t.allow_bots:
        raise HTTPException(403, "This tournament does not take bots.")
    deck = None
    if t.decks == "any":
        if not body.deck:
            raise HTTPException(400, "This tournament is played with your own deck: give its list.")
        game = load_game(t.game)
        _, problems = await check(ctx, user.id, game, body.deck)
        if problems:
            raise HTTPException(400, " ".join(problems))
        deck = body.deck
    await _add(ctx, t, user.id, None, deck)
    return await _out(ctx, tournament_id, user, body.invite)


@router.post("/tournaments/{tournament_id}/ai", response_model=TournamentOut)
async def enter_ai(
    tournament_id: str,
    body: EnterAI,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> TournamentOut:
    """Enter an AI level (the creator, where the tournament allows AI entrants)."""
    field = await _creators(ctx, tournament_id, user, "enters AI players")
    t = field.tournament
    if not t.allow_ai:
        raise HTTPException(400, "This tournament does not take AI entrants.")
    game = load_game(t.game)
    level = read_level(game, body.level)
    if level is None:
        raise HTTPException(
            400,
            f"'{body.level}' is not an AI level of {game.title}; "
            f"choose one of {', '.join(ai_levels(game))}.",
        )
    await _add(ctx, t, None, level, None)
    return await _out(ctx, tournament_id, user, None)


async def _add(
    ctx: Context, t: TournamentData, user_id: int | None, level: str | None, deck: str | None
) -> None:
    if t.status != "open":
        raise HTTPException(409, "This tournament has started; entries are closed.")
    number = await ctx.db.write(ctx.db.store.add_entrant, t.id, user_id, level, deck, MOST_ENTRANTS)
    if number is None:
        raise HTTPException(
            409,
            "You are entered already."
            if user_id is not None and await _entrant(ctx, t.id, user_id)
            else f"This tournament is full ({MOST_ENTRANTS}) or has started.",
        )


async def _entrant(ctx: Context, tournament_id: str, user_id: int) -> int | None:
    for e in await ctx.db.read(ctx.db.store.entrants, tournament_id):
        if e.user_id == user_id:
            return e.entrant
    return None


@router.post("/tournaments/{tournament_id}/leave", response_model=TournamentOut)
async def leave(
    tournament_id: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> TournamentOut:
    """Leave: before the start, the entry is withdrawn; once it runs, the player drops (is
    paired no more; the game in play, if any, is theirs to finish or resign)."""
    ration(ctx.tournament_acts, str(user.id), "You have entered and left tournaments often lately.")
    field = await _field(ctx, tournament_id, user, None)
    t = field.tournament
    number = next((e.entrant for e in field.entrants if e.user_id == user.id), None)
    if number is None:
        raise HTTPException(404, "You are not entered in this tournament.")
    if t.status == "finished":
        raise HTTPException(409, "This tournament is over.")
    if t.status == "open":
        done = await ctx.db.write(ctx.db.store.withdraw, t.id, number)
    else:
        done = await ctx.db.write(ctx.db.store.drop_entrant, t.id, number, t.round)
    if not done:
        raise HTTPException(409, "You have left this tournament already.")
    return await _out(ctx, tournament_id, user, None)


@router.post("/tournaments/{tournament_id}/start", response_model=TournamentOut)
async def start(
    tournament_id: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> TournamentOut:
    """Start now (the creator): entries close and the first round is paired."""
    field = await _creators(ctx, tournament_id, user, "starts it")
    t = field.tournament
    if t.status != "open":
        raise HTTPException(409, "This tournament has started already.")
    if len(field.entrants) < 2:
        raise HTTPException(409, "A tournament needs two entrants at least to start.")
    await ctx.director.start_now(t.id)
    return await _out(ctx, tournament_id, user, None)


def _link(match_id: str | None, done: bool) -> str | None:
    """Where a table's game is seen: watched while it is played, its replay after."""
    if match_id is None:
        return None
    return f"/replay/{match_id}" if done else f"/watch/{match_id}"


async def _creators(ctx: Context, tournament_id: str, user: UserData, what: str) -> Snapshot:
    """A tournament its creator acts on (rate-limited like every act on tournaments)."""
    ration(ctx.tournament_acts, str(user.id), "You have entered and left tournaments often lately.")
    field = await _field(ctx, tournament_id, user, None)
    if field.tournament.created_by != user.id:
        raise HTTPException(403, f"Only the tournament's creator {what}.")
    return field


async def _field(
    ctx: Context, tournament_id: str, user: UserData | None, invite: str | None
) -> Snapshot:
    field = await ctx.director.read(tournament_id)
    if field is None:
        raise HTTPException(404, f"There is no tournament '{tournament_id}'.")
    t = field.tournament
    mine = user is not None and (
        t.created_by == user.id or any(e.user_id == user.id for e in field.entrants)
    )
    if (
        not t.public
        and not mine
        and (invite is None or not secrets.compare_digest(invite, t.invite))
    ):
        raise HTTPException(403, "This tournament is invite-only; it needs its invite.")
    return field


async def _out(
    ctx: Context, tournament_id: str, user: UserData | None, invite: str | None
) -> TournamentOut:
    field = await _field(ctx, tournament_id, user, invite)
    t = field.tournament
    names = {e.entrant: e.name for e in field.entrants}
    dropped = {e.entrant: e.dropped for e in field.entrants}
    rounds: dict[int, list[TableOut]] = {}
    for table, result in zip(field.tables, field.results(), strict=True):
        if table.second is None:
            said = "bye"
        elif not result.done:
            said = "in play"
        elif result.winner is None:
            said = "draw"
        else:
            said = "first" if result.winner == table.first else "second"
        rounds.setdefault(table.round, []).append(
            TableOut(
                table=table.table,
                first=table.first,
                first_name=names[table.first],
                second=table.second,
                second_name=None if table.second is None else names[table.second],
                match=table.match_id,
                result=said,
                link=_link(table.match_id, result.done),
            )
        )
    return TournamentOut(
        id=t.id,
        name=t.name,
        game=t.game,
        title=load_game(t.game).title,
        options=t.options,
        decks=t.decks,
        rounds=t.rounds,
        clock=TimeControl.from_json(t.time_control).public(),
        rated=t.rated,
        starts_at=_starts(t),
        public=t.public,
        allow_ai=t.allow_ai,
        allow_bots=t.allow_bots,
        status=t.status,
        round=t.round,
        created_by=t.created_by_name,
        entrants=[
            EntrantOut(entrant=e.entrant, name=e.name, ai=e.user_id is None, dropped=e.dropped)
            for e in field.entrants
        ],
        standings=[
            StandingOut(
                rank=s.rank,
                entrant=s.entrant,
                name=names[s.entrant],
                points=s.points,
                wins=s.wins,
                losses=s.losses,
                draws=s.draws,
                byes=s.byes,
                sos=round(s.sos, 3),
                esos=round(s.esos, 3),
                dropped=dropped[s.entrant],
            )
            for s in field.standings()
        ],
        pairings=[RoundOut(round=n, tables=tables) for n, tables in sorted(rounds.items())],
        invite=t.invite if user is not None and user.id == t.created_by and not t.public else None,
    )
