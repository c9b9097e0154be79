"""OpenSpiel: every game loads as an OpenSpiel Python game, passes OpenSpiel's random simulation
test (with serialisation), and OpenSpiel's algorithms run on it."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import outcome_sampling_mccfr

from cyberdeck.agents import make_agent
from cyberdeck.engine import BadOption, Rng, games, load_game
from cyberdeck.envs import openspiel

IDS = [game.id for game in games()]
#: Random simulations per game, and whether each step is also serialised and read back: the
#: CCG's games run to thousands of decisions, each a large state to pickle, so its serialisation
#: is checked on its own below.
SIMS = {"cyberpunk-ccg": 1}
SERIALISE = {"cyberpunk-ccg": False}


@pytest.mark.parametrize("game_id", IDS)
def test_random_sim_test(game_id: str) -> None:
    game = pyspiel.load_game("python_" + "cyberdeck_" + game_id.replace("-", "_"))
    pyspiel.random_sim_test(
        game, num_sims=SIMS.get(game_id, 3), serialize=SERIALISE.get(game_id, True), verbose=False
    )


def test_game_type_and_parameters() -> None:
    game = openspiel.load("cypher", players=3)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_players() == 3
    two = openspiel.load("cipher-run")
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert two.num_distinct_actions() == load_game("cipher-run").action_space.size


def test_the_deal_is_a_chance_node_and_observations_come_from_views() -> None:
    game = openspiel.load("hack-me", deals=8)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 8
    state.apply_action(5)
    engine = load_game("hack-me").new_state(None, 5)
    assert state.inner is not None and state.inner.fingerprint() == engine.fingerprint()
    seat = state.current_player()
    world = state.resampled(1 - seat, Rng(1))
    assert world.observation_string(1 - seat) == state.observation_string(1 - seat)
    assert np.array_equal(world.observation_tensor(1 - seat), state.observation_tensor(1 - seat))
    assert world.information_state_string(1 - seat) == state.information_state_string(1 - seat)


@pytest.mark.parametrize("game_id", ["cypher", "cyberpunk-ccg"])
def test_a_resampled_world_serialises_as_itself(game_id: str) -> None:
    game = openspiel.load(game_id)
    state = game.new_initial_state()
    state.apply_action(17)
    world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    for _ in range(12):
        world.apply_action(world.legal_actions()[-1])
    back = pickle.loads(pickle.dumps(world))
    assert back.inner.fingerprint() == world.inner.fingerprint()
    text = pyspiel.serialize_game_and_state(game, world)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.inner.fingerprint() == world.inner.fingerprint()


def test_ismcts_bot_plays_through_the_arena_spec() -> None:
    game = load_game("cypher")
    bot = make_agent("spiel-ismcts:5", 1, game)
    state = game.new_state(None, 2)
    while not state.is_terminal:
        move = bot.choose(state) if state.current_player == 0 else state.legal_actions()[0]
        state.apply(move)
    assert state.outcome is not None
    with pytest.raises(BadOption, match="needs a number of simulations"):
        make_agent("spiel-ismcts:many", 1, game)


def test_the_bot_needs_two_simulations_a_move() -> None:
    """OpenSpiel's bot spends its first simulation opening the tree: with one it fails on the
    first move with a choice (an AssertionError inside OpenSpiel), so the spec refuses it."""
    game = load_game("cypher")
    with pytest.raises(BadOption, match="at least 2 simulations"):
        make_agent("spiel-ismcts:1", 1, game)
    bot = make_agent("spiel-ismcts:2", 1, game)
    state = game.new_state(None, 2)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    assert bot.choose(state) in state.legal_actions()


def test_outcome_sampling_mccfr_runs_on_two_player_cypher() -> None:
    """Tabular CFR and exact exploitability need the whole tree: even one deal of 2-player
    Cypher has over 200,000 histories here, so the sampling variant runs instead."""
    game = openspiel.load("cypher", deals=16)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    state.apply_action(0)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", IDS)
def test_tensors_answered_in_python_are_openspiels_own(game_id: str) -> None:
    """``observation_tensor`` and ``information_state_tensor`` are answered in Python for Python
    callers: the same list of floats OpenSpiel's C++ path makes through the observer, at the deal,
    along a game for every seat, and at the end; a pseudo-player is still OpenSpiel's refusal."""
    game = openspiel.load(game_id)
    rng = Rng(4)
    state = game.new_initial_state()
    for _ in range(40 if game_id == "cyberpunk-ccg" else 150):
        for seat in range(game.num_players()):
            for method in (
                pyspiel.State.observation_tensor,
                pyspiel.State.information_state_tensor,
            ):
                ours = getattr(state, method.__name__)(seat)
                assert type(ours) is list and ours == method(state, seat)
        if state.is_terminal():
            break
        if not state.is_chance_node():
            assert state.observation_tensor() == pyspiel.State.observation_tensor(state)
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(-3)
