"""Why a placement is refused: the rule that actually forbids it, in the player's words.

Each kind of card has its own rule (a firewall's slot, a number's pile, an ace anywhere, the 0's
lowest pile, ICE's royal), so the reason is worked out from the card in hand and the target, and
names the card or pile the rule points at ("it must go on QS in w1 as ICE"), never a generic line.
"""

from __future__ import annotations

from ...engine import Action
from ...engine.cards import _RANKS, CARDS, JACK, JOKER
from .layout import PILE_BY_NAME, PILE_NAMES, SLOT_BY_NAME, SLOT_NAMES
from .state import ANY_TIER, COLOUR_TIER, KILLED, LIVING, NO_CARD, SUIT_TIER, MatrixState

FORM = "Every move is 'place' and a pile (a1..c3) or a slot (n1..w3), such as 'place b2'."
#: What a tier means for the card being placed.
_ALIKE = {SUIT_TIER: "of its suit", COLOUR_TIER: "of its colour", ANY_TIER: "a living royal"}
#: Which royals ICE chooses among: its suit first, then its colour, then any.
_AMONG = {
    SUIT_TIER: "among the living royals of its suit",
    COLOUR_TIER: "among the living royals of its colour (none is of its suit)",
    ANY_TIER: "among the living royals (none is of its suit or colour)",
}


def _name(card: int) -> str:
    return str(CARDS[card])


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def why_illegal(state: MatrixState, action: Action) -> str:
    if state.card == NO_CARD:
        return "The game is over; no more moves can be made."
    if action.kind != "place" or len(action.args) != 1:
        return FORM
    target = action.args[0]
    if target not in PILE_BY_NAME and target not in SLOT_BY_NAME:
        return f"'{target}' is neither a pile (a1..c3) nor a slot (n1..n3, e1..e3, s1..s3, w1..w3)."
    card = state.card
    rank = _RANKS[card]
    if rank >= JACK:
        why = _firewall(state, card, target)
    elif rank == 1:
        why = "an ace goes on a pile (any pile, which it resets), never into a slot"
    elif rank == 0:
        why = _zero(state, card, target)
    elif state.fitting_piles(rank):
        why = _number(state, card, target)
    else:
        why = _ice(state, card, target)
    legal = ", ".join(a.args[0] for a in state.legal_actions())
    return f"{_name(card)} cannot go to {target}: {why}. It can go to: {legal}."


def _closed(state: MatrixState, slot: int) -> str | None:
    """Why a slot takes nothing more: a living royal holds it, or a killed one closed it."""
    name = SLOT_NAMES[slot]
    if state.status[slot] == LIVING:
        return f"slot {name} already holds {_name(state.royal[slot])}"
    if state.status[slot] == KILLED:
        return f"slot {name} is closed for good ({_name(state.royal[slot])} was killed there)"
    return None


def _top(state: MatrixState, pile: int) -> str:
    cards = state.piles[pile]
    return f"{_name(cards[-1])} on {PILE_NAMES[pile]}" if cards else f"the empty {PILE_NAMES[pile]}"


def _beside(state: MatrixState, card: int) -> str:
    """Which top card a firewall (or preventative ICE) must go beside, and why that one."""
    tier, piles = state.royal_piles(card)
    if not piles:
        return "beside a pile, but no slot is empty"
    tops = _and([_top(state, p) for p in piles])
    if tier == SUIT_TIER:
        return f"beside the highest top card of its suit, {tops}"
    if tier == COLOUR_TIER:
        return (
            f"beside the highest top card of its colour, {tops} "
            "(no top card of its suit faces an empty slot)"
        )
    return f"beside the highest top card, {tops} (none of its suit or colour faces an empty slot)"


def _firewall(state: MatrixState, card: int, target: str) -> str:
    if target in PILE_BY_NAME:
        return "a firewall goes in an empty outer slot, never on a pile"
    closed = _closed(state, SLOT_BY_NAME[target])
    if closed:
        return closed
    return f"a firewall goes in an empty slot {_beside(state, card)}"


def _zero(state: MatrixState, card: int, target: str) -> str:
    low = state.top_value(state.lowest_piles()[0])
    zero = "joker" if card == JOKER else _name(card)
    if target in SLOT_BY_NAME:
        return f"the {zero} goes on a pile with the lowest top value ({low}), never into a slot"
    pile = PILE_BY_NAME[target]
    top = _name(state.piles[pile][-1])
    return (
        f"the {zero} must go on a pile with the lowest top value ({low}), "
        f"and {target}'s top card {top} is {state.top_value(pile)}"
    )


def _number(state: MatrixState, card: int, target: str) -> str:
    """A 2-10 that fits some pile: only a pile whose top value is no higher takes it."""
    if target in SLOT_BY_NAME:
        fits = _and([PILE_NAMES[p] for p in state.fitting_piles(_RANKS[card])])
        return f"a number card becomes ICE only when it fits no pile, and it fits on {fits}"
    top = state.piles[PILE_BY_NAME[target]][-1]
    return f"its top card {_name(top)} is higher than {_RANKS[card]}"


def _ice(state: MatrixState, card: int, target: str) -> str:
    """A 2-10 that fits no pile: it must become ICE, on the royal the rules choose."""
    tier, living = state.ice_tier(card)
    if not living:
        where = f"preventative ICE (no royal lives) in an empty slot {_beside(state, card)}"
    else:
        low = min(state.health(s) for s in living)
        best = [s for s in living if state.health(s) == low]
        royals = _and([f"{_name(state.royal[s])} in {SLOT_NAMES[s]}" for s in best])
        where = f"ICE on {royals}, the lowest health ({low}) {_AMONG[tier]}"
    if target in PILE_BY_NAME:
        top = state.piles[PILE_BY_NAME[target]][-1]
        return f"its top card {_name(top)} is higher, as on every pile, so it must go as {where}"
    slot = SLOT_BY_NAME[target]
    if state.status[slot] == KILLED:
        return f"{_closed(state, slot)}; it must go as {where}"
    if state.status[slot] != LIVING:
        if living:
            return f"while a royal lives, ICE goes onto a living royal; it must go as {where}"
        return f"it fits no pile, so it must go as {where}"
    royal = _name(state.royal[slot])
    if slot not in living:
        return f"{royal} is not {_ALIKE[tier]}; it must go as {where}"
    return f"{royal} has health {state.health(slot)}; it must go as {where}"
