"""Perfect-information Monte Carlo: sample worlds, search each one a few moves deep, vote.

For every world sampled with ``state.determinize`` (so from what the seat knows, never the real
hidden cards) it runs a depth-limited alpha-beta search in which the searching seat maximises and
every other seat minimises the searching seat's evaluation, and it scores each of its own legal
moves by that search. The move with the best average over the worlds is played. It sees the
opponent's best reply, which one-move greedy play does not.
"""

from __future__ import annotations

import time

from ..engine import Action, Rng, State
from ..engine.compiled import mypyc_attr


# Tests and tuning runs subclass the agents; compiled (mypyc), that must be allowed.
@mypyc_attr(allow_interpreted_subclasses=True)
class PimcAgent:
    def __init__(
        self,
        worlds: int = 8,
        depth: int = 2,
        seed: int = 0,
        seconds: float | None = None,
        name: str = "pimc",
    ) -> None:
        self.name = name
        self.worlds = worlds
        self.depth = depth
        self.seconds = seconds
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        assert seat is not None
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        totals = [0.0] * len(actions)
        for _ in range(self.worlds):
            world = state.determinize(seat, self.rng.fork())
            for i, action in enumerate(actions):
                child = world.clone()
                child.advance(action)
                totals[i] += self.search(child, seat, self.depth - 1, -2.0, 2.0)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        top = max(totals)
        # Moves the evaluation cannot tell apart: one at random, as greedy does.
        return self.rng.choice([a for a, t in zip(actions, totals, strict=True) if t >= top - 1e-9])

    def value(self, state: State, seat: int) -> float:
        outcome = state.outcome
        if outcome is not None:
            return outcome.returns[seat]
        return state.game.evaluate(state, seat)

    def search(self, state: State, seat: int, depth: int, alpha: float, beta: float) -> float:
        if depth <= 0 or state.is_terminal:
            return self.value(state, seat)
        maximising = state.current_player == seat
        children = []
        for action in state.legal_actions():
            child = state.clone()
            child.advance(action)
            children.append((self.value(child, seat), child))
        # Best-looking moves first, so alpha-beta cuts early.
        children.sort(key=lambda pair: pair[0], reverse=maximising)
        if depth == 1:
            return children[0][0]
        best = -2.0 if maximising else 2.0
        for _, child in children:
            score = self.search(child, seat, depth - 1, alpha, beta)
            if maximising:
                best = max(best, score)
                alpha = max(alpha, best)
            else:
                best = min(best, score)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best
