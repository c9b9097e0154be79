"""The parts of MATR1X's view that stay as they were from one placement to the next, shared
between views (``engine.shared``): a placement changes one pile or one slot, not the other twenty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.cards import CARDS
from ...engine.shared import FrozenDict, Memo, card_texts

if TYPE_CHECKING:
    from .state import MatrixState

_SLOTS: Memo[tuple[int, str, tuple[int, ...]], FrozenDict] = Memo()


def slot(state: MatrixState, s: int, status: str) -> FrozenDict:
    """Slot ``s`` with its status named; its health follows from the Royal and its ICE, so it is
    asked for only when the slot is drawn anew."""
    royal = state.royal[s]
    ice = state.ice[s]
    key = (royal, status, ice)
    part = _SLOTS.data.get(key)
    if part is None:
        part = _SLOTS.put(
            key,
            FrozenDict(
                royal=str(CARDS[royal]) if royal >= 0 else None,  # NO_CARD is negative
                status=status,
                ice=card_texts(ice),
                health=state.health(s),
            ),
        )
    return part
