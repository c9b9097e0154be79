"""The top cut: after the Swiss rounds, the best of the standings play single elimination, as
Netrunner's organised play runs its cut. Pure functions of the Swiss standings and the cut's
tables so far, like ``swiss``: a director rebuilt after a restart brackets exactly as it would
have, and a test checks a bracket worked out by hand.

- The cut takes the top ``size`` (2, 4 or 8) of the Swiss standings who have not dropped (the
  next in the standings takes a dropped player's place). A field smaller than the cut gets the
  largest cut it fills (five players and a top 8: a top 4).
- Seeds meet as in every single-elimination bracket: 1 v N, 2 v N-1, …, placed so that seeds 1
  and 2 can meet only in the final. The higher seed (the better Swiss rank) takes the first
  seat.
- A drawn game needs a decider: the higher seed advances.
- A player who drops during the cut is paired no more: the opponent they would have met
  advances unplayed (a table with no second seat, like a Swiss bye).
- Final placing: the champion, the runner-up, then the players out in each earlier round (later
  rounds first, by seed within a round), then everyone else in Swiss order. A player who drops
  in the cut places as one out in the round they did not play.
"""

from __future__ import annotations

from collections.abc import Sequence

from .swiss import Standing, Table

#: The cuts a creator may choose (0: none).
CUTS = (0, 2, 4, 8)


def cut_size(size: int, available: int) -> int:
    """The cut actually played: ``size`` or, for a smaller field, the largest that it fills
    (0: no cut, fewer than two players left)."""
    while size > available:
        size //= 2
    return size if size >= 2 else 0


def seeds(ranked: Sequence[Standing], playing: set[int], size: int) -> list[int]:
    """The entrants of a top-``size`` cut in seed order: the Swiss standings' best who have not
    dropped."""
    field = [s.entrant for s in ranked if s.entrant in playing]
    return field[: cut_size(size, len(field))]


def bracket_order(size: int) -> list[int]:
    """Seed numbers (from 1) in bracket order: adjacent pairs are the first round's tables, and
    the winners of tables 2k and 2k+1 meet next (8: 1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < size:
        span = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, span - seed)]
    return order


def first_round(seeded: Sequence[int]) -> list[Table]:
    """The cut's first round for the entrants ``seeded`` (seed order): the higher seed first
    (no tables for fewer than two)."""
    if len(seeded) < 2:
        return []
    order = bracket_order(len(seeded))
    return [Table(seeded[order[i] - 1], seeded[order[i + 1] - 1]) for i in range(0, len(order), 2)]


def advancing(table: Table, seed_of: dict[int, int]) -> int | None:
    """Who goes on from a finished cut table (``None`` while it is played): the winner; on a
    draw the higher seed; at a table with one player, that player."""
    if not table.done:
        return None
    if table.second is None:
        return table.first
    if table.winner is not None:
        return table.winner
    return min((table.first, table.second), key=lambda e: seed_of[e])


def next_round(played: Sequence[Table], seed_of: dict[int, int], playing: set[int]) -> list[Table]:
    """The round after ``played`` (every table finished, in bracket order): the winners of
    tables 2k and 2k+1 meet, the higher seed first; a dropped player's opponent advances
    unplayed (both dropped: the higher seed's place is kept, unplayed)."""
    going = [advancing(t, seed_of) for t in played]
    tables = []
    for a, b in zip(going[0::2], going[1::2], strict=True):
        assert a is not None and b is not None, "a cut round is paired after its last table"
        high, low = sorted((a, b), key=lambda e: seed_of[e])
        if high in playing and low in playing:
            tables.append(Table(high, low))
        else:
            tables.append(Table(low if high not in playing and low in playing else high, None))
    return tables


def rounds_of(size: int) -> int:
    """How many elimination rounds a cut of ``size`` plays (8: 3)."""
    return max(0, size.bit_length() - 1)


def reached(cut_rounds: Sequence[Sequence[Table]], seed_of: dict[int, int]) -> dict[int, int]:
    """How far each player of a finished cut got: the round (from 0) they went out in, the
    champion one past the final. A player who went on from a table and is at none of the next
    round (they dropped) went out in that next round."""
    out: dict[int, int] = {}
    for number, tables in enumerate(cut_rounds):
        for t in tables:
            going = advancing(t, seed_of)
            for e in (t.first, t.second):
                if e is not None:
                    out[e] = number + 1 if e == going else number
    return out


def placings(
    ranked: Sequence[Standing], cut_rounds: Sequence[Sequence[Table]], seed_of: dict[int, int]
) -> list[int]:
    """Every entrant, first place first: the players of the (finished) cut by how far they
    got, the higher seed first among those out in one round; then the Swiss standings
    (``ranked``) of the rest."""
    far = reached(cut_rounds, seed_of)
    placed = sorted(far, key=lambda e: (-far[e], seed_of[e]))
    return placed + [s.entrant for s in ranked if s.entrant not in far]
