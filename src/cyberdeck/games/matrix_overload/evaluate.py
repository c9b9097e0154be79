"""A heuristic value of a MATR1X position, from public facts only (never the deck order).

Kills count most. Then living firewalls: a loaded payload that already beats a firewall is good,
a low trigger pile (easy to play on) is good, ICE piling up is bad. Low top cards keep the matrix
flexible, so fewer number cards are forced into ICE.
"""

from __future__ import annotations

from ...engine.cards import _RANKS
from .layout import PAYLOAD, SLOT_LINES
from .state import LIVING, ROYALS, MatrixState, base_health


def evaluate(state: MatrixState) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns[0]
    score = 0.6 * state.kills / ROYALS
    for slot in range(12):
        if state.status[slot] != LIVING:
            continue
        health = state.health(slot)
        score -= 0.03 * (health - base_health(state.royal[slot])) / 10
        if state.overloads(slot):
            trigger = SLOT_LINES[slot][2]
            score += 0.04 + 0.02 * (10 - state.top_value(trigger)) / 10
        else:
            near, middle = PAYLOAD[slot]
            loaded = state.top_value(near) + state.top_value(middle)
            score += 0.02 * min(loaded, health) / health
    tops = sum(_RANKS[p[-1]] if p else 0 for p in state.piles)
    score += 0.08 * (90 - tops) / 90
    return max(-0.99, min(0.99, score))
