"""Environment steps per second: every game through each adapter, beside the raw contract and
PettingZoo's own leduc_holdem_v4 and texas_holdem_v4, measured in the same run (docs/envs.md).

Every loop picks a uniformly random legal move each step, as a learner's data collection would,
with the same pick (Python's ``random`` over the mask's nonzero places) for every row:
- ``contract``: ``legal_actions`` and ``apply`` on the state (``cyberdeck.lab.bench``'s loop):
  ``apply`` checks the move against the legal list and builds its events and their sentences.
  This is the "raw contract" (the first speed targets' 21k-166k were this loop), the first baseline;
- ``lean``: ``legal_actions`` and ``advance``, the contract's path for a machine that takes its
  moves from the legal list and reads no events (search, the lab, the adapters), the second;
- ``pettingzoo``: ``env.last()`` (observation and mask of the agent to move) then ``env.step``,
  on the env ``env()`` gives a user, leduc's and texas' included;
- ``gymnasium``: ``step`` returns the learner's observation (the other seats play ``random``);
  counted per decision of any seat, so the figure compares with the others;
- ``openspiel``: ``legal_actions`` and ``apply_action``; ``openspiel+obs`` also reads the
  observation tensor of the player to move, as OpenSpiel's RL environment does.

Fair to every row: each env is built and seeded once (``reset(seed=0)``), then each game starts
with ``reset()``. PettingZoo's card games rebuild their whole RLCard game on every seeded reset,
which is what made leduc look 20 times slower than a loop that seeds once. On a shared machine the
load comes and goes, so time is this process's CPU time, and the cells are measured in turns,
``--rounds`` times each, each keeping its best round: the figure least disturbed by others,
every cell treated alike.

    python bench/envs.py [--seconds S] [--rounds R] [GAME ...]

Prints a table and writes bench/results/envs.json. Numbers are measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
from provenance import write_result

from cyberdeck.engine import Game, Rng, games, load_game
from cyberdeck.envs import openspiel
from cyberdeck.envs.gymnasium import SeatEnv
from cyberdeck.envs.pettingzoo import env as zoo_env

#: One game: play it from the start, return the decisions made.
Run = Callable[[], int]
K = TypeVar("K")
BASELINES = ("contract", "lean")
ADAPTERS = ("pettingzoo", "gymnasium", "openspiel", "openspiel+obs")
COLUMNS = BASELINES + ADAPTERS


def timed(run_one: Run, seconds: float) -> float:
    """Decisions per CPU second of this process over whole games, at least one game (the
    processor time, not the wall clock: on a shared machine the wall clock also counts the time
    other processes held the core)."""
    decisions = 0
    games_played = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games_played == 0:
        decisions += run_one()
        games_played += 1
    return decisions / (time.process_time() - start)


def picker(seed: int) -> Callable[[npt.NDArray[Any]], int]:
    rng = random.Random(seed)

    def pick(mask: npt.NDArray[Any]) -> int:
        return int(rng.choice(np.flatnonzero(mask).tolist()))

    return pick


def contract(game: Game, lean: bool = False) -> Run:
    rng = Rng(0)
    deals = iter(range(1 << 62))

    def one() -> int:
        state = game.new_state(None, next(deals))
        move = state.advance if lean else state.apply
        steps = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            move(legal[rng.below(len(legal))])
            steps += 1
        return steps

    return one


def aec(make: Callable[[], Any]) -> Run:
    table = make()
    table.reset(seed=0)
    pick = picker(0)

    def one() -> int:
        table.reset()
        steps = 0
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            observation["observation"]  # what a learner reads (computed by last())
            table.step(pick(observation["action_mask"]))
            steps += 1
        return steps

    return one


def gym_decisions(game: Game) -> Run:
    table = SeatEnv(game.id, opponent="random")
    table.reset(seed=0)
    pick = picker(0)

    def one() -> int:
        if table.state is None or table.state.is_terminal:
            table.reset()
        done = False
        while not done:
            _, _, done, _, _ = table.step(pick(table.action_masks()))
        return table.decisions

    return one


def spiel(game: Game, observe: bool) -> Run:
    loaded = openspiel.load(game.id)
    rng = random.Random(0)
    deals = loaded.max_chance_outcomes()

    def one() -> int:
        state = loaded.new_initial_state()
        state.apply_action(rng.randrange(deals))
        steps = 0
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return one


def cells(chosen: list[Game]) -> dict[tuple[str, str], Run]:
    runs: dict[tuple[str, str], Run] = {
        ("leduc_holdem_v4", "pettingzoo"): aec(leduc_holdem_v4.env),
        ("texas_holdem_v4", "pettingzoo"): aec(texas_holdem_v4.env),
    }
    for game in chosen:
        runs[game.id, "contract"] = contract(game)
        runs[game.id, "lean"] = contract(game, lean=True)
        runs[game.id, "pettingzoo"] = aec(partial(zoo_env, game.id))
        runs[game.id, "gymnasium"] = gym_decisions(game)
        runs[game.id, "openspiel"] = spiel(game, False)
        runs[game.id, "openspiel+obs"] = spiel(game, True)
    return runs


def arguments(description: str | None, out: str) -> tuple[argparse.Namespace, list[Game]]:
    """A bench's command line: the games (all by default), ``--seconds`` per cell and round,
    ``--rounds``, and ``--out`` (bench/results/OUT by default)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=1.0, help="per cell and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results") / out)
    args = parser.parse_args()
    return args, [load_game(g) for g in args.games] if args.games else games()


def best_rates(runs: Mapping[K, Run], rounds: int, seconds: float) -> dict[K, float]:
    """Each cell's best decisions per CPU second over ``rounds`` rounds, the cells in turns."""
    best: dict[K, float] = {}
    for _ in range(rounds):
        for key, run in runs.items():
            best[key] = max(best.get(key, 0.0), timed(run, seconds))
    return best


def write(args: argparse.Namespace, rows: list[dict[str, Any]]) -> None:
    """The rows and the machine they were measured on, to ``args.out``."""
    machine = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "seconds_per_cell_and_round": args.seconds,
        "rounds": args.rounds,
    }
    write_result(args.out, {"machine": machine, "rows": rows})


def main() -> None:
    args, chosen = arguments(__doc__, "envs.json")
    best = best_rates(cells(chosen), args.rounds, args.seconds)
    rows: list[dict[str, Any]] = []
    for name in dict.fromkeys(game for game, _ in best):
        row: dict[str, Any] = {"game": name}
        row.update({c: round(best[name, c]) for c in COLUMNS if (name, c) in best})
        if "contract" in row:
            # The worst adapter against each baseline: how many times slower it steps.
            worst = min(row[c] for c in ADAPTERS)
            row["slowdown"] = round(row["contract"] / worst, 2)
            row["slowdown_vs_lean"] = round(row["lean"] / worst, 2)
        rows.append(row)
    print(
        f"{'game':<18}"
        + "".join(f"{c:>14}" for c in COLUMNS)
        + f"{'worst/contract':>16}{'worst/lean':>12}"
    )
    for row in rows:
        cells_text = "".join(f"{row[c]:>14,}" if c in row else f"{'':>14}" for c in COLUMNS)
        worst = (
            f"{row['slowdown']:>15.2f}x{row['slowdown_vs_lean']:>11.2f}x"
            if "slowdown" in row
            else ""
        )
        print(f"{row['game']:<18}{cells_text}{worst}")
    write(args, rows)


if __name__ == "__main__":
    main()
