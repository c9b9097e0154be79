"""A heuristic value of a position for one seat, from public facts only."""

from __future__ import annotations

from .state import WIN_POINTS, CyberState


def evaluate(state: CyberState, seat: int) -> float:
    """Progress towards 100 Ops or 100 Style, plus board strength, compared with the opponent."""
    outcome = state.outcome
    if outcome is not None:
        return float(outcome.returns[seat])

    def score(p: int) -> float:
        progress = max(state.ops[p], state.style_in_play(p)) / WIN_POINTS
        board = sum(
            state.defs[r].sr + state.defs[r].lr + state.defs[r].df for r in state.runners(p)
        )
        eb = sum(state.defs[i].eb for i in state.sites(p))
        return progress + board / 200 + eb / 100

    diff = score(seat) - score(1 - seat)
    return max(-1.0, min(1.0, diff))
