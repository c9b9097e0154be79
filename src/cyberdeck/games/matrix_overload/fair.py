"""The fair player: picks the placement whose result looks best, without knowing the deck order.

It looks ahead one placement in a world re-dealt from what the player knows
(``determinize``), so the card drawn after its move is never the real one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...engine import Action, Game, Rng, State
from .evaluate import evaluate
from .solver import solve
from .state import MatrixState


class FairPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.name = "matrix-fair"
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        assert isinstance(state, MatrixState)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        world = state.determinize(0, self.rng.fork())
        best, best_value = actions[0], -2.0
        for action in actions:
            child = world.clone()
            child.advance(action)
            value = evaluate(child)
            if value > best_value:
                best, best_value = action, value
        return best


#: A player made from a seed: what it plays in a state.
Player = Callable[[int], Callable[[State], Action]]


def random_player(seed: int) -> Callable[[State], Action]:
    """Uniformly random legal placements from a generator seeded with ``seed``: the baseline the
    fair player is read against (the ``random`` agent's moves; a game imports no agents)."""
    rng = Rng(seed)
    return lambda state: rng.choice(state.legal_actions())


def fair_player(seed: int) -> Callable[[State], Action]:
    return FairPlayer(seed).choose


def win_rate(game: Game, seeds: Iterable[int], player: Player) -> float:
    seeds = list(seeds)
    wins = 0
    for seed in seeds:
        state = game.new_state(None, seed)
        choose = player(seed)
        while not state.is_terminal:
            state.advance(choose(state))
        wins += state.outcome is not None and bool(state.outcome.winners)
    return round(wins / len(seeds), 3)


def win_rates(game: Game, seeds: Iterable[int], budget: int = 5000) -> dict[str, Any]:
    """Random and fair play, and what the solver settles on the same deals.

    The solver's rate is a lower bound on the perfect-information win rate: a deal it could not
    settle within ``budget`` nodes counts as not won, though it may be winnable. The true rate lies
    between the bound and the bound plus ``solver_unknown`` / seeds.
    """
    seeds = list(seeds)
    solved = [solve(game.new_state(None, seed), budget).won for seed in seeds]  # type: ignore[arg-type]
    return {
        "random_win_rate": win_rate(game, seeds, random_player),
        "fair_win_rate": win_rate(game, seeds, fair_player),
        "solver_win_rate_lower_bound": round(solved.count(True) / len(seeds), 3),
        "solver_unknown": solved.count(None),
    }
