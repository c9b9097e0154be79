"""Cypher: the end — what triggers it (an empty deck at the end of a turn, a Cypher Anomaly, the
round cap), the last round it leaves, and the final count with the clockwise tie-break."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Outcome
from .rules import NAMES, NONE

if TYPE_CHECKING:
    from .state import CypherState


def trigger(st: CypherState, seat: int, why: str, kind: str) -> None:
    """``seat`` triggers the end: from the next turn on, every player has one last turn."""
    st.trigger = seat
    st.trigger_kind = kind
    st.trigger_reason = why
    st.trigger_turn = st.turns
    st.final_left = st.n
    st.event(
        "trigger",
        f"The end is triggered: {why}. Every player gets one last turn.",
        {"seat": seat},
    )


def ranking(st: CypherState) -> list[int]:
    """Seats in tie-break order: clockwise from the trigger's left, the trigger's player last."""
    first = first_in_ranking(st)
    return [(first + i) % st.n for i in range(st.n)]


def first_in_ranking(st: CypherState) -> int:
    """The seat a tie goes to first: the trigger's left (before the end is triggered, the left of
    the seat whose turn it is)."""
    return (st.trigger + 1 if st.trigger >= 0 else st.turn + 1) % st.n


def finish(st: CypherState) -> None:
    """The game is over: the most influence wins, a tie goes to the tied player first in
    ``ranking``."""
    scores = [st.influence(s) for s in range(st.n)]
    best = max(scores)
    order = ranking(st)
    winner = next(s for s in order if scores[s] == best)
    tied = [s for s in order if scores[s] == best]
    reason = f"{NAMES[winner]} wins with {best} influence"
    if len(tied) > 1:
        names = " and ".join(NAMES[s] for s in sorted(tied))
        reason += (
            f" (tie between {names}, won by the tied player closest clockwise "
            f"to {NAMES[st.trigger]}, who triggered the end)"
        )
    st._outcome = Outcome(
        (winner,),
        tuple(1.0 if s == winner else -1.0 for s in range(st.n)),
        reason,
        st.trigger_kind + ("-tie" if len(tied) > 1 else ""),
    )
    st.phase = NONE
    st.decider = -1
    st._legal = None
    st.event("end", reason + ".", {"scores": scores, "winner": winner, "tie_order": order})
