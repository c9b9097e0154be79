"""What rebuilding a state from a view shares across games: reading a view's outcome back, and
taking the cards a seat has seen out of the cards it knows a pile was made of, so that what is
left can be dealt to the places it cannot see (``Game.state_from_view``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import BadView
from .game import Outcome


def outcome_of(view: Mapping[str, Any]) -> Outcome | None:
    """The ``Outcome`` a view's ``outcome`` (``Outcome.to_json``) describes; ``None`` while the
    game goes on."""
    shown = view.get("outcome")
    if not shown:
        return None
    return Outcome(
        tuple(int(w) for w in shown["winners"]),
        tuple(float(r) for r in shown["returns"]),
        str(shown["reason"]),
        str(shown.get("kind", "")),
        tuple(int(s) for s in shown.get("scores", ())),
    )


def unseen(whole: Iterable[int], seen: Iterable[int], what: str) -> list[int]:
    """The cards of ``whole`` left once every card of ``seen`` is taken out, in a canonical
    (sorted) order; ``BadView`` when the view shows a card ``whole`` does not hold (``what``
    names the pile in that sentence)."""
    left = Counter(whole)
    left.subtract(seen)
    extra = sorted(card for card, count in left.items() if count < 0)
    if extra:
        raise BadView(f"The view shows more of {what} than it holds (cards {extra}).")
    return sorted(left.elements())
