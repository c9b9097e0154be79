"""Cypher: the characters at work — a card entering a play area (making room when it is full),
what each one does when played (Aristocrat, Executive, Technomancer, Archivist, Extractor, Fixer,
Cypher Anomaly), and the Bodyguard and Data Runner that keep an effect away."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .catalog import (
    CODER,
    E_ARISTOCRAT,
    E_END,
    E_EXTRACT,
    E_FIXER,
    E_GUARD,
    E_IMMUNE,
    E_PURGE,
    E_SWAP,
    E_TAKE,
    KINDS,
    MIDDLE,
    OVERSEER,
    UPPER,
)
from .deck import discard_from_play
from .ending import trigger
from .rules import (
    AREA_LIMIT,
    FIX,
    GUARD,
    NAMES,
    ORDER,
    ROOM,
    T_DRAW,
    T_EFFECT,
    T_ENTER,
    T_EXTRACT,
    T_PURGE,
    T_SHED,
    T_SWAP,
    T_TAKE,
)

if TYPE_CHECKING:
    from .state import CypherState


def enter(st: CypherState, seat: int, card: int, played: bool) -> None:
    """``card`` comes into ``seat``'s play area (``played``: from a hand, so its effect follows);
    a full area first asks the seat which card makes room."""
    if len(st.areas[seat]) >= AREA_LIMIT:
        st.ask(ROOM, seat, (seat, card, played))
    else:
        arrive(st, seat, card, played)


def arrive(st: CypherState, seat: int, card: int, played: bool) -> None:
    """``card`` lands in the area, face up; a played middle-class card drives out the Aristocrats
    beside it, and its own effect follows."""
    cat = st.cat
    st.areas[seat] = (*st.areas[seat], card)
    st.know[card] = st.all_mask
    if not played:
        return
    if cat.cls[card] == MIDDLE:
        for c in st.areas[seat]:
            if c != card and cat.eff[c] == E_ARISTOCRAT:
                discard_from_play(
                    st, seat, c, f" (a middle-class card was played beside {st.the(c)})"
                )
    st.tasks.append((T_EFFECT, seat, card))


def resolve(st: CypherState, seat: int, card: int) -> None:
    """A card's "when played" effect."""
    cat = st.cat
    effect = cat.eff[card]
    n = st.n
    others = [(seat + i) % n for i in range(1, n)]
    if effect == E_ARISTOCRAT:
        middles = tuple(c for c in st.areas[seat] if cat.cls[c] == MIDDLE)
        if middles:
            st.tasks.append((T_SHED, seat, middles))
    elif effect == E_SWAP:
        if card not in st.areas[seat]:
            return
        for o in others:
            if any(cat.kind[c] == OVERSEER for c in st.areas[o]):
                guarded(st, o, (T_SWAP, seat, o))
                return
        if st.display >= 0 and cat.kind[st.display] == OVERSEER:
            swap(st, seat, -1)
            return
        st.event("no-effect", f"The {st.name(card)} finds no Corp Overseer to swap with.")
    elif effect == E_PURGE:
        for o in reversed(others):
            st.tasks.append((T_PURGE, seat, o))
    elif effect == E_TAKE:
        for o in others:
            if any(cat.kind[c] == CODER for c in st.areas[o]):
                guarded(st, o, (T_TAKE, seat, o))
                return
        if st.display >= 0 and cat.kind[st.display] == CODER:
            coder = st.display
            st.display = -1
            st.event(
                "take",
                f"{NAMES[seat]} takes {st.the(coder)} from the Display.",
                {"seat": seat, "from": "display", "card": KINDS[cat.kind[coder]]},
            )
            st.tasks.append((T_ENTER, seat, coder, False))
            return
        st.event("no-effect", f"The {st.name(card)} finds no Coder to take.")
    elif effect == E_EXTRACT:
        st.tasks.append((T_EXTRACT, seat))
        st.tasks.append((T_DRAW, seat, 3))
    elif effect == E_FIXER:
        if st.hands[seat]:
            st.ask(FIX, seat, (seat,))
    elif effect == E_END:
        if st.trigger < 0:
            trigger(st, seat, f"{NAMES[seat]} played {st.the(card)}", "anomaly")
        else:
            st.event("no-effect", "The end is already coming; nothing extends it.")


def guarded(st: CypherState, owner: int, follow: tuple[Any, ...]) -> None:
    """An effect reaches ``owner``'s area: a Bodyguard there may ignore it."""
    if st.has(owner, E_GUARD):
        st.ask(GUARD, owner, (owner, follow))
    else:
        st.tasks.append(follow)


def swap(st: CypherState, seat: int, owner: int) -> None:
    """The Executive trades places with the Corp Overseer of ``owner``'s area (``owner < 0``: the
    Display's)."""
    cat = st.cat
    mine = st.areas[seat]
    execs = [c for c in mine if cat.eff[c] == E_SWAP]
    if not execs:
        return
    ex = execs[-1]
    if owner < 0:
        overseer = st.display
        st.display = ex
        where = "the Display"
    else:
        theirs = st.areas[owner]
        overseer = next(c for c in theirs if cat.kind[c] == OVERSEER)
        st.areas[owner] = tuple(ex if c == overseer else c for c in theirs)
        where = f"{NAMES[owner]}'s area"
    st.areas[seat] = tuple(overseer if c == ex else c for c in mine)
    st.know[ex] = st.know[overseer] = st.all_mask
    st.event(
        "swap",
        f"The {st.name(ex)} swaps with {st.the(overseer)} in {where}.",
        {"seat": seat, "with": owner},
    )


def purge(st: CypherState, seat: int, owner: int) -> None:
    """The Technomancer reaches ``owner``: its upper-class cards go to the bottom of the deck
    unless a Data Runner or a Bodyguard keeps it away."""
    cat = st.cat
    area = st.areas[owner]
    uppers = tuple(c for c in area if cat.cls[c] == UPPER)
    if not uppers:
        return
    if st.has(owner, E_IMMUNE):
        st.event(
            "protected",
            f"{NAMES[owner]}'s Data Runner keeps the Technomancer away.",
            {"seat": owner},
        )
        return
    guarded(st, owner, (T_SHED, owner, uppers))


def shed(st: CypherState, seat: int, cards: tuple[int, ...]) -> None:
    """Those of ``cards`` still in ``seat``'s play area go to the bottom of the deck, one at a
    time in the order the seat chooses (an Aristocrat's middle-class cards, a Technomancer's
    victim's upper-class cards)."""
    left = tuple(c for c in cards if c in st.areas[seat])
    if len(left) == 1:
        discard_from_play(st, seat, left[0], "")
    elif left:
        st.ask(ORDER, seat, (seat, left))


def take_coder(st: CypherState, seat: int, owner: int) -> None:
    """The Archivist: ``seat`` takes the Coder from ``owner``'s play area into its own."""
    cat = st.cat
    for c in st.areas[owner]:
        if cat.kind[c] == CODER:
            area = st.areas[owner]
            i = area.index(c)
            st.areas[owner] = area[:i] + area[i + 1 :]
            st.event(
                "take",
                f"{NAMES[seat]} takes {st.the(c)} from {NAMES[owner]}.",
                {"seat": seat, "from": owner, "card": KINDS[cat.kind[c]]},
            )
            st.tasks.append((T_ENTER, seat, c, False))
            break
