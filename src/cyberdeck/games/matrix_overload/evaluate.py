"""A heuristic value of a MATR1X position, from public facts only (never the deck order).

Kills count most. Time counts next: cards left in the deck are draws left, and resets buy more.
Then each living firewall: a payload that already beats it, waiting for a trigger, is good; payload
cards of the wrong suit for a queen or king are dead weight; ICE piling up is bad. Low top cards
keep the matrix flexible, so fewer number cards are forced into ICE.
"""

from __future__ import annotations

from ...engine.cards import _RANKS
from .layout import SLOT_LINES
from .state import LIVING, ROYALS, MatrixState, base_health, same_colour, same_suit

QUEEN, KING = 12, 13


def evaluate(state: MatrixState) -> float:
    """The search scores every child of every position with this, so the firewall checks of
    ``MatrixState.overloads`` are worked out here inline, once per firewall."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns[0]
    score = 0.5 * state.kills / ROYALS
    score += 0.1 * min(len(state.deck), 30) / 30
    piles = state.piles
    status = state.status
    royals = state.royal
    ices = state.ice
    ranks = _RANKS
    for slot in range(12):
        if status[slot] != LIVING:
            continue
        royal = royals[slot]
        base = ranks[royal]
        ice = ices[slot]
        health = base + sum(map(ranks.__getitem__, ice)) if ice else base
        score -= 0.03 * (health - base_health(royal)) / 10
        near, middle, trigger = SLOT_LINES[slot]
        cards = piles[near]
        a = cards[-1] if cards else -1
        cards = piles[middle]
        b = cards[-1] if cards else -1
        # Payload cards a queen (colour) or king (suit) accepts; a missing card is no obstacle.
        if base == KING:
            fits_a, fits_b = a < 0 or same_suit(a, royal), b < 0 or same_suit(b, royal)
        elif base == QUEEN:
            fits_a, fits_b = a < 0 or same_colour(a, royal), b < 0 or same_colour(b, royal)
        else:
            fits_a = fits_b = True
        rank_a = ranks[a] if a >= 0 else 0
        rank_b = ranks[b] if b >= 0 else 0
        if fits_a and fits_b and rank_a + rank_b >= health:
            cards = piles[trigger]
            score += 0.03 + 0.01 * (10 - (ranks[cards[-1]] if cards else 0)) / 10
            continue
        useful = (rank_a if fits_a else 0) + (rank_b if fits_b else 0)
        score += 0.02 * min(useful, health) / health
    tops = sum([ranks[p[-1]] for p in piles if p])
    score += 0.1 * (90 - tops) / 90
    return max(-0.99, min(0.99, score))
