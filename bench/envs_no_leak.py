"""The no-leak check of the observations at full size: for every game, at least 10,000 positions
of random games (spread over its configurations), each seat's observation compared with the one
it gets after everything it cannot see is re-dealt (``cyberdeck.envs.observe.check_observations``;
the test suite runs a few hundred per configuration).

    python bench/envs_no_leak.py [--states N] [GAME ...]
"""

from __future__ import annotations

import argparse
import math
import time

from cyberdeck.engine import games, load_game
from cyberdeck.envs.observe import check_observations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--states", type=int, default=10_000)
    args = parser.parse_args()
    for game in [load_game(g) for g in args.games] if args.games else games():
        configurations = game.configurations()
        each = math.ceil(args.states / len(configurations))
        start = time.perf_counter()
        total = sum(check_observations(game, options, each, seed=7) for options in configurations)
        seconds = time.perf_counter() - start
        print(
            f"{game.id}: {total:,} positions, {len(configurations)} "
            f"configuration{'s' if len(configurations) != 1 else ''}, every "
            f"seat's observation unchanged by a re-deal ({seconds:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
