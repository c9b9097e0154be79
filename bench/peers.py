"""Our engines beside their peers, in one run: random-playout decisions per second of one core.

`python bench/peers.py [--seconds 3] [--rounds 2] [--out bench/results/peers.json]` (the peers come
with the ``bench`` extra: ``pip install -c constraints.txt -e '.[bench]'``). It plays uniformly
random games with each engine in turn, every engine once a round, and keeps each one's best round
(CPU time, so the machine's other work stretches the clock less):

- ours: each game's ``lab.bench.random_playout`` (the lean path, ``State.advance``);
- OpenSpiel's C++ hearts and leduc poker, driven from Python through pyspiel (legal actions, then
  ``apply_action``; a chance node's outcome drawn from its distribution);
- RLCard's pure-Python UNO and Dou Dizhu engines (``env.game``: legal actions, then ``step``).

A decision is one player's move (chance outcomes are not counted). It prints the table with each
engine's ratio to OpenSpiel's hearts (a C++ engine) and to RLCard's UNO (a Python one).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from provenance import write_result

ROOT = Path(__file__).resolve().parent.parent
#: One random game: the decisions it took.
Playout = Callable[[int], int]


def ours(game_id: str) -> Playout:
    from cyberdeck.engine import load_game
    from cyberdeck.lab.bench import random_playout

    game = load_game(game_id)
    return lambda seed: random_playout(game, seed)[1]


def spiel(name: str) -> Playout:
    import pyspiel

    game = pyspiel.load_game(name)

    def one(seed: int) -> int:
        pick = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                x = pick.random()
                i = 0
                while i < len(outcomes) - 1 and x >= outcomes[i][1]:
                    x -= outcomes[i][1]
                    i += 1
                state.apply_action(outcomes[i][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[pick.randrange(len(legal))])
                decisions += 1
        return decisions

    return one


def rlcard_game(name: str) -> Playout:
    import rlcard

    game = rlcard.make(name, config={"seed": 0}).game
    uno = name == "uno"

    def one(seed: int) -> int:
        pick = random.Random(seed)
        state, _ = game.init_game()
        decisions = 0
        while not game.is_over():
            legal = game.get_legal_actions() if uno else state["actions"]
            state, _ = game.step(legal[pick.randrange(len(legal))])
            decisions += 1
        return decisions

    return one


ENGINES: dict[str, Callable[[], Playout]] = {
    "cyberdeck matrix-overload": lambda: ours("matrix-overload"),
    "cyberdeck cipher-run": lambda: ours("cipher-run"),
    "cyberdeck hack-me": lambda: ours("hack-me"),
    "cyberdeck cypher": lambda: ours("cypher"),
    "cyberdeck cyberpunk-ccg": lambda: ours("cyberpunk-ccg"),
    "OpenSpiel hearts (C++)": lambda: spiel("hearts"),
    "OpenSpiel leduc_poker (C++)": lambda: spiel("leduc_poker"),
    "RLCard uno (Python)": lambda: rlcard_game("uno"),
    "RLCard doudizhu (Python)": lambda: rlcard_game("doudizhu"),
}
REFERENCES = ("OpenSpiel hearts (C++)", "RLCard uno (Python)")


def timed(play: Playout, seconds: float, first_seed: int) -> dict[str, Any]:
    """Random games from ``first_seed`` on until ``seconds`` of CPU time are spent."""
    decisions = games = 0
    start = time.process_time()
    while (cpu := time.process_time() - start) < seconds or not games:
        decisions += play(first_seed + games)
        games += 1
    return {"games": games, "decisions": decisions, "cpu_s": cpu, "rate": decisions / cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds an engine a round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--out", default=str(ROOT / "bench/results/peers.json"))
    args = parser.parse_args()
    try:
        playouts = {name: make() for name, make in ENGINES.items()}
    except ImportError as err:
        sys.exit(
            f"The peers need the bench extra (pip install -c constraints.txt '.[bench]'): {err}"
        )
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in playouts}
    for r in range(args.rounds):
        for name, play in playouts.items():
            row = timed(play, args.seconds, 1000 * r)
            runs[name].append(row)
            print(name, json.dumps(row), flush=True)
    best = {name: max(row["rate"] for row in rows) for name, rows in runs.items()}
    print(
        f"\n{'engine':<30}{'decisions/s':>13}"
        + "".join(f"{'÷ ' + r.split()[1]:>12}" for r in REFERENCES)
    )
    for name, rate in best.items():
        ratios = "".join(f"{rate / best[r]:>12.2f}" for r in REFERENCES)
        print(f"{name:<30}{rate:>13,.0f}{ratios}")
    report = {
        "command": " ".join(sys.argv),
        "decisions_per_s": {k: round(v) for k, v in best.items()},
        "ratios": {r: {k: round(v / best[r], 3) for k, v in best.items()} for r in REFERENCES},
        "runs": runs,
    }
    write_result(args.out, report)


if __name__ == "__main__":
    main()
