"""MATR1X 0VERL0AD: the solver's speed, in positions searched per CPU second.

    python bench/matrix_solver.py [--seeds 100-114] [--budget 1500] [--repeats 5]

Solves each deal from its start within the budget, the whole set ``--repeats`` times, and keeps
the fastest pass (the least disturbed by other work on a shared machine). The positions searched
are the same on every run, so two versions of the solver compare by their speed alone.
"""

from __future__ import annotations

import argparse
import time

from cyberdeck.engine import load_game
from cyberdeck.games.matrix_overload.solver import solve
from cyberdeck.games.matrix_overload.state import MatrixState


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", default="100-114")
    parser.add_argument("--budget", type=int, default=1500)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    game = load_game("matrix-overload")
    deals = []
    for seed in range(int(first), int(last or first) + 1):
        state = game.new_state(None, seed)
        assert isinstance(state, MatrixState)
        deals.append(state)
    best, nodes, wins = float("inf"), 0, 0
    for _ in range(args.repeats):
        start = time.process_time()
        solutions = [solve(deal, args.budget) for deal in deals]
        best = min(best, time.process_time() - start)
        nodes = sum(s.nodes for s in solutions)
        wins = sum(s.won is True for s in solutions)
    print(f"{len(deals)} deals, {wins} won, {nodes:,} positions, fastest pass {best:.3f} s CPU: "
          f"{nodes / best:,.0f} positions/s")  # fmt: skip


if __name__ == "__main__":
    main()
