"""Rematches: after a finished game, any of its players offers the same game again in one
click; the others see the offer at once and accept or decline it, and the rematch starts when
every seat for a person has accepted (an AI seat accepts at once, so a rematch against the AI is
one click). The seats rotate, so whoever moved first moves second, and the series score (wins
per player over the whole chain of rematches) is counted from the stored matches, like a
campaign's: it survives a restart and never disagrees with them.

A rematch is made from the finished match generically: every setting of the old match is
copied (``dataclasses.replace``: a setting added to ``MatchData`` later comes along too), and
only what belongs to one game is made afresh: its id, invite and seed, its seats rotated (each
player's deck goes with them), its record and result. An offer lives in memory while the table
is there to answer it: a player who leaves the table cancels it, and a restart forgets it.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import IntegrityError

from ..engine import ENGINE_VERSION, CyberdeckError
from ..store import MatchData
from .hub import Connection, Room, error
from .limits import Bucket, KeyedLocks, Recent
from .protocol import ErrorCode, RematchAnswer
from .wire import encode

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .context import Context

#: Answers (offers, accepts, declines) per person: a burst, then this many an hour.
BURST, PER_HOUR = 10, 600


class NoRematch(CyberdeckError):
    """Every seat accepted, but the rematch could not be made; ``str`` says why."""


@dataclass(slots=True)
class Offer:
    by: int
    accepted: set[int] = field(default_factory=set)


def rotated(old: MatchData, creator: int, seed: int) -> MatchData:
    """The rematch of ``old``: every setting copied, each player one seat on (the last seat's
    player first), a fresh id, invite and seed, no record and no result yet."""
    n = len(old.seats)
    seats = [replace(old.seats[(i - 1) % n], seat=i, hints=0) for i in range(n)]
    decks = old.decks
    if isinstance(decks, list) and len(decks) == n:
        decks = [decks[(i - 1) % n] for i in range(n)]
    return replace(
        old,
        id=secrets.token_urlsafe(9),
        invite=secrets.token_urlsafe(16),
        seed=seed,
        engine_version=ENGINE_VERSION,
        seats=seats,
        decks=decks,
        status="running",
        created_by=creator,
        actions=[],
        outcome=None,
        created_at=None,
        finished_at=None,
        rematch_of=old.id,
        chain=old.chain or old.id,
    )


def people(room: Room) -> set[int]:
    """The seats whose answer a rematch waits for: every seat for a person."""
    return {s.seat for s in room.data.seats if s.kind == "human"}


class Rematches:
    """The offers standing at the tables (at most one a table), and each person's rate."""

    def __init__(self) -> None:
        self.offers: Recent[str, Offer] = Recent(10_000)
        self.rate = Bucket(BURST, PER_HOUR)
        #: One answer at a time per match (two players accepting at once make one rematch).
        self.locks: KeyedLocks[str] = KeyedLocks()

    def state(self, room: Room, after: str | None, text: str | None = None) -> dict[str, Any]:
        offer = self.offers.get(room.id) if after is None else None
        shown = None
        if offer is not None:
            waiting = sorted(people(room) - offer.accepted)
            shown = {"by": offer.by, "accepted": sorted(offer.accepted), "waiting": waiting}
        return {"type": "rematch", "offer": shown, "next": after, "text": text}

    def tell(self, room: Room, after: str | None, text: str | None = None) -> None:
        out = encode(self.state(room, after, text))
        for conn in room.conns:
            conn.send(out)

    async def greet(self, ctx: Context, room: Room, conn: Connection) -> None:
        """A connection to a finished match hears of the offer standing, or of the rematch
        made (its page shows the way there)."""
        if room.status != "finished" or room.data.series_id is not None:
            return
        after = await ctx.db.read(ctx.db.store.rematch_after, room.id)
        if after is not None or self.offers.get(room.id) is not None:
            conn.send(self.state(room, after))

    def _refusal(
        self, room: Room, conn: Connection, mine: Sequence[int]
    ) -> tuple[ErrorCode, str] | None:
        if not mine:
            return ErrorCode.NO_REMATCH, "Only the players of a game can offer or answer a rematch."
        if room.status != "finished":
            return ErrorCode.NO_REMATCH, "A rematch can be offered once the game is over."
        if room.data.series_id is not None:
            return ErrorCode.NO_REMATCH, "A campaign goes on with its next game, not a rematch."
        wait = self.rate.wait(str(conn.user_id))
        if wait > 0:
            return (
                ErrorCode.RATE_LIMITED,
                f"Too many rematch answers; wait {math.ceil(wait)} seconds.",
            )
        return None

    async def answer(self, ctx: Context, room: Room, conn: Connection, msg: RematchAnswer) -> None:
        """An offer, an acceptance or a refusal from ``conn``'s person, for every seat of theirs."""
        mine = room.seats_of(conn.user_id)
        refusal = self._refusal(room, conn, mine)
        if refusal is not None:
            conn.send(error(*refusal))
            return
        self.rate.take(str(conn.user_id))
        async with self.locks.hold(room.id):
            after = await ctx.db.read(ctx.db.store.rematch_after, room.id)
            if after is not None:
                conn.send(self.state(room, after))
                return
            offer = self.offers.get(room.id)
            name = room.name(mine[0])
            if not msg.accept:
                if offer is None:
                    conn.send(error(ErrorCode.NO_REMATCH, "There is no rematch offer to decline."))
                    return
                self.offers.pop(room.id)
                withdrawn = offer.by in mine
                verb = "withdrew the rematch offer" if withdrawn else "declined the rematch"
                self.tell(room, None, f"{name} {verb}.")
                return
            if offer is None:
                offer = self.offers.put(room.id, Offer(mine[0]))
            offer.accepted.update(mine)
            if not people(room) <= offer.accepted:
                verb = "offers a rematch" if offer.by in mine else "accepts the rematch"
                self.tell(room, None, f"{name} {verb}.")
                return
            self.offers.pop(room.id)
            try:
                made = await self._start(ctx, room, offer)
            except NoRematch as err:
                self.tell(room, None, str(err))
                return
            self.tell(room, made)

    async def _start(self, ctx: Context, room: Room, offer: Offer) -> str:
        """The rematch, stored and under way: its id."""
        creator = room.data.seats[offer.by].user_id
        assert creator is not None
        data = rotated(room.data, creator, ctx.dealer.seed(creator))
        if await ctx.hub.over_cap(creator, data.seats, data.time_control) is not None:
            raise NoRematch(
                f"No rematch for now: {room.name(offer.by)}, who offered it, has as many games "
                "in play as the server allows; finish or resign one of them first."
            )
        try:
            await ctx.hub.create(data)
        except IntegrityError:  # made meanwhile by another server: that one is the rematch
            found = await ctx.db.read(ctx.db.store.rematch_after, room.id)
            if found is None:
                raise NoRematch("The rematch could not be made; offer it again.") from None
            return found
        except CyberdeckError as err:
            raise NoRematch(f"The rematch could not be made: {err}") from None
        return data.id

    def left(self, room: Room, conn: Connection) -> None:
        """A connection closed: if its person no longer sits at the table, their offer or
        their acceptance of one no longer holds, and the offer is cancelled."""
        mine = room.seats_of(conn.user_id)
        if not mine or self.offers.get(room.id) is None:
            return
        if any(room.connected(seat) for seat in mine):
            return
        self.offers.pop(room.id)
        self.tell(room, None, f"{room.name(mine[0])} left; the rematch offer is cancelled.")
