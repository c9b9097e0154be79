"""Cypher: the pending decision in words — what the seat to move is asked, and the sentence a
player reads when a move is not legal now (what that seat must do instead, or why the card or pile
it named will not do)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from .catalog import E_BOTTOM, KIND_INDEX, KINDS
from .rules import (
    DISCARD,
    DRAW,
    DRAW_BOTTOM,
    EXTRACT,
    FIX,
    GUARD,
    NAMES,
    ORDER,
    PASS,
    PLAY,
    ROOM,
    T_SHED,
    T_SWAP,
    T_TAKE,
)

if TYPE_CHECKING:
    from .state import CypherState


def prompt(st: CypherState) -> str:
    """What the seat to move is asked, in words (public facts only)."""
    if st._outcome is not None:
        return ""
    who = NAMES[st.decider]
    phase = st.phase
    if phase == PLAY:
        return f"{who}: play a card."
    if phase == DRAW:
        return f"{who}: draw a card ({st.ctx[1]} to draw)."
    if phase == PASS:
        return f"{who}: pass a card {st.ctx[2]} {NAMES[st.ctx[1]]}."
    if phase == DISCARD:
        return f"{who}: discard down to {st.ctx[1]} card{'s' if st.ctx[1] > 1 else ''}."
    if phase == ROOM:
        return (
            f"{who}: your play area is full; discard a card to make room for {st.the(st.ctx[1])}."
        )
    if phase == ORDER:
        return f"{who}: choose the order in which your cards go to the bottom of the deck."
    if phase == FIX:
        return f"{who}: add a card from your hand with the Fixer, or none."
    if phase == EXTRACT:
        return f"{who}: remove a card in your hand from the game, or none."
    if phase == GUARD:
        follow = st.ctx[1]
        by = NAMES[follow[1]]
        what = {
            T_SWAP: "the Executive's swap",
            T_TAKE: "the Archivist taking your Coder",
            T_SHED: "the Technomancer's discard",
        }[follow[0]]
        if follow[0] == T_SHED:
            by = NAMES[st.turn]
        return f"{who}: use your Bodyguard to ignore {what} ({by})?"
    return ""


def why_illegal(st: CypherState, action: Action) -> str:
    if st._outcome is not None:
        return "The game is over; no more moves can be made."
    who = NAMES[st.decider]
    want = {
        PLAY: "play a card from their hand ('play CARD')",
        DRAW: "draw a card ('draw top', 'draw display'"
        + (", 'draw bottom'" if DRAW_BOTTOM in st.legal_actions() else "")
        + ")",
        PASS: "pass a card from their hand"
        + (f" to {NAMES[st.ctx[1]]}" if st.phase == PASS else "")
        + " ('pass CARD')",
        DISCARD: "discard a card from their hand ('discard CARD')",
        ROOM: "choose a card in their play area to discard to make room ('bump CARD')",
        ORDER: "choose which card in their play area goes to the deck bottom next ('bump CARD')",
        FIX: "add a card from their hand with the Fixer ('add CARD' or 'add none')",
        EXTRACT: "remove a card from their hand with the Extractor ('extract CARD' or "
        "'extract none')",
        GUARD: "decide whether their Bodyguard ignores the effect ('guard' or 'allow')",
    }.get(st.phase, "move")
    expected = {
        PLAY: "play",
        DRAW: "draw",
        PASS: "pass",
        DISCARD: "discard",
        ROOM: "bump",
        ORDER: "bump",
        FIX: "add",
        EXTRACT: "extract",
        GUARD: "guard",
    }.get(st.phase)
    if action.kind != expected and not (st.phase == GUARD and action.kind == "allow"):
        return f"Now {who} must {want}; '{action.text}' is not that."
    if st.phase == GUARD:
        return f"{who} answers with just 'guard' (ignore the effect) or 'allow'."
    if action.kind == "draw":
        if action.args == ("bottom",):
            if st.has(st.decider, E_BOTTOM):
                return "Drawing from the bottom needs at least two cards in the deck."
            return "Only a player with the Hacker in play may draw from the bottom of the deck."
        if action.args == ("display",):
            return "The Display is empty."
        if action.args == ("top",):
            return "The deck is empty."
        return "Draw from 'top', 'display' or (with the Hacker) 'bottom'."
    if len(action.args) != 1 or (action.args[0] not in KIND_INDEX and action.args[0] != "none"):
        return f"Name one card, such as '{expected} coder'; cards: {', '.join(KINDS)}."
    if st.phase in (ROOM, ORDER):
        return "That card is not one you may discard from your play area now."
    return f"{who} can only name a card that is in their own hand now."
