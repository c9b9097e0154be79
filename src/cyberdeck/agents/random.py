"""The random agent: a uniformly random legal move from its own seeded generator."""

from __future__ import annotations

from ..engine import Action, Rng, State
from ..engine.compiled import mypyc_attr


# Tests and tuning runs subclass the agents; compiled (mypyc), that must be allowed.
@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent:
    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
