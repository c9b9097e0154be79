"""Gymnasium: every game, as the solitaire or against built-in opponents, passes Gymnasium's own
environment checker and runs in its vector environments."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cyberdeck.engine import BadOption, games, load_game
from cyberdeck.envs.gymnasium import SeatEnv, env_id

IDS = [game.id for game in games()]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game_id", IDS)
def test_check_env(game_id: str) -> None:
    check_env(gymnasium.make(env_id(game_id), opponent="random").unwrapped, skip_render_check=False)


def test_the_solitaire_has_its_own_name() -> None:
    table = gymnasium.make("cyberdeck/MatrixOverload-v0")
    observation, info = table.reset(seed=1)
    assert observation.shape == table.observation_space.shape
    assert info["action_mask"].any()


def test_a_game_against_the_normal_level() -> None:
    table = SeatEnv("cypher", opponent="normal", seat=None)
    table.reset(seed=3)
    rng = np.random.default_rng(3)
    done = False
    reward = 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(table.action_masks())))
        _, reward, done, truncated, info = table.step(action)
        assert not truncated
    assert reward in (-1.0, 1.0) and info["reason"]


def test_seeded_resets_deal_the_same_game() -> None:
    one = SeatEnv("cipher-run", opponent="greedy")
    two = SeatEnv("cipher-run", opponent="greedy")
    for table in (one, two):
        table.reset(seed=9)
        for _ in range(6):
            table.step(int(np.flatnonzero(table.action_masks())[0]))
    assert one.state is not None and two.state is not None
    assert one.state.fingerprint() == two.state.fingerprint()


def test_an_illegal_action_changes_nothing_and_says_why() -> None:
    table = SeatEnv("hack-me", opponent="random")
    observation, _ = table.reset(seed=2)
    before = table.state.fingerprint() if table.state else ""
    illegal = int(np.flatnonzero(~table.action_masks())[0])
    again, reward, done, _, info = table.step(illegal)
    assert table.state is not None and table.state.fingerprint() == before
    assert (again == observation).all() and reward == 0.0 and not done
    assert info["illegal"].endswith(".")


def test_vector_envs() -> None:
    tables = gymnasium.make_vec(
        env_id("cipher-run"), num_envs=2, vectorization_mode="sync", opponent="random"
    )
    observations, infos = tables.reset(seed=5)
    assert observations.shape == (2, *tables.single_observation_space.shape)
    for _ in range(40):
        actions = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in infos["action_mask"]]
        observations, _, _, _, infos = tables.step(np.array(actions))
    tables.close()


def test_bad_settings_say_what_is_wrong() -> None:
    with pytest.raises(BadOption, match="There is no agent 'grandmaster'"):
        SeatEnv("cipher-run", opponent="grandmaster")
    with pytest.raises(BadOption, match="seat must be from 0 to 1"):
        SeatEnv("cipher-run", seat=2)


def test_the_opponent_is_random_unless_named_and_may_be_a_policy(tmp_path) -> None:
    from tests.agents.test_learned import random_policy

    assert SeatEnv("cypher").opponent == "random"
    path = random_policy(load_game("cypher"), tmp_path)
    table = SeatEnv("cypher", opponent=f"policy:{path}", seat=1)
    table.reset(seed=4)
    done, steps = False, 0
    while not done:
        _, _, done, _, _ = table.step(int(np.flatnonzero(table.action_masks())[0]))
        steps += 1
    assert table.decisions > steps  # the policy made the other seat's moves


def test_a_pool_of_opponents_deals_each_game_to_one_of_them() -> None:
    table = SeatEnv("cypher", opponent="random, greedy", seat=0)
    assert table.opponent == "random,greedy"
    seated = set()
    for seed in range(12):
        table.reset(seed=seed)
        names = {agent.name for agent in table._agents if agent is not None}
        assert len(names) == 1  # every other seat of a game is the same agent
        seated |= names
    assert seated == {"random", "greedy"}
    with pytest.raises(BadOption, match="name an agent between every two commas"):
        SeatEnv("cypher", opponent="greedy,,random")
    with pytest.raises(BadOption, match="There is no agent 'grandmaster'"):
        SeatEnv("cypher", opponent="greedy,grandmaster")
