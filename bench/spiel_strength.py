"""Our levels against OpenSpiel's IS-MCTS bot at equal time per move (docs/agents.md).

For each game and level: a few calibration games with ``spiel-ismcts:4`` measure both sides'
mean time per move, the bot's simulations are scaled so its time per move matches the level's,
then the arena runs in chunks of 50 games (seats rotated), each chunk's summary written to
``OUT/<game>-<level>-<seed>.json`` as it finishes, so a long run can be stopped and its finished
chunks read with ``bench/merge_arena.py``.

    nice -n 10 python bench/spiel_strength.py OUT cipher-run:normal:200 hack-me:normal:200 ...
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cyberdeck.envs.openspiel  # noqa: F401  (registers spiel-ismcts)
from cyberdeck.engine import load_game
from cyberdeck.lab.arena import run_arena

CHUNK = 50
PROBE = 4


def mean_ms(summary: dict[str, object], agent: str) -> float:
    rows = summary["results"]
    assert isinstance(rows, list)
    return float(next(r["mean_decision_ms"] for r in rows if r["agent"] == agent))


def main(out: Path, jobs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for job in jobs:
        game_id, level, count = job.split(":")
        game = load_game(game_id)
        probe = run_arena(game, [level, f"spiel-ismcts:{PROBE}"], PROBE, 90_000, workers=1)
        summary = probe.to_json()
        ours, theirs = mean_ms(summary, level), mean_ms(summary, f"spiel-ismcts:{PROBE}")
        simulations = max(1, round(PROBE * ours / theirs))
        calibration = {"level_ms": ours, "bot_ms_at_4": theirs, "simulations": simulations}
        (out / f"{game_id}-{level}-calibration.json").write_text(json.dumps(calibration) + "\n")
        print(game_id, level, calibration, flush=True)
        specs = [level, f"spiel-ismcts:{simulations}"]
        for seed in range(0, int(count), CHUNK):
            games = min(CHUNK, int(count) - seed)
            report = run_arena(game, specs, games, 1000 + seed, workers=1)
            path = out / f"{game_id}-{level}-{1000 + seed}.json"
            path.write_text(json.dumps(report.to_json()) + "\n")
            print(path.name, json.dumps(report.to_json()["results"]), flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
