"""Deck building on the server: a game's card catalogue and starter decks, checking a deck list,
and each player's saved decks. Every rule comes from the game's own deck hooks; a deck that breaks
rules is answered with every problem at once, one sentence each."""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Hashable
from datetime import datetime
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ..engine import ASCII, CyberdeckError, Game, load_game
from ..engine.decklist import readable_entries
from ..store import DeckData, NameTaken, UserData
from .context import Context, address, context, require_user
from .limits import Recent
from .text import shown
from .thinking import NoAnswer, check_deck
from .wire import encode

router = APIRouter(prefix="/api/games/{game_id}", tags=["decks"])

#: Saved decks one player may keep per game.
MAX_DECKS = 100
MAX_TEXT = 20_000


class CardOut(BaseModel):
    code: str = Field(description="How a deck list names the card (7H, street-samurai).")
    name: str
    kind: str
    section: str = Field(description="The heading a builder files it under (Programs, Gear deck).")
    copies: int = Field(description="The most copies one legal deck may hold.")
    text: str
    facts: dict[str, Any] = Field(
        description="The game's own numbers and words, under the labels players read (Cost, Suit)."
    )


class StarterOut(BaseModel):
    key: str
    name: str
    about: str
    text: str = Field(description="The deck list: load it into a builder or pass it as a deck.")


class DeckIn(BaseModel):
    name: str = Field(max_length=64)
    text: str = Field(max_length=MAX_TEXT)


class TextIn(BaseModel):
    text: str = Field(max_length=MAX_TEXT)


class CardCount(BaseModel):
    code: str
    count: int


class CheckOut(BaseModel):
    ok: bool
    problems: list[str] = Field(
        description="Every problem at once: lines that do not read, then each rule broken."
    )
    summary: str = Field(description="The deck at a glance (counts by kind, suits, totals).")
    name: str = Field(description="The name the text gives (# name: ...).")
    about: str = Field(description="The line of character the text gives (# about: ...).")
    size: int
    cards: list[CardCount] = Field(description="The cards that read, counted, in list order.")


class DeckOut(BaseModel):
    id: int
    game: str
    name: str
    text: str = Field(description="The deck list as the game writes it (# name: line first).")
    size: int
    created_at: datetime | None
    updated_at: datetime | None


class ProblemsOut(BaseModel):
    detail: str = Field(description="The problems as one paragraph.")
    problems: list[str] = Field(description="Every problem, one sentence each.")


BAD_DECK: dict[int | str, dict[str, Any]] = {
    400: {"model": ProblemsOut, "description": "The deck breaks rules: every problem."}
}


def deck_game(game_id: str) -> Game:
    try:
        game = load_game(game_id)
    except CyberdeckError as err:
        raise HTTPException(404, str(err)) from None
    if not game.has_decks:
        raise HTTPException(404, f"{game.title} is not played with decks of your own.")
    return game


def _problems(problems: list[str]) -> JSONResponse:
    return JSONResponse(
        ProblemsOut(detail=" ".join(problems), problems=problems).model_dump(), status_code=400
    )


def _deck_out(game: Game, deck: DeckData) -> DeckOut:
    size = sum(count for _, count, _ in readable_entries(deck.text).entries)
    return DeckOut(
        id=deck.id,
        game=game.id,
        name=deck.name,
        text=deck.text,
        size=size,
        created_at=deck.created_at,
        updated_at=deck.updated_at,
    )


#: A deck list, named by its game and the hash of its text.
Key = tuple[str, bytes]

#: Deck checks already made: the same list checked again (a page reloaded, a deck saved after
#: its check, many clients sending one list) costs no worker.
_checked: Recent[Key, tuple[list[Any], list[str]]] = Recent(1024)
#: The check route's answers already written, as sent: the same list asked again costs the
#: event loop a hash, where building the answer again was a millisecond or two for a long list
#: of problems. Only answers of at most ``ANSWER_KEPT`` bytes are kept (a real deck's is a
#: kilobyte or two), so the memory stays bounded; a list with a longer answer is limited as a
#: new one every time.
_answers: Recent[Key, bytes] = Recent(1024)
ANSWER_KEPT = 8192


def _key(game: Game, text: str) -> Key:
    return (game.id, hashlib.sha256(text.encode()).digest())


async def check(
    ctx: Context, asker: Hashable, game: Game, text: str
) -> tuple[list[Any], list[str]]:
    """``game.check_deck(text)``, remembered. A long list is a tenth of a second of CPU, which
    on the event loop held every game that long (and on a thread, the interpreter lock): it is
    worked out in an AI worker process, at ``asker``'s fair turn (``thinking.FairShare``)."""
    key = _key(game, text)
    found = _checked.get(key)
    if found is None:
        try:
            answer = await ctx.hub.thinkers.run(asker, check_deck, game.id, text)
        except NoAnswer:
            raise HTTPException(503, "The deck could not be checked just now; try again.") from None
        found = _checked.put(key, answer)
    return found


async def _legal_text(
    ctx: Context, user: UserData, game: Game, body: DeckIn
) -> tuple[str, str] | list[str]:
    """The deck's name and its text as the game writes it, or every problem with it."""
    name = shown(body.name)
    cards, problems = await check(ctx, user.id, game, body.text)
    if not name:
        problems = ["Give the deck a name.", *problems]
    if problems:
        return problems
    about = readable_entries(body.text).about
    return name, game.deck_text(cards, name, about)


#: Deck ids are database integers: a larger number names no deck (and would not fit a query).
LARGEST_ID = (1 << 63) - 1


async def _my_deck(ctx: Context, user: UserData, game: Game, deck_id: int) -> DeckData:
    if not 1 <= deck_id <= LARGEST_ID:
        raise HTTPException(404, f"You have no {game.title} deck number {deck_id}.")
    deck = await ctx.db.read(ctx.db.store.deck, user.id, deck_id)
    if deck is None or deck.game != game.id:
        raise HTTPException(404, f"You have no {game.title} deck number {deck_id}.")
    return deck


@router.get("/cards", response_model=list[CardOut])
async def cards(game_id: str) -> Response:
    """Every card a deck of this game may hold, in the order a deck builder lists them."""
    return _catalogue(deck_game(game_id).id)


@cache
def _catalogue(game_id: str) -> Response:
    """Made once per game: the catalogue never changes while the server runs."""
    listed = [CardOut(**card.to_json()).model_dump() for card in load_game(game_id).deck_cards()]
    return Response(encode(listed), media_type="application/json")


@router.get("/starter-decks", response_model=list[StarterOut])
async def starter_decks(game_id: str) -> Response:
    """The ready-made decks the game ships with, as deck lists (starting points for a builder)."""
    return _starters(deck_game(game_id).id)


@cache
def _starters(game_id: str) -> Response:
    game = load_game(game_id)
    listed = [
        StarterOut(
            key=d.handle,
            name=d.name,
            about=d.about,
            text=game.deck_text(list(d.cards), d.name, d.about),
        ).model_dump()
        for d in game.starter_decks()
    ]
    return Response(encode(listed), media_type="application/json")


@router.post("/decks/validate", response_model=CheckOut)
async def validate(
    game_id: str, body: TextIn, request: Request, ctx: Annotated[Context, Depends(context)]
) -> Response:
    """Check a deck list against every deck-building rule; anyone may ask (no sign-in). A
    list checked before is answered at once; new ones are checked at most a burst and then one
    a second per address (a builder checks as its list changes, a pause in typing apart)."""
    game = deck_game(game_id)
    key = _key(game, body.text)
    answer = _answers.get(key)
    if answer is None:
        where = address(request)
        wait = ctx.deck_checks.wait(where)
        if wait > 0:
            raise HTTPException(
                429,
                f"Too many deck checks from your address; the next in {math.ceil(wait)} s.",
                headers={"Retry-After": str(math.ceil(wait))},
            )
        ctx.deck_checks.take(where)
        cards, problems = await check(ctx, where, game, body.text)
        answer = encode(_check_out(game, body.text, cards, problems).model_dump())
        if len(answer) <= ANSWER_KEPT:
            _answers.put(key, answer)
    return Response(answer, media_type="application/json")


def _check_out(game: Game, text: str, cards: list[Any], problems: list[str]) -> CheckOut:
    head = readable_entries(text)
    counts = Counter(str(card) for card in cards)
    return CheckOut(
        ok=not problems,
        problems=problems,
        summary=game.describe_deck(cards, ASCII) if cards else "",
        name=head.name,
        about=head.about,
        size=len(cards),
        cards=[CardCount(code=code, count=n) for code, n in counts.items()],
    )


@router.get("/decks", response_model=list[DeckOut])
async def my_decks(
    game_id: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> list[DeckOut]:
    """Your saved decks of this game, by name."""
    game = deck_game(game_id)
    decks = await ctx.db.read(ctx.db.store.decks, user.id, game.id)
    return [_deck_out(game, d) for d in decks]


@router.post("/decks", response_model=DeckOut, status_code=201, responses=BAD_DECK)
async def save_deck(
    game_id: str,
    body: DeckIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> DeckOut | JSONResponse:
    """Save a legal deck under a name (unique among your decks of this game)."""
    game = deck_game(game_id)
    checked = await _legal_text(ctx, user, game, body)
    if isinstance(checked, list):
        return _problems(checked)
    if len(await ctx.db.read(ctx.db.store.decks, user.id, game.id)) >= MAX_DECKS:
        raise HTTPException(409, f"You have {MAX_DECKS} {game.title} decks; delete one first.")
    try:
        deck = await ctx.db.write(ctx.db.store.create_deck, user.id, game.id, *checked)
    except NameTaken as err:
        raise HTTPException(409, str(err)) from None
    return _deck_out(game, deck)


@router.get("/decks/{deck_id}", response_model=DeckOut)
async def my_deck(
    game_id: str,
    deck_id: int,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> DeckOut:
    game = deck_game(game_id)
    return _deck_out(game, await _my_deck(ctx, user, game, deck_id))


@router.put("/decks/{deck_id}", response_model=DeckOut, responses=BAD_DECK)
async def update_deck(
    game_id: str,
    deck_id: int,
    body: DeckIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> DeckOut | JSONResponse:
    """Rename or rewrite one of your decks; it must stay legal."""
    game = deck_game(game_id)
    await _my_deck(ctx, user, game, deck_id)
    checked = await _legal_text(ctx, user, game, body)
    if isinstance(checked, list):
        return _problems(checked)
    try:
        deck = await ctx.db.write(ctx.db.store.update_deck, user.id, deck_id, *checked)
    except NameTaken as err:
        raise HTTPException(409, str(err)) from None
    if deck is None:
        raise HTTPException(404, f"You have no {game.title} deck number {deck_id}.")
    return _deck_out(game, deck)


@router.delete("/decks/{deck_id}", status_code=204)
async def delete_deck(
    game_id: str,
    deck_id: int,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> Response:
    game = deck_game(game_id)
    await _my_deck(ctx, user, game, deck_id)
    await ctx.db.write(ctx.db.store.delete_deck, user.id, deck_id)
    return Response(status_code=204)
