"""Cypher: the deck and the Display — turning up a new Display, drawing (from the top, the
Display or, with the Hacker, the bottom) and discarding a card from play to the bottom of the deck,
each with what every seat learns of where the card went."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .catalog import KINDS
from .rules import NAMES, ONLY

if TYPE_CHECKING:
    from .state import CypherState


def refill(st: CypherState) -> None:
    """An empty Display is refilled from the top of the deck at once (while the deck lasts).

    The task loop calls this after every step, so it is the one place that keeps the Display
    filled: after a draw from the Display, in the middle of a multi-card draw, and when a card goes
    under an empty deck (it then comes straight up as the Display). Rules code never calls it.
    """
    if st.display < 0 and st.deck:
        card = st.display = st.deck.pop()
        st.know[card] = st.all_mask
        st.event(
            "display",
            f"The {st.name(card)} is turned face up as the Display.",
            {"card": KINDS[st.cat.kind[card]]},
        )


def draw(st: CypherState, seat: int, source: str) -> None:
    """``seat`` draws from ``source`` (``top``, ``display`` or ``bottom``): a Display card is
    public, a deck card known to the drawer alone."""
    if source == "display":
        card = st.display
        st.display = -1
        st.hands[seat] = (*st.hands[seat], card)
        st.event(
            "draw",
            f"{NAMES[seat]} takes {st.the(card)} from the Display.",
            {"seat": seat, "source": "display", "card": KINDS[st.cat.kind[card]]},
        )
        return
    if source == "top":
        card = st.deck.pop()
        where = "top"
    else:
        card = st.deck.pop(0)
        where = "bottom"
    st.hands[seat] = (*st.hands[seat], card)
    st.know[card] |= 1 << seat
    st.event(
        "draw",
        f"{NAMES[seat]} draws a card from the {where} of the deck.",
        {"seat": seat, "source": where},
    )
    st.secret("drew", f"You draw {st.the(card)}.", ONLY[seat])


def discard_from_play(st: CypherState, seat: int, card: int, why: str) -> None:
    """``card`` leaves ``seat``'s play area face up for the bottom of the deck (``why`` ends the
    sentence that says so)."""
    area = st.areas[seat]
    i = area.index(card)
    st.areas[seat] = area[:i] + area[i + 1 :]
    st.deck.insert(0, card)
    st.know[card] = st.all_mask
    st.event(
        "bump",
        f"{NAMES[seat]} discards {st.the(card)} from play to the bottom of the deck{why}.",
        {"seat": seat, "card": KINDS[st.cat.kind[card]]},
    )
