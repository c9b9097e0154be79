"""The hindsight player: plays MATR1X as if it could see the deck, in many decks at once.

A placement is judged by what it still allows. For each of a few deck orders sampled from what the
player knows (``determinize``: the public bottom of the deck stays put, the unseen cards are
shuffled) every legal placement is searched by the solver, which knows that sampled order; the
placement that leads to a win in the most samples is played, ties going to the best average
evaluation. This is hindsight optimisation: it trusts that later choices will be made knowing the
cards, which a real player never does, but a placement that wins in few of the sampled decks is a
poor bet in the real one, and that is what separates good placements from bad ones here. The
samples are the same for every placement, so a placement is never favoured by a luckier deck.
"""

from __future__ import annotations

from ...engine import Action, Rng, State
from .evaluate import evaluate
from .solver import Solver
from .state import MatrixState


class HindsightPlayer:
    """``worlds`` sampled decks, each placement searched within ``budget`` solver nodes in each."""

    def __init__(
        self, seed: int = 0, worlds: int = 8, budget: int = 200, name: str = "hindsight"
    ) -> None:
        self.name = name
        self.worlds = worlds
        self.budget = budget
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        assert isinstance(state, MatrixState)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return actions[self.rank(state)[0]]

    def rank(self, state: MatrixState) -> list[int]:
        """The legal placements' indices, best first."""
        actions = state.legal_actions()
        wins = [0] * len(actions)
        values = [0.0] * len(actions)
        for _ in range(self.worlds):
            world = state.determinize(0, self.rng.fork())
            solver = Solver(self.budget)
            for i, action in enumerate(actions):
                child = world.clone()
                child.apply(action)
                values[i] += evaluate(child)
                if solver.solve(child).won:
                    wins[i] += 1
        return sorted(range(len(actions)), key=lambda i: (-wins[i], -values[i], i))
