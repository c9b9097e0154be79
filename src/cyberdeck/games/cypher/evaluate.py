"""A heuristic value of a Cypher position for one seat, from what that seat may know.

Influence in play decides the game, so the lead in influence over the best rival counts most; the
end being near makes the lead count more (less time for it to change hands). Other hands are
ignored, which keeps the value the same for every determinization of what the seat knows; the
seat's own hand counts in one way: a Cypher Anomaly held is the power to end the game, so a lead
is worth more with one in hand. Without that, a leader would pass its Anomaly on (it is worth 0
in play), the trailing player would never play it, and two-player games ran into the round limit.
"""

from __future__ import annotations

import math

from .catalog import E_END
from .rules import ROOM
from .state import CypherState

#: How much one point of lead counts: while nothing ends the game soon, with a Cypher Anomaly in
#: hand (the end is one play away), and once the end is triggered (or an Anomaly is arriving).
OPEN, HELD, ENDING = 0.25, 0.35, 0.45


def evaluate(state: CypherState, seat: int) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns[seat]
    mine = state.influence(seat)
    best = max(state.influence(s) for s in range(state.n) if s != seat)
    lead = mine - best
    weight = OPEN
    eff = state.cat.eff
    if state.trigger >= 0 or (state.phase == ROOM and state.ctx[2] and eff[state.ctx[1]] == E_END):
        weight = ENDING
    elif lead > 0 and any(eff[c] == E_END for c in state.hands[seat]):
        weight = HELD
    return max(-0.99, min(0.99, math.tanh(weight * lead / 2)))
