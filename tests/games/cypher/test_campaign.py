"""The campaign variant: points per win, the previous winner starts, 4/3/2 points to win; each game
of a series has its own seed, derived from the series seed."""

import pytest

from cyberdeck.engine import BadOption, Match, Rng, Series, load_game
from cyberdeck.games.cypher.campaign import POINTS_TO_WIN

GAME = load_game("cypher")


def play_out(series, rng):
    seed, setup = series.next_game(GAME)
    state = GAME.new_state(series.options, seed, setup)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_points_needed_depend_on_the_player_count():
    assert POINTS_TO_WIN == {2: 4, 3: 3, 4: 2}
    assert [Series.start(GAME, {"players": n}, 1).target for n in (2, 3, 4)] == [4, 3, 2]


def test_the_previous_winner_starts_the_next_game():
    series = Series.start(GAME, {"players": 3}, seed=4)
    rng = Rng(1)
    winner = series.score(play_out(series, rng).outcome)
    assert series.points[winner] == 1
    seed, setup = series.next_game(GAME)
    second = GAME.new_state(series.options, seed, setup)
    assert second.start == winner and second.current_player == winner


def test_each_game_has_its_own_seed_and_record():
    series = Series.start(GAME, {"players": 2}, seed=9)
    first = series.next_game(GAME)[0]
    series.score(play_out(series, Rng(2)).outcome)
    second, setup = series.next_game(GAME)
    assert (
        first != second and Series.start(GAME, {"players": 2}, seed=9).next_game(GAME)[0] == first
    )
    match = Match(GAME, series.options, second, setup)
    assert match.record.seed == second and match.record.decks == setup


def test_a_campaign_runs_until_someone_reaches_the_target_and_then_refuses_a_game():
    rng = Rng(3)
    series = Series.start(GAME, {"players": 4}, seed=2)
    while series.victor is None:
        series.score(play_out(series, rng).outcome)
    assert series.points[series.victor] == 2 and sum(series.points) == len(series.winners)
    assert "first to 2" in series.standings(["A", "B", "C", "D"])
    with pytest.raises(BadOption, match="over"):
        series.next_game(GAME)
    assert Series.from_json(series.to_json()) == series
