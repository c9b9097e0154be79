"""Agendas: finalizing one and carrying out its benefit, including the Jack's reorder, the Queen's
drain and the King's rearrangement, each a sequence of single decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, Event
from .cards import (
    AGENDA_RANKS,
    RESOURCES,
    TEXT,
    VALUE,
)
from .phases import (
    DRAIN_PHASE,
    NAMES,
    ONLY,
    REWIRE_PHASE,
    STACK_PHASE,
    code_of,
    credits,
    event,
)

if TYPE_CHECKING:
    from .state import HackState


def finalize(s: HackState, p: int) -> list[Event]:
    """Reveal and score the current agenda, then carry out its benefit. Finalizing ends the invest
    action: a benefit without a choice falls through to the one ``_after_action`` at the end, and a
    benefit with a choice reaches it when its last decision is taken."""
    code = s.agenda[p]
    s.agenda[p] = 0
    s.invest[p] = 0
    s.finalized[p].append(code)
    events = [
        event("finalize", f"{NAMES[p]} finalizes agenda {TEXT[code]}.", player=p, card=TEXT[code])
    ]
    ranks = {VALUE[c] for c in s.finalized[p]}
    if all(r in ranks for r in AGENDA_RANKS):
        return events + s._finish(p, f"{NAMES[p]} finalized A, 10, J, Q and K", "agendas")
    rank = VALUE[code]
    if rank == 1:
        s.stock[p] += 3
        events.append(event("benefit", f"{NAMES[p]} gains 3 credits."))
    elif rank == 10:
        s.tags[1 - p] += 1
        events.append(event("benefit", f"{NAMES[1 - p]} takes 1 tag."))
    elif rank == 11:
        deck = s.decks[p]
        take = min(3, len(deck))
        if take >= 2:
            s.stack = deck[-take:][::-1]
            del deck[-take:]
            s.stacked = []
            s.known_own[p] = max(0, s.known_own[p] - take)
            s.known_pub[p] = 0
            s.phase = STACK_PHASE
            s.decider = p
            events.append(event("benefit", f"{NAMES[p]} looks at the top of their deck."))
            events.append(
                event(
                    "peek",
                    "Top of your deck: " + ", ".join(TEXT[c] for c in s.stack) + ".",
                    ONLY[p],
                )
            )
            return events
    elif rank == 12:
        gens = s.gens[p]
        if len(gens) > 1:
            s.phase = DRAIN_PHASE
            s.decider = p
            return events
        if gens:
            events += drain(s, p, 0)
    else:
        pool = [c for c in s.fws[p] if c]
        if pool:
            s.k_pool = pool
            s.k_res = 0
            s.fws[p] = [0] * 12
            s.phase = REWIRE_PHASE
            s.decider = p
            events.append(event("benefit", f"{NAMES[p]} rearranges their firewalls."))
            return events
    return events + s._after_action()


def do_stack(s: HackState, action: Action) -> list[Event]:
    p = s.seat
    code = code_of(action.args[0])
    s.stack.remove(code)
    s.stacked.append(code)
    if len(s.stack) > 1:
        return []
    s.stacked += s.stack
    s.decks[p] += s.stacked[::-1]
    s.known_own[p] += len(s.stacked)
    s.stack = []
    s.stacked = []
    events = [event("stacked", f"{NAMES[p]} puts the cards back in an order of their choice.")]
    return events + s._after_action()


def do_drain(s: HackState, action: Action) -> list[Event]:
    code = code_of(action.args[0])
    p = s.seat
    index = next(i for i, g in enumerate(s.gens[p]) if g & 63 == code)
    return drain(s, p, index) + s._after_action()


def drain(s: HackState, p: int, index: int) -> list[Event]:
    g = s.gens[p].pop(index)
    code, amount = g & 63, g >> 6
    s.stock[p] += amount
    events = [
        event(
            "drain",
            f"{NAMES[p]} moves {credits(amount)} from generator {TEXT[code]} to their stock; "
            "the empty generator is destroyed.",
        )
    ]
    return events + s._to_archive(p, code)


def do_rewire(s: HackState, action: Action) -> list[Event]:
    p = s.seat
    fw = s.fws[p]
    base = s.k_res * 3
    if action.kind == "next":
        s.k_res += 1
        return []
    code = code_of(action.args[0])
    index = next(i for i, c in enumerate(s.k_pool) if abs(c) == code)
    signed = s.k_pool.pop(index)
    slot = base
    while fw[slot]:
        slot += 1
    fw[slot] = signed
    what = TEXT[code] if signed < 0 else "a face-down firewall"
    events = [
        event(
            "rewire",
            f"{NAMES[p]} moves {what} to {RESOURCES[s.k_res]} level {slot % 3 + 1}.",
        )
    ]
    if not s.k_pool:
        return events + s._after_action()
    if slot % 3 == 2:
        s.k_res += 1
    return events
