"""The floor under the envs' speed target: how much of a PettingZoo step is left for the
observation once the adapter, the mask and the learner's pick are paid (docs/envs.md, "Speed").

Each game is stepped four ways in turns, ``--rounds`` times, each keeping its best round of CPU
time (as ``bench/envs.py`` does, with its loops):
- ``contract``: the raw contract (``legal_actions`` and ``apply``), the target's baseline;
- ``free``: the PettingZoo environment with an observation that costs nothing (no places set),
  everything else as shipped: PettingZoo's API, the mask, the lean move, the pick;
- ``view``: as ``free``, but the observation builds the seat's view and encodes nothing;
- ``shipped``: the environment as users get it.

Within 2x of the contract, a step may cost twice a contract decision; what ``free`` leaves of that
is all an observation may cost. Timed in microseconds of CPU a step; measured, never asserted.

    python bench/envs_floor.py [--seconds S] [--rounds R] [GAME ...]

Prints a table and writes bench/results/envs-floor.json.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from cyberdeck.engine import State
from cyberdeck.envs.observe import Observation
from cyberdeck.envs.pettingzoo import env as zoo_env
from cyberdeck.envs.pettingzoo import raw_env
from envs import Run, aec, arguments, best_rates, contract, write

NOTHING = (np.zeros(0, np.intp), np.zeros(0, np.float32))
Numbers = tuple[npt.NDArray[np.intp], npt.NDArray[np.float32]]


class FreeObservation(Observation):
    """An observation with no numbers: what the adapter costs without one."""

    def numbers(self, state: State, seat: int) -> Numbers:
        return NOTHING


class ViewOnlyObservation(Observation):
    """An observation that builds the seat's view, as every observation must, and stops there."""

    def numbers(self, state: State, seat: int) -> Numbers:
        state.view(seat)
        return NOTHING


def zoo(game_id: str, observation: type[Observation] | None) -> Run:
    def make() -> raw_env:
        table = zoo_env(game_id)
        if observation is not None:
            table.obs = observation(table.game, table.options)
        return table

    return aec(make)


def main() -> None:
    args, chosen = arguments(__doc__, "envs-floor.json")
    rows: list[dict[str, Any]] = []
    print(
        f"{'game (CPU us a step)':<22}{'contract':>9}{'2x':>7}{'free':>7}{'room':>7}"
        f"{'view':>7}{'shipped':>9}"
    )
    for game in chosen:
        runs = {
            "contract": contract(game),
            "free": zoo(game.id, FreeObservation),
            "view": zoo(game.id, ViewOnlyObservation),
            "shipped": zoo(game.id, None),
        }
        best = best_rates(runs, args.rounds, args.seconds)
        us = {name: 1e6 / rate for name, rate in best.items()}
        row: dict[str, Any] = {"game": game.id, **{k: round(v, 2) for k, v in us.items()}}
        row["budget"] = round(2 * us["contract"], 2)
        row["room"] = round(2 * us["contract"] - us["free"], 2)
        row["view_cost"] = round(us["view"] - us["free"], 2)
        rows.append(row)
        print(
            f"{game.id:<22}{row['contract']:>9.1f}{row['budget']:>7.1f}{row['free']:>7.1f}"
            f"{row['room']:>7.1f}{row['view_cost']:>7.1f}{row['shipped']:>9.1f}",
            flush=True,
        )
    write(args, rows)


if __name__ == "__main__":
    main()
