"""The last turn of a match, kept by the room so that a page that opens (or reloads, or
resyncs) in the middle of a game can say what just happened, as a page that watched it does.

A page tells the last turn from the updates it receives: each update's events belong to the
seat that was to move when the page last looked, and a turn lasts until another seat moves
(``web/static/js/table.js``, ``tell``). The room keeps the same story by the same rule from the
same batches, so a fresh page shows the line a watching page would; the events are filtered for
each seat as they go out (``visibility.events_for``), so nothing hidden ever leaves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Event


@dataclass(slots=True)
class Story:
    #: The seat whose turn ``events`` tell (``None`` before anyone has moved).
    actor: int | None = None
    events: list[Event] = field(default_factory=list)
    #: The seat the pages were last told is to move: the actor of the next batch.
    to_move: int | None = None

    def tell(self, events: list[Event], to_move: int | None, keep: int) -> None:
        """One batch of events has gone out; ``to_move`` is the seat to move after it. A turn
        of more than ``keep`` events keeps its latest (a resync's log is no longer)."""
        actor = self.to_move
        if actor is not None:
            if actor != self.actor:
                self.actor, self.events = actor, []
            self.events.extend(events)
            if len(self.events) > keep:
                del self.events[:-keep]
        self.to_move = to_move
