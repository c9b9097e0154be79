"""PettingZoo: every game and player count passes PettingZoo's own API and seed tests."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from cyberdeck.engine import BadAction, Game, IllegalAction, games
from cyberdeck.envs.pettingzoo import env, raw_env


def _tables(game: Game) -> list[dict[str, Any]]:
    """One configuration per player count (the default first)."""
    seen: dict[int, dict[str, Any]] = {}
    for options in game.configurations():
        seen.setdefault(game.new_state(options, 0).num_players, options)
    return list(seen.values())


CASES = [
    pytest.param(game.id, options, id=f"{game.id}-{game.new_state(options, 0).num_players}p")
    for game in games()
    for options in _tables(game)
]
#: Cycles of the API test: the CCG's games are long and its views dear.
CYCLES = {"cyberpunk-ccg": 60}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_api_and_seed(game_id: str, options: dict[str, Any]) -> None:
    cycles = CYCLES.get(game_id, 300)
    api_test(env(game_id, render_mode="ansi", **options), num_cycles=cycles)
    seed_test(lambda: env(game_id, **options), num_cycles=cycles // 3)


def test_a_game_to_the_end() -> None:
    table = env("cypher", players=3)
    table.reset(seed=4)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        mask = observation["action_mask"]
        if terminated or truncated:
            assert not mask.any()
            table.step(None)
            continue
        assert mask.sum() >= 1 and observation["observation"].dtype == np.float32
        table.step(int(rng.choice(np.flatnonzero(mask))))
    assert sorted(totals.values()) == [-1.0, -1.0, 1.0]


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    table = raw_env("cipher-run")
    table.reset(seed=2)
    mask = table.observe(table.agent_selection)["action_mask"]
    before = table.state.fingerprint() if table.state else ""
    with pytest.raises(IllegalAction, match=r"\w"):
        table.step(int(np.flatnonzero(mask == 0)[0]))
    assert table.state is not None and table.state.fingerprint() == before


def test_render_draws_the_spectators_table() -> None:
    table = env("hack-me", render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert isinstance(text, str) and "Hacker A" in text


def test_options_are_checked() -> None:
    with pytest.raises(Exception, match="Cypher has no option 'colour'"):
        env("cypher", colour="red")


def test_the_wrappers_checks_are_made_without_wrappers() -> None:
    """``env`` is the bare environment (no ``__getattr__`` layers a step), and says plainly what
    PettingZoo's order and bounds wrappers would have refused."""
    table = env("cipher-run", render_mode="ansi")
    assert table.unwrapped is table
    for early in (lambda: table.step(0), lambda: table.observe("player_0"), table.render):
        with pytest.raises(RuntimeError, match=r"Call reset\(\) before using the environment"):
            early()
    table.reset(seed=3)
    before = table.state.fingerprint() if table.state else ""
    with pytest.raises(BadAction, match=r"Action number 99999 is outside 0\.\.\d+"):
        table.step(99_999)
    assert table.state is not None and table.state.fingerprint() == before
