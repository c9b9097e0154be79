"""Events: what happened, and who may see it.

The game log, animations and replays are built from events filtered by seat. A game that must tell
one seat a secret emits two events: a public one without the secret, and one for that seat only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    #: ``None``: everyone, spectators included; otherwise only these seats.
    seats: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": self.data}


class CardUse(NamedTuple):
    """One card reaching a seat's hand (``drawn``) or leaving it into play (``played``).

    The lab's per-card statistics count these; a game names them from its own events because only
    it knows which of its events move a card (``Game.card_uses``).
    """

    seat: int
    card: str
    use: str


DRAWN = "drawn"
PLAYED = "played"


def visible(events: list[Event], seat: int | None) -> list[Event]:
    return [e for e in events if e.visible_to(seat)]
