from __future__ import annotations

from cyberdeck.engine import Event
from cyberdeck.games.cipher_run import GAME
from cyberdeck.games.cipher_run.position import position, stack
from cyberdeck.games.cipher_run.state import CipherState

__all__ = ["GAME", "play", "position", "stack"]


def play(state: CipherState, *moves: str) -> list[Event]:
    """Apply moves by their text, as a player types them; the events of all of them."""
    events: list[Event] = []
    for move in moves:
        events.extend(state.apply(GAME.parse_action(move)))
    return events
