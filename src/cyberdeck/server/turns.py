"""The "Your turn" list: the running matches waiting for a player's decision, the most urgent
clock first. Every page's badge reads it, and it is the same from any device a player signs in
on, so a turn-based match is left on one and taken up on another."""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException
from pydantic import BaseModel

from ..store import UserData
from .context import Context, context, require_user
from .hub import Room, summary

router = APIRouter(prefix="/api", tags=["lobby"])

#: The most matches the list shows (a player's turn-based cap is 50 by default).
LISTED = 100


class TurnOut(BaseModel):
    #: The match as lists show it (``MatchOut``'s fields).
    match: dict[str, Any]
    #: The seat that must decide.
    seat: int
    #: Seconds left on that seat's clock now (null: the match has no clock).
    seconds_left: float | None
    #: The seat's time has run out (an opponent may claim the game).
    out_of_time: bool


def waiting_turn(room: Room, user_id: int, now: float) -> TurnOut | None:
    """The match's entry in ``user_id``'s list, if that user must decide in it now."""
    seat = room.deciding()
    if seat is None or room.data.seats[seat].user_id != user_id:
        return None
    left = None if room.clock is None else room.clock.remaining(seat, now)
    return TurnOut(
        match=summary(room.data, room),
        seat=seat,
        seconds_left=None if left is None else round(max(0.0, left), 1),
        out_of_time=left is not None and left <= 0,
    )


@router.get("/me/turns", response_model=list[TurnOut])
async def my_turns(
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> list[TurnOut]:
    """The matches waiting for your move, the least time left first (those without a clock
    last, the oldest first)."""
    key = str(user.id)
    wait = ctx.turn_lists.wait(key)
    if wait > 0:
        raise HTTPException(
            429,
            f"Your turns were asked for too often; ask again in {math.ceil(wait)} s.",
            headers={"Retry-After": str(math.ceil(wait))},
        )
    ctx.turn_lists.take(key)
    rows = await ctx.db.read(ctx.db.store.user_matches, user.id, ["running"], None, 500)
    now = ctx.hub.wall.now()
    found = []
    # In a cluster the matches other workers hold are read from the database.
    elsewhere = {}
    if ctx.config.worker is not None:
        elsewhere = await ctx.hub.stored_rooms([d for d in rows if d.id not in ctx.hub.rooms])
    for data in rows:
        room = ctx.hub.rooms.get(data.id) or elsewhere.get(data.id)
        entry = None if room is None else waiting_turn(room, user.id, now)
        if entry is not None:
            found.append(entry)
    # Newest first from the store: the oldest of the unclocked should come first.
    found.reverse()
    found.sort(key=lambda t: math.inf if t.seconds_left is None else t.seconds_left)
    return found[:LISTED]
