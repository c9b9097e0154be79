"""Swiss pairing and standings, as Netrunner's organised play runs them: pure functions of the
entrants and the tables played so far, so a tournament rebuilt after a restart pairs exactly as
it would have, and a test can check them against a table worked out by hand.

A win is worth 3 points, a draw 1, a loss 0, and a bye is a win. Standings are ordered by points,
then Strength of Schedule (SoS: the mean, over a player's opponents, of each opponent's points
per round played), then Extended SoS (the mean of the opponents' SoS), then entry order. A bye
is no opponent: it adds to points and rounds, never to SoS.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIN, DRAW, LOSS = 3, 1, 0


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: ``first`` takes the first seat; ``second`` is ``None`` for a bye.
    ``winner`` is the entrant who won, ``None`` for a draw or a table still in play (``done``
    tells which)."""

    first: int
    second: int | None
    winner: int | None = None
    done: bool = False

    @property
    def bye(self) -> bool:
        return self.second is None


@dataclass(slots=True)
class Standing:
    """One entrant's line of the standings (``rank`` from 1)."""

    entrant: int
    points: int = 0
    rounds: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    firsts: int = 0
    seconds: int = 0
    opponents: tuple[int, ...] = ()
    sos: float = 0.0
    esos: float = 0.0
    rank: int = 0

    @property
    def per_round(self) -> float:
        return self.points / self.rounds if self.rounds else 0.0


def standings(entrants: Sequence[int], tables: Sequence[Table]) -> list[Standing]:
    """Every entrant (in entry order ``entrants``) ranked by the finished ``tables``."""
    lines = {e: Standing(e) for e in entrants}
    met: dict[int, list[int]] = {e: [] for e in entrants}
    for t in tables:
        if not t.done:
            continue
        first = lines[t.first]
        first.rounds += 1
        if t.second is None:
            first.points += WIN
            first.byes += 1
            continue
        second = lines[t.second]
        second.rounds += 1
        first.firsts += 1
        second.seconds += 1
        met[t.first].append(t.second)
        met[t.second].append(t.first)
        for line in (first, second):
            if t.winner is None:
                line.points += DRAW
                line.draws += 1
            elif t.winner == line.entrant:
                line.points += WIN
                line.wins += 1
            else:
                line.losses += 1
    for e, line in lines.items():
        line.opponents = tuple(met[e])
        line.sos = _mean([lines[o].per_round for o in met[e]])
    for e, line in lines.items():
        line.esos = _mean([lines[o].sos for o in met[e]])
    order = {e: i for i, e in enumerate(entrants)}
    ranked = sorted(
        lines.values(),
        key=lambda s: (-s.points, -round(s.sos, 9), -round(s.esos, 9), order[s.entrant]),
    )
    for i, line in enumerate(ranked):
        line.rank = i + 1
    return ranked


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def pair(ranked: Sequence[Standing], playing: set[int]) -> list[Table]:
    """The next round's tables for the entrants still ``playing``, in standings order
    (``ranked``): the top of each score group meets the nearest player below it it has not met
    (a repeat only when no pairing of the field avoids one), an odd field's bye goes to the
    lowest-ranked player without a bye yet, and each table's first seat goes to the player who
    has had it less often (the higher-ranked when even)."""
    field = [s for s in ranked if s.entrant in playing]
    bye: Standing | None = None
    if len(field) % 2:
        candidates = [s for s in reversed(field) if not s.byes] or list(reversed(field))
        for chosen in candidates:  # the lowest whose absence leaves a field without repeats
            rest = [s for s in field if s is not chosen]
            if _match(rest, strict=True) is not None:
                bye = chosen
                break
        bye = bye or candidates[0]
        field = [s for s in field if s is not bye]
    pairs = _match(field, strict=True) or _match(field, strict=False) or []
    tables = [_seated(a, b) for a, b in pairs]
    if bye is not None:
        tables.append(Table(bye.entrant, None))
    return tables


#: How many tries a pairing search makes before it settles for repeats (a large field with
#: few repeats finds its pairing in far fewer).
SEARCH_BUDGET = 20_000


def _match(field: list[Standing], strict: bool) -> list[tuple[Standing, Standing]] | None:
    """Pair ``field`` top-down: each unpaired top player with the nearest it may meet."""
    budget = [SEARCH_BUDGET]

    def search(left: list[Standing]) -> list[tuple[Standing, Standing]] | None:
        if not left:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        top, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            if strict and other.entrant in top.opponents:
                continue
            found = search(rest[:i] + rest[i + 1 :])
            if found is not None:
                return [(top, other), *found]
            if not strict:
                return None  # with repeats allowed the nearest always works
        return None

    return search(field)


def _seated(a: Standing, b: Standing) -> Table:
    """``a`` is the higher-ranked; the one who has been first less often goes first."""
    if b.firsts - b.seconds < a.firsts - a.seconds:
        return Table(b.entrant, a.entrant)
    return Table(a.entrant, b.entrant)


def rounds_for(entrants: int) -> int:
    """Rounds "by entrants": enough for one unbeaten player (ceil log2), three at least."""
    n, rounds = 1, 0
    while n < entrants:
        n, rounds = n * 2, rounds + 1
    return max(3, rounds)
