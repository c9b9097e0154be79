"""The JAX twin of MATR1X against the Python engine: the same masks, views, observations and
outcomes both ways (a small version of ``bench/jax_verify.py``), and Pgx's conventions."""

from __future__ import annotations

import dataclasses

import pytest

jax = pytest.importorskip("jax", reason="the JAX twins need the jax extra (pip install '.[jax]')")
pytest.importorskip("pgx", reason="the JAX twins need the jax extra (pip install '.[jax]')")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

from cyberdeck.envs.jax import make  # noqa: E402
from cyberdeck.envs.jax.matrix_overload import MatrixOverload  # noqa: E402
from cyberdeck.envs.jax.verify import Checker, Mismatch  # noqa: E402

ENV = MatrixOverload()
#: Compiled once for the whole module (compiling is most of what these tests cost).
STEP = jax.jit(ENV.step)
INIT = jax.jit(ENV.init)
DEAL = jax.jit(ENV.init_from_deal)


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(ENV, chunk=25)


def test_engine_games_replay_in_the_twin(checker: Checker) -> None:
    tally = checker.engine_games(range(50), ("random", "fair"))
    assert tally.games == 50
    assert tally.kinds.get("win", 0) > 0  # the fair player wins some: the end is reached both ways


def test_twin_games_replay_in_the_engine(checker: Checker) -> None:
    tally = checker.twin_games(range(50))
    assert tally.games == 50 and tally.decisions > 50 * 20


def test_classic_deck_with_two_jokers() -> None:
    """The two jokers share a card int: counts by card int add them up. (The twin's own games
    of this deck are checked by ``bench/jax_verify.py``; here one direction keeps CI quick.)"""
    checker = Checker(make("matrix-overload", variant="classic"), chunk=12)
    tally = checker.engine_games(range(12), ("random",))
    assert tally.games == 12


def test_a_difference_names_the_seed_and_the_step(checker: Checker) -> None:
    env = checker.env
    real = env.deal_of
    try:
        env.deal_of = lambda seed: real(seed + 1)  # type: ignore[method-assign]
        with pytest.raises(Mismatch, match=r"matrix-overload .* seed 3 step 0: '\w+'"):
            checker.engine_games([3])
    finally:
        env.deal_of = real  # type: ignore[method-assign]
    game = checker.record(5, "random")
    game.masks[4] = ~game.masks[4]
    deals = np.stack([env.deal_of(5)] * checker.chunk)
    actions = np.zeros((checker.window, checker.chunk), dtype=np.int32)
    actions[:4, 0] = game.actions[:4]
    _, trace = checker._feed(checker._deal(deals), jnp.asarray(actions))
    fourth = jax.tree.map(lambda leaf: np.asarray(leaf[3, 0]), trace)
    with pytest.raises(Mismatch, match="seed 5 step 4: legal actions"):
        checker._compare(fourth, game, 4, "engine game")


def test_pgx_conventions() -> None:
    env = ENV
    assert (env.id, env.num_players, env.num_actions) == ("matrix-overload", 1, 21)
    init = INIT
    state = init(jax.random.PRNGKey(7))
    assert state.observation.shape == (2191,) and state.observation.dtype == jnp.float32
    assert state.current_player.dtype == jnp.int32 and state.terminated.dtype == jnp.bool_
    assert state.rewards.dtype == jnp.float32 and state.rewards.shape == (1,)
    assert state.legal_action_mask.dtype == jnp.bool_ and bool(state.legal_action_mask.any())
    public = {"current_player", "observation", "rewards", "terminated", "truncated",
              "legal_action_mask"}  # fmt: skip
    assert {f.name for f in dataclasses.fields(state) if not f.name.startswith("_")} == public
    # Every card is somewhere: 53 ids, each in one place.
    assert np.asarray(state._loc).shape == (53,)
    step = STEP
    key = jax.random.PRNGKey(1)
    while not bool(state.terminated):
        key, pick = jax.random.split(key)
        legal = jnp.flatnonzero(state.legal_action_mask, size=21, fill_value=-1)
        count = int(state.legal_action_mask.sum())
        state = step(state, legal[jax.random.randint(pick, (), 0, count)])
    assert float(state.rewards[0]) in (1.0, -1.0)
    assert bool(state.legal_action_mask.all())  # Pgx: any action at the end, changing nothing
    after = step(state, 0)
    assert float(after.rewards[0]) == 0.0 and bool(after.terminated)
    assert int(after._step_count) == int(state._step_count)
    # An illegal action ends the game with Pgx's penalty.
    fresh = init(jax.random.PRNGKey(2))
    illegal = int(np.flatnonzero(~np.asarray(fresh.legal_action_mask))[0])
    ended = step(fresh, illegal)
    assert bool(ended.terminated) and float(ended.rewards[0]) == -1.0


def test_vmap_deals_each_key_its_own_game() -> None:
    states = jax.jit(jax.vmap(ENV.init))(jax.random.split(jax.random.PRNGKey(0), 4))
    assert states.observation.shape == (4, 2191)
    assert len({bytes(np.asarray(d)) for d in states._loc}) == 4


def test_bad_names_are_refused_in_a_sentence() -> None:
    with pytest.raises(ValueError, match="No JAX twin of 'chess'; there are twins of"):
        make("chess")
    with pytest.raises(ValueError, match="MATR1X has no variant 'gridcannon'"):
        make("matrix-overload", variant="gridcannon")


def test_determinize_re_deals_only_the_unseen_deck() -> None:
    """A search's model: the same observation (nothing it shows moves), the public bottom of the
    deck where it was, the cards above it in another order."""
    env = ENV
    step = STEP
    rng = np.random.default_rng(0)
    for seed in range(40):  # a random game that puts cards under the deck
        state = DEAL(env.deal_of(seed))
        while not bool(state.terminated) and int(state._known) == 0:
            state = step(state, rng.choice(np.flatnonzero(state.legal_action_mask)))
        if int(state._known) > 0 and not bool(state.terminated):
            break
    known = int(state._known)
    world = jax.jit(env.determinize)(state, jax.random.PRNGKey(3))
    assert np.array_equal(np.asarray(env.observe(world)), np.asarray(state.observation))
    loc, pos, new = np.asarray(state._loc), np.asarray(state._pos), np.asarray(world._pos)
    deck = loc == 9
    assert sorted(new[deck]) == sorted(pos[deck])
    assert np.array_equal(new[deck & (pos < known)], pos[deck & (pos < known)])
    assert not np.array_equal(new, pos)
    assert np.array_equal(new[~deck], pos[~deck])
