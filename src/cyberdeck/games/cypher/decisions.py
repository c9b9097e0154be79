"""Cypher: carrying out a seat's decision — playing a card, drawing, passing and discarding
face down, making room in a full area, ordering cards to the deck bottom, the Fixer's addition,
the Extractor's removal and the Bodyguard's answer — with what each seat learns of the cards that
leave a hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from .catalog import KIND_INDEX, KINDS
from .deck import discard_from_play, draw
from .effects import arrive
from .rules import (
    DISCARD,
    DRAW,
    EXTRACT,
    FIX,
    GUARD,
    NAMES,
    NONE,
    ONLY,
    ORDER,
    PAIRS,
    PASS,
    PLAY,
    ROOM,
    T_DISCARD,
    T_DRAW,
    T_ENTER,
    T_SHED,
)

if TYPE_CHECKING:
    from .state import CypherState

#: Every card kind, as a bit mask over kinds.
EVERY_KIND = (1 << len(KINDS)) - 1


def face_up(st: CypherState, seat: int, kind: int) -> int:
    """A card of ``kind`` leaves ``seat``'s hand face up (played or added): everyone sees its
    kind (``leaves``). The card."""
    card = st.first_of(st.hands[seat], kind)
    from_hand(st, seat, card)
    leaves(st, seat, card, st.all_mask)
    st.know[card] = st.all_mask
    return card


def face_down(st: CypherState, seat: int, kind: int, sees: int = 0) -> int:
    """A card of ``kind`` leaves ``seat``'s hand face down (passed, discarded, removed): only
    the seats in the mask ``sees`` (a pass's receiver) see which kind it was; everyone else
    saw a card go (``leaves``). The card (where it went, and who knows, is up to the caller)."""
    card = st.first_of(st.hands[seat], kind)
    from_hand(st, seat, card)
    leaves(st, seat, card, sees)
    return card


def leaves(st: CypherState, seat: int, card: int, seers: int) -> None:
    """``card`` has left ``seat``'s hand: what each other seat (and the public) is still sure
    of there. Copies of a kind are alike, so a seat keeps a copy it knew only where no card
    that may have left was that copy.

    The seats in the mask ``seers`` saw the card's kind: the one that left may have been any
    copy of that kind they knew, so they are sure of one copy of it fewer and of every other
    card still. Everyone else saw only that a card left, which may have been any card of the
    hand: they are sure of one copy fewer of each kind they knew there (two Extractors known,
    one card passed to a neighbour: one Extractor is still certain). A seat that knew the very
    card that left has already lost that copy of its kind with it."""
    know = st.know
    kinds = st.cat.kind
    hand = st.hands[seat]
    held = 0
    for c in hand:
        held |= know[c]
    bits = held & ~(1 << seat)
    if not bits:
        return
    kind = kinds[card]
    while bits:
        bit = bits & -bits
        bits ^= bit
        # The kinds (a bit mask) of which the seat must drop a known copy.
        doubt = (1 << kind) if seers & bit else EVERY_KIND
        if know[card] & bit:
            doubt &= ~(1 << kind)
        for c in hand:
            if know[c] & bit and doubt >> kinds[c] & 1:
                know[c] &= ~bit
                doubt &= ~(1 << kinds[c])


def from_hand(st: CypherState, seat: int, card: int) -> None:
    """``card`` leaves ``seat``'s hand (what others learn is up to the caller)."""
    hand = st.hands[seat]
    i = hand.index(card)
    st.hands[seat] = hand[:i] + hand[i + 1 :]


def decide(st: CypherState, action: Action) -> None:
    """Carry out the pending decision with ``action`` (a legal one); what follows from it is left
    on the task stack."""
    phase = st.phase
    seat = st.decider
    ctx = st.ctx
    st.phase = NONE
    st._legal = None
    kind = KIND_INDEX.get(action.args[0], -1) if action.args else -1
    if phase == PLAY:
        card = face_up(st, seat, kind)
        st.event(
            "play",
            f"{NAMES[seat]} plays {st.the(card)}.",
            {"seat": seat, "card": KINDS[kind]},
        )
        st.tasks.append((T_ENTER, seat, card, True))
    elif phase == DRAW:
        draw(st, seat, action.args[0])
        st.tasks.append((T_DRAW, seat, ctx[1] - 1))
    elif phase == PASS:
        to = ctx[1]
        card = face_down(st, seat, kind, 1 << to)
        st.hands[to] = (*st.hands[to], card)
        st.know[card] = (1 << seat) | (1 << to)
        st.event(
            "pass",
            f"{NAMES[seat]} passes a card {ctx[2]} {NAMES[to]}.",
            {"seat": seat, "to": to},
        )
        # One secret for the two seats that know it: the passer and the receiver.
        st.secret("passed", f"The card passed is {st.the(card)}.", PAIRS[seat][to])
    elif phase == DISCARD:
        card = face_down(st, seat, kind)
        st.deck.insert(0, card)
        st.know[card] = 1 << seat
        st.event(
            "discard",
            f"{NAMES[seat]} discards a card face down to the bottom of the deck.",
            {"seat": seat},
        )
        st.secret("discarded", f"You discard {st.the(card)}.", ONLY[seat])
        st.tasks.append((T_DISCARD, seat, ctx[1]))
    elif phase == ROOM:
        _, card, played = ctx
        discard_from_play(st, seat, st.first_of(st.areas[seat], kind), " to make room")
        arrive(st, seat, card, played)
    elif phase == ORDER:
        left = ctx[1]
        card = st.first_of(left, kind)
        discard_from_play(st, seat, card, "")
        st.tasks.append((T_SHED, seat, tuple(c for c in left if c != card)))
    elif phase == FIX:
        if kind < 0:
            st.event("fixer", f"{NAMES[seat]} adds nothing with the Fixer.", {"seat": seat})
        else:
            card = face_up(st, seat, kind)
            st.event(
                "play",
                f"{NAMES[seat]} adds {st.the(card)} with the Fixer.",
                {"seat": seat, "card": KINDS[kind], "fixer": True},
            )
            st.tasks.append((T_ENTER, seat, card, True))
    elif phase == EXTRACT:
        if kind < 0:
            st.event("extract", f"{NAMES[seat]} removes nothing.", {"seat": seat})
        else:
            card = face_down(st, seat, kind)
            st.removed = (*st.removed, card)
            st.know[card] = 1 << seat
            st.event(
                "extract",
                f"{NAMES[seat]} removes a card from the game, unseen.",
                {"seat": seat, "removed": True},
            )
            st.secret("extracted", f"You remove {st.the(card)}.", ONLY[seat])
    elif phase == GUARD:
        follow = ctx[1]
        if action.kind == "guard":
            st.event(
                "guard",
                f"{NAMES[seat]}'s Bodyguard ignores the effect.",
                {"seat": seat},
            )
        else:
            st.tasks.append(follow)
