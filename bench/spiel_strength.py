"""Our levels against OpenSpiel's IS-MCTS bot at equal time per move (docs/strength.md).

For each game and level: a few calibration games with ``spiel-ismcts:4`` measure both sides'
mean time per move, the bot's simulations are scaled so its time per move matches the level's,
then the arena runs in chunks of 50 games (seats rotated), each chunk's summary written to
``OUT/<game>-<level>-<seed>.json`` as it finishes, so a long run can be stopped and its finished
chunks read with ``bench/merge_arena.py``.

    nice -n 10 python bench/spiel_strength.py OUT cipher-run:normal:200 hack-me:normal:200 ...

A job ``game:level:games:S`` skips the probe and gives the bot S simulations (a calibration
already measured, as in ``OUT/<game>-<level>-calibration.json``); ``--chunk N`` plays chunks of N
games (a multiple of the seats) where 50 would take too long to see any result. A chunk whose
file is already in OUT is kept, not played again, so a stopped run resumes where it stopped. The
bot gets at least ``MIN_SIMULATIONS`` a move, the fewest it can play with, even where equal time
would give it fewer (the CCG: the calibration says so).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from provenance import write_result

from cyberdeck.engine import load_game
from cyberdeck.envs.openspiel import MIN_SIMULATIONS  # importing registers spiel-ismcts
from cyberdeck.lab.arena import run_arena

CHUNK = 50
PROBE = 4


def mean_ms(summary: dict[str, object], agent: str) -> float:
    rows = summary["results"]
    assert isinstance(rows, list)
    return float(next(r["mean_decision_ms"] for r in rows if r["agent"] == agent))


def main(out: Path, jobs: list[str], chunk: int = CHUNK) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for job in jobs:
        game_id, level, count, *given = job.split(":")
        game = load_game(game_id)
        if given:
            simulations = int(given[0])
        else:
            probe = run_arena(game, [level, f"spiel-ismcts:{PROBE}"], PROBE, 90_000, workers=1)
            summary = probe.to_json()
            ours, theirs = mean_ms(summary, level), mean_ms(summary, f"spiel-ismcts:{PROBE}")
            equal = round(PROBE * ours / theirs)
            simulations = max(MIN_SIMULATIONS, equal)
            calibration = {
                "level_ms": ours,
                "bot_ms_at_4": theirs,
                "equal_time_simulations": equal,
                "simulations": simulations,
            }
            path = out / f"{game_id}-{level}-calibration.json"
            write_result(path, calibration)
            print(game_id, level, calibration, flush=True)
        specs = [level, f"spiel-ismcts:{simulations}"]
        for seed in range(0, int(count), chunk):
            games = min(chunk, int(count) - seed)
            path = out / f"{game_id}-{level}-{1000 + seed}.json"
            if path.exists():
                print(path.name, "already played: kept", flush=True)
                continue
            report = run_arena(game, specs, games, 1000 + seed, workers=1)
            write_result(path, report.to_json())
            print(path.name, json.dumps(report.to_json()["results"]), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("jobs", nargs="+", help="game:level:games[:simulations]")
    parser.add_argument("--chunk", type=int, default=CHUNK, help="games a chunk (default 50)")
    args = parser.parse_args()
    main(args.out, args.jobs, args.chunk)
