"""What offering the CCG's gestures costs the server: ``Game.gestures`` runs on every update for
the seat to move (each gesture plays a clone one move ahead, and a purchase weighs its payment),
so this times it at every position of a few random games, in this process's CPU time (a shared
machine's wall clock counts other people's work).

    PYTHONPATH=src python bench/ccg_gestures.py --games 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from cyberdeck.agents.levels import make_agent
from cyberdeck.engine import load_game

#: Decisions a game may take at most (random games end long before).
LIMIT = 2000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args()
    game = load_game("cyberpunk-ccg")
    times: list[float] = []
    offered = 0
    for seed in range(args.seed, args.seed + args.games):
        state = game.new_state({}, seed)
        agent = make_agent("random", seed, game)
        for _ in range(LIMIT):
            if state.is_terminal:
                break
            start = time.process_time()
            offered += len(game.gestures(state))
            times.append(time.process_time() - start)
            state.apply(agent.choose(state))
    times.sort()
    print(
        json.dumps(
            {
                "positions": len(times),
                "gestures_offered": offered,
                "mean_ms": round(1000 * statistics.mean(times), 3),
                "p95_ms": round(1000 * times[int(0.95 * len(times))], 3),
                "max_ms": round(1000 * times[-1], 1),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
