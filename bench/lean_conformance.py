"""The lean path at the issue's scale: 10,000 seeded random games per game, each played by
``apply`` and by ``advance`` in step, their fingerprints compared (every step, or every
``--every`` steps for the CCG's long games, and at the end) and their legal actions at every step.

`python bench/lean_conformance.py [--games 10000] [--out bench/results/lean-fingerprints.json]`
writes one line per game as it finishes (a run cut short keeps what it finished); the conformance
suite runs the same check (``engine.invariants.check_lean``) over a few hundred games.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from cyberdeck.engine import games, load_game
from cyberdeck.engine.invariants import InvariantBroken, check_lean

ROOT = Path(__file__).resolve().parent.parent
#: The CCG's games run to thousands of decisions, and a fingerprint costs tens of them.
EVERY = {"cyberpunk-ccg": 8}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=0, help="the first seed (to resume a run)")
    parser.add_argument("--game", action="append", help="default: every registered game")
    parser.add_argument("--out", default=str(ROOT / "bench/results/lean-fingerprints.json"))
    args = parser.parse_args()
    chosen = [load_game(g) for g in args.game] if args.game else games()
    with Path(args.out).open("a") as out:
        for game in chosen:
            every = EVERY.get(game.id, 1)
            start = time.process_time()
            steps = 0
            differ: list[str] = []
            for seed in range(args.first, args.first + args.games):
                try:
                    steps += check_lean(game, None, seed, every)
                except InvariantBroken as err:
                    differ.append(f"seed {seed}: {err}")
                if (seed + 1) % 100 == 0:
                    print(f"{game.id}: seeds to {seed}, {steps} decisions, {len(differ)} differ",
                          flush=True)  # fmt: skip
            row = {
                "game": game.id,
                "games": args.games,
                "first_seed": args.first,
                "decisions": steps,
                "fingerprint_every": every,
                "differ": len(differ),
                "first_differences": differ[:10],
                "cpu_s": round(time.process_time() - start, 1),
            }
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
