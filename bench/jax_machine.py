"""The JAX twins on the whole of this machine's CPU: every core a JAX device, a batch split
among them, wall-clock time; beside Pgx's ``kuhn_poker`` and ``leduc_holdem`` treated alike, and
the same rows on one core, in the same run (issue 24).

``bench/jax_envs.py`` and ``bench/jax_envs_cipher_run.py`` count one process's CPU seconds with
XLA on one thread, which is fair on a machine others share. This bench answers the issue's own
question on a quiet machine: how many decisions a second the CPU makes. Each row plays a
``Fleet`` of random decisions, the loop of those benches (MATR1X and Pgx's games pick by
``jax.random.categorical``, Cipher Run by ``random_legal``); with ``--devices N`` the host is N
JAX devices (``JAX_NUM_CPU_DEVICES``), the batch is split evenly among them by
``jax.pmap`` (each its own games and keys), and XLA keeps one thread a device. Time is the wall
clock around the compiled call, best of ``--rounds``.

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
import platform  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import jax  # noqa: E402
import jax_envs  # noqa: E402
import jax_envs_cipher_run  # noqa: E402
import pgx  # noqa: E402

from cyberdeck.envs.jax import make  # noqa: E402
from cyberdeck.envs.jax.cipher_run import CipherRun  # noqa: E402

RESULTS = Path(__file__).parent / "results" / "jax-machine.json"

Loop = Callable[[Any, int, int], tuple[Callable[..., Any], Any, Any]]


def spread(loop: Loop, env: Any, batch: int, steps: int, devices: int) -> tuple[Any, Any, Any]:
    """``loop``'s run over ``devices`` devices, ``batch // devices`` games each: the run under
    ``pmap``, and each device's convoy and keys stacked on a leading axis."""
    share = batch // devices
    run, convoy, keys = loop(env, share, steps)
    convoys = jax.tree.map(lambda *parts: jax.numpy.stack(parts), *([convoy] * devices))
    more = [jax.random.split(jax.random.PRNGKey(100 + d), keys.shape[:-1]) for d in range(devices)]
    return jax.pmap(run, devices=jax.devices()[:devices]), convoys, jax.numpy.stack(more)


def measure(
    loop: Loop, env: Any, batch: int, steps: int, rounds: int, devices: int
) -> dict[str, Any]:
    run, convoys, keys = spread(loop, env, batch, steps, devices)
    began = time.perf_counter()
    jax.block_until_ready(run(convoys, keys))
    compile_s = time.perf_counter() - began
    best = float("inf")
    for _ in range(rounds):
        began = time.perf_counter()
        jax.block_until_ready(run(convoys, keys))
        best = min(best, time.perf_counter() - began)
    decisions = (batch // devices) * devices * steps
    return {
        "devices": devices,
        "batch": (batch // devices) * devices,
        "decisions": decisions,
        "wall_s": round(best, 4),
        "decisions_per_s": round(decisions / best),
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
    rows: list[tuple[str, Loop, Any]] = [
        ("matrix-overload (twin)", jax_envs.fleet_loop, make("matrix-overload")),
        ("cipher-run (twin)", jax_envs_cipher_run.fleet_loop, CipherRun()),
        ("kuhn_poker (Pgx)", jax_envs.fleet_loop, pgx.make("kuhn_poker")),
        ("leduc_holdem (Pgx)", jax_envs.fleet_loop, pgx.make("leduc_holdem")),
    ]
    out = []
    for name, loop, env in rows:
        if args.only and args.only not in name:
            continue
        row: dict[str, Any] = {"env": name}
        for devices in sorted({1, args.devices}):
            row[f"devices_{devices}"] = measure(
                loop, env, args.batch, args.steps, args.rounds, devices
            )
        out.append(row)
        print(json.dumps(row), flush=True)
    args.out.write_text(
        json.dumps(
            {
                "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                "machine": f"{platform.machine()}, {os.cpu_count()} cores",
                "load_average_at_end": os.getloadavg(),
                "xla_flags": os.environ["XLA_FLAGS"],
                "jax": jax.__version__,
                "command": " ".join(["python", *sys.argv]),
                "rows": out,
            },
            indent=1,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()
