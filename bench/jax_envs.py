"""Decisions per second of the JAX twins beside Pgx's own ``kuhn_poker`` and ``leduc_holdem``,
measured the same way in the same run, and the Python engine of each twinned game.

Every JAX row plays uniformly random legal actions drawn inside ``jit``
(``jax.random.categorical`` over the mask) through ``pgx.experimental.auto_reset`` (a finished
game is dealt anew inside the step, as Pgx's own examples run self-play), in one compiled
``lax.scan``: batch 1 is a scan of single steps, batch 1,024 a scan of ``vmap``-ed steps. The
``_fleet`` row plays the same batch as a ``Fleet`` (``envs/jax/fleet.py``: a finished game takes
the next of a reserve dealt ahead; under ``vmap`` ``auto_reset`` deals every game at every step).
Every step is one decision. Time is this process's CPU time around the compiled call (the
machine's two cores were shared; XLA is asked for one thread, ``jax_cpu.py``, and still uses
both, so a CPU second is both threads'), best of ``--rounds``; compilation is timed apart. The Python rows are the engine's lean loop (``legal_actions`` then ``advance``, a
random legal move each step) and the contract loop (``apply``), one process, whole games.

    nice -n 10 python bench/jax_envs.py [--rounds R] [--batch 1024]

Writes bench/results/jax-envs.json. Numbers are measured, never asserted. No GPU was lent to this
run: the GPU figure cannot be made here.
"""

from __future__ import annotations

import jax_cpu  # noqa: F401  (before JAX: XLA's threads)

# isort: split

import argparse
import json
import os
import platform
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import pgx
from pgx.experimental import auto_reset

from cyberdeck.engine import load_game
from cyberdeck.envs.jax import TWINS, make
from cyberdeck.envs.jax.fleet import Fleet

RESULTS = Path(__file__).parent / "results" / "jax-envs.json"


def scan_loop(env: Any, batch: int, steps: int) -> tuple[Callable[..., Any], Any, Any]:
    """A jitted run of ``steps`` random decisions on ``batch`` games (no vmap at batch 1)."""
    step = auto_reset(env.step, env.init)

    def decide(state: Any, key: jax.Array) -> Any:
        pick, deal = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        return step(state, jax.random.categorical(pick, logits), deal)

    if batch > 1:
        decide = jax.vmap(decide)
        init = jax.vmap(env.init)
        keys = jax.random.split(jax.random.PRNGKey(0), (steps, batch))
        state = init(jax.random.split(jax.random.PRNGKey(1), batch))
    else:
        keys = jax.random.split(jax.random.PRNGKey(0), steps)
        state = env.init(jax.random.PRNGKey(1))

    def run(state: Any, keys: jax.Array) -> Any:
        return jax.lax.scan(lambda s, k: (decide(s, k), None), state, keys)[0]

    return run, state, keys


def fleet_loop(env: Any, batch: int, steps: int) -> tuple[Callable[..., Any], Any, Any]:
    """The same random decisions on a ``Fleet`` of ``batch`` games: a finished game takes the
    next of a reserve dealt ahead, instead of ``auto_reset`` dealing every game at every step."""
    fleet = Fleet(env, batch)

    def pick(key: jax.Array, mask: jax.Array) -> jax.Array:
        return jax.random.categorical(key, jnp.where(mask, 0.0, -jnp.inf))

    def run(convoy: Any, keys: jax.Array) -> Any:
        def decide(convoy: Any, key: jax.Array) -> tuple[Any, None]:
            actions = jax.vmap(pick)(key, convoy.games.legal_action_mask)
            return fleet.step(convoy, actions), None

        return jax.lax.scan(decide, convoy, keys)[0]

    keys = jax.random.split(jax.random.PRNGKey(0), (steps, batch))
    return run, fleet.init(jax.random.PRNGKey(1)), keys


def measure(env: Any, batch: int, steps: int, rounds: int, fleet: bool = False) -> dict[str, Any]:
    run, state, keys = (fleet_loop if fleet else scan_loop)(env, batch, steps)
    began = time.process_time()
    compiled = jax.jit(run).lower(state, keys).compile()
    compile_s = time.process_time() - began
    best = float("inf")
    for _ in range(rounds):
        began = time.process_time()
        jax.block_until_ready(compiled(state, keys))
        best = min(best, time.process_time() - began)
    return {
        "batch": batch,
        "decisions": batch * steps,
        "cpu_s": round(best, 4),
        "decisions_per_s": round(batch * steps / best),
        "compile_s": round(compile_s, 2),
    }


def python_engine(game_id: str, seconds: float, rounds: int) -> dict[str, Any]:
    """The engine's lean loop (``advance``) and contract loop (``apply``), whole games."""
    game = load_game(game_id)
    out: dict[str, Any] = {}
    for name in ("lean", "contract"):
        best = 0.0
        for _ in range(rounds):
            pick = random.Random(0)
            decisions, seed = 0, 0
            began = time.process_time()
            while time.process_time() - began < seconds:
                state = game.new_state(None, seed)
                while not state.is_terminal:
                    legal = state.legal_actions()
                    move = legal[pick.randrange(len(legal))]
                    if name == "lean":
                        state.advance(move)
                    else:
                        state.apply(move)
                    decisions += 1
                seed += 1
            best = max(best, decisions / (time.process_time() - began))
        out[name] = round(best)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=200, help="scan length at the batch")
    parser.add_argument("--single-steps", type=int, default=20_000, help="scan length at batch 1")
    parser.add_argument("--seconds", type=float, default=2.0, help="per Python round")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    envs: dict[str, Any] = {name: make(name) for name in sorted(TWINS)}
    envs |= {
        "kuhn_poker (Pgx)": pgx.make("kuhn_poker"),
        "leduc_holdem (Pgx)": pgx.make("leduc_holdem"),
    }
    rows = []
    for name, env in envs.items():
        row: dict[str, Any] = {"env": name}
        for batch, steps in ((1, args.single_steps), (args.batch, args.steps)):
            row[f"batch_{batch}"] = measure(env, batch, steps, args.rounds)
        row[f"batch_{args.batch}_fleet"] = measure(env, args.batch, args.steps, args.rounds, True)
        if name in TWINS:
            row["python_engine"] = python_engine(name, args.seconds, args.rounds)
        rows.append(row)
        print(json.dumps(row), flush=True)
    args.out.write_text(
        json.dumps(
            {
                "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                "device": str(jax.devices()[0]),
                "machine": platform.processor() or platform.machine(),
                "xla_flags": os.environ.get("XLA_FLAGS"),
                "gpu": "none lent to this task: the GPU figure is not measured here",
                "rows": rows,
            },
            indent=2,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()
