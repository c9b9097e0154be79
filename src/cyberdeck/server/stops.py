"""Each player's stops, kept with their account: where the table asks them, and where it passes
for them (``engine.autoanswer``). A change reaches the player's live matches at once."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException
from pydantic import BaseModel, Field

from ..engine import Game, load_game
from ..engine.autoanswer import Stops
from ..engine.errors import UnknownGame
from ..store import UserData
from .context import Context, context, require_user

router = APIRouter(prefix="/api/games/{game_id}", tags=["stops"])


class StopOut(BaseModel):
    key: str = Field(description="The step and whose turn: 'purchase:own', 'damage:opp'.")
    label: str
    default: bool
    on: bool = Field(description="Whether the table asks you here (full control asks always).")


class StopsOut(BaseModel):
    full_control: bool
    single: bool = Field(description="Whether the table answers a question with one answer.")
    stops: list[StopOut]


class StopsIn(BaseModel):
    on: list[str] = Field(max_length=200, description="The keys of every stop to switch on.")
    full_control: bool = False
    single: bool = True


def stops_game(game_id: str) -> Game:
    try:
        return load_game(game_id)
    except UnknownGame as err:
        raise HTTPException(404, str(err)) from None


def stops_out(game: Game, stops: Stops) -> StopsOut:
    return StopsOut(
        full_control=stops.full_control,
        single=stops.single,
        stops=[
            StopOut(key=s.key, label=s.label, default=s.default, on=s.key in stops.on)
            for s in game.stops()
        ],
    )


@router.get("/stops", response_model=StopsOut)
async def my_stops(
    game_id: str,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> StopsOut:
    """Your stops in this game (the defaults until you change them)."""
    game = stops_game(game_id)
    return stops_out(game, await ctx.hub.players.stops(user.id, game))


@router.put("/stops", response_model=StopsOut)
async def set_stops(
    game_id: str,
    body: StopsIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> StopsOut:
    """Keep your stops for this game; your matches in play follow them from the next question."""
    game = stops_game(game_id)
    known = {s.key for s in game.stops()}
    unknown = [key for key in body.on if key not in known]
    if unknown:
        names = ", ".join(sorted(known)) or "none"
        raise HTTPException(400, f"{game.title} has no stop '{unknown[0]}' (its stops: {names}).")
    stops = Stops(frozenset(body.on), body.full_control, body.single)
    await ctx.db.write(ctx.db.store.save_stops, user.id, game.id, stops.to_json())
    await ctx.hub.stops_changed(user.id, game.id, stops)
    return stops_out(game, stops)
