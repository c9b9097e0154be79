"""Decisions per CPU second of Cipher Run's JAX twin, beside Pgx's kuhn_poker and leduc_holdem
and the Python engine, measured in the same run (the rows bench/jax_envs.py shows).

Every JAX row plays uniformly random legal actions drawn inside ``jit`` (``random_legal``: one
uniform number a step), steps with ``env.step`` (which also writes the observation of the seat to move,
as Pgx's environments do) and starts a new game where one ended (Pgx's ``auto_reset``): batch 1
through ``lax.scan``, batch B through ``vmap`` inside the scan; at batch B a second row
(``"reset": "fleet"``) plays the batch as a ``Fleet``, whose finished games take the next of a
reserve dealt ahead (``envs/jax/fleet.py``). A decision is a step taken by a
game still running. Compile time (tracing and XLA) is reported apart. The engine row is the
contract's lean loop (``legal_actions`` and ``advance``) with Python's ``random`` picking moves.

XLA is asked for one thread (this machine's two cores were shared by five people) and still
spreads a step over both (``jax_cpu.py``); time is this process's CPU time, best of ``--rounds``
rounds, every row treated alike.

    python bench/jax_envs_cipher_run.py [--steps N] [--rounds R] [--batch B ...]

Writes bench/results/jax-envs-cipher-run.json. Numbers are measured, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault(
    "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
)

import jax
import jax.numpy as jnp
import pgx
from provenance import write_result

from cyberdeck.envs.jax.bits import random_legal
from cyberdeck.envs.jax.cipher_run import CipherRun
from cyberdeck.envs.jax.fleet import Fleet
from cyberdeck.games.cipher_run.game import GAME


def runner(env: Any, batch: int, steps: int) -> Callable[[jax.Array], tuple[Any, jax.Array]]:
    """``steps`` steps of ``batch`` games with random legal actions and auto-reset, jitted.
    Each env gets the cheaper picker for its action count: ``random_legal`` (one uniform number)
    for Cipher Run's 1,941 actions, ``jax.random.categorical`` (Pgx's ``act_randomly``) for
    poker's handful, where the other's blocks of 64 would cost more than the game."""
    many = env.num_actions > 64

    def one_step(state: Any, key: jax.Array) -> tuple[Any, jax.Array]:
        k_act, k_reset = jax.random.split(key)
        if many:
            action = random_legal(k_act, state.legal_action_mask)
        else:
            logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
            action = jax.random.categorical(k_act, logits).astype(jnp.int32)
        moved = ~(state.terminated | state.truncated)
        state = env.step(state, action)
        state = jax.lax.cond(
            state.terminated | state.truncated, lambda: env.init(k_reset), lambda: state
        )
        return state, moved

    step = one_step if batch == 1 else jax.vmap(one_step)

    def run(key: jax.Array) -> tuple[Any, jax.Array]:
        k_init, k_steps = jax.random.split(key)
        if batch == 1:
            state = env.init(k_init)
            keys = jax.random.split(k_steps, steps)
        else:
            state = jax.vmap(env.init)(jax.random.split(k_init, batch))
            keys = jax.random.split(k_steps, steps * batch).reshape(steps, batch, -1)
        state, moved = jax.lax.scan(step, state, keys)
        return state, moved.sum()

    return jax.jit(run)


def fleet_decider(env: Any, fleet: Fleet) -> Callable[[Any, jax.Array], tuple[Any, None]]:
    """One step of the fleet's games with random legal actions (``keys``: one a game), as a
    ``lax.scan`` body; ``bench/jax_profile.py`` profiles the same body."""
    many = env.num_actions > 64

    def pick(key: jax.Array, mask: jax.Array) -> jax.Array:
        if many:
            return random_legal(key, mask)
        return jax.random.categorical(key, jnp.where(mask, 0.0, -jnp.inf)).astype(jnp.int32)

    def one_step(convoy: Any, keys: jax.Array) -> tuple[Any, None]:
        return fleet.step(convoy, jax.vmap(pick)(keys, convoy.games.legal_action_mask)), None

    return one_step


def fleet_runner(env: Any, batch: int, steps: int) -> Callable[[jax.Array], tuple[Any, jax.Array]]:
    """The same random decisions on a ``Fleet`` of ``batch`` games (``envs/jax/fleet.py``): a
    finished game takes the next of a reserve dealt ahead, where ``auto_reset`` under ``vmap``
    deals every game at every step. Every game is always in play: each step is a decision."""
    fleet = Fleet(env, batch)
    one_step = fleet_decider(env, fleet)

    def run(key: jax.Array) -> tuple[Any, jax.Array]:
        k_init, k_steps = jax.random.split(key)
        keys = jax.random.split(k_steps, steps * batch).reshape(steps, batch, -1)
        convoy, _ = jax.lax.scan(one_step, fleet.init(k_init), keys)
        return convoy, jnp.int32(steps * batch)

    return jax.jit(run)


def fleet_loop(env: Any, batch: int, steps: int) -> tuple[Callable[..., Any], Any, Any]:
    """``fleet_runner``'s steps as ``bench/jax_envs.py``'s ``fleet_loop`` gives them to the
    profiler: ``run(convoy, keys)``, a convoy and the keys, the deal and the keys made apart."""
    fleet = Fleet(env, batch)
    one_step = fleet_decider(env, fleet)

    def run(convoy: Any, keys: jax.Array) -> Any:
        return jax.lax.scan(one_step, convoy, keys)[0]

    keys = jax.random.split(jax.random.PRNGKey(0), (steps, batch))
    return run, fleet.init(jax.random.PRNGKey(1)), keys


def measure(env: Any, batch: int, steps: int, rounds: int, fleet: bool = False) -> dict[str, float]:
    run = (fleet_runner if fleet else runner)(env, batch, steps)
    began = time.process_time()
    jax.block_until_ready(run(jax.random.PRNGKey(0)))
    compile_s = time.process_time() - began
    best = 0.0
    for r in range(rounds):
        began = time.process_time()
        _, moved = jax.block_until_ready(run(jax.random.PRNGKey(r + 1)))
        best = max(best, int(moved) / (time.process_time() - began))
    return {"decisions_per_s": round(best), "compile_s": round(compile_s, 1)}


def engine_row(seconds: float, rounds: int) -> dict[str, float]:
    """The Python engine: whole games, random legal moves, ``legal_actions`` and ``advance``."""
    best = 0.0
    for r in range(rounds):
        pick = random.Random(r)
        decisions, began, seed = 0, time.process_time(), r * 100_000
        while time.process_time() - began < seconds:
            state = GAME.new_state(None, seed)
            seed += 1
            while not state.is_terminal:
                legal = state.legal_actions()
                state.advance(legal[pick.randrange(len(legal))])
                decisions += 1
        best = max(best, decisions / (time.process_time() - began))
    return {"decisions_per_s": round(best)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=200, help="scan length per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batch", type=int, nargs="*", default=[1, 1024])
    parser.add_argument("--only", help="measure only the rows whose env names contain this")
    parser.add_argument("--out", default="bench/results/jax-envs-cipher-run.json")
    args = parser.parse_args()
    envs = {
        "cipher-run (twin)": CipherRun(),
        "pgx kuhn_poker": pgx.make("kuhn_poker"),
        "pgx leduc_holdem": pgx.make("leduc_holdem"),
    }
    envs = {k: v for k, v in envs.items() if not args.only or args.only in k}
    rows = []
    for name, env in envs.items():
        for batch in args.batch:
            steps = args.steps if batch > 1 else args.steps * 20
            row = {"env": name, "batch": batch, **measure(env, batch, steps, args.rounds)}
            rows.append(row)
            print(json.dumps(row), flush=True)
            if batch > 1:
                fleet = measure(env, batch, steps, args.rounds, fleet=True)
                row = {"env": name, "batch": batch, "reset": "fleet", **fleet}
                rows.append(row)
                print(json.dumps(row), flush=True)
    if not args.only or args.only in "cipher-run (Python engine)":
        row = {"env": "cipher-run (Python engine)", "batch": 1, **engine_row(2.0, args.rounds)}
        rows.append(row)
        print(json.dumps(row), flush=True)
    result = {
        "machine": f"{platform.machine()} {os.cpu_count()} cores, XLA asked for one thread",
        "jax": jax.__version__,
        "pgx": pgx.__version__,
        "command": "python bench/jax_envs_cipher_run.py "
        f"--steps {args.steps} --rounds {args.rounds} --batch {' '.join(map(str, args.batch))}",
        "rows": rows,
    }
    write_result(args.out, result)


if __name__ == "__main__":
    main()
