"""Swiss standings and pairing against a table worked out by hand."""

from __future__ import annotations

import pytest

from cyberdeck.server.swiss import Table, pair, rounds_for, standings

#: Five entrants, two rounds: a win, a draw and a bye in the first; a win, a win by the second
#: seat and a bye in the second.
PLAYED = [
    Table(1, 2, winner=1, done=True),
    Table(3, 4, winner=None, done=True),
    Table(5, None, done=True),
    Table(5, 1, winner=5, done=True),
    Table(3, 2, winner=2, done=True),
    Table(4, None, done=True),
]


def test_standings_match_the_hand_computed_table() -> None:
    # points / rounds: 1: 3/2, 2: 3/2, 3: 1/2, 4: 4/2, 5: 6/2.
    # SoS (mean of opponents' points per round): 1: (1.5 + 3)/2, 2: (1.5 + 0.5)/2,
    # 3: (2 + 1.5)/2, 4: 0.5 (the bye is no opponent), 5: 1.5.
    # ESoS (mean of opponents' SoS): 1: (1 + 1.5)/2, 2: (2.25 + 1.75)/2, 3: (0.5 + 1)/2,
    # 4: 1.75, 5: 2.25.
    table = {
        s.entrant: (s.rank, s.points, s.sos, s.esos) for s in standings([1, 2, 3, 4, 5], PLAYED)
    }
    assert table == {
        5: (1, 6, 1.5, 2.25),
        4: (2, 4, 0.5, 1.75),
        1: (3, 3, 2.25, 1.25),
        2: (4, 3, 1.0, 2.0),
        3: (5, 1, 1.75, 0.75),
    }


def test_a_table_in_play_counts_for_nobody() -> None:
    line = {s.entrant: s for s in standings([1, 2], [Table(1, 2, winner=1)])}
    assert (line[1].points, line[1].rounds, line[2].rounds) == (0, 0, 0)


def test_the_next_round_avoids_repeats_gives_the_bye_low_and_balances_seats() -> None:
    ranked = standings([1, 2, 3, 4, 5], PLAYED)
    # 3 is lowest without a bye; 5-4 would leave 1-2, a repeat, so 5 meets 2 and 4 meets 1.
    # 2 has been first less often than 5 (0 of 2 against 1 of 1): 2 takes the first seat.
    assert pair(ranked, {1, 2, 3, 4, 5}) == [Table(2, 5), Table(4, 1), Table(3, None)]


def test_a_dropped_player_is_not_paired() -> None:
    ranked = standings([1, 2, 3, 4, 5], PLAYED)
    tables = pair(ranked, {1, 2, 4, 5})
    assert all(3 not in (t.first, t.second) for t in tables)
    assert not any(t.bye for t in tables)


def test_a_repeat_only_when_unavoidable() -> None:
    played = [Table(1, 2, winner=1, done=True)]
    assert pair(standings([1, 2], played), {1, 2}) == [Table(2, 1)]


def test_every_pairing_of_a_long_event_is_new_while_one_can_be() -> None:
    entrants = list(range(1, 9))
    played: list[Table] = []
    for _ in range(7):  # eight players can each meet all seven others
        tables = pair(standings(entrants, played), set(entrants))
        played += [Table(t.first, t.second, winner=t.first, done=True) for t in tables]
    met = [frozenset((t.first, t.second)) for t in played]
    assert len(set(met)) == len(met) == 28


@pytest.mark.parametrize(("entrants", "rounds"), [(2, 3), (8, 3), (9, 4), (33, 6)])
def test_rounds_by_entrants(entrants: int, rounds: int) -> None:
    assert rounds_for(entrants) == rounds
