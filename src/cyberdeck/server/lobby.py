"""The lobby: games, creating and joining matches, lists, replays, leaderboards."""

from __future__ import annotations

import os
import time
from dataclasses import asdict
from functools import cache, partial
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Query, Request, Response
from fastapi.responses import JSONResponse
from markdown_it import MarkdownIt
from pydantic import BaseModel, Field

from ..agents.ladders import ladder_players, level_ratings
from ..engine import BadDeck, CyberdeckError, Game, Outcome, games, load_game
from ..engine.record import UNDO
from ..engine.registry import rules_path
from ..engine.tutorial import load_script
from ..store import MatchData, SeatData, UserData, seat_name
from ..userdata import GameStats
from .cardsets import my_card_set
from .clocks import TURN_BASED, BadTimeControl, TimeControl, time_control
from .config import HOTSEAT
from .context import Context, context, optional_user, require_user
from .hub import admitted, bot_ladder, invite_matches, match_kind, new_match_data, summary
from .levels import ai_levels, read_level
from .protocol import ChatLineOut, message_schema
from .ratings import (
    PROVISIONAL_GAMES,
    PROVISIONAL_OPPONENTS,
    ordinal,
    shown_name,
    shown_rating,
)
from .series import locks as series_locks
from .series import start_series
from .solitaire import MIN_GAMES, solitaire_board
from .visibility import table_for
from .wire import encode

router = APIRouter(prefix="/api", tags=["lobby"])


class OptionOut(BaseModel):
    name: str
    choices: list[Any]
    default: Any
    help: str
    #: What a person reads: the option's label and each choice's, in the order of ``choices``.
    label: str
    choice_labels: list[str]


class AiRatingOut(BaseModel):
    """An AI level's ladder rating: Elo above random play, its 95% interval, the games rated."""

    elo: int
    low: int
    high: int
    games: int


class GameOut(BaseModel):
    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    options: list[OptionOut]
    has_decks: bool
    #: Moves can be taken back (the solitaires): the websocket's ``undo`` message.
    allows_undo: bool
    #: The game gives hints (the websocket's ``hint`` message): MATR1X's normal level's move.
    hints: bool
    starter_decks: list[str]
    ai_levels: list[str]
    #: Each rated level's strength on the AI ladder (Elo, random play 0; ``agents.ladders``).
    ai_ratings: dict[str, AiRatingOut] = Field(default_factory=dict)
    #: The table size the ladder's games were played at (``None``: no ladder ships).
    ai_ratings_players: int | None = None
    #: Points that win the game's campaign, by player count (empty: no campaign).
    campaign: dict[int, int] = Field(default_factory=dict)
    #: The game has a guided first game (``/api/learn/GAME``).
    tutorial: bool = False
    #: Where a table's rules link opens: ``{field, default, sections}``, the rules page's heading
    #: for the value of one field of the view (the CCG's ``step``).
    rules_sections: dict[str, Any] = Field(default_factory=dict)
    #: What the game's outcome scores count ("royals killed"): a solitaire's personal best.
    score_label: str = ""


class SeatSpec(BaseModel):
    kind: Literal["human", "ai"] = "human"
    #: An AI level (easy, normal, hard) or agent name; only for AI seats.
    level: str | None = Field(default=None, max_length=32)


class ClockSpec(BaseModel):
    """A time control: ``none``; ``real-time`` with ``minutes`` to start and ``increment``
    seconds added a move (Fischer); or ``turn-based`` with ``days`` a move."""

    kind: Literal["none", "real-time", "turn-based"] = "none"
    minutes: float = Field(default=0, ge=0, le=10_000)
    increment: float = Field(default=0, ge=0, le=10_000)
    days: int = Field(default=0, ge=0, le=1000)


class CreateMatch(BaseModel):
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    #: One entry per seat; left out: every seat is for a person.
    seats: list[SeatSpec] | None = Field(default=None, max_length=16)
    #: One deck per seat (a deck list, a starter deck's name, or null), for games with decks:
    #: only for the seats the creator holds and the AI seats; a person who joins chooses their
    #: own (null here).
    decks: list[str | None] | None = Field(default=None, max_length=16)
    public: bool = True
    #: Hot-seat: the creator holds every seat for a person (people sharing one screen).
    hotseat: bool = False
    #: The game's campaign variant: this match is the first game of a series.
    campaign: bool = False
    #: The time control (left out: none).
    clock: ClockSpec | None = None
    #: Rated (the result moves ratings; accounts only) or casual; left out: rated for an
    #: account, casual for a guest.
    rated: bool | None = None
    #: One of the creator's saved card sets of this game (``/api/games/{game}/card-sets``):
    #: the match is played with its edited cards, and is casual (an edited set is never rated).
    card_set: int | None = Field(default=None, ge=1)


class SeatOut(BaseModel):
    seat: int
    kind: str
    level: str | None
    name: str | None
    taken: bool


class MatchOut(BaseModel):
    id: str
    game: str
    title: str
    options: dict[str, Any]
    status: str
    public: bool
    seats: list[SeatOut]
    seat_labels: list[str]
    moves: int
    to_move: int | None
    outcome: dict[str, Any] | None
    created_at: str | None
    finished_at: str | None
    #: The series (campaign) this match is a game of, and which game (1 first).
    series: str | None = None
    series_game: int | None = None
    #: The match this one is a rematch of (its series score: ``/rematches``).
    rematch_of: str | None = None
    #: The time control (``kind``, its numbers, and ``label``: what a player reads).
    time_control: dict[str, Any] = Field(default_factory=lambda: {"kind": "none"})
    rated: bool = False
    #: Played with an edited card set (a designer's experiment, never rated).
    edited: bool = False


class CreatedMatch(BaseModel):
    match: MatchOut
    #: The seat the creator sits in (the first seat for a person), if any.
    seat: int | None
    invite: str
    #: A path that seats whoever opens it (POST with the invite).
    invite_link: str
    websocket: str


class JoinRequest(BaseModel):
    invite: str | None = Field(default=None, max_length=64)
    #: The joiner's own deck (a deck list or a starter deck's name), for games with decks;
    #: left out: the game's default deck. Nobody else chooses it.
    deck: str | None = Field(default=None, max_length=64 * 1024)


class Joined(BaseModel):
    match: MatchOut
    seat: int
    websocket: str


class ReplayStep(BaseModel):
    match: MatchOut
    step: int
    steps: int
    #: Whose view this is (null: the spectator's).
    seat: int | None
    #: The seat the viewer played in this match, if they held one: a replay opens from it.
    own_seat: int | None = None
    #: The seat that acted to reach this step (public: everyone sees whose turn it was).
    acted: int | None
    table: dict[str, Any]
    outcome: dict[str, Any] | None
    #: What the players said to each other up to this step: for the match's own players only.
    chat: list[ChatLineOut] = []


class RulesOut(BaseModel):
    game: str
    title: str
    #: The rules doc rendered to HTML (raw HTML in the source is escaped, not passed on).
    html: str


class StatsOut(BaseModel):
    """One player's results in one game, from their finished matches on this server (matches
    where they held a single seat; a game with a move taken back or a hint shown counts as played,
    unranked)."""

    game: str
    games: int
    wins: int
    draws: int
    lost: int
    losses: dict[str, int]
    unranked: int
    #: Of the unranked games, those where the player was shown hints.
    hinted: int = 0
    streak: int
    best_streak: int


class LeaderRow(BaseModel):
    rank: int
    name: str
    kind: str
    mu: float
    sigma: float
    ordinal: float
    #: What a person reads: the conservative estimate on a 1500 scale, never negative.
    rating: int
    games: int
    wins: int
    #: Distinct players met in rated games (an AI level is one).
    opponents: int = 0
    #: Still provisional (listed only when asked for with ``provisional=true``).
    provisional: bool = False


class SoloRow(BaseModel):
    """One player of a solitaire: how often they win, their streaks and their best game."""

    rank: int
    name: str
    kind: str
    #: Finished games, ranked or not; ``ranked`` leaves out those with undo or hints.
    games: int
    ranked: int
    wins: int
    #: Wins over ranked games (0 to 1); null before a ranked game.
    win_rate: float | None
    #: Whether ``ranked`` reaches ``min_games``, so that the win rate ranks the player.
    qualified: bool
    min_games: int
    best_streak: int
    #: The current run: wins (positive) or losses (negative).
    streak: int
    #: The highest score of a ranked game, counting what ``best_label`` says; null: none yet.
    best: int | None
    best_label: str


def _game(game_id: str) -> Game:
    try:
        return load_game(game_id)
    except CyberdeckError as err:
        raise HTTPException(404, str(err)) from None


@router.get("/games", response_model=list[GameOut], tags=["games"])
async def list_games() -> Response:
    return _games()


@cache
def _games() -> Response:
    """Made once: the games and their options never change while the server runs."""
    listed = [
        GameOut(
            id=g.id,
            title=g.title,
            pitch=g.pitch,
            min_players=g.min_players,
            max_players=g.max_players,
            options=[
                OptionOut(
                    name=o.name,
                    choices=list(o.choices),
                    default=o.default,
                    help=o.help,
                    label=o.label or o.name.capitalize(),
                    choice_labels=[o.label_of(c) for c in o.choices],
                )
                for o in g.options
            ],
            has_decks=g.has_decks,
            allows_undo=g.allows_undo,
            hints=g.hint_agent(0) is not None,
            starter_decks=[d.name for d in g.starter_decks()],
            ai_levels=ai_levels(g),
            ai_ratings={
                level: AiRatingOut(elo=r.elo, low=r.low, high=r.high, games=r.games)
                for level in ai_levels(g)
                if (r := level_ratings(g.id).get(level)) is not None
            },
            ai_ratings_players=ladder_players(g.id),
            campaign={
                n: t
                for n in range(g.min_players, g.max_players + 1)
                if (t := g.series_target(n)) is not None
            },
            tutorial=(script := load_script(g)) is not None,
            rules_sections=script.rules.to_json() if script is not None else {},
            score_label=g.score_label,
        ).model_dump()
        for g in games()
    ]
    return Response(encode(listed), media_type="application/json")


_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


@router.get("/games/{game_id}/rules", response_model=RulesOut, tags=["games"])
async def game_rules(game_id: str) -> RulesOut:
    """A game's rules (docs/rules/GAME.md), as HTML."""
    game = _game(game_id)
    html = _rules_html(game.id)
    if html is None:
        raise HTTPException(404, f"The rules of {game.title} are not installed.")
    return RulesOut(game=game.id, title=game.title, html=html)


@cache
def _rules_html(game_id: str) -> str | None:
    """Rendered once per game (the CCG's took a fifth of a second of the event loop, each time
    anyone opened its rules)."""
    path = rules_path(game_id)
    return None if path is None else _markdown.render(path.read_text(encoding="utf-8"))


def _seat_count(game: Game, options: dict[str, Any], seats: list[SeatSpec] | None) -> int:
    if "players" not in options and seats is not None:
        return len(seats)
    return game.table_size(options)


#: Why a bot may not sit at a table without a clock.
BOT_CLOCK = "A bot plays with a clock always: choose a real-time or turn-based one."


@router.post("/matches", response_model=CreatedMatch, status_code=201)
async def create_match(
    body: CreateMatch,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> CreatedMatch:
    """A new match: the creator sits at the first seat for a person; AI seats play on the
    server. The match starts when every seat for a person is taken."""
    return await open_match(ctx, user, body)


async def open_match(
    ctx: Context, user: UserData, body: CreateMatch, home: str | None = None
) -> CreatedMatch:
    """Every new match is made here, whoever asks (the form, quick play): the same checks,
    caps and deal. ``home``: in a cluster, the worker the match is for (else this one)."""
    game = _game(body.game)
    control, rated = _time_and_rating(body, user)
    cards = None
    if body.card_set is not None:
        if body.campaign:
            raise HTTPException(400, "A campaign is played with the game's own cards.")
        if body.rated:
            raise HTTPException(400, "A match with an edited card set is never rated.")
        cards, rated = (await my_card_set(ctx, user, game, body.card_set)).cards, False
    if await ctx.hub.waiting(user.id) >= ctx.config.open_matches:
        raise HTTPException(
            429,
            f"You have {ctx.config.open_matches} matches waiting for players already; start "
            "or finish one of them first.",
        )
    try:
        options = game.resolve_options(body.options)
    except CyberdeckError as err:
        raise HTTPException(400, str(err)) from None
    count = _seat_count(game, options, body.seats)
    specs = body.seats or [SeatSpec() for _ in range(count)]
    if len(specs) != count or not game.min_players <= count <= game.max_players:
        raise HTTPException(
            400,
            f"{game.title} with these options is played by {count} players; name {count} seats.",
        )
    seats: list[SeatData] = []
    for index, spec in enumerate(specs):
        if spec.kind == "ai":
            level = read_level(game, spec.level, count)
            if level is None:
                raise HTTPException(
                    400,
                    f"Seat {index + 1}: '{spec.level}' is not an AI level of {game.title} at a "
                    f"table of {count}; choose one of {', '.join(ai_levels(game, count))}.",
                )
            seats.append(SeatData(index, "ai", level))
        else:
            seats.append(SeatData(index, "human"))
    mine = next((s for s in seats if s.kind == "human"), None)
    for seat in seats:
        if seat is mine or (body.hotseat and seat.kind == "human"):
            seat.user_id, seat.user_name = user.id, seat_name(user.name, user.kind)
    if match_kind(seats, user.id, control.to_json()) == HOTSEAT and control.kind == TURN_BASED:
        raise HTTPException(
            400, "A hot-seat match is played at one screen; choose no clock or a real-time one."
        )
    over = await ctx.hub.over_cap(user.id, seats, control.to_json())
    if over is not None:
        raise HTTPException(429, over)
    if body.decks is not None and len(body.decks) != count:
        raise HTTPException(400, f"Give one deck per seat ({count}), or none.")
    for seat, deck in zip(seats, body.decks or [], strict=False):
        if deck is not None and seat.kind == "human" and seat.user_id != user.id:
            raise HTTPException(
                400,
                f"Seat {seat.seat + 1}'s deck is chosen by the player who takes that seat; "
                "leave it out (null).",
            )
    try:
        if body.campaign:
            data = await start_series(ctx, game, options, seats, body.decks, body.public, user)
        else:
            deal = partial(ctx.dealer.seed, user.id)
            data = new_match_data(game, options, seats, body.decks, body.public, user.id, deal)
        data.time_control, data.rated, data.cards = control.to_json(), rated, cards
        room = await ctx.hub.create(data, home)
    except BadDeck as err:
        raise HTTPException(400, " ".join(err.problems)) from None
    except CyberdeckError as err:
        raise HTTPException(400, str(err)) from None
    return CreatedMatch(
        match=MatchOut(**summary(room.data, room)),
        seat=mine.seat if mine else None,
        invite=data.invite,
        invite_link=f"/api/matches/{data.id}/join?invite={data.invite}",
        websocket=f"/ws/matches/{data.id}",
    )


def _time_and_rating(body: CreateMatch, user: UserData) -> tuple[TimeControl, bool]:
    """The creator's time control and rating, checked: turn-based and rated matches need an
    account (a guest may leave and never come back, or feed anyone wins)."""
    spec = body.clock or ClockSpec()
    try:
        control = time_control(spec.kind, spec.minutes, spec.increment, spec.days)
    except BadTimeControl as err:
        raise HTTPException(400, str(err)) from None
    if user.kind == "bot" and not control.timed:
        raise HTTPException(400, BOT_CLOCK)
    guest = user.kind not in ("account", "bot")
    if guest and control.kind == TURN_BASED:
        raise HTTPException(
            403, "Turn-based matches need an account: sign up (free) to play one over days."
        )
    if guest and body.rated:
        raise HTTPException(403, "Rated matches need an account: sign up (free) to play one.")
    return control, (not guest if body.rated is None else body.rated)


@router.get("/matches", response_model=list[MatchOut])
async def list_matches(
    ctx: Annotated[Context, Depends(context)],
    status: Annotated[list[Literal["open", "running", "finished"]] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> list[MatchOut]:
    """Public matches: open ones wait for players, running ones can be watched (a running one
    whose players have all been away longer than the claim window is not being played)."""
    wanted = status or ["open", "running"]
    rows = await ctx.db.read(ctx.db.store.list_matches, wanted, limit)
    now, grace = time.monotonic(), ctx.hub.config.grace_seconds
    moves = await moves_elsewhere(ctx, rows)
    shown = []
    for d in rows:
        room = ctx.hub.rooms.get(d.id)
        if d.status == "running" and room is not None and room.deserted(now, grace):
            continue
        shown.append(MatchOut(**summary(d, room, moves.get(d.id))))
    return shown


async def moves_elsewhere(ctx: Context, rows: list[MatchData]) -> dict[str, int]:
    """In a cluster, the moves of the listed matches this worker does not hold, counted in the
    database (one query; the seat to move of those is not known here: ``to_move`` is null)."""
    if ctx.config.worker is None:
        return {}
    ids = [d.id for d in rows if d.id not in ctx.hub.rooms]
    return await ctx.db.read(ctx.db.store.action_counts, ids) if ids else {}


@router.get("/me/matches", response_model=list[MatchOut])
async def my_matches(
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
    status: Annotated[list[Literal["open", "running", "finished"]] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> list[MatchOut]:
    """The matches you hold a seat in (private ones too), newest first."""
    wanted = status or ["open", "running", "finished"]
    rows = await ctx.db.read(ctx.db.store.user_matches, user.id, wanted, None, limit)
    moves = await moves_elsewhere(ctx, rows)
    return [MatchOut(**summary(d, ctx.hub.rooms.get(d.id), moves.get(d.id))) for d in rows]


@router.get("/me/stats/{game_id}", response_model=StatsOut, tags=["ratings"])
async def my_stats(
    game_id: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> StatsOut:
    """Your games, wins, losses by reason and streaks in one game, oldest result first."""
    game = _game(game_id)
    rows = await ctx.db.read(ctx.db.store.user_matches, user.id, ["finished"], game.id, 500, True)
    stats = GameStats()
    for data in sorted(rows, key=lambda d: (d.finished_at is None, d.finished_at, d.id)):
        seats = [s for s in data.seats if s.user_id == user.id]
        if len(seats) != 1 or data.outcome is None:
            continue
        outcome = data.outcome
        stats.add(
            Outcome(
                tuple(outcome["winners"]),
                tuple(outcome["returns"]),
                outcome["reason"],
                outcome.get("kind", ""),
            ),
            seats[0].seat,
            sum(1 for a in data.actions if a.text == UNDO),
            seats[0].hints,
        )
    return StatsOut(
        game=game.id,
        games=stats.games,
        wins=stats.wins,
        draws=stats.draws,
        lost=stats.lost,
        losses=stats.losses,
        unranked=stats.unranked,
        hinted=stats.hinted,
        streak=stats.streak,
        best_streak=stats.best_streak,
    )


async def _match(ctx: Context, match_id: str) -> MatchData:
    room = ctx.hub.rooms.get(match_id)
    if room is not None:
        return room.data
    data = await ctx.db.read(ctx.db.store.load_match, match_id)
    if data is None:
        raise HTTPException(404, f"There is no match '{match_id}'.")
    return data


@router.get("/matches/{match_id}", response_model=MatchOut)
async def get_match(
    match_id: str,
    ctx: Annotated[Context, Depends(context)],
    user: Annotated[UserData | None, Depends(optional_user)],
    invite: Annotated[str | None, Query(max_length=64)] = None,
) -> MatchOut:
    """A match's summary; a private match's is for its players and those with its invite."""
    data = await _match(ctx, match_id)
    if not admitted(data, user.id if user is not None else None, invite):
        raise HTTPException(403, "This match is private; it needs its invite.")
    return MatchOut(**summary(data, ctx.hub.rooms.get(match_id)))


@router.post("/matches/{match_id}/join", response_model=Joined)
async def join_match(
    match_id: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
    body: JoinRequest | None = None,
    invite: str | None = None,
) -> Joined:
    """Take the first free seat for a person, with your own deck (``deck``) in a game with
    decks. A private match needs its invite."""
    room = await ctx.hub.room(match_id)
    if room is None:
        raise HTTPException(404, f"There is no match '{match_id}'.")
    given = (body.invite if body else None) or invite
    invited = room.invited(given)
    if not room.data.public and not invited and room.seat_of(user.id) is None:
        ctx.hub.forget_if_idle(room)  # a finished match loaded to answer leaves again
        raise HTTPException(403, "This match is private; you need its invite link to join.")
    if user.kind == "bot" and room.data.time_control is None:
        ctx.hub.forget_if_idle(room)
        raise HTTPException(400, BOT_CLOCK)
    if user.kind == "guest" and room.seat_of(user.id) is None:
        needs = _account_needed(room.data)
        if needs is not None:
            ctx.hub.forget_if_idle(room)
            raise HTTPException(403, needs)
    if room.data.rated and await _bot_meets_person(ctx, room.data, user):
        # A bot and a person: casual always (bots are rated on their own ladder only).
        room.data.rated = False
        await ctx.db.write(ctx.db.store.make_casual, room.id)
    try:
        name = seat_name(user.name, user.kind)
        seat = await ctx.hub.join(room, user.id, name, body.deck if body else None)
    except BadDeck as err:
        raise HTTPException(400, " ".join(err.problems)) from None
    except CyberdeckError as err:
        raise HTTPException(400, str(err)) from None
    if seat is None:
        ctx.hub.forget_if_idle(room)
        raise HTTPException(409, "There is no free seat in this match.")
    return Joined(
        match=MatchOut(**summary(room.data, room)), seat=seat, websocket=f"/ws/matches/{match_id}"
    )


async def _bot_meets_person(ctx: Context, data: MatchData, joiner: UserData) -> bool:
    """Whether ``joiner`` taking a free seat would seat a bot with a person."""
    if not any(s.kind == "human" and s.user_id is None for s in data.seats):
        return False
    kinds = {joiner.kind == "bot"}
    for seat in data.seats:
        if seat.user_id is not None:
            user = await ctx.hub.players.user(seat.user_id)
            kinds.add(user is not None and user.kind == "bot")
    return len(kinds) == 2


def _account_needed(data: MatchData) -> str | None:
    """Why a guest may not take a seat in this match, if they may not."""
    if TimeControl.from_json(data.time_control).kind == TURN_BASED:
        return "This match is turn-based: sign up (free) to take a seat and play it over days."
    if data.rated:
        return "This match is rated: sign up (free) to take a seat in it."
    return None


@router.get("/matches/{match_id}/replay", response_model=ReplayStep, tags=["replays"])
async def replay_step(
    match_id: str,
    ctx: Annotated[Context, Depends(context)],
    user: Annotated[UserData | None, Depends(optional_user)],
    step: Annotated[int, Query(ge=0)] = 0,
    seat: Annotated[str | None, Query(pattern=r"^(\d{1,3}|spectator)$")] = None,
    invite: Annotated[str | None, Query(max_length=64)] = None,
) -> ReplayStep:
    """One step of a finished match, from one seat's view (``seat=N``) or the spectator's
    (``seat=spectator``); left out, from the viewer's own seat when they played in it (see
    ``own_seat``), else the spectator's. A private match's replay is for its players and those
    with its invite."""
    data = await _match(ctx, match_id)
    if not admitted(data, user.id if user is not None else None, invite):
        raise HTTPException(403, "This match is private; its replay needs its invite.")
    if data.status != "finished":
        raise HTTPException(409, "A match can be replayed once it is finished.")
    if not data.actions:
        full = await ctx.db.read(ctx.db.store.load_match, match_id)
        data = full if full is not None else data
    own = own_seat(data, user)
    shown = own if seat is None else None if seat == "spectator" else int(seat)
    if shown is not None and shown >= len(data.seats):
        raise HTTPException(400, f"This match has seats 0 to {len(data.seats) - 1}.")
    steps = len(data.actions)
    if step > steps:
        raise HTTPException(400, f"This match has steps 0 to {steps}.")
    frame = await ctx.replays.frame(data, step)
    table = table_for(frame.state, shown, frame.events)
    chat: list[ChatLineOut] = []
    if user is not None and any(s.user_id == user.id for s in data.seats):
        said = await ctx.db.read(ctx.db.store.chat_lines, match_id)
        chat = [ChatLineOut(**asdict(c)) for c in said if c.step <= step]
    return ReplayStep(
        match=MatchOut(**summary(data)),
        step=step,
        steps=steps,
        seat=shown,
        own_seat=own,
        acted=frame.acted,
        table=table,
        outcome=data.outcome if step == steps else None,
        chat=chat,
    )


def own_seat(data: MatchData, user: UserData | None) -> int | None:
    """The one seat ``user`` held in the match: their replay shows what that seat saw, and no
    more. Someone who held several seats (a hot-seat table) gets the spectator's view, since
    no one seat's view is theirs."""
    if user is None:
        return None
    held = [s.seat for s in data.seats if s.user_id == user.id]
    return held[0] if len(held) == 1 else None


@router.get(
    "/leaderboard/{game_id}", response_model=list[LeaderRow] | list[SoloRow], tags=["ratings"]
)
async def leaderboard(
    game_id: str,
    ctx: Annotated[Context, Depends(context)],
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
    provisional: bool = False,
    bots: bool = False,
) -> list[LeaderRow] | list[SoloRow]:
    """Players (accounts and AI levels) by openskill rating, most surely strong first; an
    account once its rating is established (10 rated games against 5 distinct opponents;
    ``provisional=true`` lists the others too, marked); for a solitaire, accounts by win rate
    (with enough ranked games), wins, streaks and personal best (see ``server/solitaire.py``).
    ``bots=true``: the bots' own ladder (their rated games against each other)."""
    game = _game(game_id)
    if game.max_players == 1:
        return await _solitaire_leaderboard(ctx, game, limit)
    games, met = (0, 0) if provisional else (PROVISIONAL_GAMES, PROVISIONAL_OPPONENTS)
    ladder = bot_ladder(game.id) if bots else game.id
    rows = await ctx.db.read(ctx.db.store.leaderboard, ladder, limit, games, met)
    return [
        LeaderRow(
            rank=i + 1,
            name=shown_name(r.name, r.kind),
            kind=r.kind,
            mu=round(r.mu, 3),
            sigma=round(r.sigma, 3),
            ordinal=round(ordinal(r.mu, r.sigma), 3),
            rating=shown_rating(r.mu, r.sigma),
            games=r.games,
            wins=r.wins,
            opponents=r.opponents,
            provisional=r.kind == "account"
            and (r.games < PROVISIONAL_GAMES or r.opponents < PROVISIONAL_OPPONENTS),
        )
        for i, r in enumerate(rows)
    ]


async def _solitaire_leaderboard(ctx: Context, game: Game, limit: int) -> list[SoloRow]:
    results = await ctx.db.read(ctx.db.store.solitaire_results, game.id)
    return [
        SoloRow(
            rank=i + 1,
            name=r.name,
            kind="account",
            games=r.stats.games,
            ranked=r.ranked,
            wins=r.stats.wins,
            win_rate=None if r.win_rate is None else round(r.win_rate, 4),
            qualified=r.qualified,
            min_games=MIN_GAMES,
            best_streak=r.stats.best_streak,
            streak=r.stats.streak,
            best=r.best,
            best_label=game.score_label,
        )
        for i, r in enumerate(solitaire_board(results, limit))
    ]


@router.get("/ws-schema", tags=["protocol"])
async def ws_schema() -> Response:
    """JSON Schemas of the websocket messages (client to server, and server to client)."""
    return _schema()


@cache
def _schema() -> Response:
    """Made once: building the schemas took a tenth of a second of the event loop."""
    return Response(encode(message_schema()), media_type="application/json")


def operator(request: Request, ctx: Context) -> None:
    """Only the server's operator reads its metrics (``--metrics-token``): they tell how busy
    the server is and when, and computing them is work no stranger should be able to ask for."""
    token = ctx.config.metrics_token
    if token is None:
        raise HTTPException(
            403, "The metrics are off: the operator starts the server with --metrics-token."
        )
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not invite_matches(given.strip(), token):
        raise HTTPException(
            401,
            "The metrics are for the server's operator: send 'Authorization: Bearer TOKEN'.",
            headers={"WWW-Authenticate": "Bearer"},
        )


@router.get("/metrics", tags=["protocol"])
async def metrics(
    request: Request, ctx: Annotated[Context, Depends(context)], seconds: bool = False
) -> Response:
    """For the operator (``Authorization: Bearer TOKEN``, the token ``--metrics-token`` set):
    moves accepted, connections, the server-side time from a move's arrival to its
    acknowledgement (after the database commit) over the latest moves, in milliseconds, the
    garbage collector's pauses since the server started (per generation: collections, their
    total and longest milliseconds), and the moves' transactions (how many, the moves they
    carried, their milliseconds in all, the longest, how many took over 5 ms, how many were put
    back while SQLite's checkpoint thread held the lock, and that thread's own figures), and the
    turn mails sent and refused by the mail server (``null`` without ``--smtp``). With
    ``seconds=true``, also the event loop's pulse for each of the latest 900 seconds (how late
    its 10 ms ticks came, and the moves, transactions, collections, rooms opened and checkpoint
    restarts of that second; ``heartbeat``); and the keys each bounded structure holds
    (``kept``). Worked out at most once a second (the same
    answer meanwhile), as encoded JSON: sorting the latest moves and encoding 900 seconds was
    tens of milliseconds of the event loop, every game waiting."""
    operator(request, ctx)
    now = time.monotonic()
    made = ctx.metrics.get(seconds)
    if made is None or now - made[0] >= 1.0:
        made = ctx.metrics[seconds] = (now, encode(_metrics(ctx, seconds)))
    return Response(made[1], media_type="application/json")


def _metrics(ctx: Context, seconds: bool) -> dict[str, Any]:
    recent = sorted(ctx.hub.move_ms)

    def pick(p: float) -> float | None:
        return round(recent[min(len(recent) - 1, int(p * len(recent)))], 3) if recent else None

    return {
        "moves": ctx.hub.moves,
        "live_matches": len(ctx.hub.rooms),
        "connections": sum(len(r.conns) for r in ctx.hub.rooms.values()),
        "move_ms": {"window": len(recent), "p50": pick(0.5), "p99": pick(0.99), "max": pick(1.0)},
        "gc": ctx.hub.pauses.report(),
        "commits": {
            "transactions": ctx.db.transactions,
            "moves": ctx.db.carried,
            "ms": round(ctx.db.commit_seconds * 1000, 1),
            "longest_ms": round(ctx.db.longest_commit * 1000, 1),
            "over_5ms": ctx.db.slow_commits,
            "busy_retries": ctx.db.busy_retries,
            "checkpoints": ctx.db.store.checkpoints.report() if ctx.db.store.checkpoints else None,
        },
        "mail": None
        if ctx.turn_mails is None
        else {"turn_sent": ctx.turn_mails.sent, "turn_failed": ctx.turn_mails.failed},
        "bus": ctx.bus.report(),
        "leases": None if ctx.hub.ownership is None else ctx.hub.ownership.report(),
        "kept": kept(ctx),
        **({"seconds": ctx.hub.heartbeat.seconds()} if seconds else {}),
    }


def kept(ctx: Context) -> dict[str, int]:
    """How many keys each bounded structure holds now (``limits``): an operator sees memory
    that clients' made-up names, addresses and ids could grow, and that it does not."""
    return {
        "series_locks": len(series_locks),
        "match_loads": len(ctx.hub.loading),
        "sessions": len(ctx.live),
        "sessions_ended": len(ctx.ended),
        "sign_in_pairs": len(ctx.failed_pairs),
        "sign_in_accounts": len(ctx.failed_accounts),
        "sign_in_addresses": len(ctx.failed_by_address),
        "newcomer_addresses": len(ctx.newcomers),
        "replays": len(ctx.replays),
        "lessons": len(ctx.lessons),
        "chat_rates": len(ctx.chat.rate),
        "chat_tables": len(ctx.chat.players) + len(ctx.chat.spectators),
        "rematch_offers": len(ctx.rematches.offers),
        "rematch_rates": len(ctx.rematches.rate),
        "rematch_locks": len(ctx.rematches.locks),
        "quickplay_seekers": len(ctx.queues),
        "quickplay_offers": len(ctx.queues.offers),
        "quickplay_acts": len(ctx.queue_acts),
        "quickplay_looks": len(ctx.queue_looks),
        "mail_sends": len(ctx.mail_sends),
        "turn_mails": len(ctx.turn_mails) if ctx.turn_mails is not None else 0,
        "tournament_writes": len(ctx.tournament_writes),
        "tournament_acts": len(ctx.tournament_acts),
        "tournament_locks": len(ctx.director.locks),
        "tournament_looks": len(ctx.tournament_looks),
        "tournament_live_pages": ctx.director.board.count,
        "bot_makes": len(ctx.bot_makes),
        "bot_streams": len(ctx.bot_streams),
        "bot_moves": len(ctx.bot_moves),
        "bot_challenges": len(ctx.bot_challenges),
        "bot_tokens": len(ctx.bots),
        "bot_starts_told": len(ctx.bot_lines.started),
    }


@router.get("/health", tags=["protocol"])
async def health(ctx: Annotated[Context, Depends(context)]) -> JSONResponse:
    """Whether this server (in a cluster, this worker) can take matches: a worker whose leases
    were not renewed within a lease's length answers 503, and the balancer stops sending to it."""
    own = ctx.hub.ownership
    body: dict[str, Any] = {"ok": True, "live_matches": len(ctx.hub.rooms)}
    if own is not None:
        late = time.monotonic() - own.renewed
        body |= {
            "ok": late < own.seconds,
            "worker": own.worker,
            "pid": os.getpid(),
            "leases_renewed_ago": round(late, 3),
            "matches_held": len(own.tokens),
        }
    return JSONResponse(body, status_code=200 if body["ok"] else 503)
