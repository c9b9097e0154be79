"""Quick play's queues: players who want a game now, paired by rating.

A pool is one game, player count, time control and rated-or-casual; a seeker waits in a pool.
Seekers whose ratings are close enough are offered to each other; the gap a seeker accepts
widens the longer they wait (as lichess's pools do), so a strong player at a quiet hour still
gets a game, only a less even one. An offer needs every seat's yes within ``answer_seconds``:
whoever said yes goes back to the queue with the time they had waited, whoever did not answer
leaves it (a player who walked away must not hold up the next pairing). A seeker who waited
longer than the wait they chose is offered a game against the AI instead.

Nothing here is stored: a queue lives as long as the process (the match a pairing makes is
stored as every match is). The clock is injected, so tests move time instead of waiting for it;
every structure is bounded (``max_seekers``, ``queues_per_user``, ``Recent`` notes).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from ..engine import CyberdeckError
from .limits import Recent

#: Time controls a quick-play pool is for, as the match-creation path takes them (the clock's
#: own reading of them), with what a person reads.
TIME_CONTROLS: dict[str, str] = {
    "none": "No clock",
    "3+2": "3 minutes + 2 s a move",
    "5+3": "5 minutes + 3 s a move",
    "10+5": "10 minutes + 5 s a move",
    "15+10": "15 minutes + 10 s a move",
    "1d": "1 day a move",
    "3d": "3 days a move",
}
#: The turn-based ones (a day or more a move): like rated play, they need an account.
TURN_BASED = frozenset({"1d", "3d"})

#: The rating gap a seeker accepts at once, how many points it widens each second they wait,
#: and its widest.
FIRST_GAP, WIDENING, WIDEST = 100.0, 10.0, 1000.0


class QueueRefused(CyberdeckError):
    """A join or an answer the queues cannot take (a sentence for the player)."""


@dataclass(frozen=True, slots=True)
class Pool:
    """What a queue is for: players of one game, one count, one time control, rated or not."""

    game: str
    players: int
    time_control: str
    rated: bool


@dataclass(slots=True)
class Seeker:
    user_id: int
    name: str
    pool: Pool
    #: The rating pairing reads (the player's mean skill on the shown scale) and the one shown.
    skill: float
    rating: int
    #: When they joined (kept when an offer falls through), and when they last asked.
    since: float
    seen: float
    #: Seconds after which a game against the AI is offered (``None``: never).
    ai_after: float | None
    offer: Offer | None = None

    def gap(self, now: float) -> float:
        """The widest rating difference this seeker accepts now."""
        return min(WIDEST, FIRST_GAP + WIDENING * max(0.0, now - self.since))


@dataclass(slots=True)
class Offer:
    id: str
    pool: Pool
    seekers: list[Seeker]
    deadline: float
    accepted: set[int] = field(default_factory=set)

    @property
    def complete(self) -> bool:
        return len(self.accepted) == len(self.seekers)


Kind = Literal["matched", "dropped", "declined", "failed"]


@dataclass(frozen=True, slots=True)
class Note:
    """What became of a seeker since they last asked: a match made (its id), or why they are
    no longer in a queue."""

    kind: Kind
    text: str
    match_id: str | None = None


class Queues:
    def __init__(
        self,
        answer_seconds: float = 20.0,
        stale_seconds: float = 15.0,
        max_seekers: int = 10_000,
        queues_per_user: int = 3,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.answer_seconds = answer_seconds
        self.stale_seconds = stale_seconds
        self.max_seekers = max_seekers
        self.queues_per_user = queues_per_user
        self.clock = clock
        self._pools: dict[Pool, dict[int, Seeker]] = {}
        self._by_user: dict[int, dict[Pool, Seeker]] = {}
        self.offers: dict[str, Offer] = {}
        self._notes: Recent[int, Note] = Recent(max_seekers)

    def __len__(self) -> int:
        return sum(len(p) for p in self._pools.values())

    # --- a player's own entries -------------------------------------------------------------

    def join(
        self,
        user_id: int,
        name: str,
        pool: Pool,
        skill: float,
        rating: int,
        ai_after: float | None,
    ) -> Seeker:
        """Wait in ``pool`` (joining again only changes the AI wait: one entry per queue)."""
        now = self.clock()
        mine = self._by_user.get(user_id, {})
        found = mine.get(pool)
        if found is not None:
            found.ai_after, found.seen = ai_after, now
            return found
        if len(mine) >= self.queues_per_user:
            raise QueueRefused(
                f"You are waiting in {len(mine)} quick-play queues already; leave one first."
            )
        if len(self) >= self.max_seekers:
            raise QueueRefused("The quick-play queues are full; try again in a minute.")
        seeker = Seeker(user_id, name, pool, skill, rating, now, now, ai_after)
        self._pools.setdefault(pool, {})[user_id] = seeker
        self._by_user.setdefault(user_id, {})[pool] = seeker
        self._notes.pop(user_id)
        return seeker

    def leave(self, user_id: int, pool: Pool | None = None) -> int:
        """Leave one queue (or every one); an open offer falls through for the others.
        Returns how many entries went."""
        gone = [s for p, s in self._by_user.get(user_id, {}).items() if pool in (None, p)]
        for seeker in gone:
            if seeker.offer is not None:
                self._fall_through(seeker.offer, {user_id}, "declined")
            self._remove(seeker)
        return len(gone)

    def entries(self, user_id: int) -> list[Seeker]:
        """The queues ``user_id`` waits in; asking counts as being there (``stale_seconds``)."""
        now = self.clock()
        mine = list(self._by_user.get(user_id, {}).values())
        for seeker in mine:
            seeker.seen = now
        return mine

    def note(self, user_id: int) -> Note | None:
        """What became of the player since they last asked (told once)."""
        return self._notes.pop(user_id)

    def tell(self, user_ids: list[int], note: Note) -> None:
        for user_id in user_ids:
            self._notes.put(user_id, note)

    def offer_of(self, user_id: int) -> Offer | None:
        return next((s.offer for s in self._by_user.get(user_id, {}).values() if s.offer), None)

    def ai_offered(self, seeker: Seeker) -> bool:
        """The seeker waited the time they chose: a game against the AI is on offer."""
        return (
            seeker.offer is None
            and seeker.ai_after is not None
            and self.clock() - seeker.since >= seeker.ai_after
        )

    # --- offers ----------------------------------------------------------------------------

    def answer(self, user_id: int, offer_id: str, accept: bool) -> Offer:
        """A seat's yes or no. A no ends the offer: the others go back to the queue, the one
        who declined leaves it. The offer is returned (``complete`` once every seat said yes)."""
        offer = self.offers.get(offer_id)
        if offer is None or all(s.user_id != user_id for s in offer.seekers):
            raise QueueRefused("That pairing is no longer on offer; you may be back in the queue.")
        if accept:
            offer.accepted.add(user_id)
            return offer
        self._fall_through(offer, {user_id}, "declined")
        self.leave(user_id, offer.pool)
        return offer

    def settle(self, offer: Offer) -> list[Seeker]:
        """A complete offer becomes a match: its seekers leave every queue. Returns them, in
        the offer's order."""
        self.offers.pop(offer.id, None)
        for seeker in offer.seekers:
            seeker.offer = None
            for other in list(self._by_user.get(seeker.user_id, {}).values()):
                self._remove(other)
        return offer.seekers

    def _fall_through(self, offer: Offer, left: set[int], kind: Kind) -> None:
        """An offer ends without a match: those who said yes (and did not leave) wait on."""
        if self.offers.pop(offer.id, None) is None:
            return
        for seeker in offer.seekers:
            seeker.offer = None
        back = [s.user_id for s in offer.seekers if s.user_id not in left]
        if kind == "declined":
            self.tell(
                back, Note("declined", "The other player declined; you are back in the queue.")
            )

    def tend(self) -> list[Offer]:
        """Expire offers nobody finished answering, drop seekers who stopped asking, and pair
        whoever can be paired. Returns the new offers."""
        now = self.clock()
        for offer in [o for o in self.offers.values() if now >= o.deadline]:
            silent = {s.user_id for s in offer.seekers if s.user_id not in offer.accepted}
            self._fall_through(offer, silent, "dropped")
            for seeker in offer.seekers:
                if seeker.user_id in silent:
                    self._remove(seeker)
            seconds = f"{self.answer_seconds:g}"
            self.tell(
                sorted(silent),
                Note(
                    "dropped", f"You did not answer the pairing in {seconds} s; you left the queue."
                ),
            )
            self.tell(
                sorted(offer.accepted),
                Note("dropped", "The other player did not answer; you are back in the queue."),
            )
        for seeker in [s for p in self._pools.values() for s in p.values()]:
            if seeker.offer is None and now - seeker.seen > self.stale_seconds:
                self._remove(seeker)
        made = []
        for pool, waiting in list(self._pools.items()):
            made.extend(self._pair(pool, list(waiting.values()), now))
        return made

    def _pair(self, pool: Pool, waiting: list[Seeker], now: float) -> list[Offer]:
        """Groups of ``pool.players`` seekers free to be offered, each within every member's
        gap: the longest-waiting seeker first, with the closest ratings around them."""
        free = [s for s in waiting if s.offer is None and not self._busy(s)]
        made = []
        while len(free) >= pool.players:
            free.sort(key=lambda s: (s.since, s.user_id))
            group = self._group(free[0], free[1:], pool.players, now)
            if group is None:
                free.pop(0)
                continue
            offer = Offer(secrets.token_urlsafe(9), pool, group, now + self.answer_seconds)
            self.offers[offer.id] = offer
            for seeker in group:
                seeker.offer = offer
                free.remove(seeker)
            made.append(offer)
        return made

    @staticmethod
    def _group(first: Seeker, others: list[Seeker], size: int, now: float) -> list[Seeker] | None:
        """``first`` and the ``size - 1`` others closest in rating, if every pair fits."""
        nearest = sorted(others, key=lambda s: (abs(s.skill - first.skill), s.since))[: size - 1]
        group = [first, *nearest]
        if len(group) < size:
            return None
        spread = max(s.skill for s in group) - min(s.skill for s in group)
        return group if all(spread <= s.gap(now) for s in group) else None

    def _busy(self, seeker: Seeker) -> bool:
        """On offer in another queue: one pairing at a time."""
        return any(s.offer is not None for s in self._by_user.get(seeker.user_id, {}).values())

    def _remove(self, seeker: Seeker) -> None:
        pool = self._pools.get(seeker.pool)
        if pool is not None and pool.get(seeker.user_id) is seeker:
            del pool[seeker.user_id]
            if not pool:
                del self._pools[seeker.pool]
        mine = self._by_user.get(seeker.user_id)
        if mine is not None and mine.get(seeker.pool) is seeker:
            del mine[seeker.pool]
            if not mine:
                del self._by_user[seeker.user_id]

    def busiest(self, limit: int = 100) -> list[tuple[Pool, int]]:
        """The pools with the most seekers, and how many wait in each (never who)."""
        counted = [(pool, len(seekers)) for pool, seekers in self._pools.items()]
        return sorted(counted, key=lambda c: -c[1])[:limit]

    def waiting(self, pool: Pool) -> int:
        """How many wait in ``pool`` (the page shows it: "3 waiting")."""
        return len(self._pools.get(pool, {}))
