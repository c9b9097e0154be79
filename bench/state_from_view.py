"""What playing from a view costs: the CPU microseconds of a seat's view (the server builds one
per seat after every move) for source trees side by side, and of ``Game.state_from_view`` (what
``cyberdeck bot`` does once a turn before its agent thinks) for the games that rebuild a state.

    python bench/state_from_view.py --tree before=OLD/src --tree after=src --rounds 3

Each tree is measured in its own process, the trees taking turns round by round, so a shared
machine's load falls on both alike; the result file records the load it ran under.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GAMES = ("cipher-run", "hack-me", "matrix-overload")


def measure(games: list[str], count: int) -> dict[str, dict[str, float]]:
    """In this process's tree: µs per view (every seat, every position of ``count`` random
    games) and, where the tree has it, µs per ``state_from_view`` of the seat to move."""
    from cyberdeck.engine import Rng, load_game

    out: dict[str, dict[str, float]] = {}
    for game_id in games:
        game = load_game(game_id)
        positions = []
        for seed in range(count):
            state = game.new_state(None, seed)
            rng = Rng(seed)
            while not state.is_terminal:
                positions.append(state.clone())
                state.apply(rng.choice(state.legal_actions()))
        seats = range(positions[0].num_players)
        start = time.process_time()
        views = 0
        for state in positions:
            for seat in seats:
                state.view(seat)
                views += 1
        row = {"view_us": (time.process_time() - start) / views * 1e6, "positions": len(positions)}
        if hasattr(game, "state_from_view"):
            shown = []
            for state in positions:
                seat = state.current_player
                shown.append((json.loads(json.dumps(state.view(seat))), seat))
            start = time.process_time()
            for n, (view, seat) in enumerate(shown):
                game.state_from_view(view, seat, Rng(n))
            row["state_from_view_us"] = (time.process_time() - start) / len(shown) * 1e6
        out[game_id] = row
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", default=[], help="NAME=SRC (repeatable)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=3, help="random games per game id")
    parser.add_argument("--out", default="bench/results/state-from-view.json")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(list(GAMES), args.games)))
        return
    trees = dict(t.split("=", 1) for t in args.tree) or {"this": "src"}
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, src in trees.items():
            env = {**os.environ, "PYTHONPATH": str(Path(src).resolve())}
            done = subprocess.run(
                [sys.executable, __file__, "--measure", "--games", str(args.games)],
                env=env, capture_output=True, text=True, check=True,
            )  # fmt: skip
            runs[name].append(json.loads(done.stdout))
    rows = []
    for name, results in runs.items():
        for game_id in GAMES:
            row: dict[str, Any] = {"tree": name, "game": game_id}
            for key in ("view_us", "state_from_view_us"):
                figures = [r[game_id][key] for r in results if key in r[game_id]]
                if figures:
                    row[key] = round(statistics.median(figures), 1)
            rows.append(row)
            print(row)
    sys.path.insert(0, str(Path(__file__).parent))
    from provenance import write_result

    write_result(args.out, {"rounds": args.rounds, "games": args.games, "rows": rows})


if __name__ == "__main__":
    main()
