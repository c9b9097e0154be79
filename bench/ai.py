"""AI benchmarks: how long the default (`normal`) opponent takes to move, and search speed.

`python bench/ai.py [GAME ...] [--decisions N]` plays games of `normal` against `greedy` and times
every decision of `normal` that had a real choice; prints p50/p95/max per game. The player-facing
promise is p95 under one second on this machine (the level caps its thinking at 0.8 s).
"""

from __future__ import annotations

import argparse
import statistics
import time

from cyberdeck.agents import make_agent
from cyberdeck.engine import games, load_game
from cyberdeck.lab.bench import mid_game_states, search_iterations_per_second


def decision_times(game_id: str, decisions: int) -> list[float]:
    game = load_game(game_id)
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        state = game.new_state(None, seed)
        seats = state.num_players
        agents = [
            make_agent("normal" if s == seed % seats else "greedy", seed, game)
            for s in range(seats)
        ]
        while not state.is_terminal and len(times) < decisions:
            seat = state.current_player
            assert seat is not None
            choice = len(state.legal_actions()) > 1
            start = time.perf_counter()
            action = agents[seat].choose(state)
            if choice and agents[seat].name == "normal":
                times.append(time.perf_counter() - start)
            state.apply(action)
        seed += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--decisions", type=int, default=60)
    args = parser.parse_args()
    ids = args.games or [g.id for g in games()]
    print(f"{'game':<18}{'p50 s':>8}{'p95 s':>8}{'max s':>8}{'ismcts it/s':>14}")
    for game_id in ids:
        times = sorted(decision_times(game_id, args.decisions))
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        speed = search_iterations_per_second(mid_game_states(load_game(game_id), 5))
        print(
            f"{game_id:<18}{statistics.median(times):>8.3f}{p95:>8.3f}{times[-1]:>8.3f}{speed:>14,.0f}"
        )


if __name__ == "__main__":
    main()
