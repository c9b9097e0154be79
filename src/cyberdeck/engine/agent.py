"""What an agent is: something that picks an action for the seat to move.

An agent is handed the state, but a fair agent reads only what its seat may know: the seat's view,
the legal actions, and worlds sampled with ``state.determinize(seat, rng)``. The tests of the AI
prove it by giving agents two states that look the same from their seat.
"""

from __future__ import annotations

from typing import Protocol

from .actions import Action
from .game import State


class Agent(Protocol):
    name: str

    def choose(self, state: State) -> Action:
        """An action for ``state.current_player``, one of ``state.legal_actions()``."""
        ...
