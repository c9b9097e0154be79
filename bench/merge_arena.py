"""Add up arena results run in consecutive chunks: the same games as one long arena.

`cyberdeck arena GAME --games 500 --seed S` and `--seed S+500` play games S..S+499 and
S+500..S+999 with the seats rotated game by game, exactly as `--games 1000 --seed S` does (the chunk
size must be even, so that the rotation lines up). A long arena on a busy machine can then be run, and
checked, a chunk at a time:

    python bench/merge_arena.py bench/results/cipher-run-hard-vs-greedy-*.json

prints one JSON object shaped like the arena's own, with the win rates' 95% Wilson intervals
recomputed over all the games (mean decision times are weighted by games).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cyberdeck.lab.arena import wilson


def merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    games = sum(p["games"] for p in parts)
    rows: dict[str, dict[str, Any]] = {}
    for part in parts:
        for row in part["results"]:
            into = rows.setdefault(
                row["agent"],
                {"agent": row["agent"], "games": 0, "wins": 0, "draws": 0, "losses": 0, "ms": 0.0},
            )
            for key in ("games", "wins", "draws", "losses"):
                into[key] += row[key]
            into["ms"] += row["mean_decision_ms"] * row["games"]
    results = []
    for row in rows.values():
        low, high = wilson(row["wins"], row["games"])
        ms = row.pop("ms")
        row["win_rate"] = round(row["wins"] / row["games"], 4)
        row["ci95"] = [round(low, 4), round(high, 4)]
        row["mean_decision_ms"] = round(ms / row["games"], 3)
        results.append(row)
    endings: dict[str, int] = {}
    for part in parts:
        for key, count in part["endings"].items():
            endings[key] = endings.get(key, 0) + count
    return {
        "game": parts[0]["game"],
        "games": games,
        "results": results,
        "draws": sum(p["draws"] for p in parts),
        "mean_length": round(sum(p["mean_length"] * p["games"] for p in parts) / games, 2),
        "endings": endings,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    print(json.dumps(merge([json.loads(f.read_text()) for f in args.files])))


if __name__ == "__main__":
    main()
