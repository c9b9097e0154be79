"""Train a learner with an existing library: sb3-contrib's MaskablePPO on one of our games,
through the Gymnasium environment, against a built-in opponent (docs/envs.md has the curve).

    pip install -e '.[rl,train]'      # CPU torch: pip install torch==2.13.0
    python examples/train_maskable_ppo.py --game cypher --opponent random --steps 60000

Every ``--every`` steps the current policy (its most likely legal move) plays ``--eval`` games
against the opponent from both seats; the win rates go to ``--curve`` (CSV: steps, win rate,
seconds). Seeded: the same command trains the same policy on the same machine.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks

from cyberdeck.envs.gymnasium import SeatEnv


def win_rate(model: MaskablePPO, game: str, opponent: str, games: int, seed: int) -> float:
    """The share of ``games`` won (a draw counts half), the learner's seat alternating."""
    table = SeatEnv(game, opponent=opponent, seat=None)
    score = 0.0
    for number in range(games):
        observation, _ = table.reset(seed=seed + number)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(
                observation, action_masks=get_action_masks(table), deterministic=True
            )
            observation, reward, done, _, _ = table.step(int(action))
        score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    return score / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="cypher")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--steps", type=int, default=60_000)
    parser.add_argument("--every", type=int, default=10_000)
    parser.add_argument("--eval", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve", type=Path, default=Path("maskable-ppo-curve.csv"))
    args = parser.parse_args()
    torch.set_num_threads(1)
    table = SeatEnv(args.game, opponent=args.opponent, seat=None)
    table.reset(seed=args.seed)
    steps = min(1024, args.every)
    model = MaskablePPO(
        "MlpPolicy", table, seed=args.seed, n_steps=steps, batch_size=min(256, steps), verbose=0
    )
    start = time.perf_counter()
    rows = [(0, win_rate(model, args.game, args.opponent, args.eval, 10_000), 0.0)]
    print(f"steps {0:>7}  win rate {rows[-1][1]:.3f}", flush=True)
    done = 0
    while done < args.steps:
        chunk = min(args.every, args.steps - done)
        model.learn(chunk, reset_num_timesteps=False)
        done += chunk
        rate = win_rate(model, args.game, args.opponent, args.eval, 10_000)
        rows.append((done, rate, round(time.perf_counter() - start, 1)))
        print(f"steps {done:>7}  win rate {rate:.3f}  ({rows[-1][2]:.0f} s)", flush=True)
    with args.curve.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["steps", "win_rate", "seconds"])
        writer.writerows(rows)


if __name__ == "__main__":
    main()
