"""Card sets on the server: a game's shipped card set as a document, checking an edited copy
(every problem a sentence, each put next to the number that has it where one does), each
player's saved sets, and the what-if the Lab page runs on one. Nothing here changes the shipped
cards: a saved set is the player's own copy, played only where it is named."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ..engine import CyberdeckError, Game, load_game
from ..lab.entries import Entry
from ..store import CardSetData, NameTaken, UserData
from .cardcheck import changes, check_card_set, problems, shipped
from .context import Context, address, context, ration, require_user
from .decks import LARGEST_ID, ProblemsOut
from .labjobs import AGENTS, FINISHED, MAX_ENTRIES, MAX_GAMES, Job, JobRefused
from .text import shown
from .thinking import NoAnswer

router = APIRouter(prefix="/api/games/{game_id}", tags=["card sets"])

#: Saved card sets one player may keep per game.
MAX_SETS = 20


class ShippedOut(BaseModel):
    game: str
    title: str
    editable: bool = Field(description="False where the rules fix the cards (edit decks instead).")
    reason: str = Field(default="", description="Why the cards are not editable, when not.")
    cards: dict[str, Any] | None = Field(description="The shipped card set as a document.")


class CardsIn(BaseModel):
    cards: dict[str, Any]


class CardSetIn(BaseModel):
    name: str = Field(max_length=64)
    cards: dict[str, Any]


class FieldProblem(BaseModel):
    card: str = Field(description="The card's key in the document (its slug, or its name).")
    field: str
    problems: list[str]


class Change(BaseModel):
    card: str
    field: str
    shipped: Any
    edited: Any


class CheckOut(BaseModel):
    ok: bool
    problems: list[str] = Field(description="Every problem of the set, one sentence each.")
    fields: list[FieldProblem] = Field(description="The problems of each changed number.")
    changes: list[Change] = Field(description="What differs from the shipped set.")


class CardSetOut(BaseModel):
    id: int
    game: str
    name: str
    cards: dict[str, Any]
    changes: list[Change]
    result: dict[str, Any] | None = Field(description="The latest what-if run on the set.")
    created_at: datetime | None
    updated_at: datetime | None


class EntryIn(BaseModel):
    agent: str = Field(max_length=32)
    deck: str | None = Field(default=None, max_length=64)


class RunIn(BaseModel):
    kind: Literal["whatif", "tournament"] = Field(
        default="whatif",
        description="whatif: the set against the shipped cards; tournament: the set alone.",
    )
    entries: list[EntryIn] = Field(min_length=2, max_length=MAX_ENTRIES)
    games: int = Field(default=4, ge=1, le=MAX_GAMES)
    seed: int = Field(default=1, ge=0, le=2**31)


class JobOut(BaseModel):
    id: str | None
    set: int
    kind: str | None
    status: str = Field(description="running, finished, cancelled or failed; none: never run.")
    done: int
    total: int
    error: str | None
    result: dict[str, Any] | None


BAD_SET: dict[int | str, dict[str, Any]] = {
    400: {"model": ProblemsOut, "description": "The card set has problems: every one."}
}


def set_game(game_id: str) -> Game:
    try:
        return load_game(game_id)
    except CyberdeckError as err:
        raise HTTPException(404, str(err)) from None


def editable_game(game_id: str) -> Game:
    game = set_game(game_id)
    if shipped(game.id) is None:
        raise HTTPException(404, fixed(game))
    return game


def fixed(game: Game) -> str:
    where = " in its deck builder" if game.has_decks else ""
    return f"{game.title}'s cards are fixed by its rules: a designer edits its decks{where}."


def _refused(found: list[str]) -> JSONResponse:
    return JSONResponse(
        ProblemsOut(detail=" ".join(found), problems=found).model_dump(), status_code=400
    )


def _set_out(game: Game, data: CardSetData) -> CardSetOut:
    return CardSetOut(
        id=data.id, game=game.id, name=data.name, cards=data.cards,
        changes=[Change(**c) for c in changes(game.id, data.cards)], result=data.result,
        created_at=data.created_at, updated_at=data.updated_at,
    )  # fmt: skip


async def my_card_set(ctx: Context, user: UserData, game: Game, set_id: int) -> CardSetData:
    """One of ``user``'s card sets of ``game``; 404 for anyone else's (or none)."""
    missing = HTTPException(404, f"You have no {game.title} card set number {set_id}.")
    if not 1 <= set_id <= LARGEST_ID:
        raise missing
    found = await ctx.db.read(ctx.db.store.card_set, user.id, set_id)
    if found is None or found.game != game.id:
        raise missing
    return found


def _legal(game: Game, body: CardSetIn) -> tuple[str, dict[str, Any]] | list[str]:
    name = shown(body.name)
    found = problems(game, body.cards)
    if not name:
        found = ["Give the card set a name.", *found]
    return found if found else (name, json.loads(json.dumps(body.cards)))


def _write_ration(ctx: Context, user: UserData) -> None:
    ration(ctx.card_set_writes, str(user.id), "Too many card sets saved in a short time.")


@router.get("/card-set", response_model=ShippedOut)
async def shipped_set(game_id: str) -> ShippedOut:
    """The game's shipped card set as a document a designer edits a copy of; for a game whose
    rules fix its cards, why not (its decks are what a designer changes)."""
    game = set_game(game_id)
    document = shipped(game.id)
    return ShippedOut(
        game=game.id, title=game.title, editable=document is not None,
        reason="" if document is not None else fixed(game), cards=document,
    )  # fmt: skip


@router.post("/card-sets/check", response_model=CheckOut)
async def check_set(
    game_id: str, body: CardsIn, request: Request, ctx: Annotated[Context, Depends(context)]
) -> CheckOut:
    """Check an edited card set as a designer types (no sign-in): every problem, each changed
    number's own, and what differs from the shipped set."""
    game = editable_game(game_id)
    where = address(request)
    ration(ctx.card_checks, where, "Too many card-set checks from your address.")
    try:
        answer = await ctx.hub.thinkers.run(where, check_card_set, game.id, body.cards)
    except NoAnswer:
        raise HTTPException(503, "The card set could not be checked just now; try again.") from None
    return CheckOut(**answer)


@router.get("/card-sets", response_model=list[CardSetOut])
async def my_sets(
    game_id: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> list[CardSetOut]:
    """Your saved card sets of this game, by name."""
    game = editable_game(game_id)
    found = await ctx.db.read(ctx.db.store.card_sets, user.id, game.id)
    return [_set_out(game, s) for s in found]


@router.post("/card-sets", response_model=CardSetOut, status_code=201, responses=BAD_SET)
async def save_set(
    game_id: str,
    body: CardSetIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> CardSetOut | JSONResponse:
    """Save an edited card set under a name (unique among your sets of this game)."""
    game = editable_game(game_id)
    checked = _legal(game, body)
    if isinstance(checked, list):
        return _refused(checked)
    if len(await ctx.db.read(ctx.db.store.card_sets, user.id, game.id)) >= MAX_SETS:
        raise HTTPException(409, f"You have {MAX_SETS} {game.title} card sets; delete one first.")
    _write_ration(ctx, user)
    try:
        made = await ctx.db.write(ctx.db.store.create_card_set, user.id, game.id, *checked)
    except NameTaken as err:
        raise HTTPException(409, str(err)) from None
    return _set_out(game, made)


@router.get("/card-sets/{set_id}", response_model=CardSetOut)
async def my_set(
    game_id: str,
    set_id: int,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> CardSetOut:
    game = editable_game(game_id)
    return _set_out(game, await my_card_set(ctx, user, game, set_id))


@router.put("/card-sets/{set_id}", response_model=CardSetOut, responses=BAD_SET)
async def update_set(
    game_id: str,
    set_id: int,
    body: CardSetIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> CardSetOut | JSONResponse:
    """Rename or rewrite one of your card sets; it must stay playable. Changed cards drop the
    what-if run on the old ones."""
    game = editable_game(game_id)
    await my_card_set(ctx, user, game, set_id)
    checked = _legal(game, body)
    if isinstance(checked, list):
        return _refused(checked)
    _write_ration(ctx, user)
    try:
        made = await ctx.db.write(ctx.db.store.update_card_set, user.id, set_id, *checked)
    except NameTaken as err:
        raise HTTPException(409, str(err)) from None
    if made is None:
        raise HTTPException(404, f"You have no {game.title} card set number {set_id}.")
    return _set_out(game, made)


@router.delete("/card-sets/{set_id}", status_code=204)
async def delete_set(
    game_id: str,
    set_id: int,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> Response:
    game = editable_game(game_id)
    await my_card_set(ctx, user, game, set_id)
    ctx.hub.lab.forget(user.id, set_id)
    await ctx.db.write(ctx.db.store.delete_card_set, user.id, set_id)
    return Response(status_code=204)


def _entries(game: Game, asked: list[EntryIn]) -> list[Entry]:
    """The entries of a job, each checked: a fast agent, and a starter deck of the game's (a
    name, never a file: the server reads no path a client sends)."""
    starters = {d.handle: d for d in game.starter_decks()} if game.has_decks else {}
    out = []
    for number, entry in enumerate(asked, start=1):
        if entry.agent not in AGENTS:
            raise HTTPException(
                400, f"Entry {number}: the lab seats {' or '.join(AGENTS)}, not '{entry.agent}'."
            )
        if entry.deck is None or not starters:
            if entry.deck is not None:
                raise HTTPException(400, f"Entry {number}: {game.title} has no decks to choose.")
            out.append(Entry(entry.agent))
            continue
        deck = starters.get(entry.deck)
        if deck is None:
            names = ", ".join(starters)
            raise HTTPException(
                400, f"Entry {number}: '{entry.deck}' is not a starter deck ({names})."
            )
        out.append(Entry(entry.agent, deck.handle, tuple(str(c) for c in deck.cards)))
    if len({e.label for e in out}) < len(out):
        raise HTTPException(400, "Name each entry once (an agent with a deck).")
    return out


def _job_out(set_id: int, job: Job | None, data: CardSetData) -> JobOut:
    if job is not None:
        return JobOut(**job.to_json())
    kept = data.result
    return JobOut(
        id=None, set=set_id, kind=kept["kind"] if kept else None,
        status=FINISHED if kept else "none", done=0, total=0, error=None, result=kept,
    )  # fmt: skip


@router.post("/card-sets/{set_id}/run", response_model=JobOut, status_code=202)
async def start_run(
    game_id: str,
    set_id: int,
    body: RunIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> JobOut:
    """A what-if (the entries' games with the shipped cards and with this set, on the same seeds
    and seats) or a small tournament (with this set alone), played in the lab's worker process;
    poll ``GET`` for its progress and result."""
    game = editable_game(game_id)
    data = await my_card_set(ctx, user, game, set_id)
    entries = _entries(game, body.entries)
    ration(ctx.lab_starts, str(user.id), "Too many lab runs started in a short time.")
    try:
        job = Job(user.id, set_id, game, data.cards, entries, body.games, body.seed, body.kind)
    except CyberdeckError as err:
        raise HTTPException(400, str(err)) from None

    async def keep(done: Job) -> None:
        assert done.result is not None
        await ctx.db.write(
            ctx.db.store.keep_card_set_result, user.id, set_id, done.cards, done.result
        )

    try:
        ctx.hub.lab.start(job, keep)
    except JobRefused as err:
        raise HTTPException(429, str(err)) from None
    return JobOut(**job.to_json())


@router.get("/card-sets/{set_id}/run", response_model=JobOut)
async def run_progress(
    game_id: str,
    set_id: int,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> JobOut:
    """The set's latest run: its progress while it runs, then its result (kept with the set, so
    it is here after a restart too)."""
    game = editable_game(game_id)
    data = await my_card_set(ctx, user, game, set_id)
    return _job_out(set_id, ctx.hub.lab.of(user.id, set_id), data)


@router.delete("/card-sets/{set_id}/run", response_model=JobOut)
async def cancel_run(
    game_id: str,
    set_id: int,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> JobOut:
    """Stop the set's run (the game under way is dropped)."""
    game = editable_game(game_id)
    data = await my_card_set(ctx, user, game, set_id)
    job = ctx.hub.lab.of(user.id, set_id)
    if job is None or not ctx.hub.lab.cancel(job):
        raise HTTPException(409, "This card set has no run going.")
    return _job_out(set_id, job, data)
