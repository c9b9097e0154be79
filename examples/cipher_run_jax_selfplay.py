"""Self-play of 1,024 Cipher Run games at once on JAX: the twin (``cyberdeck.envs.jax``) under
``vmap``, every seat a uniformly random legal policy, the whole run one ``jit``-compiled scan.

    pip install -e '.[jax]'
    python examples/cipher_run_jax_selfplay.py --batch 1024 --steps 160

Every game runs to its end (the longest random games of the starters take about 150 decisions;
a game that ends earlier waits, masked, for the others). Prints the decisions per second of the
run (compile time apart) and how the games ended: wins of the first and second player, draws,
breaches and deck-outs. Any policy that maps an observation and a mask to an action fits where
``policy`` is.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import jax

from cyberdeck.envs.jax.bits import random_legal
from cyberdeck.envs.jax.cipher_run import BREACH, DECK_OUT, SAFETY_CAP, CipherRun


def policy(key: jax.Array, observation: jax.Array, mask: jax.Array) -> jax.Array:
    """A uniformly random legal action (the observation is there for a learned policy)."""
    del observation
    return random_legal(key, mask)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batch", type=int, default=1024, help="games played at once")
    parser.add_argument("--steps", type=int, default=160, help="decisions each game may take")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env = CipherRun()  # the two starter decks; CipherRun(decks, options) for others

    def play(key: jax.Array) -> tuple[jax.Array, ...]:
        k_init, k_play = jax.random.split(key)
        states = jax.vmap(env.init)(jax.random.split(k_init, args.batch))

        def turn(states: Any, keys: jax.Array) -> tuple[Any, jax.Array]:
            running = ~states.terminated
            actions = jax.vmap(policy)(keys, states.observation, states.legal_action_mask)
            return jax.vmap(env.step)(states, actions), running

        keys = jax.random.split(k_play, args.steps * args.batch).reshape(args.steps, args.batch, -1)
        states, running = jax.lax.scan(turn, states, keys)
        return states.terminated, states._first, states._winner, states._end, running.sum()

    run = jax.jit(play)
    began = time.perf_counter()
    jax.block_until_ready(run(jax.random.PRNGKey(args.seed)))
    compiled = time.perf_counter() - began
    began = time.perf_counter()
    done, first, winner, end, decisions = jax.block_until_ready(
        run(jax.random.PRNGKey(args.seed + 1))
    )
    seconds = time.perf_counter() - began
    games = args.batch
    print(f"{games} games, {int(decisions)} decisions in {seconds:.2f} s: "
          f"{int(decisions) / seconds:,.0f} decisions/s (compiling took {compiled:.1f} s)")  # fmt: skip
    print(f"finished {int(done.sum())} of {games}")
    by_first = int(((winner == first) & done).sum())
    by_second = int(((winner == 1 - first) & done).sum())
    draws = int((done & (winner < 0)).sum())
    print(f"first player won {by_first} ({by_first / games:.1%}), second player {by_second} "
          f"({by_second / games:.1%}), draws {draws} ({draws / games:.1%})")  # fmt: skip
    print(f"breach {int((end == BREACH).sum())}, deck-out {int((end == DECK_OUT).sum())}, "
          f"safety cap {int((end == SAFETY_CAP).sum())}")  # fmt: skip


if __name__ == "__main__":
    main()
