"""Decisions per second of the JAX twins in both units, a wall-clock second and a CPU second, at
batch 1, 8, 64 and 1,024, beside Pgx's own ``kuhn_poker`` and ``leduc_holdem`` and the Python
engine of each twinned game, all in one run.

The two units answer different questions. A wall-clock second is what a user waits for; a CPU
second is what the machine spends. XLA's CPU runtime spreads one device's step over the cores it
finds (``jax_cpu.py`` asks for one thread and it still uses them), so on a quiet machine a twin
makes more decisions a wall second than a CPU second; on a busy one the wall clock also counts
the time other processes held the cores. The Python engine runs on one core: its two units differ
only by the time others took. Read the load average the result records beside the rates.

Every JAX row plays a ``Fleet`` of ``batch`` games (``envs/jax/fleet.py``: a finished game takes
the next of a reserve dealt ahead) inside one compiled ``lax.scan``, with uniformly random legal
decisions drawn by ``bits.random_legal`` (one uniform number a decision) for every row alike; every
step of every game is a decision. The first call (tracing and XLA's compilation) is timed apart
and left out of the rates; each rate is the best of ``--rounds`` calls, in each unit. The Python
rows are the engine's lean loop (``legal_actions`` then ``advance``, a random legal move each
step), whole games, one process.

    nice -n 10 python bench/jax_envs.py [--batch 1 8 64 1024] [--rounds 3] [--table]

Writes bench/results/jax-envs.json; ``--table`` prints the markdown table docs/speed.md shows.
``taskset -c 0`` in front makes the JAX rows one core's. Numbers are measured, never asserted.
"""

from __future__ import annotations

import jax_cpu  # noqa: F401  (before JAX: XLA's threads)

# isort: split

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jax
import pgx
from provenance import write_result

from cyberdeck.engine import load_game
from cyberdeck.envs.jax import make
from cyberdeck.envs.jax.bits import random_legal
from cyberdeck.envs.jax.cipher_run import CipherRun
from cyberdeck.envs.jax.fleet import Fleet

RESULTS = Path(__file__).parent / "results" / "jax-envs.json"
#: The twins by the engine game each one copies, then Pgx's own games.
TWINNED = {"matrix-overload (twin)": "matrix-overload", "cipher-run (twin)": "cipher-run"}


def fleet_loop(env: Any, batch: int, steps: int) -> tuple[Callable[..., Any], Any, Any]:
    """``steps`` random legal decisions on a ``Fleet`` of ``batch`` games: ``run(convoy, keys)``,
    its convoy and its keys (one a game a step), the deal and the keys made apart from the run
    (``bench/jax_profile.py`` profiles the same loop)."""
    fleet = Fleet(env, batch)

    def decide(convoy: Any, keys: jax.Array) -> tuple[Any, None]:
        actions = jax.vmap(random_legal)(keys, convoy.games.legal_action_mask)
        return fleet.step(convoy, actions), None

    def run(convoy: Any, keys: jax.Array) -> Any:
        return jax.lax.scan(decide, convoy, keys)[0]

    keys = jax.random.split(jax.random.PRNGKey(0), (steps, batch))
    return run, fleet.init(jax.random.PRNGKey(1)), keys


class Clock:
    """The wall clock and this process's CPU time (every thread's), read together."""

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()

    def lap(self) -> tuple[float, float]:
        """Wall and CPU seconds since the clock was made."""
        return time.perf_counter() - self.wall, time.process_time() - self.cpu


def rates(decisions: int, laps: list[tuple[float, float]]) -> dict[str, Any]:
    """Decisions a wall second and a CPU second, each from its best round."""
    wall = min(w for w, _ in laps)
    cpu = min(c for _, c in laps)
    return {
        "decisions": decisions,
        "wall_s": round(wall, 4),
        "cpu_s": round(cpu, 4),
        "per_wall_s": round(decisions / wall),
        "per_cpu_s": round(decisions / cpu),
        # Above 1: XLA ran the step on more than one core at once.
        "cores_busy": round(cpu / wall, 2),
    }


def measure(env: Any, batch: int, steps: int, rounds: int) -> dict[str, Any]:
    """One JAX row: the compiled loop's first call apart, then ``rounds`` timed calls."""
    run, convoy, keys = fleet_loop(env, batch, steps)
    clock = Clock()
    compiled = jax.jit(run).lower(convoy, keys).compile()
    jax.block_until_ready(compiled(convoy, keys))
    compile_wall, compile_cpu = clock.lap()
    laps = []
    for _ in range(rounds):
        clock = Clock()
        jax.block_until_ready(compiled(convoy, keys))
        laps.append(clock.lap())
    return {
        "batch": batch,
        "steps": steps,
        **rates(batch * steps, laps),
        "compile_wall_s": round(compile_wall, 2),
        "compile_cpu_s": round(compile_cpu, 2),
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def python_engine(game_id: str, seconds: float, rounds: int) -> dict[str, Any]:
    """The engine's lean loop, whole games with random legal moves, for ``seconds`` of CPU a
    round."""
    game = load_game(game_id)
    laps, counts = [], []
    for r in range(rounds):
        pick = random.Random(r)
        decisions, seed = 0, r * 100_000
        clock = Clock()
        while clock.lap()[1] < seconds:
            state = game.new_state(None, seed)
            seed += 1
            while not state.is_terminal:
                legal = state.legal_actions()
                state.advance(legal[pick.randrange(len(legal))])
                decisions += 1
        laps.append(clock.lap())
        counts.append(decisions)
    best_wall = max(n / w for n, (w, _) in zip(counts, laps, strict=True))
    best_cpu = max(n / c for n, (_, c) in zip(counts, laps, strict=True))
    return {
        "decisions": sum(counts),
        "per_wall_s": round(best_wall),
        "per_cpu_s": round(best_cpu),
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def table(result: dict[str, Any]) -> str:
    """The markdown table: a row per environment, a wall / CPU pair per batch, the twinned game's
    Python engine beside its twin, and the compile time of the largest batch."""
    batches = result["batches"]
    pair = "{0[per_wall_s]:,} / {0[per_cpu_s]:,}".format
    lines = [
        "| decisions a second, wall / CPU | "
        + " | ".join(f"batch {b:,}" for b in batches)
        + f" | Python engine, one core | compile at batch {batches[-1]:,}, wall / CPU s |",
        "|---|" + "---:|" * (len(batches) + 2),
    ]
    for row in result["rows"]:
        last = row["batches"][-1]
        cells = [row["env"], *(pair(m) for m in row["batches"])]
        cells.append(pair(row["python_engine"]) if "python_engine" in row else "")
        cells.append(f"{last['compile_wall_s']:.1f} / {last['compile_cpu_s']:.1f}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batch", type=int, nargs="+", default=[1, 8, 64, 1024])
    parser.add_argument(
        "--decisions", type=int, default=30_000, help="decisions a timed call (at least)"
    )
    parser.add_argument("--min-steps", type=int, default=50, help="scan length at least")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU s a Python round")
    parser.add_argument("--only", help="measure only the rows whose names contain this")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--table", action="store_true", help="print the markdown table")
    args = parser.parse_args()
    envs: dict[str, Callable[[], Any]] = {
        "matrix-overload (twin)": lambda: make("matrix-overload"),
        "cipher-run (twin)": CipherRun,
        "kuhn_poker (Pgx)": lambda: pgx.make("kuhn_poker"),
        "leduc_holdem (Pgx)": lambda: pgx.make("leduc_holdem"),
    }
    began = [round(x, 2) for x in os.getloadavg()]
    rows: list[dict[str, Any]] = []
    for name, build in envs.items():
        if args.only and args.only not in name:
            continue
        env = build()
        measured = []
        for batch in args.batch:
            steps = max(args.min_steps, -(-args.decisions // batch))
            measured.append(measure(env, batch, steps, args.rounds))
            print(json.dumps({"env": name, **measured[-1]}), flush=True)
        row: dict[str, Any] = {"env": name, "batches": measured}
        if name in TWINNED:
            row["python_engine"] = python_engine(TWINNED[name], args.seconds, args.rounds)
            print(json.dumps({"env": TWINNED[name], **row["python_engine"]}), flush=True)
        rows.append(row)
    result = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "command": " ".join(["python", *sys.argv]),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "cores_allowed": len(os.sched_getaffinity(0)),
        "load_average": {"start": began, "end": [round(x, 2) for x in os.getloadavg()]},
        "xla_flags": os.environ.get("XLA_FLAGS"),
        "jax": jax.__version__,
        "pgx": pgx.__version__,
        "batches": args.batch,
        "rows": rows,
    }
    write_result(args.out, result)
    if args.table:
        print(table(result))


if __name__ == "__main__":
    main()
