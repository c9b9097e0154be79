"""Cyberpunk CCG: backing out of a move that is still being put together.

A move that takes several decisions (buy a card, then pay; send a force, then pick its target; use
an ability, then choose what it touches) commits at the step that changes the game for good: the
first EB paid, the target chosen, the force sent in. Until then the player may take it back with
``cancel``: the card goes back to the hand, the runner that was exhausted to use its ability
stands unused again, and priority is theirs as before. Nothing hidden has come out by then: a card
bought or played is named to the other seats only once its first EB is paid
(``economy.announce``), so it goes back to the hand unseen; and no opponent has decided anything.

The number of back-outs is capped per seat per turn (``BACKOUT_LIMIT``): without a cap, a search
agent weighing "buy, then cancel" against "pay" could go round that loop for ever.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from .rules import Z_HAND, Z_LIMBO, num

if TYPE_CHECKING:
    from .state import CyberState

CANCEL = Action("cancel")
#: Back-outs each seat may make in one turn; a person rarely needs more than one or two.
BACKOUT_LIMIT = 3
#: Window moves that open a question of the same seat (their first step).
STARTS = frozenset(("buy", "play", "move", "open", "team", "interface", "send", "use"))
#: Card moves that take the card out of the hand until it is paid for.
FROM_HAND = frozenset(("buy", "play"))
#: Moves naming a card whose ``used`` mark and flags the move changes before it commits.
ON_INSTANCE = frozenset(("use", "interface"))


def begin(st: CyberState, s: int, action: Action, hand_card: int) -> None:
    """Remember what ``action`` (a window move of ``s``) may change before it commits.

    ``hand_card`` is the instance a ``buy`` or ``play`` takes from the hand (0 otherwise)."""
    if action.kind not in STARTS:
        st.backout = None
        return
    saved: tuple[tuple[int, int, int], ...] = ()
    if action.kind in ON_INSTANCE:
        i = num(action.args[0])
        saved = ((i, st.used[i], st.flags[i]),)
    place = st.hand[s].index(hand_card) if hand_card else 0
    st.backout = (s, hand_card, place, saved)


def carry_on(st: CyberState, pr: tuple[Any, ...], action: Action) -> None:
    """An answer that only takes the move one question further keeps it open; every other answer
    (a payment, a target, a force's objective, a destination) commits it."""
    if st.backout is None:
        return
    kind = pr[0]
    if (kind == "form" and action.kind == "send") or kind in ("ability", "interface"):
        return
    st.backout = None


def open_now(st: CyberState) -> bool:
    """Whether the question in front of the player still belongs to a move nothing has fixed."""
    bo, pr = st.backout, st.prompt
    if bo is None or pr is None or pr[1] != bo[0]:
        return False
    kind = pr[0]
    if kind == "pay":
        return pr[3] == 0 and len(pr) == 5  # nothing paid yet, no Corp exhausted to boost
    if kind == "place":
        return bool(pr[3] == "move")
    return kind in ("form", "ability", "interface", "target", "team")


def allowed(st: CyberState, s: int) -> bool:
    return open_now(st) and st.backouts[s] < BACKOUT_LIMIT


def settle(st: CyberState) -> None:
    """Forget a move that has committed (or that ended with no question left)."""
    if st.backout is not None and not open_now(st):
        st.backout = None


def cancel(st: CyberState, s: int) -> list[Event]:
    bo = st.backout
    assert bo is not None
    _, card, place, saved = bo
    for i, used, flags in saved:
        st.used[i] = used
        st.flags[i] = flags
    st.prompt = None
    st.backout = None
    st.backouts[s] += 1
    if card and st.zone[card] == Z_LIMBO:
        st.zone[card] = Z_HAND
        st.hand[s].insert(min(place, len(st.hand[s])), card)
        if not st.telling:
            return []
        text = f"Player {s + 1} backs out; the card goes back to the hand."
    elif not st.telling:
        return []
    else:
        text = f"Player {s + 1} backs out of the move."
    return [Event("cancel", text, {"seat": s})]


def refusal(st: CyberState, s: int) -> str:
    """Why ``cancel`` is refused now."""
    if open_now(st):
        return f"You have backed out of {BACKOUT_LIMIT} moves this turn; finish this one."
    return (
        "There is nothing to back out of: a move can be taken back only before it is paid for, "
        "sent in or aimed."
    )
