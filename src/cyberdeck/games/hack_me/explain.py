"""Why a move is refused, in a sentence that uses public facts only.

The message goes to whoever sent the move, which may be the opponent of the seat to decide, so it
never depends on a hand, a deck, an inactive firewall or the identity of a current agenda: a move
naming a card is refused with the same sentence whether or not that card is held.
"""

from __future__ import annotations

from ...engine import Action, counted
from .cards import ALL_ACTIONS, RESOURCE_BY_NAME, RESOURCES, TEXT
from .phases import NAMES, PHASE_NAMES, credits
from .state import HackState

_KNOWN = frozenset(ALL_ACTIONS)

_ASKED = {
    "mulligan": "whether to keep the opening hand ('keep' or 'mulligan')",
    "action": "one of the turn's four actions",
    "activate": "whether to activate the firewall being accessed ('activate' or 'pass')",
    "boost": "whether to boost the firewall ('boost' or 'pass')",
    "pay": "whether to pay the firewall's strength ('pay') or suffer its effect ('suffer')",
    "scrap": "which of the attacker's own firewalls to destroy ('scrap RESOURCE LEVEL')",
    "forfeit": "which finalized agenda to destroy ('forfeit CARD')",
    "pick": "which face-down card the shocked hacker discards ('pick N')",
    "trash": "whether to pay 2 credits to destroy the accessed card ('trash' or 'pass')",
    "stack": "which card goes next on top of the deck ('stack CARD')",
    "drain": "which generator to empty into the stock ('drain CARD')",
    "rewire": "where the firewalls go ('rewire CARD' or 'next')",
    "recycle": "which cards to recycle ('recycle CARD' or 'pass')",
    "dismantle": "whether to pay 2 to destroy a firewall ('dismantle RESOURCE LEVEL' or 'pass')",
    "discard": "which card to discard down to five ('discard CARD')",
    "archive": "the order of the cards going on the archive together ('archive CARD' puts that "
    "card on next; the last one placed is the top)",
}

_PHASE_OF_KIND = {
    "keep": "mulligan",
    "mulligan": "mulligan",
    "activate": "activate",
    "boost": "boost",
    "pay": "pay",
    "suffer": "pay",
    "scrap": "scrap",
    "forfeit": "forfeit",
    "pick": "pick",
    "trash": "trash",
    "stack": "stack",
    "drain": "drain",
    "rewire": "rewire",
    "next": "rewire",
    "recycle": "recycle",
    "dismantle": "dismantle",
    "discard": "discard",
    "archive": "archive",
}


_ACTION_KINDS = frozenset(
    (
        "draw",
        "credit",
        "generator",
        "firewall",
        "agenda",
        "invest",
        "run",
        "untag",
        "shock",
        "tutor",
    )
)


def why_illegal(state: HackState, action: Action) -> str:
    if action not in _KNOWN:
        return f"'{action}' is not a Hack-Me move; moves look like 'draw', 'run hand' or 'pay'."
    phase = PHASE_NAMES[state.phase]
    decider = state.current_player
    who = NAMES[decider] if decider is not None else "nobody"
    kind = action.kind
    if phase != "action" and _PHASE_OF_KIND.get(kind) != phase:
        return f"Now {who} must decide {_ASKED[phase]}."
    if phase == "action":
        return _action_reason(state, action)
    if kind == "pay":
        return f"Paying needs {credits(state.strength())}; {who} has {state.stock[decider or 0]}."
    if kind == "pick":
        count = len(state.hands[state.shock_target])
        return f"Pick a position from 1 to {count}: that hand holds {counted(count, 'card')}."
    if kind == "next":
        return "The firewalls still to place would not fit in the remaining resources."
    if kind in ("scrap", "dismantle"):
        return f"{who} has no firewall on {action.args[0]} level {action.args[1]}."
    if kind == "forfeit":
        return f"{who} has no finalized agenda {action.args[0]}."
    if kind == "archive":
        waiting = ", ".join(TEXT[c] for c in state.filing)
        return f"{action.args[0]} is not waiting to go on the archive; these are: {waiting}."
    return f"'{action}' is not one of the choices offered now."


def _action_reason(state: HackState, action: Action) -> str:
    p = state.seat
    o = 1 - p
    kind = action.kind
    state.stock[p]
    if kind not in _ACTION_KINDS:
        return f"It is {NAMES[p]}'s action phase: {_ASKED['action']} is expected."
    if kind == "invest":
        if not state.agenda[p]:
            return "There is no current agenda to invest in; put an agenda into play first."
        return "Investing costs 1 credit and the stock is empty."
    if kind == "run":
        return "No run is allowed during a hacker's own first turn."
    if kind == "untag":
        if not state.tags[p]:
            return "There is no tag to remove."
        return "Removing a tag costs 1 credit."
    if kind == "shock":
        if not state.tags[o]:
            return f"{NAMES[o]} has no tag: a shock needs at least one."
        return "A shock costs 2 credits."
    if kind == "firewall":
        res = RESOURCE_BY_NAME[action.args[1]]
        if state.fws[p][res * 3 + 2]:
            return f"The {RESOURCES[res]} already has three firewalls."
    if kind == "tutor":
        if not state.fresh:
            return "A Joker can only be revealed at the start of the turn, before any action."
        return "A Joker search needs a Joker in hand and names a card still in the deck."
    if kind == "agenda" and state.agenda[p]:
        return "There is already a current agenda; finalize it before starting another."
    return f"'{action}' needs that card in the hand of the hacker to play ({NAMES[p]})."
