"""Old code against new through the same environment bench, game by game, taking turns
(docs/envs.md, "Speed").

On this shared machine the load moves every figure by a fifth or more within minutes, so two
whole runs of ``bench/envs.py`` minutes apart cannot tell a 10% change from the noise. Here each
game is measured by ``bench/envs.py`` (this checkout's script) on the old sources, then on the new,
then again, ``--rounds`` times, and every cell keeps its best round per side.

    python bench/envs_compare.py OLD_CHECKOUT [--label L] [--rounds R] [--seconds S] [GAME ...]

Writes bench/results/envs-L-before.json (OLD_CHECKOUT's sources) and envs-L-after.json (this
checkout's), in ``bench/envs.py``'s form; measured, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"


def measure(sources: Path, game: str, seconds: float) -> list[dict[str, Any]]:
    """One round of ``bench/envs.py`` for one game with ``sources`` first on the path."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "envs.json"
        env = {**os.environ, "PYTHONPATH": str(sources)}
        command = [sys.executable, str(HERE / "envs.py"), game, "--rounds", "1"]
        command += ["--seconds", str(seconds), "--out", str(out)]
        subprocess.run(command, env=env, check=True, capture_output=True)
        rows: list[dict[str, Any]] = json.loads(out.read_text())["rows"]
        return rows


def keep_best(best: dict[str, dict[str, Any]], rows: list[dict[str, Any]]) -> None:
    for row in rows:
        kept = best.setdefault(row["game"], {"game": row["game"]})
        for column, value in row.items():
            if column != "game" and not column.startswith("slowdown"):
                kept[column] = max(kept.get(column, 0), value)


def finish(best: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    from envs import ADAPTERS  # this directory's bench, for its column names

    rows = []
    for row in best.values():
        if "contract" in row:
            worst = min(row[c] for c in ADAPTERS)
            row["slowdown"] = round(row["contract"] / worst, 2)
            row["slowdown_vs_lean"] = round(row["lean"] / worst, 2)
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old", type=Path, help="a checkout of the old code (git worktree add)")
    parser.add_argument("games", nargs="*")
    parser.add_argument("--label", default="compare", help="names the result files")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.3)
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent / "src"))
    from cyberdeck.engine import games

    chosen = args.games or [game.id for game in games()]
    sides = {"before": args.old.resolve() / "src", "after": HERE.parent / "src"}
    best: dict[str, dict[str, dict[str, Any]]] = {side: {} for side in sides}
    for round_ in range(args.rounds):
        for game in chosen:
            for side, sources in sides.items():
                keep_best(best[side], measure(sources, game, args.seconds))
            print(f"round {round_ + 1}: {game}", flush=True)
    machine = {
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "seconds_per_cell_and_round": args.seconds,
        "rounds": args.rounds,
        "old": str(args.old),
    }
    for side in sides:
        rows = finish(best[side])
        (RESULTS / f"envs-{args.label}-{side}.json").write_text(
            json.dumps({"machine": machine, "rows": rows}, indent=1) + "\n"
        )
    print(f"{'game':<18}{'column':<15}{'before':>10}{'after':>10}")
    for game, row in best["after"].items():
        for column, value in row.items():
            if column != "game":
                print(f"{game:<18}{column:<15}{best['before'][game].get(column, 0):>10}{value:>10}")


if __name__ == "__main__":
    main()
