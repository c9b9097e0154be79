"""Lab throughput: games per minute per core for each game and agent level, the speed-up from one
worker to two, and what Dask costs against local processes.

    python bench/lab.py [--seconds 20] [--scale-games 200] [--out bench/results/lab.json]
    python bench/lab.py --quick       # a short version (the tests run it)

Games per minute per core are counted in CPU time of this process (one game after another, no
workers), so a busy machine slows the clock it is measured by as little as possible. The speed-up
and the Dask overhead are wall-clock times of the same Cipher Run games (greedy against greedy):
1 local process, 2 local processes, and a 2-worker Dask LocalCluster started beforehand (its start
is reported apart), each with the CPU seconds it cost every process involved (the scheduler and
the workers included), which a busy machine disturbs far less than wall time. Every executor must
give the same games; the script checks that too.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import time
from pathlib import Path
from typing import Any

import psutil
from provenance import write_result

from cyberdeck.engine import games, load_game
from cyberdeck.lab.entries import make_entries
from cyberdeck.lab.executors import local_cluster
from cyberdeck.lab.playing import Planned, Setup, play_game
from cyberdeck.lab.simulate import simulate

LEVELS = ("random", "greedy", "normal")


def per_core(game_id: str, agent: str, seconds: float, cap: int) -> dict[str, Any]:
    """Games of ``agent`` against itself, one after another, for ``seconds`` of CPU time: a game
    as the lab plays it (records and per-card uses kept), without the data frames of a run."""
    game = load_game(game_id)
    setup = Setup(game.id, game.resolve_options(None), tuple(make_entries(game, [agent])))
    players = game.min_players
    played = 0
    cpu = 0.0
    while (cpu < seconds or played == 0) and played < cap:
        start = time.process_time()
        play_game(setup, Planned(played, played, (0,) * players))
        cpu += time.process_time() - start
        played += 1
    cpu = max(cpu, 1e-6)
    return {"game": game_id, "agent": agent, "games": played, "cpu_s": round(cpu, 3),
            "games_per_min_per_core": round(60 * played / cpu, 1)}  # fmt: skip


def scaling(games_: int) -> dict[str, Any]:
    game = load_game("cipher-run")
    entries = make_entries(game, ["greedy", "greedy"])

    cpu: dict[str, float] = {}

    def timed(name: str, **how: Any) -> tuple[float, list[Any]]:
        start, used = time.perf_counter(), cpu_used()
        results = simulate(game, entries, games_, seed=7, **how)
        wall = time.perf_counter() - start
        cpu[name] = cpu_used() - used
        return wall, results.games.drop(columns=["seat_think_s"]).to_dict("records")

    one, rows_one = timed("one_process", workers=1)
    two, rows_two = timed("two_processes", workers=2)
    start = time.perf_counter()
    cluster = local_cluster(2)
    started = time.perf_counter() - start
    # A long-lived cluster's workers have imported the game and warmed its tables by the time a
    # designer's run arrives; a few games on another seed do that here.
    simulate(game, entries, 8, seed=1, workers=2, dask=cluster.scheduler_address)
    try:
        dask, rows_dask = timed("dask_two_workers", workers=2, dask=cluster.scheduler_address)
    finally:
        cluster.close()
    if not rows_one == rows_two == rows_dask:
        raise SystemExit("The executors played different games: results are not reproducible.")
    return {
        "games": games_,
        "one_process_s": round(one, 3),
        "two_processes_s": round(two, 3),
        "speed_up_1_to_2": round(one / two, 3),
        "dask_two_workers_s": round(dask, 3),
        "dask_cluster_start_s": round(started, 3),
        "dask_overhead_vs_processes": round(dask / two - 1, 4),
        "cpu_s": {name: round(used, 3) for name, used in cpu.items()},
        "dask_cpu_overhead_vs_processes": round(
            cpu["dask_two_workers"] / cpu["two_processes"] - 1, 4
        ),
        "same_games_on_every_executor": True,
    }


def cpu_used() -> float:
    """CPU seconds of this process, its finished children and its live ones (a cluster's
    workers), together: what a run cost the machine, which a busy machine disturbs far less than
    it disturbs wall time."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    gone = resource.getrusage(resource.RUSAGE_CHILDREN)
    live = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.NoSuchProcess:
            continue
        live += times.user + times.system
    return own.ru_utime + own.ru_stime + gone.ru_utime + gone.ru_stime + live


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="CPU seconds per game and level"
    )
    parser.add_argument("--scale-games", type=int, default=200, help="games of the scaling runs")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--no-scaling", action="store_true", help="games per core only")
    parser.add_argument("--quick", action="store_true", help="a short version: a game or so each")
    parser.add_argument("--out", type=Path, help="also write the JSON here")
    args = parser.parse_args()
    seconds, cap, scale = args.seconds, 10_000, args.scale_games
    levels = args.levels.split(",")
    chosen = args.games.split(",") if args.games else [g.id for g in games()]
    if args.quick:
        seconds, cap, scale = 0.0, 1, 8
        levels = ["random"]
    out: dict[str, Any] = {"machine": f"{platform.node()} {platform.processor()}".strip(),
                           "python": platform.python_version(), "per_core": []}  # fmt: skip
    for game_id in chosen:
        for agent in levels:
            row = per_core(game_id, agent, seconds, cap)
            print(json.dumps(row), flush=True)
            out["per_core"].append(row)
    if not args.no_scaling:
        out["scaling"] = scaling(scale)
        print(json.dumps(out["scaling"]), flush=True)
    if args.out:
        write_result(args.out, out)


if __name__ == "__main__":
    main()
