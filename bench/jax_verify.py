"""Every JAX twin against its Python engine at full size: for each twin and
configuration, games the engine plays (random legal moves, every tenth game the game's own
``fair`` player where it has one) fed to the twin from the same deal, and games the twin plays
(random legal actions drawn inside ``jit``, dealt by ``init(key)``) replayed by the engine, with
the same public view fields, legal mask, observation and outcome at every step
(``cyberdeck.envs.jax.verify``; the test suite runs 50 games each way). A difference stops the
run with the twin, seed and step.

    nice -n 10 python bench/jax_verify.py [--games N] [--twin-games N] [NAME ...]

A twin joins by its registration in ``cyberdeck/envs/jax/__init__.py`` (``TWINS``) and, where it
has several configurations, a line in ``CONFIGURATIONS`` below. Writes bench/results/jax-verify.json.
"""

from __future__ import annotations

import jax_cpu  # noqa: F401  (before JAX: XLA's threads)
from provenance import write_result

# isort: split

import argparse
import json
import time
from pathlib import Path
from typing import Any

from cyberdeck.envs.jax import TWINS, make
from cyberdeck.envs.jax.verify import Checker, Tally

#: The options each twin is checked with (a twin not named here: its defaults only).
CONFIGURATIONS: dict[str, list[dict[str, Any]]] = {
    "matrix-overload": [{"variant": "digital"}, {"variant": "classic"}],
}
RESULTS = Path(__file__).parent / "results" / "jax-verify.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", help="twins to check (default: all)")
    parser.add_argument("--games", type=int, default=10_000, help="engine games per configuration")
    parser.add_argument(
        "--twin-games", type=int, default=10_000, help="twin games per configuration"
    )
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument(
        "--options",
        type=json.loads,
        default=None,
        help='one configuration, e.g. \'{"variant": "classic"}\'',
    )
    args = parser.parse_args()
    rows = []
    for name in args.names or sorted(TWINS):
        for options in [args.options] if args.options else CONFIGURATIONS.get(name, [{}]):
            env = make(name, **options)
            players = ["random"] * 9 + (["fair"] if "fair" in env.game.agents() else ["random"])
            checker = Checker(env, chunk=64)
            began = time.perf_counter()
            for what, games in (("engine", args.games), ("twin", args.twin_games)):
                tally = Tally()
                for start in range(0, games, 250):  # a line per 250 games: a long run reports
                    seeds = range(start, min(games, start + 250))
                    if what == "engine":
                        tally.add(checker.engine_games(seeds, players))
                    else:
                        tally.add(checker.twin_games(seeds))
                    print(f"{name} {options} {what} games: {tally.games} agree", flush=True)
                row = {
                    "twin": name,
                    "options": options,
                    "games_by": what,
                    "games": tally.games,
                    "decisions": tally.decisions,
                    "outcomes": tally.kinds,
                    "cpu_s": round(tally.seconds, 1),
                    "wall_s": round(time.perf_counter() - began, 1),
                    "differences": 0,
                }
                rows.append(row)
                print(json.dumps(row), flush=True)
    write_result(args.out, {"rows": rows})


if __name__ == "__main__":
    main()
