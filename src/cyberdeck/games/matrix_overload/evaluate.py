"""A heuristic value of a MATR1X position, from public facts only (never the deck order).

Kills count most. Time counts next: cards left in the deck are draws left, and resets buy more.
Then each living firewall: a payload that already beats it, waiting for a trigger, is good; payload
cards of the wrong suit for a queen or king are dead weight; ICE piling up is bad. Low top cards
keep the matrix flexible, so fewer number cards are forced into ICE.
"""

from __future__ import annotations

from ...engine.cards import _RANKS
from .layout import PAYLOAD, SLOT_LINES
from .state import LIVING, ROYALS, MatrixState, base_health, same_colour, same_suit

QUEEN, KING = 12, 13


def _fits_royal(card: int, royal: int) -> bool:
    rank = _RANKS[royal]
    if rank == KING:
        return same_suit(card, royal)
    if rank == QUEEN:
        return same_colour(card, royal)
    return True


def evaluate(state: MatrixState) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns[0]
    score = 0.5 * state.kills / ROYALS
    score += 0.1 * min(len(state.deck), 30) / 30
    piles = state.piles
    status = state.status
    for slot in range(12):
        if status[slot] != LIVING:
            continue
        royal = state.royal[slot]
        health = state.health(slot)
        score -= 0.03 * (health - base_health(royal)) / 10
        if state.overloads(slot, health):
            trigger = SLOT_LINES[slot][2]
            score += 0.03 + 0.01 * (10 - state.top_value(trigger)) / 10
            continue
        useful = 0
        for pile in PAYLOAD[slot]:
            cards = piles[pile]
            if cards and _fits_royal(cards[-1], royal):
                useful += _RANKS[cards[-1]]
        score += 0.02 * min(useful, health) / health
    tops = sum([_RANKS[p[-1]] for p in piles if p])
    score += 0.1 * (90 - tops) / 90
    return max(-0.99, min(0.99, score))
