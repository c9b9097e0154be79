"""Hack-Me's gesture: the end of a turn in one click.

After the fourth action the hacker is asked two questions in a row, whether to recycle cards and
then whether to pay to destroy a firewall; most turns answer both "no". Recycling nothing draws
nothing, so the second question shows nothing new, and one click may answer both (the engine still
asks each; the table answers the second from the gesture, visibly in the log).
"""

from __future__ import annotations

from ...engine.questions import Gesture
from .cards import PASS
from .state import HackState

KEEP_EVERYTHING = Gesture(
    "End the turn: recycle nothing and keep every firewall", "End of turn", (PASS, PASS)
)


def gestures(state: HackState) -> tuple[Gesture, ...]:
    """The end of turn as one click, where the dismantle question follows the recycle question
    straight away (it is not asked without 2 credits and a firewall of one's own: then the
    recycle answer alone ends the turn, and no gesture is needed)."""
    view = state.view(state.current_player)
    if view["phase"] != "recycle" or view["pending"].get("recycled"):
        return ()
    ahead = state.clone()
    ahead.apply(PASS)
    if (
        ahead.current_player != state.current_player
        or ahead.view(state.current_player)["phase"] != "dismantle"
    ):
        return ()
    return (KEEP_EVERYTHING,)
