"""The series score of a chain of rematches (``rematch``): the wins of each player over the
chain's finished games, counted from the stored matches every time it is asked for, so that a
reload or a restart shows exactly what the games say.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query
from pydantic import BaseModel

from ..store import MatchData, UserData
from .context import Context, context, optional_user
from .hub import admitted

router = APIRouter(prefix="/api", tags=["rematches"])


class ChainScore(BaseModel):
    """A chain of rematches as its finished games leave it, seen from one of its matches: the
    wins of the player in each of that match's seats, the games drawn, the games finished and
    the matches of the chain in order."""

    matches: list[str]
    finished: int
    wins: list[int]
    draws: int


def chain_score(matches: list[MatchData], seen_from: str) -> ChainScore:
    """Each game's winners counted for the players who held those seats then: seats rotate one
    on each rematch, so the player in seat ``i`` of game ``k`` (0 first) sat in seat ``i - k``
    of the first."""
    n = len(matches[0].seats)
    by_player = [0] * n
    draws = finished = 0
    here = 0
    for k, m in enumerate(matches):
        if m.id == seen_from:
            here = k
        if m.status != "finished" or m.outcome is None:
            continue
        finished += 1
        winners = m.outcome["winners"]
        if not winners and n > 1:  # a solitaire without a winner is lost, not drawn
            draws += 1
        for seat in winners:
            by_player[(seat - k) % n] += 1
    wins = [by_player[(i - here) % n] for i in range(n)]
    return ChainScore(matches=[m.id for m in matches], finished=finished, wins=wins, draws=draws)


@router.get("/matches/{match_id}/rematches", response_model=ChainScore)
async def get_chain(
    match_id: str,
    ctx: Annotated[Context, Depends(context)],
    user: Annotated[UserData | None, Depends(optional_user)],
    invite: Annotated[str | None, Query(max_length=64)] = None,
) -> ChainScore:
    """The series score of the chain of rematches a match is in (a match never rematched is a
    chain of one), from its seats' point of view; a private match's is for its players and
    those with its invite."""
    room = ctx.hub.rooms.get(match_id)
    data = room.data if room is not None else await ctx.db.read(ctx.db.store.load_match, match_id)
    if data is None:
        raise HTTPException(404, f"There is no match '{match_id}'.")
    if not admitted(data, user.id if user is not None else None, invite):
        raise HTTPException(403, "This match is private; it needs its invite.")
    matches = await ctx.db.read(ctx.db.store.chain_matches, data.chain or data.id)
    for i, m in enumerate(matches):
        live = ctx.hub.rooms.get(m.id)
        if live is not None:
            matches[i] = live.data  # the live status and outcome
    return chain_score(matches or [data], data.id)
