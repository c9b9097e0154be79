"""The greedy agent: one move ahead, judged by the game's own evaluation.

It looks ahead in a world sampled from what its seat knows (``determinize``), so the card drawn or
revealed after its move is never the real one: greedy does not cheat either.
"""

from __future__ import annotations

from ..engine import Action, Rng, State
from ..engine.compiled import mypyc_attr


# Tests and tuning runs subclass the agents; compiled (mypyc), that must be allowed.
@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyAgent:
    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.name = "greedy" if not noise else f"greedy~{noise:g}"
        self.rng = Rng(seed)
        #: Chance of a random legal move instead (for easy opponents).
        self.noise = noise

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(actions)
        seat = state.current_player
        assert seat is not None
        world = state.determinize(seat, self.rng.fork())
        game = state.game
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            child = world.clone()
            child.advance(action)
            outcome = child.outcome
            value = outcome.returns[seat] if outcome is not None else game.evaluate(child, seat)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)
