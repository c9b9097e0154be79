"""The JAX twins on the whole of this machine's CPU: every core a JAX device, a batch split
among them, wall-clock time; beside Pgx's ``kuhn_poker`` and ``leduc_holdem`` treated alike, and
the same rows on one core, in the same run.

``bench/jax_envs.py`` counts one process's wall-clock and CPU seconds with XLA asked for one
thread (it uses both cores anyway, ``jax_cpu.py``), which suits a machine others share. This
bench answers another question, on a quiet machine: how many
decisions a second the CPU makes. Each row plays a
``Fleet`` (a finished game takes the next of a reserve dealt ahead) with uniformly random legal
decisions drawn by ``bits.random_legal`` (one uniform number a decision) for every row alike; with
``--devices N`` the host is N JAX devices (``JAX_NUM_CPU_DEVICES``), the batch is split evenly
among them by ``jax.pmap`` (each its own games and keys). XLA's CPU runtime also spreads one
device's work over the cores it finds (``--xla_cpu_multi_thread_eigen=false`` does not stop it),
so the one-device row is "one JAX device", not "one core"; pin it with ``taskset -c 0`` for that.
Time is the wall clock around the compiled call: the best of ``--rounds`` and their median.

    nice -n -20 python bench/jax_machine.py [--devices 2] [--batch 1024] [--rounds 5]

Writes bench/results/jax-machine.json. Numbers are measured, never asserted; run it with nothing
else on the machine.
"""

from __future__ import annotations

import argparse
import os
import sys


def _devices() -> int:
    """``--devices`` read before JAX is imported (XLA reads its flags once)."""
    for i, arg in enumerate(sys.argv):
        if arg == "--devices" and i + 1 < len(sys.argv):
            return int(sys.argv[i + 1])
        if arg.startswith("--devices="):
            return int(arg.split("=", 1)[1])
    return os.cpu_count() or 1


os.environ["XLA_FLAGS"] = "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
os.environ["JAX_NUM_CPU_DEVICES"] = str(_devices())
os.environ.setdefault("JAX_PLATFORMS", "cpu")

# isort: split

import json  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import jax  # noqa: E402
import pgx  # noqa: E402
from provenance import write_result  # noqa: E402

from cyberdeck.envs.jax import make  # noqa: E402
from cyberdeck.envs.jax.bits import random_legal  # noqa: E402
from cyberdeck.envs.jax.cipher_run import CipherRun  # noqa: E402
from cyberdeck.envs.jax.fleet import Fleet  # noqa: E402

RESULTS = Path(__file__).parent / "results" / "jax-machine.json"


def fleet_loop(env: Any, games: int) -> tuple[Callable[[Any, jax.Array], Any], Fleet]:
    """A run of random legal decisions on a ``Fleet`` of ``games``: ``run(convoy, keys)`` takes
    a step for each row of ``keys`` (one key a game)."""
    fleet = Fleet(env, games)

    def decide(convoy: Any, keys: jax.Array) -> tuple[Any, None]:
        actions = jax.vmap(random_legal)(keys, convoy.games.legal_action_mask)
        return fleet.step(convoy, actions), None

    def run(convoy: Any, keys: jax.Array) -> Any:
        return jax.lax.scan(decide, convoy, keys)[0]

    return run, fleet


def spread(env: Any, batch: int, steps: int, devices: int) -> tuple[Any, Any, jax.Array]:
    """The run over ``devices`` devices, ``batch // devices`` games each, under ``pmap``, and
    each device's own convoy (its own deals) and keys, stacked on a leading axis."""
    run, fleet = fleet_loop(env, batch // devices)
    convoys = [fleet.init(jax.random.PRNGKey(d)) for d in range(devices)]
    keys = [
        jax.random.split(jax.random.PRNGKey(100 + d), (steps, batch // devices))
        for d in range(devices)
    ]
    stacked = jax.tree.map(lambda *parts: jax.numpy.stack(parts), *convoys)
    return jax.pmap(run, devices=jax.devices()[:devices]), stacked, jax.numpy.stack(keys)


def measure(env: Any, batch: int, steps: int, rounds: int, devices: int) -> dict[str, Any]:
    run, convoys, keys = spread(env, batch, steps, devices)
    began = time.perf_counter()
    jax.block_until_ready(run(convoys, keys))
    compile_s = time.perf_counter() - began
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        jax.block_until_ready(run(convoys, keys))
        times.append(time.perf_counter() - began)
    decisions = (batch // devices) * devices * steps
    return {
        "devices": devices,
        "batch": (batch // devices) * devices,
        "decisions": decisions,
        "wall_s": round(min(times), 4),
        "decisions_per_s": round(decisions / min(times)),
        "median_decisions_per_s": round(decisions / statistics.median(times)),
        "first_call_s": round(compile_s, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=200, help="scan length a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", help="measure only the rows whose names contain this")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    rows: list[tuple[str, Any]] = [
        ("matrix-overload (twin)", make("matrix-overload")),
        ("cipher-run (twin)", CipherRun()),
        ("kuhn_poker (Pgx)", pgx.make("kuhn_poker")),
        ("leduc_holdem (Pgx)", pgx.make("leduc_holdem")),
    ]
    out = []
    for name, env in rows:
        if args.only and args.only not in name:
            continue
        row: dict[str, Any] = {"env": name}
        for devices in sorted({1, args.devices}):
            row[f"devices_{devices}"] = measure(env, args.batch, args.steps, args.rounds, devices)
        out.append(row)
        print(json.dumps(row), flush=True)
    write_result(
        args.out,
        {"xla_flags": os.environ["XLA_FLAGS"], "jax": jax.__version__, "rows": out},
    )


if __name__ == "__main__":
    main()
