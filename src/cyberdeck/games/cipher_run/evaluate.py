"""A heuristic value of a Cipher Run position for one seat, from public facts and its own hand.

Vaults held count most (two of them win). Then each node: Locked is good, a total a few points below
the lock range is promising, Overflow is a liability that costs a Hard Reset or a lucky removal.
Cards left in hand are options, so a fuller hand is slightly better.
"""

from __future__ import annotations

from .state import LOCK_HIGH, LOCK_LOW, CipherState


def node_value(total: int) -> float:
    if LOCK_LOW <= total <= LOCK_HIGH:
        return 0.12
    if total > LOCK_HIGH:
        return -0.06
    return 0.08 * total / LOCK_LOW


def evaluate(state: CipherState, seat: int) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns[seat]
    other = 1 - seat
    score = 0.25 * (state.controlled(seat) - state.controlled(other))
    hidden = state.hides_seeds_of(other, seat)  # face-down seeds are not the seat's to count
    for v in range(3):
        score += node_value(state.total[seat * 3 + v])
        if not hidden:
            score -= node_value(state.total[other * 3 + v])
    score += 0.01 * (len(state.hands[seat]) - len(state.hands[other]))
    return max(-0.99, min(0.99, score))
