"""Cipher Run's JAX twin: the same game as the engine, move for move, both ways (a small version
of bench/jax_verify_cipher_run.py), as a Pgx environment that jits and vmaps, with the engine's
own sentences for a bad deck or option."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

jax = pytest.importorskip(
    "jax", reason="the JAX twins need the jax extra (pip install cyberdeck[jax])"
)
pytest.importorskip("pgx", reason="the JAX twins need the jax extra (pip install cyberdeck[jax])")

import jax.numpy as jnp  # noqa: E402

from cyberdeck.engine import BadDeck, BadOption  # noqa: E402
from cyberdeck.envs.jax.cipher_run import (  # noqa: E402
    NUM_ACTIONS,
    OBS_SIZE,
    CipherRun,
    deck_arrays,
)
from cyberdeck.envs.jax.cipher_run_check import Checker, Mismatch  # noqa: E402
from cyberdeck.games.cipher_run.game import GAME  # noqa: E402


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(CipherRun())


def test_engine_games_replay_in_the_twin(checker):
    tally = checker.engine_games(range(12), ("random", "greedy"), chunk=12)
    assert tally.games == 12
    assert tally.decisions > 12 * 20


def test_twin_games_replay_in_the_engine(checker):
    tally = checker.twin_games(range(12), chunk=12)
    assert tally.games == 12
    assert sum(tally.kinds.values()) == 12


def test_a_difference_names_the_seed_and_the_step(checker):
    # The twin is dealt game 4 while the engine played game 3: step 0 already differs. (Twelve
    # games, the batch the checker has compiled for.)
    records = [checker.record(seed, "random") for seed in range(12)]
    records[3] = dataclasses.replace(records[3], deal=records[4].deal)
    with pytest.raises(Mismatch, match=r"engine game seed 3 step 0: \w+"):
        checker.engine_games_of(records)


def test_the_options_change_the_twin_as_they_change_the_engine(checker):
    # Under pivot=keep the engine keeps a profile the twin (pivot=flip) would turn; some game of a
    # handful shows it, and the checker says where.
    kept = Checker(CipherRun(options={"pivot": "keep"}))  # only its engine plays: no compiling
    kept_records = [kept.record(seed, "random") for seed in range(12)]
    with pytest.raises(Mismatch, match=r"seed \d+ step \d+"):
        checker.engine_games_of(kept_records)


def test_pgx_shapes_jit_and_vmap(checker):
    env = checker.env
    keys = jax.random.split(jax.random.PRNGKey(0), 12)
    states = jax.jit(jax.vmap(env.init))(keys)
    assert states.legal_action_mask.shape == (12, NUM_ACTIONS) == (12, env.num_actions)
    assert states.observation.shape == (12, OBS_SIZE) == (12, *env.observation_shape)
    assert states.current_player.dtype == jnp.int32
    assert states.terminated.dtype == jnp.bool_
    assert states.rewards.dtype == jnp.float32
    assert states.legal_action_mask.dtype == jnp.bool_
    assert len(GAME.action_space.actions) == NUM_ACTIONS
    # Every opening hand has the three Number Modules the seeds need.
    assert bool((states.legal_action_mask.sum(1) >= 3).all())
    # An illegal action ends the run with the mover losing, as in every Pgx environment (fed
    # through the checker's compiled scan: a step of its own would compile the rules again).
    actions = np.zeros((64, 12), dtype=np.int32)
    actions[0] = np.argmin(np.asarray(states.legal_action_mask), axis=1)
    terminated, rewards = checker._feed(states, jnp.asarray(actions))[:2]
    assert bool(np.asarray(terminated)[0].all())
    movers = np.asarray(states.current_player)
    assert (np.asarray(rewards)[0][np.arange(12), movers] == -1.0).all()


def test_decks_as_arrays_vmap_over_different_decks():
    env = CipherRun()
    decks = jnp.stack([deck_arrays(None), deck_arrays(["redline", "cold-boot"])])
    states = jax.jit(jax.vmap(env.init_with_decks))(
        jax.random.split(jax.random.PRNGKey(1), 2), decks
    )
    held = np.asarray(states._hand).sum(2) + np.asarray(states._deck_len)
    assert (held == 30).all()

    def cards(game: int, seat: int) -> list[int]:
        hand = np.repeat(np.arange(56), np.asarray(states._hand[game, seat])).tolist()
        deck = np.asarray(states._deck[game, seat, : int(states._deck_len[game, seat])]).tolist()
        return sorted(hand + deck)

    assert cards(0, 0) == sorted(deck_arrays(None)[0].tolist())
    assert cards(1, 0) == sorted(deck_arrays(["redline", "cold-boot"])[0].tolist())
    assert set(np.asarray(states._first).tolist()) <= {0, 1}


def test_a_bad_deck_or_option_gets_the_engines_sentence():
    with pytest.raises(BadDeck) as err:
        CipherRun(["2x AS\n2x AH\n", None])
    assert "Player 1's deck: A deck has exactly 30 cards; this one has 4." in str(err.value)
    with pytest.raises(BadOption):
        CipherRun(options={"pivot": "sideways"})
