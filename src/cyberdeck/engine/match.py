"""A match: one game being played, with its record and its log of events.

Terminal play, the server and the lab drive games through a ``Match`` so that every move lands in
the record the same way, and undo (where a game allows it) is rebuilt from the record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import Action
from .errors import IllegalAction
from .events import Event
from .game import Game, State
from .playback import replay_steps
from .record import UNDO, Record


class Match:
    def __init__(
        self,
        game: Game,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        decks: Any = None,
        meta: dict[str, Any] | None = None,
        cards: dict[str, Any] | None = None,
    ) -> None:
        self.game = game
        resolved = game.resolve_options(options)
        self.state: State = game.new_state(resolved, seed, decks, cards)
        kept = game.decks_used(resolved, decks)
        self.record = Record(game.id, seed, resolved, kept, meta=dict(meta or {}), cards=cards)
        self.log: list[Event] = list(self.state.opening_events())

    def play(self, action: Action | str) -> list[Event]:
        """Apply an action (or its text) and record it; illegal moves change nothing."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        events = self.state.apply(action)
        self.record.actions.append(action.text)
        self.log.extend(events)
        return events

    @property
    def can_undo(self) -> bool:
        depth = 0
        for text in self.record.actions:
            depth = depth - 1 if text == UNDO else depth + 1
        return self.game.allows_undo and depth > 0

    def undo(self) -> None:
        """Take back the last move (solitaire only); the record keeps the undo."""
        if not self.game.allows_undo:
            raise IllegalAction(f"{self.game.title} does not allow taking moves back.")
        if not self.can_undo:
            raise IllegalAction("There is no move to take back.")
        self.record.actions.append(UNDO)
        self.state = replay_steps(self.record, self.game)[-1]
        self.log.append(Event("undo", "The last move was taken back."))
