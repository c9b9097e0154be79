"""AI benchmarks: how long the default (`normal`) opponent takes to move, and search speed.

`python bench/ai.py [GAME ...] [--decisions N] [--level LEVEL] [--out FILE]` plays games of the
level (`normal` by default) against `greedy` and times every decision of the level that had a real
choice; prints p50/p95/max per game in wall-clock seconds, and the CPU seconds of them all (the
same decisions in every run: the level's moves do not depend on its speed where it searches a
fixed number of iterations, as `hard` and `expert` do). The player-facing promise is p95 under one
second on this machine (`normal` caps its thinking at 0.8 s).
"""

from __future__ import annotations

import argparse
import statistics
import time

from provenance import write_result

from cyberdeck.agents import make_agent
from cyberdeck.engine import games, load_game
from cyberdeck.lab.bench import mid_game_states, search_iterations_per_second


def decision_times(
    game_id: str, decisions: int, level: str = "normal"
) -> tuple[list[float], float]:
    """The wall-clock seconds of each of the level's decisions with a choice, and their CPU
    seconds in all."""
    game = load_game(game_id)
    times: list[float] = []
    cpu = 0.0
    seed = 0
    while len(times) < decisions:
        state = game.new_state(None, seed)
        seats = state.num_players
        agents = [
            make_agent(level if s == seed % seats else "greedy", seed, game) for s in range(seats)
        ]
        while not state.is_terminal and len(times) < decisions:
            seat = state.current_player
            assert seat is not None
            choice = len(state.legal_actions()) > 1
            start, began = time.perf_counter(), time.process_time()
            action = agents[seat].choose(state)
            if choice and agents[seat].name == level:
                times.append(time.perf_counter() - start)
                cpu += time.process_time() - began
            state.apply(action)
        seed += 1
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--out", help="also write the rows to this JSON file")
    args = parser.parse_args()
    ids = args.games or [g.id for g in games()]
    print(f"{'game':<18}{'p50 s':>8}{'p95 s':>8}{'max s':>8}{'CPU s':>8}{'ismcts it/s':>14}")
    rows = []
    for game_id in ids:
        times, cpu = decision_times(game_id, args.decisions, args.level)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        speed = search_iterations_per_second(mid_game_states(load_game(game_id), 5))
        print(
            f"{game_id:<18}{statistics.median(times):>8.3f}{p95:>8.3f}{times[-1]:>8.3f}"
            f"{cpu:>8.2f}{speed:>14,.0f}"
        )
        rows.append({"game": game_id, "level": args.level, "decisions": len(times),
                     "p50": statistics.median(times), "p95": p95, "max": times[-1],
                     "cpu_seconds": round(cpu, 3), "ismcts_iterations_per_second": speed})  # fmt: skip
    if args.out:
        write_result(args.out, {"rows": rows})


if __name__ == "__main__":
    main()
