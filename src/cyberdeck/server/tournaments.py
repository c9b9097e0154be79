"""Tournaments on the server: Swiss events for two-player games, made by any account.

A tournament is created with its game and options, deck rule (the starters, any legal deck, or
a list of decks each entrant picks from), number of rounds, an optional top cut, a time control
(always: a no-show must lose on time), a start time, open or invite-only, and whether AI levels
may enter. Players enter until it starts; the director (``director``) runs it from then, and
its page follows it live (``noticeboard``). Every write here is rationed per player
(``ration``) and each player has a few tournaments not yet finished at most, as with matches.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import Counter
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

from ..engine import CyberdeckError, Game, load_game
from ..store import EntrantData, TableData, TournamentData, UserData
from .clocks import NONE, BadTimeControl, TimeControl, time_control
from .context import Context, address, context, optional_user, ration, require_user
from .cut import advancing, placings, reached, rounds_of
from .decks import check
from .director import Snapshot
from .levels import ai_levels, read_level
from .lobby import ClockSpec
from .swiss import Table
from .text import shown

router = APIRouter(prefix="/api", tags=["tournaments"])

#: Tournaments a player may have open or running at once.
OPEN_TOURNAMENTS = 3
#: Entrants one tournament takes.
MOST_ENTRANTS = 256
#: The most rounds a creator may ask for.
MOST_ROUNDS = 12
#: The most decks a list of decks may hold.
MOST_DECKS = 16
#: A comment line on a quiet live page's stream this often, so that proxies keep it open.
KEEPALIVE_SECONDS = 20.0


class NamedDeck(BaseModel):
    name: str = Field(max_length=64)
    text: str = Field(max_length=20_000)


class CreateTournament(BaseModel):
    name: str = Field(min_length=1, max_length=80)
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    #: ``starters``: every table plays the game's own decks; ``any``: each entrant brings a
    #: legal deck list of their own; ``list``: each entrant picks one of ``deck_lists``
    #: (games with decks only).
    decks: Literal["starters", "any", "list"] = "starters"
    #: The decks allowed under the rule ``list``, each a name and a legal deck list.
    deck_lists: list[NamedDeck] = Field(default_factory=list, max_length=MOST_DECKS)
    #: The top cut after the Swiss rounds: 0 (none), or the top 2, 4 or 8 play single
    #: elimination.
    cut: Literal[0, 2, 4, 8] = 0
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
    #: The name of the deck picked from the tournament's list, for the rule ``list``.
    pick: str | None = Field(default=None, max_length=64)
    invite: str | None = Field(default=None, max_length=64)


class EnterAI(BaseModel):
    level: str = Field(max_length=32)
    #: The deck it plays, for the rule ``list`` (left out: the list's first).
    pick: str | None = Field(default=None, max_length=64)


class EntrantOut(BaseModel):
    entrant: int
    name: str
    ai: bool
    #: The round after which the entrant dropped; null while in.
    dropped: int | None
    #: The deck picked from the tournament's list: shown to the entrant, and to everyone once
    #: the tournament is finished.
    deck: str | None = None


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
    #: in play | first | second | draw | bye (in the cut: the player advances unplayed)
    result: str
    link: str | None
    #: In the cut: each seat's seed (Swiss rank), and who goes on (null while in play).
    first_seed: int | None = None
    second_seed: int | None = None
    advances: int | None = None


class RoundOut(BaseModel):
    round: int
    tables: list[TableOut]


class CutRoundOut(BaseModel):
    round: int
    #: "Final", "Semi-finals", "Quarter-finals".
    name: str
    tables: list[TableOut]


class PlacingOut(BaseModel):
    place: int
    entrant: int
    name: str
    #: How far the player got: "champion", "runner-up", "top 4", "top 8", or "Swiss" (not in
    #: the cut).
    how: str


class DeckChoiceOut(BaseModel):
    name: str
    text: str


class TournamentOut(BaseModel):
    id: str
    name: str
    game: str
    title: str
    options: dict[str, Any]
    decks: str
    #: The decks of the rule ``list`` (empty under the other rules).
    deck_lists: list[DeckChoiceOut]
    #: Swiss rounds.
    rounds: int
    #: The top cut chosen (0: none).
    cut: int
    clock: dict[str, Any]
    rated: bool
    starts_at: float | None
    public: bool
    allow_ai: bool
    allow_bots: bool
    status: str
    #: The last round paired: the cut's rounds number on from the Swiss ones.
    round: int
    created_by: str
    entrants: list[EntrantOut]
    #: The Swiss standings (the cut's games count for none of it).
    standings: list[StandingOut]
    #: The Swiss rounds' tables.
    pairings: list[RoundOut]
    #: The cut's rounds, first round first, tables in bracket order.
    bracket: list[CutRoundOut]
    #: The final placing once finished (the cut's results, then the Swiss standings).
    placings: list[PlacingOut]
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
    #: The top cut chosen (0: none); ``round`` above ``rounds``: the cut is being played.
    cut: int
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
    if body.decks != "starters" and not game.has_decks:
        raise HTTPException(400, f"{game.title} is not played with decks of your own.")
    return game, options


async def _deck_lists(
    ctx: Context, user: UserData, game: Game, body: CreateTournament
) -> tuple[tuple[str, str], ...]:
    """The rule ``list``'s decks, each checked: every problem at once, one sentence each."""
    if body.decks != "list":
        if body.deck_lists:
            raise HTTPException(
                400,
                "A list of decks goes with the deck rule 'list'; choose it or leave the list out.",
            )
        return ()
    if not body.deck_lists:
        raise HTTPException(400, "Give the list of decks the entrants pick from (one at least).")
    problems: list[str] = []
    named: list[tuple[str, str]] = []
    for number, deck in enumerate(body.deck_lists, start=1):
        name = shown(deck.name)
        if not name:
            problems.append(f"Deck {number} of the list has no name; give it one.")
        elif name in (n for n, _ in named):
            problems.append(f"Two decks of the list are named '{name}'; give each its own.")
        _, broken = await check(ctx, user.id, game, deck.text)
        problems += [f"'{name or number}': {p}" for p in broken]
        named.append((name, deck.text))
    if problems:
        raise HTTPException(400, " ".join(problems))
    return tuple(named)


def _picked(t: TournamentData, pick: str | None) -> str:
    """The text of the deck ``pick`` names in ``t``'s list."""
    names = ", ".join(f"'{n}'" for n, _ in t.deck_lists)
    if pick is None:
        raise HTTPException(
            400, f"This tournament is played with a deck from its list: pick one of {names}."
        )
    for name, text in t.deck_lists:
        if name == pick:
            return text
    raise HTTPException(
        400, f"'{shown(pick)}' is not one of this tournament's decks; pick one of {names}."
    )


def _pick_name(t: TournamentData, deck: str | None) -> str | None:
    return next((name for name, text in t.deck_lists if text == deck), None)


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
    deck_lists = await _deck_lists(ctx, user, game, body)
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
        cut=body.cut,
        deck_lists=deck_lists,
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
            cut=t.cut,
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


@router.get(
    "/tournaments/{tournament_id}/live",
    responses={200: {"content": {"text/event-stream": {}}, "description": "Notices of change."}},
)
async def live(
    tournament_id: str,
    request: Request,
    ctx: Annotated[Context, Depends(context)],
    user: Annotated[UserData | None, Depends(optional_user)],
    invite: Annotated[str | None, Query(max_length=64)] = None,
) -> StreamingResponse:
    """Server-sent events while the tournament is open or running: a ``changed`` event (its
    data: ``{"status": ...}``) each time entries, standings, pairings or the bracket change;
    read the tournament again then. The stream ends after the notice that it is finished. A
    comment line now and then keeps a quiet stream open."""
    where = address(request)
    ration(ctx.tournament_looks, where, "This tournament's page was opened often lately.")
    finished = (await _field(ctx, tournament_id, user, invite)).tournament.status == "finished"
    board = ctx.director.board
    if not finished and board.full(where):
        raise HTTPException(429, "Too many live pages are open from here; close one first.")

    async def notices() -> AsyncIterator[bytes]:
        # Taken here, not before the answer: a stream whose client left before it began
        # holds no place on the board.
        queue = None if finished else board.listen(tournament_id, where)
        if queue is None:  # finished, or the last place taken meanwhile: the page polls
            yield _notice("finished" if finished else "full")
            return
        try:
            yield RETRY
            while True:
                try:
                    status = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield b": still here\n\n"
                    continue
                yield _notice(status)
                if status == "finished":
                    return
        finally:
            board.leave(tournament_id, where, queue)

    return StreamingResponse(
        notices(), media_type="text/event-stream", headers={"Cache-Control": "no-store"}
    )


#: The first line of a live stream: a browser that loses it tries again after 5 s.
RETRY = b"retry: 5000\n\n"


def _notice(status: str) -> bytes:
    return f"event: changed\ndata: {json.dumps({'status': status})}\n\n".encode()


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
    if t.decks != "list" and body.pick is not None:
        raise HTTPException(400, "This tournament has no list of decks to pick from.")
    if t.decks == "any":
        if not body.deck:
            raise HTTPException(400, "This tournament is played with your own deck: give its list.")
        game = load_game(t.game)
        _, problems = await check(ctx, user.id, game, body.deck)
        if problems:
            raise HTTPException(400, " ".join(problems))
        deck = body.deck
    elif t.decks == "list":
        if body.deck is not None:
            raise HTTPException(
                400, "This tournament's decks are its list's: pick one by its name (pick)."
            )
        deck = _picked(t, body.pick)
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
    deck = None
    if t.decks == "list":
        deck = _picked(t, body.pick if body.pick is not None else t.deck_lists[0][0])
    elif body.pick is not None:
        raise HTTPException(400, "This tournament has no list of decks to pick from.")
    await _add(ctx, t, None, level, deck)
    return await _out(ctx, tournament_id, user, None)


async def _add(
    ctx: Context, t: TournamentData, user_id: int | None, level: str | None, deck: str | None
) -> None:
    if t.status != "open":
        raise HTTPException(409, "This tournament has started; entries are closed.")
    number = await ctx.db.write(ctx.db.store.add_entrant, t.id, user_id, level, deck, MOST_ENTRANTS)
    if number is not None:
        ctx.director.board.post(t.id, t.status)
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
    ctx.director.board.post(t.id, t.status)
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


#: The cut's rounds by how many are left to play, the final last.
CUT_ROUND_NAMES = {1: "Final", 2: "Semi-finals", 3: "Quarter-finals"}


def _said(table: TableData, result: Table) -> str:
    if table.second is None:
        return "bye"
    if not result.done:
        return "in play"
    if result.winner is None:
        return "draw"
    return "first" if result.winner == table.first else "second"


def _placings(field: Snapshot, names: dict[int, str]) -> list[PlacingOut]:
    """The final placing: the cut's results, then the Swiss standings."""
    played = field.cut_rounds()
    seed_of = field.seed_of()
    far = reached(played, seed_of)
    size = 2 * len(played[0]) if played else 0
    out = []
    for place, entrant in enumerate(placings(field.standings(), played, seed_of), start=1):
        if entrant not in far:
            how = "Swiss"
        elif far[entrant] == len(played):
            how = "champion"
        elif far[entrant] == len(played) - 1:
            how = "runner-up"
        else:
            how = f"top {size >> far[entrant]}"
        out.append(PlacingOut(place=place, entrant=entrant, name=names[entrant], how=how))
    return out


def _names(entrants: list[EntrantData]) -> dict[int, str]:
    """Each entrant's name as the page shows it: AI levels entered more than once are told
    apart by their entrant number ("Random AI 3")."""
    count = Counter(e.name for e in entrants if e.user_id is None)
    return {
        e.entrant: f"{e.name} {e.entrant}" if e.user_id is None and count[e.name] > 1 else e.name
        for e in entrants
    }


async def _out(
    ctx: Context, tournament_id: str, user: UserData | None, invite: str | None
) -> TournamentOut:
    field = await _field(ctx, tournament_id, user, invite)
    t = field.tournament
    names = _names(field.entrants)
    dropped = {e.entrant: e.dropped for e in field.entrants}
    seed_of = field.seed_of()
    rounds: dict[int, list[TableOut]] = {}
    for table, result in zip(field.tables, field.results(), strict=True):
        cut = table.round > t.rounds
        # A round is paired a moment before its matches are made: a table's game is linked
        # once it can be joined.
        made = table.match_id if table.match_id in field.matches else None
        rounds.setdefault(table.round, []).append(
            TableOut(
                table=table.table,
                first=table.first,
                first_name=names[table.first],
                second=table.second,
                second_name=None if table.second is None else names[table.second],
                match=made,
                result=_said(table, result),
                link=_link(made, result.done),
                first_seed=seed_of[table.first] if cut else None,
                second_seed=seed_of[table.second] if cut and table.second is not None else None,
                advances=advancing(result, seed_of) if cut else None,
            )
        )
    cut_rounds = sorted(n for n in rounds if n > t.rounds)
    in_cut = rounds_of(2 * len(rounds[cut_rounds[0]])) if cut_rounds else 0
    shown_to = (
        None
        if user is None
        else next((e.entrant for e in field.entrants if e.user_id == user.id), None)
    )
    return TournamentOut(
        id=t.id,
        name=t.name,
        game=t.game,
        title=load_game(t.game).title,
        options=t.options,
        decks=t.decks,
        deck_lists=[DeckChoiceOut(name=n, text=text) for n, text in t.deck_lists],
        rounds=t.rounds,
        cut=t.cut,
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
            EntrantOut(
                entrant=e.entrant,
                name=names[e.entrant],
                ai=e.user_id is None,
                dropped=e.dropped,
                deck=_pick_name(t, e.deck)
                if t.status == "finished" or e.entrant == shown_to
                else None,
            )
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
        pairings=[
            RoundOut(round=n, tables=tables)
            for n, tables in sorted(rounds.items())
            if n <= t.rounds
        ],
        bracket=[
            CutRoundOut(
                round=n,
                name=CUT_ROUND_NAMES.get(in_cut - i, f"Round of {2 ** (in_cut - i)}"),
                tables=rounds[n],
            )
            for i, n in enumerate(cut_rounds)
        ],
        placings=_placings(field, names) if t.status == "finished" else [],
        invite=t.invite if user is not None and user.id == t.created_by and not t.public else None,
    )
