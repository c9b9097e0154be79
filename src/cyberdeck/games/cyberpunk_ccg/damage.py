"""Cyberpunk CCG: damage control — destroying, trashing and burning cards, the owner's choice of
Med-Techs and Techies to save a trashed card, and defeating a force."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from . import equipping, turns
from .cards import CYBER, EQUIPMENT, RUNNER
from .rules import Z_DISCARD, Z_PLAY, Z_STASH, move, num, on_card

if TYPE_CHECKING:
    from .state import CyberState


def destroy(st: CyberState, i: int, burn: bool = False, why: str = "") -> list[Event]:
    """Trash or Burn a card. A trashed card that the owner's Med-Techs (runners) or Techies
    (gear) could save waits, exhausted, among the *dying* until its owner decides (``ask_save``);
    nothing saves a burned card."""
    if st.zone[i] not in (Z_PLAY, Z_STASH) or (not burn and i in st.dying):
        return []
    if not burn and savable(st, i):
        st.dying.append(i)
        st.used[i] = 1
        tail = f" ({why})" if why else ""
        text = f"{st.name(i)} is about to be trashed{tail}."
        return [Event("threat", text, {"seat": st.owner[i]})]
    return remove(st, i, burn, why)


def remove(st: CyberState, i: int, burn: bool, why: str = "") -> list[Event]:
    """The card goes to the discard pile. A trashed runner's gear is burned with it, except
    gear a Techie could save: that waits in the Stash for its owner's decision."""
    if i in st.dying:
        st.dying.remove(i)
    p = st.owner[i]
    d = st.defs[i]
    events: list[Event] = []
    for a in st.attachments(i):
        if d.kind == RUNNER and not burn and savable(st, a):
            equipping.detach(st, a)
            st.zone[a] = Z_STASH
            st.used[a] = 0
            st.stash[p].append(a)
            if a not in st.dying:
                st.dying.append(a)
            text = f"{st.defs[a].name} falls to the Stash and is about to be trashed."
            events.append(Event("threat", text, {"seat": p}))
            continue
        events += destroy(st, a, burn=True)
    equipping.detach(st, i)
    st.zone[i] = Z_DISCARD
    st.used[i] = st.team[i] = st.flags[i] = st.spent[i] = st.tokens[i] = 0
    st.discard[p].append(i)
    if not st.telling:
        return events
    word = "burned" if burn else "trashed"
    tail = f" ({why})" if why else ""
    events.append(Event("destroy", f"{st.name(i)} is {word}{tail}.", {"seat": p}))
    return events


def need(st: CyberState, i: int) -> tuple[str, int]:
    """Who may save card ``i`` and the Power they must beat: Med-Techs a runner's Power,
    Techies a piece of gear's printed Power."""
    d = st.defs[i]
    if d.kind == RUNNER:
        return "med-tech", st.power(i)
    if d.kind in (CYBER, EQUIPMENT):
        return "techie", d.power
    return "", 0


def savers(st: CyberState, i: int, chosen: tuple[int, ...] = ()) -> list[int]:
    """Unused runners of the card's owner that may still join in saving it (an exhausted one
    has no abilities, constant ones included: ``CyberState.gives``)."""
    want, _ = need(st, i)
    if not want:
        return []
    defs = st.defs
    return [
        r
        for r in st.runners(st.owner[i])
        if r != i and defs[r].rtype == want and st.gives(r) and r not in chosen
    ]


def savable(st: CyberState, i: int, chosen: tuple[int, ...] = ()) -> bool:
    """Could the chosen savers plus every other able one together beat the card's Power?"""
    want, pw = need(st, i)
    if not want:
        return False
    total = sum(st.power(r) for r in chosen) + sum(st.power(r) for r in savers(st, i, chosen))
    return total > pw


def ask_save(st: CyberState, then: tuple[Any, ...] | None = None) -> list[Event]:
    """Put the next dying card before its owner (``save`` prompt), trashing outright those no
    one can save any more. ``then`` is what follows once every dying card is settled: by
    default the prompt that was waiting (or none)."""
    events: list[Event] = []
    resume = st.prompt if then is None else then
    while st.dying:
        i = st.dying[0]
        if st.zone[i] not in (Z_PLAY, Z_STASH):
            st.dying.pop(0)
            continue
        if not savable(st, i):
            events += remove(st, i, False)
            continue
        st.prompt = ("save", st.owner[i], i, (), resume)
        return events
    return events + after_saves(st, resume)


def save_actions(st: CyberState) -> list[Action]:
    pr = st.prompt
    assert pr is not None
    acts = [move("no-save")]
    acts += [on_card("save", r) for r in savers(st, pr[2], pr[3])]
    return acts


def answer_save(st: CyberState, p: int, pr: tuple[Any, ...], action: Action) -> list[Event]:
    """One saver joins (partners pool their Power), or the owner lets the card be trashed.

    Saving is a constant ability (no phase after its "//", seed: Ability Text), so the savers
    stay unused and may save again; only a used saver, which has no abilities, cannot."""
    i, chosen, resume = pr[2], pr[3], pr[4]
    st.prompt = None
    if action.kind == "no-save":
        events = remove(st, i, False)
        return events + ask_save(st, resume)
    chosen = (*chosen, num(action.args[0]))
    _, pw = need(st, i)
    if sum(st.power(r) for r in chosen) <= pw:
        st.prompt = ("save", p, i, chosen, resume)
        return []
    st.dying.remove(i)
    st.used[i] = int(st.zone[i] == Z_PLAY)
    who = " and ".join(st.name(r) for r in chosen)
    verb = "saves" if len(chosen) == 1 else "save"
    events = [Event("save", f"{who} {verb} {st.name(i)} from being trashed.", {"seat": p})]
    return events + ask_save(st, resume)


def after_saves(st: CyberState, resume: tuple[Any, ...] | None) -> list[Event]:
    if resume is not None and resume[0] == "end-turn":
        st.prompt = None
        return turns.finish_turn(st)
    st.prompt = resume
    return []


def defeat_takes(st: CyberState, r: int) -> list[int]:
    """What DEFEATED takes from runner ``r``: its Equipment, or the runner itself when it has
    none."""
    gear = [a for a in st.attachments(r) if st.defs[a].kind == EQUIPMENT]
    return gear or [r]


def defeat(st: CyberState, members: tuple[int, ...]) -> list[Event]:
    """DEFEATED: a runner with Equipment loses it and is exhausted; one without is trashed."""
    events: list[Event] = []
    for r in members:
        if st.zone[r] != Z_PLAY:
            continue
        taken = defeat_takes(st, r)
        for i in taken:
            events += destroy(st, i)
        if taken != [r]:  # it lost its Equipment and stays, exhausted
            st.used[r] = 1
    return events
