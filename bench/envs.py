"""Environment steps per second: every game through each adapter, beside the raw contract and
PettingZoo's own leduc_holdem_v4 and texas_holdem_v4, measured in the same run (docs/envs.md).

Every loop picks a uniformly random legal move each step, as a learner's data collection would:
- ``contract``: ``legal_actions`` and ``apply`` on the state (``cyberdeck.lab.bench``'s loop);
- ``pettingzoo``: ``env.last()`` (observation and mask of the agent to move) then ``env.step``;
- ``gymnasium``: ``step`` returns the learner's observation (the other seats play ``random``);
  counted per decision of any seat, so the figure compares with the others;
- ``openspiel``: ``legal_actions`` and ``apply_action``; ``openspiel+obs`` also reads the
  observation tensor of the player to move, as OpenSpiel's RL environment does.

    python bench/envs.py [--seconds S] [GAME ...]

Prints a table and writes bench/results/envs.json. Numbers are measured, never asserted.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

from cyberdeck.engine import Game, Rng, games, load_game
from cyberdeck.envs import openspiel
from cyberdeck.envs.gymnasium import SeatEnv
from cyberdeck.envs.pettingzoo import env as zoo_env


def timed(run_one: Callable[[int], int], seconds: float) -> float:
    """Decisions per second over whole games, at least one game."""
    decisions = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or seed == 0:
        decisions += run_one(seed)
        seed += 1
    return decisions / (time.perf_counter() - start)


def contract(game: Game) -> Callable[[int], int]:
    def one(seed: int) -> int:
        state = game.new_state(None, seed)
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        return steps

    return one


def aec(make: Callable[[], Any]) -> Callable[[int], int]:
    table = make()

    def one(seed: int) -> int:
        table.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps

    return one


def gym_decisions(game: Game) -> Callable[[int], int]:
    table = SeatEnv(game.id, opponent="random")

    def one(seed: int) -> int:
        table.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(table.action_masks())))
            _, _, done, _, _ = table.step(action)
        return table.decisions

    return one


def spiel(game: Game, observe: bool) -> Callable[[int], int]:
    loaded = openspiel.load(game.id)

    def one(seed: int) -> int:
        state = loaded.new_initial_state()
        state.apply_action(seed % loaded.max_chance_outcomes())
        rng = np.random.default_rng(seed)
        steps = 0
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            steps += 1
        return steps

    return one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    chosen = [load_game(g) for g in args.games] if args.games else games()
    rows: list[dict[str, Any]] = []
    for name, make in (
        ("leduc_holdem_v4", leduc_holdem_v4.env),
        ("texas_holdem_v4", texas_holdem_v4.env),
    ):
        rows.append({"game": name, "pettingzoo": round(timed(aec(make), args.seconds))})
    for game in chosen:
        row: dict[str, Any] = {"game": game.id}
        row["contract"] = round(timed(contract(game), args.seconds))
        row["pettingzoo"] = round(timed(aec(lambda g=game: zoo_env(g.id)), args.seconds))
        row["gymnasium"] = round(timed(gym_decisions(game), args.seconds))
        row["openspiel"] = round(timed(spiel(game, False), args.seconds))
        row["openspiel+obs"] = round(timed(spiel(game, True), args.seconds))
        rows.append(row)
    columns = ["contract", "pettingzoo", "gymnasium", "openspiel", "openspiel+obs"]
    print(f"{'game':<18}" + "".join(f"{c:>15}" for c in columns) + f"{'slowdown':>10}")
    for row in rows:
        cells = "".join(f"{row[c]:>15,}" if c in row else f"{'':>15}" for c in columns)
        worst = ""
        if "contract" in row:
            worst = f"{row['contract'] / min(row[c] for c in columns[1:]):>9.1f}x"
        print(f"{row['game']:<18}{cells}{worst}")
    out = Path(__file__).with_name("results") / "envs.json"
    machine = {"python": platform.python_version(), "machine": platform.machine()}
    out.write_text(json.dumps({"machine": machine, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
