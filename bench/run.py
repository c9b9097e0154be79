"""Benchmarks: every game's random-playout speed and clone time against the targets below.

Run `make bench` (or `python bench/run.py [GAME ...]`). Prints a table and writes bench/latest.json.
Numbers are measured here, on one core; nothing in the test suite asserts on time.
"""

from __future__ import annotations

import sys
from pathlib import Path

from provenance import write_result

from cyberdeck.engine import games, load_game
from cyberdeck.lab.bench import bench_game

#: The targets each engine is held to: decisions per second (at least) and clone microseconds (at most).
TARGETS = {
    "matrix-overload": (100_000, 3.0),
    "cipher-run": (30_000, 5.0),
    "hack-me": (50_000, 5.0),
    "cypher": (100_000, 3.0),
    "cyberpunk-ccg": (5_000, 50.0),
}


def main(ids: list[str]) -> int:
    chosen = [load_game(i) for i in ids] if ids else games()
    results = []
    print(f"{'game':<18}{'decisions/s':>14}{'target':>10}{'clone µs':>10}{'target':>8}  ok")
    ok_all = True
    for game in chosen:
        result = bench_game(game, seconds=3.0)
        results.append(result)
        speed, clone = TARGETS.get(game.id, (0, float("inf")))
        ok = result["decisions_per_s"] >= speed and result["clone_us"] <= clone
        ok_all &= ok
        print(
            f"{game.id:<18}{result['decisions_per_s']:>14,}{speed:>10,}"
            f"{result['clone_us']:>10.2f}{clone:>8.1f}  {'yes' if ok else 'NO'}"
        )
    out = Path(__file__).with_name("latest.json")
    write_result(out, {"results": results})
    return 0 if ok_all else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
