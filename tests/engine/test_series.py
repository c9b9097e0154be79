"""The generic series (a game's campaign): games without one refuse it; seeds derive from the
series seed alone; a game nobody won scores nothing and leaves the starter as it was."""

import pytest

from cyberdeck.engine import BadOption, BadRecord, Outcome, Series, game_seed, load_game


def test_a_game_without_a_campaign_refuses_a_series():
    game = load_game("matrix-overload")
    assert game.series_target(1) is None
    with pytest.raises(BadOption, match="has no campaign"):
        Series.start(game, {}, 1)


def test_game_seeds_depend_only_on_the_series_seed_and_the_game_number():
    seeds = [game_seed(7, i) for i in range(50)]
    assert len(set(seeds)) == 50 and seeds == [game_seed(7, i) for i in range(50)]
    assert not set(seeds) & {game_seed(8, i) for i in range(50)}
    assert all(0 <= s < 2**63 for s in seeds)


def test_a_game_nobody_won_scores_nothing_and_the_last_winner_still_starts():
    series = Series("cypher", {"players": 2}, 3, 4, None, [0, 0])
    series.score(Outcome((1,), (-1.0, 1.0), "won"))
    series.score(Outcome((), (0.0, 0.0), "draw"))
    assert series.points == [0, 1] and series.winners == [1, None] and series.starter == 1


def test_a_stored_series_that_does_not_read_is_refused_with_a_sentence():
    with pytest.raises(BadRecord, match="not readable"):
        Series.from_json({"game": "cypher"})
