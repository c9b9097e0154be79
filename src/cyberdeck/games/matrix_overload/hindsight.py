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

from collections.abc import Callable

from ...engine import Action, Agent, Guide, Rng, State
from .evaluate import evaluate
from .solver import Solver
from .state import MatrixState


class HindsightPlayer:
    """``worlds`` sampled decks, each placement searched within ``budget`` solver nodes in each.

    With a ``guide`` (a learned value, ``expert``), the learned value of the position a placement
    leaves takes the hand-written evaluation's place in the ranking."""

    def __init__(
        self,
        seed: int = 0,
        worlds: int = 3,
        budget: int = 40,
        name: str = "hindsight",
        guide: Guide | None = None,
    ) -> None:
        self.name = name
        self.worlds = worlds
        self.budget = budget
        self.guide = guide
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        assert isinstance(state, MatrixState)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return actions[self.rank(state)[0]]

    def rank(self, state: MatrixState) -> list[int]:
        """The legal placements' indices, best first (those dropped early last, as listed).

        A placement stops being searched once it can no longer catch the leader's wins in the
        samples left: the first place is settled, and the time goes to the contenders. Among
        placements with as many wins, the one whose searches came closest to a win (the most
        royals killed, summed over the samples) goes first, then the evaluation: early in a deal
        no search within a level's budget reaches the end, and how far it got is what is known."""
        actions = state.legal_actions()
        count = len(actions)
        wins = [0] * count
        kills = [0] * count
        values = [0.0] * count
        guide = self.guide
        alive = list(range(count))
        for done in range(self.worlds):
            world = state.determinize(0, self.rng.fork())
            solver = Solver(self.budget)
            for i in alive:
                child = world.clone()
                child.advance(actions[i])
                values[i] += evaluate(child) if guide is None else guide.value(child, 0)
                solution = solver.solve(child)
                wins[i] += solution.won is True
                kills[i] += solution.kills
            left = self.worlds - done - 1
            lead = max(wins[i] for i in alive)
            alive = [i for i in alive if wins[i] + left >= lead]
        ranked = sorted(alive, key=lambda i: (-wins[i], -kills[i], -values[i], i))
        return ranked + [i for i in range(count) if i not in alive]


#: The levels' budgets (sampled decks, solver nodes per placement and deck), chosen so that a
#: move's think time stays within what each level promises (docs/strength.md has the measurements).
BUDGETS = {"normal": (3, 40), "hard": (6, 80), "expert": (12, 160)}


def _level(name: str) -> Callable[[int], Agent]:
    worlds, budget = BUDGETS[name]
    return lambda seed: HindsightPlayer(seed, worlds, budget, name=name)


LEVELS: dict[str, Callable[[int], Agent]] = {name: _level(name) for name in ("normal", "hard")}


def expert(guide: Guide, seed: int) -> HindsightPlayer:
    """The ``expert`` level: the hindsight player guided by a learned policy and value."""
    worlds, budget = BUDGETS["expert"]
    return HindsightPlayer(seed, worlds, budget, name="expert", guide=guide)
