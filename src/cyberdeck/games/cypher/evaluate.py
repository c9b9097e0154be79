"""A heuristic value of a Cypher position for one seat, from public facts only.

Influence in play decides the game, so the lead in influence over the best rival counts most; the
end being near makes the lead count more (less time for it to change hands). Hands are hidden and
are ignored, which keeps the value the same for every determinization of what the seat knows.
"""

from __future__ import annotations

import math

from .state import CypherState


def evaluate(state: CypherState, seat: int) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns[seat]
    mine = state.influence(seat)
    best = max(state.influence(s) for s in range(state.n) if s != seat)
    weight = 0.25 if state.trigger < 0 else 0.45
    return max(-0.99, min(0.99, math.tanh(weight * (mine - best) / 2)))
