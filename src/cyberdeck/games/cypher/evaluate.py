"""A heuristic value of a Cypher position for one seat, from what that seat may know.

Influence in play decides the game, so the lead in influence over the best rival counts most. How
much it counts depends on how soon the game ends. Once the end is triggered only the last round is
left, and a lead is close to a win. While nothing has triggered it, a lead is worth little: with
two players the deck cycles (discards go under it), the game ends only when someone plays a Cypher
Anomaly, and a Technomancer or a Syndicate Chief can turn a lead round in one play. When the two
were valued alike (a quarter and nearly half a point of lead), a leader went on building its lead
rather than end the game, passed its Anomaly on (it is worth nothing in play), and two-player games
of the ``normal`` AI drifted into the round limit (7 of 400).

Other hands are ignored, which keeps the value the same for every determinization of what the seat
knows. The seat's own hand counts in one way: a leader holding an Anomaly can end the game on its
next turn, at the price of the card that makes room if its area is full. That option is worth
part of the ending's value (the rival plays a turn first), never as much as playing it now, so a
leader keeps its Anomaly and plays it when the lead it would end with is worth it, instead of
hoarding it. Playing an Anomaly into a full area is valued as the end triggered, less the card the
seat will let go.
"""

from __future__ import annotations

import math

from .catalog import E_END
from .rules import AREA_LIMIT, ROOM
from .state import CypherState, influence_of

#: How much one point of lead counts while nothing has triggered the end, and once it is triggered.
OPEN, ENDING = 0.1, 0.7
#: The share of the ending's value that an Anomaly held by the leader is worth (the rival moves
#: before the leader can play it).
HELD = 0.6


def evaluate(state: CypherState, seat: int) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns[seat]
    mine = state.influence(seat)
    best = max(state.influence(s) for s in range(state.n) if s != seat)
    if state.trigger >= 0:
        return squash(ENDING * (mine - best))
    eff = state.cat.eff
    if (
        state.phase == ROOM
        and state.decider == seat
        and state.ctx[2]
        and eff[state.ctx[1]] == E_END
    ):
        # An Anomaly played into a full area: once a card makes room, the end is triggered.
        return squash(ENDING * (after_making_room(state, seat) - best))
    value = squash(OPEN * (mine - best))
    if mine > best and any(eff[c] == E_END for c in state.hands[seat]):
        left = after_making_room(state, seat) if len(state.areas[seat]) >= AREA_LIMIT else mine
        value = max(value, HELD * squash(ENDING * (left - best)))
    return value


def after_making_room(state: CypherState, seat: int) -> int:
    """The most influence the seat's full area keeps when one of its cards leaves."""
    area = state.areas[seat]
    return max(influence_of(state.cat, tuple(c for c in area if c != gone)) for gone in area)


def squash(lead: float) -> float:
    """A weighted lead as a value in (-1, 1), short of a won or lost game's ±1."""
    return max(-0.99, min(0.99, math.tanh(lead / 2)))
