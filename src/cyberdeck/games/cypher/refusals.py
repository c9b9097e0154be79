"""Cypher: refusing moves clearly — the sentence a player reads when a move is not legal now
(what the seat to move must do instead, or why the card or pile it named will not do)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from .catalog import KIND_INDEX, KINDS
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
)

if TYPE_CHECKING:
    from .state import CypherState


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
