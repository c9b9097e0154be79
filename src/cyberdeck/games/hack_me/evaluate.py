"""A heuristic value of a Hack-Me position for one seat, from what that seat may know.

Finalized agendas (distinct ranks) count most, then progress on the current agenda, then economy
(stock and credits left on generators), defence (firewalls in play, active ones shown), and hand
size as shock insurance; tags are a liability, and worst with an empty hand. Every agenda in the
archive costs something, more for each further one of its rank: four of a rank lose the game (about
four in five games between searching players end so), and each one archived is one fewer of the four
a win may still need. The archive's top card is what a rival's run there reaches (the seed's tips:
plan it, for it is visible): a generator hands the runner its value in credits and an agenda two
cards, so either on top costs a little; it is what makes a hacker order cards going to the archive
together. Only public facts and the seat's own cards are read.
"""

from __future__ import annotations

from .cards import AGENDA, AGENDA_RANKS, FAMILY, GENERATOR, VALUE
from .state import HackState

#: The cost of holding 0, 1, 2 or 3 agendas of one rank in the archive (four lose the game).
ARCHIVED = (0.0, 0.015, 0.04, 0.1)
#: What the archive's top card gives a rival's run: per credit of a generator; an agenda's draw.
TOP_CREDIT, TOP_AGENDA = 0.0005, 0.002


def _top_cost(archive: list[int]) -> float:
    if not archive:
        return 0.0
    top = archive[-1]
    if FAMILY[top] == GENERATOR:
        return TOP_CREDIT * VALUE[top]
    return TOP_AGENDA if FAMILY[top] == AGENDA else 0.0


def _score(state: HackState, p: int) -> float:
    ranks = {VALUE[c] for c in state.finalized[p]}
    score = 0.12 * sum(1 for r in AGENDA_RANKS if r in ranks)
    score += 0.02 * min(state.invest[p], 5)
    credits = state.stock[p] + sum(g >> 6 for g in state.gens[p])
    score += 0.04 * min(credits, 30) / 30
    score += 0.015 * sum(1 for c in state.fws[p] if c)
    score += 0.01 * min(len(state.hands[p]), 5)
    score -= 0.01 * min(state.tags[p], 5)
    archived = [VALUE[c] for c in state.archives[p]]
    if p == state.seat:
        archived += [VALUE[c] for c in state.filing]
    score -= sum(ARCHIVED[min(archived.count(r), 3)] for r in AGENDA_RANKS)
    score -= _top_cost(state.archives[p])
    if state.tags[p] and not state.hands[p]:
        score -= 0.1
    return score


def evaluate(state: HackState, seat: int) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns[seat]
    value = _score(state, seat) - _score(state, 1 - seat)
    return max(-0.99, min(0.99, value))
