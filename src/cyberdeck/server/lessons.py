"""The tutorials in progress on the server: one per player and game, the most recent kept.

A lesson is the same tutorial player as the terminal's (``engine.tutorial``), held in memory: it
is a guided game against a script, not a match, so it is neither stored nor rated, and a server
restart only sends the learner back to the first step.
"""

from __future__ import annotations

from collections import OrderedDict

from ..engine import Game
from ..engine.tutorial import Tutorial, load_script


class Lessons:
    """At most ``keep`` lessons, the least recently used dropped first (a server meets more
    learners than it should hold)."""

    def __init__(self, keep: int = 2_000) -> None:
        self.keep = keep
        self._lessons: OrderedDict[tuple[int, str], Tutorial] = OrderedDict()

    def get(self, user_id: int, game: Game) -> Tutorial | None:
        lesson = self._lessons.get((user_id, game.id))
        if lesson is not None:
            self._lessons.move_to_end((user_id, game.id))
        return lesson

    def start(self, user_id: int, game: Game) -> Tutorial | None:
        """A new lesson from the first step (``None``: the game has no tutorial)."""
        script = load_script(game)
        if script is None:
            return None
        lesson = self._lessons[(user_id, game.id)] = Tutorial(game, script)
        self._lessons.move_to_end((user_id, game.id))
        if len(self._lessons) > self.keep:
            self._lessons.popitem(last=False)
        return lesson

    def __len__(self) -> int:
        return len(self._lessons)
