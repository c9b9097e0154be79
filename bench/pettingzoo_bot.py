"""What the example bot's training buys (examples/pettingzoo_bot.py): the policy's win rate
against uniformly random moves before and after self-play training on the PettingZoo
environment, and the training's CPU seconds, for a few training lengths side by side.

    python bench/pettingzoo_bot.py --game cypher --games 0,500,2000 --eval 200

The games against random are dealt from seed 10,000 on, the policy's seat alternating, a draw
counting half (the example's own ``win_rate``).
"""

from __future__ import annotations

import argparse
import runpy
import time
from pathlib import Path
from typing import Any

from provenance import ROOT, write_result

from cyberdeck.engine import load_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cypher")
    parser.add_argument("--games", default="0,500,2000", help="training lengths, in games")
    parser.add_argument("--eval", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=ROOT / "bench/results/pettingzoo-bot.json")
    args = parser.parse_args()
    example: dict[str, Any] = runpy.run_path(str(ROOT / "examples" / "pettingzoo_bot.py"))
    game = load_game(args.game)
    rows = []
    for games in (int(n) for n in args.games.split(",")):
        start = time.process_time()
        if games:
            policy = example["train"](args.game, games, args.seed)
        else:
            policy = example["Policy"].blank(game, game.resolve_options({}))
        seconds = time.process_time() - start
        rate = example["win_rate"](args.game, policy, args.eval, 10_000)
        rows.append({"training_games": games, "cpu_seconds": round(seconds, 1), "win_rate": rate})
        print(f"{games:>6} games  {seconds:6.1f} s  against random {rate:.1%}", flush=True)
    write_result(args.out, {"game": args.game, "eval_games": args.eval, "rows": rows})


if __name__ == "__main__":
    main()
