"""The top cut's bracket against brackets worked out by hand: seeds, seats, draws, drops and the
final placing."""

from __future__ import annotations

import pytest

from cyberdeck.server.cut import (
    advancing,
    bracket_order,
    cut_size,
    first_round,
    next_round,
    placings,
    reached,
    rounds_of,
    seeds,
)
from cyberdeck.server.swiss import Table, standings

#: Six entrants after two Swiss rounds: 1 and 2 unbeaten, 3 4 5 6 below them.
SWISS = [
    Table(1, 6, winner=1, done=True),
    Table(2, 5, winner=2, done=True),
    Table(3, 4, winner=3, done=True),
    Table(1, 3, winner=1, done=True),
    Table(2, 4, winner=2, done=True),
    Table(5, 6, winner=5, done=True),
]


def test_seeds_meet_high_against_low_and_one_meets_two_only_in_the_final() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    # Entrants 11..18 seeded in that order: the higher seed takes the first seat.
    assert first_round([11, 12, 13, 14, 15, 16, 17, 18]) == [
        Table(11, 18),
        Table(14, 15),
        Table(12, 17),
        Table(13, 16),
    ]


def test_the_cut_takes_the_top_of_the_standings_and_skips_who_dropped() -> None:
    ranked = standings([1, 2, 3, 4, 5, 6], SWISS)
    assert [s.entrant for s in ranked][:4] == [1, 2, 3, 5]
    assert seeds(ranked, {1, 2, 3, 4, 5, 6}, 4) == [1, 2, 3, 5]
    # 3 dropped: the next in the standings takes the place.
    assert seeds(ranked, {1, 2, 4, 5, 6}, 4) == [1, 2, 5, 4]


@pytest.mark.parametrize(
    ("size", "available", "played"), [(8, 8, 8), (8, 7, 4), (8, 5, 4), (4, 3, 2), (2, 1, 0)]
)
def test_a_small_field_gets_the_largest_cut_it_fills(
    size: int, available: int, played: int
) -> None:
    assert cut_size(size, available) == played


def test_a_draw_sends_the_higher_seed_on_and_winners_meet_in_bracket_order() -> None:
    seed_of = {11: 1, 12: 2, 13: 3, 14: 4}
    semis = [Table(11, 14, winner=None, done=True), Table(12, 13, winner=13, done=True)]
    assert advancing(semis[0], seed_of) == 11  # drawn: seed 1 goes on
    assert advancing(Table(11, 14), seed_of) is None  # still in play
    assert next_round(semis, seed_of, {11, 12, 13, 14}) == [Table(11, 13)]
    # Seed 3 beat seed 1 and seed 4 beat seed 2: seed 3 is the higher seed of the final.
    upset = [Table(11, 14, winner=14, done=True), Table(12, 13, winner=13, done=True)]
    assert next_round(upset, seed_of, {11, 12, 13, 14}) == [Table(13, 14)]


def test_a_player_who_drops_in_the_cut_lets_the_opponent_through_unplayed() -> None:
    seed_of = {11: 1, 12: 2, 13: 3, 14: 4}
    semis = [Table(11, 14, winner=11, done=True), Table(12, 13, winner=13, done=True)]
    assert next_round(semis, seed_of, {12, 13, 14}) == [Table(13, None)]
    assert advancing(Table(13, None, done=True), seed_of) == 13


def test_the_final_placing_is_the_cut_then_the_swiss() -> None:
    ranked = standings([1, 2, 3, 4, 5, 6], SWISS)
    seed_of = {s.entrant: s.rank for s in ranked}
    semis = [Table(1, 5, winner=5, done=True), Table(2, 3, winner=None, done=True)]
    final = [Table(2, 5, winner=2, done=True)]
    # 2 wins the final; 5 lost it; of the semi-finals' losers seed 1 before seed 3; then the
    # Swiss order of the rest (4 before 6).
    assert placings(ranked, [semis, final], seed_of) == [2, 5, 1, 3, 4, 6]


@pytest.mark.parametrize(("size", "rounds"), [(0, 0), (2, 1), (4, 2), (8, 3)])
def test_rounds_of_a_cut(size: int, rounds: int) -> None:
    assert rounds_of(size) == rounds


def test_a_player_who_drops_in_the_cut_places_as_one_out_in_the_round_they_missed() -> None:
    ranked = standings([1, 2, 3, 4, 5, 6], SWISS)
    seed_of = {s.entrant: s.rank for s in ranked}
    semis = [Table(1, 5, winner=1, done=True), Table(2, 3, winner=3, done=True)]
    # 1 won a semi-final and dropped: 3 takes the final unplayed, 1 is the runner-up.
    final = next_round(semis, seed_of, {2, 3, 4, 5, 6})
    assert final == [Table(3, None)]
    played = [semis, [Table(3, None, done=True)]]
    assert reached(played, seed_of) == {1: 1, 5: 0, 2: 0, 3: 2}
    assert placings(ranked, played, seed_of) == [3, 1, 2, 5, 4, 6]
