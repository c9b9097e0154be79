"""``Fleet`` against Pgx's own ``auto_reset`` semantics, written out one game at a time: the same
games, step for step, whichever finish and whenever the reserve is dealt anew (kuhn poker ends
in two or three steps, so a small fleet restocks many times), for Pgx's game and our twin."""

from __future__ import annotations

from typing import Any

import pytest

jax = pytest.importorskip("jax", reason="the JAX twins need the jax extra (pip install '.[jax]')")
pgx = pytest.importorskip("pgx", reason="the JAX twins need the jax extra (pip install '.[jax]')")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

from cyberdeck.envs.jax import make  # noqa: E402
from cyberdeck.envs.jax.fleet import Fleet  # noqa: E402


class OneByOne:
    """The fleet's rules for each game apart: Pgx's ``auto_reset``, with the new games taken in
    order from a reserve dealt from the same keys."""

    def __init__(self, env: Any, batch: int, reserve: int, key: jax.Array) -> None:
        self.init, self.step = jax.jit(env.init), jax.jit(env.step)
        self.batch, self.size = batch, batch * reserve
        k_games, k_reserve, self.key = jax.random.split(key, 3)
        self.games = [self.init(k) for k in jax.random.split(k_games, batch)]
        self.reserve = [self.init(k) for k in jax.random.split(k_reserve, self.size)]
        self.taken = 0
        self.restocks = 0

    def play(self, actions: list[int]) -> None:
        if self.taken + self.batch > self.size:
            k_reserve, self.key = jax.random.split(self.key)
            self.reserve = [self.init(k) for k in jax.random.split(k_reserve, self.size)]
            self.taken = 0
            self.restocks += 1
        for i, action in enumerate(actions):
            game = self.games[i]
            if game.terminated or game.truncated:
                game = game.replace(
                    terminated=jnp.bool_(False),
                    truncated=jnp.bool_(False),
                    rewards=jnp.zeros_like(game.rewards),
                )
            game = self.step(game, jnp.int32(action))
            if game.terminated or game.truncated:
                fresh = self.reserve[self.taken]
                self.taken += 1
                game = fresh.replace(
                    terminated=game.terminated, truncated=game.truncated, rewards=game.rewards
                )
            self.games[i] = game


def same(batched: Any, index: int, one: Any) -> bool:
    leaves = jax.tree.leaves(jax.tree.map(lambda leaf: leaf[index], batched))
    return all(
        np.array_equal(np.asarray(a), np.asarray(b))
        for a, b in zip(leaves, jax.tree.leaves(one), strict=True)
    )


@pytest.mark.parametrize(
    ("env", "steps"), [(pgx.make("kuhn_poker"), 40), (make("matrix-overload"), 60)]
)
def test_a_fleet_plays_as_auto_reset_does_one_game_at_a_time(env: Any, steps: int) -> None:
    batch, reserve = 3, 2
    key = jax.random.PRNGKey(7)
    fleet = Fleet(env, batch, reserve)
    convoy = fleet.init(key)
    step = jax.jit(fleet.step)
    reference = OneByOne(env, batch, reserve, key)
    rng = np.random.default_rng(1)
    finished = 0
    for t in range(steps):
        masks = np.asarray(convoy.games.legal_action_mask)
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in masks]
        convoy = step(convoy, jnp.asarray(actions, jnp.int32))
        reference.play(actions)
        finished += int(np.sum(np.asarray(convoy.games.terminated)))
        for i in range(batch):
            assert same(convoy.games, i, reference.games[i]), f"game {i} differs at step {t}"
        assert int(convoy.taken) == reference.taken
    assert finished > 0
    if env.id == "kuhn_poker":
        assert reference.restocks >= 3, "the reserve is dealt anew several times"


def test_a_fleet_needs_a_game_and_a_reserve() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        Fleet(pgx.make("kuhn_poker"), 0)
