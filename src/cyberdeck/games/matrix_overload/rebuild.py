"""The position a MATR1X view shows: everything is on the table but the deck above its public
bottom, which is dealt from the cards no pile, slot or hand shows (``Game.state_from_view``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import BadView, Card, Rng
from ...engine.fromview import outcome_of, unseen
from .layout import PILE_NAMES, SLOT_NAMES
from .state import NO_CARD, STATUS_NAMES, MatrixState


def _cards(texts: Any) -> list[int]:
    return [int(Card.parse(str(t))) for t in texts]


def position(view: Mapping[str, Any], deck: list[int]) -> MatrixState:
    """The state ``view`` shows, its unseen deck in a canonical order; ``deck``: every card of
    the variant's deck."""
    state = MatrixState(str(view["variant"]), Rng(0))
    state.piles = [_cards(view["piles"][name]) for name in PILE_NAMES]
    seen = [c for pile in state.piles for c in pile]
    for s, name in enumerate(SLOT_NAMES):
        slot = view["slots"][name]
        state.royal[s] = int(Card.parse(slot["royal"])) if slot["royal"] else NO_CARD
        state.status[s] = STATUS_NAMES.index(slot["status"])
        state.ice[s] = tuple(_cards(slot["ice"]))
        seen += [state.royal[s]] if state.royal[s] != NO_CARD else []
        seen += state.ice[s]
    state.pending = _cards(view["pending"])
    state.card = int(Card.parse(view["card"])) if view["card"] else NO_CARD
    bottom = _cards(view["deck_bottom"])[::-1]
    seen += state.pending + bottom + ([state.card] if state.card != NO_CARD else [])
    state.deck = bottom + unseen(deck, seen, "the deck")
    if len(state.deck) != int(view["deck_count"]):
        raise BadView(
            f"The view counts {view['deck_count']} cards in the deck, but {len(state.deck)} "
            "of the deck's cards are not on the table."
        )
    state.known = len(bottom)
    state.kills = int(view["kills"])
    state.idle = int(view["idle"])
    state._outcome = outcome_of(view)
    return state
