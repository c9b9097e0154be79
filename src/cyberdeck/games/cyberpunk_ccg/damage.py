"""Cyberpunk CCG: damage control — destroying, trashing and burning cards (with the cards that
save them), and defeating a force."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Event
from . import equipping
from .cards import CYBER, EQUIPMENT, RUNNER
from .rules import Z_DISCARD, Z_PLAY, Z_STASH

if TYPE_CHECKING:
    from .state import CyberState


def destroy(st: CyberState, i: int, burn: bool = False, why: str = "") -> list[Event]:
    """Trash (savable by Med-Techs and Techies) or Burn (nothing saves it) a card."""
    if st.zone[i] not in (Z_PLAY, Z_STASH):
        return []
    p = st.owner[i]
    d = st.defs[i]
    events: list[Event] = []
    if not burn:
        savers = rescuers(st, p, i)
        if savers:
            for x in savers:
                st.used[x] = 1
            st.used[i] = 1
            who = " and ".join(st.name(x) for x in savers)
            text = f"{who} save {st.name(i)} from being trashed."
            return [Event("save", text, {"seat": p})]
    for a in st.attachments(i):
        if d.kind == RUNNER and not burn:
            savers = rescuers(st, p, a)
            if savers:
                for x in savers:
                    st.used[x] = 1
                equipping.detach(st, a)
                st.zone[a] = Z_STASH
                st.used[a] = 0
                st.stash[p].append(a)
                who = " and ".join(st.name(x) for x in savers)
                events.append(Event("save", f"{who} save {d.name}'s gear.", {}))
                continue
        events += destroy(st, a, burn=True)
    equipping.detach(st, i)
    st.zone[i] = Z_DISCARD
    st.used[i] = st.team[i] = st.flags[i] = st.spent[i] = st.tokens[i] = 0
    st.discard[p].append(i)
    word = "burned" if burn else "trashed"
    tail = f" ({why})" if why else ""
    events.append(Event("destroy", f"{st.name(i)} is {word}{tail}.", {"seat": p}))
    return events


def rescuers(st: CyberState, p: int, i: int) -> list[int]:
    """Unused Med-Techs (for runners) or Techies (for gear) of ``p`` whose Power together
    exceeds the card's: the weakest one able alone, else partners from the strongest down."""
    d = st.defs[i]
    want = "med-tech" if d.kind == RUNNER else "techie" if d.kind in (CYBER, EQUIPMENT) else ""
    if not want:
        return []
    pw = st.power(i) if d.kind == RUNNER else d.power
    able = [r for r in st.runners(p) if r != i and st.defs[r].rtype == want and not st.used[r]]
    alone = [r for r in able if st.power(r) > pw]
    if alone:
        return [min(alone, key=st.power)]
    team: list[int] = []
    total = 0
    for r in sorted(able, key=st.power, reverse=True):
        team.append(r)
        total += st.power(r)
        if total > pw:
            return team
    return []


def defeat(st: CyberState, members: tuple[int, ...]) -> list[Event]:
    """DEFEATED: a runner with Equipment loses it and is exhausted; one without is trashed."""
    events: list[Event] = []
    for r in members:
        if st.zone[r] != Z_PLAY:
            continue
        gear = [a for a in st.attachments(r) if st.defs[a].kind == EQUIPMENT]
        if gear:
            for a in gear:
                events += destroy(st, a)
            st.used[r] = 1
        else:
            events += destroy(st, r)
    return events
