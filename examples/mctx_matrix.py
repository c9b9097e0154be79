"""A search with DeepMind's mctx on MATR1X 0VERL0AD, with the JAX twin as its model.

The player never reads the deck's order (an AI never cheats): before each move it re-deals the
unseen part of the deck ``--worlds`` times (``MatrixOverload.determinize``: the public bottom of
the deck stays, every other deck card takes a random place), runs Gumbel MuZero's search
(``mctx.gumbel_muzero_policy``) in each world with the twin's ``step`` as the model, and plays
the action the worlds' searches weigh most in sum. A leaf is scored by ``value``, the game's own
heuristic (``games/matrix_overload/evaluate.py``, public facts only) written for arrays; a
finished game by its reward. Every game of the run is played at once: games x worlds searches
are one batch, each move one compiled call.

    python examples/mctx_matrix.py --seeds 0-999 [--worlds 8] [--simulations 32]

prints the win rate over the seeds (the Python engine's deals of those seeds), beside the
Python players' on seeds 0-999 (docs/strength.md): ``fair`` 27.3%, ``normal`` 71.9%.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import jax
import jax.numpy as jnp
import mctx
import numpy as np

from cyberdeck.envs.jax.matrix_overload import (
    LIVING,
    PILES,
    WIN,
    MatrixOverload,
    MatrixTwinState,
    payload_fits,
)

ENV = MatrixOverload(observations=False)  # the model reads the state's public fields
RANK = jnp.asarray([0, 0, 0, 0] + [code // 4 for code in range(4, 56)])


def value(state: MatrixTwinState) -> jax.Array:
    """``evaluate.py`` on arrays: kills, cards left, and per living firewall its ICE and how
    near its payload is to killing it; low tops keep the matrix flexible."""
    score = 0.5 * state._kills / 12 + 0.1 * jnp.minimum(state._deck, 30) / 30
    living = state._status == LIVING
    royal_rank = RANK[jnp.maximum(state._royal, 0)]
    health = state._health
    score -= jnp.sum(jnp.where(living, 0.03 * (health - royal_rank) / 10, 0.0))
    near, middle, trigger, fits_a, fits_b = payload_fits(state._top, state._royal)
    rank_a = jnp.where(near >= 0, RANK[jnp.maximum(near, 0)], 0)
    rank_b = jnp.where(middle >= 0, RANK[jnp.maximum(middle, 0)], 0)
    ready = fits_a & fits_b & (rank_a + rank_b >= health)
    trigger_rank = jnp.where(trigger >= 0, RANK[jnp.maximum(trigger, 0)], 0)
    useful = jnp.where(fits_a, rank_a, 0) + jnp.where(fits_b, rank_b, 0)
    per_slot = jnp.where(
        ready,
        0.03 + 0.01 * (10 - trigger_rank) / 10,
        0.02 * jnp.minimum(useful, health) / jnp.maximum(health, 1),
    )
    score += jnp.sum(jnp.where(living, per_slot, 0.0))
    tops = jnp.sum(jnp.where(state._top >= 0, RANK[jnp.maximum(state._top, 0)], 0))
    score += 0.1 * (90 - tops) / 90
    score = jnp.clip(score, -0.99, 0.99)
    return jnp.where(state.terminated, state.rewards[0], score)


def recurrent_fn(
    params: Any, key: jax.Array, action: jax.Array, embedding: MatrixTwinState
) -> tuple[mctx.RecurrentFnOutput, MatrixTwinState]:
    del params, key
    state = jax.vmap(ENV.step)(embedding, action)
    done = embedding.terminated
    out = mctx.RecurrentFnOutput(
        reward=jnp.where(done, 0.0, state.rewards[:, 0]),
        discount=jnp.where(state.terminated, 0.0, 1.0),
        prior_logits=jnp.where(state.legal_action_mask, 0.0, -1e9),
        value=jnp.where(state.terminated, 0.0, jax.vmap(value)(state)),
    )
    return out, state


def choose(states: MatrixTwinState, key: jax.Array, worlds: int, simulations: int) -> jax.Array:
    """One move for every game: search ``worlds`` re-deals of each, add up the searches."""
    games = states._loc.shape[0]
    deal, search = jax.random.split(key)
    keys = jax.random.split(deal, games * worlds)
    copies = jax.tree.map(lambda leaf: jnp.repeat(leaf, worlds, axis=0), states)
    roots = jax.vmap(ENV.determinize)(copies, keys)
    mask = roots.legal_action_mask
    root = mctx.RootFnOutput(
        prior_logits=jnp.where(mask, 0.0, -1e9),
        value=jax.vmap(value)(roots),
        embedding=roots,
    )
    policy = mctx.gumbel_muzero_policy(
        params=(),
        rng_key=search,
        root=root,
        recurrent_fn=recurrent_fn,
        num_simulations=simulations,
        invalid_actions=~mask,
        max_num_considered_actions=PILES + 12,
    )
    weights = policy.action_weights.reshape(games, worlds, -1).sum(axis=1)
    return jnp.argmax(jnp.where(states.legal_action_mask, weights, -1.0), axis=1)


def play(seeds: list[int], worlds: int, simulations: int, seed: int = 0) -> np.ndarray:
    deals = np.stack([ENV.deal_of(s) for s in seeds])
    states = jax.jit(jax.vmap(ENV.init_from_deal))(deals)
    decide = jax.jit(choose, static_argnums=(2, 3))
    step = jax.jit(jax.vmap(ENV.step))
    key = jax.random.PRNGKey(seed)
    moves = 0
    while not bool(jnp.all(states.terminated)):
        key, sub = jax.random.split(key)
        states = step(states, decide(states, sub, worlds, simulations))
        moves += 1
    return np.asarray(states._kind) == WIN


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", default="0-99", help="a range such as 0-999")
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--simulations", type=int, default=32)
    parser.add_argument("--batch", type=int, default=250, help="games searched at once")
    args = parser.parse_args()
    first, last = (int(x) for x in args.seeds.split("-"))
    seeds = list(range(first, last + 1))
    began = time.process_time()
    won: list[bool] = []
    for at in range(0, len(seeds), args.batch):
        won += play(seeds[at : at + args.batch], args.worlds, args.simulations).tolist()
        print(json.dumps({"seeds": f"{first}-{seeds[min(at + args.batch, len(seeds)) - 1]}",
                          "won": sum(won), "games": len(won),
                          "cpu_s": round(time.process_time() - began)}), flush=True)  # fmt: skip
    print(f"mctx (Gumbel MuZero, {args.worlds} worlds x {args.simulations} simulations): "
          f"won {sum(won)} of {len(won)} ({100 * sum(won) / len(won):.1f}%); "
          "Python players on seeds 0-999: fair 27.3%, normal 71.9%")  # fmt: skip


if __name__ == "__main__":
    main()
