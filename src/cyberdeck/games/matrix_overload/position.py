"""A compact position builder, for scenario tests, tutorials and puzzles.

    position(piles={"a1": "3C 6S"}, slots={"e1": "JD +3S", "s1": "xJC", "w2": "+4H"},
             card="6C", deck="9D 2C")

Piles list cards bottom to top. A slot holds a royal (``x`` in front when killed) and its ICE
(``+`` in front of each card); ICE alone is preventative. The deck lists cards top first. ``card``
is the card to place now; without it the top of the deck is drawn.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Card, Rng
from ...engine.cards import standard_deck
from .layout import PILE_BY_NAME, SLOT_BY_NAME
from .state import KILLED, LIVING, NO_CARD, MatrixState


def cards(text: str) -> list[int]:
    return [int(Card.parse(word)) for word in text.split()]


def position(
    piles: Mapping[str, str] | None = None,
    slots: Mapping[str, str] | None = None,
    card: str | None = None,
    deck: str = "",
    pending: str = "",
    known: int = 0,
    variant: str = "digital",
) -> MatrixState:
    state = MatrixState(variant, Rng(0))
    for name, text in (piles or {}).items():
        state.piles[PILE_BY_NAME[name]] = cards(text)
    for name, text in (slots or {}).items():
        slot = SLOT_BY_NAME[name]
        for word in text.split():
            if word.startswith("+"):
                state.ice[slot] = (*state.ice[slot], int(Card.parse(word[1:])))
            elif word.startswith("x"):
                state.royal[slot] = int(Card.parse(word[1:]))
                state.status[slot] = KILLED
                state.kills += 1
            else:
                state.royal[slot] = int(Card.parse(word))
                state.status[slot] = LIVING
    state.deck = cards(deck)[::-1]
    state.known = known
    state.pending = cards(pending)
    if card is not None:
        state.card = int(Card.parse(card))
    else:
        state.card = NO_CARD
        state._next_card()
    return state


def dealt(top_first: str, variant: str = "digital") -> MatrixState:
    """A game whose shuffled deck starts with these cards (top first); the rest follow in order."""
    head = cards(top_first)
    extra = ["0"] if variant == "digital" else ["JK", "JK"]
    rest = [int(c) for c in standard_deck()] + [int(Card.parse(e)) for e in extra]
    for c in head:
        rest.remove(c)
    state = MatrixState(variant, Rng(0))
    state.deal((head + rest)[::-1])
    return state
