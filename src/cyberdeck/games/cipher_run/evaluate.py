"""A heuristic value of a Cipher Run position for one seat, from public facts and its own hand.

Vaults held count most (two of them win). Then each node: Locked is good; an Open node is worth more
the closer it gets to the lock range (squared, since the last few points are the hard part);
Overflow costs a Hard Reset or a lucky removal, the more so the further over it is. Programs in
hand are answers kept for later, and a fuller hand is slightly better. The weights were chosen by
playing one-move-lookahead players against each other (this version beat the first one about 60:40
over 400 games).
"""

from __future__ import annotations

from .cards import KIND, NUMBER
from .state import LOCK_HIGH, LOCK_LOW, CipherState

CONTROL = 0.25
LOCKED = 0.14
OPEN = 0.1
OVERFLOW = 0.08
PROGRAM_IN_HAND = 0.015
CARD_IN_HAND = 0.01


def node_value(total: int) -> float:
    if LOCK_LOW <= total <= LOCK_HIGH:
        return LOCKED
    if total > LOCK_HIGH:
        return -OVERFLOW - 0.004 * (total - LOCK_HIGH)
    return OPEN * (total / LOCK_LOW) ** 2


def evaluate(state: CipherState, seat: int) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns[seat]
    other = 1 - seat
    score = CONTROL * (state.controlled(seat) - state.controlled(other))
    hidden = state.hides_seeds_of(other, seat)  # face-down seeds are not the seat's to count
    for v in range(3):
        score += node_value(state.total[seat * 3 + v])
        if not hidden:
            score -= node_value(state.total[other * 3 + v])
    hand = state.hands[seat]
    score += PROGRAM_IN_HAND * sum(1 for c in hand if KIND[c] != NUMBER)
    score += CARD_IN_HAND * (len(hand) - len(state.hands[other]))
    return max(-0.99, min(0.99, score))
