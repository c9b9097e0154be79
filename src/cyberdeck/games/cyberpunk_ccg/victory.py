"""Cyberpunk CCG: how a game is won — 100 Ops or Style points, or a sponsor's own goal (Arasaka's
fortress, Biotechnica's chrome, Militech's strike, the Nomads' road, the Gangs' Punknaught, the
N.C.P.D.'s busts, the Mob's turf)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Event, Outcome
from . import equipping
from .cards import CYBER, LOCATION, LOCATION_TYPES, RUNNER, VEHICLE_TYPES
from .rules import WIN_POINTS

if TYPE_CHECKING:
    from .state import CyberState

#: The numbers in the sponsors' own conditions (the seed's table), shared with ``goals``.
ARASAKA_DEFENSE = 120
BIOTECHNICA_EMPATHY = 50
MILITECH_SR = 120
MOB_EB = 50
NCPD_BUSTS = 50


def points_victory(st: CyberState, p: int) -> list[tuple[int, str, str]]:
    if st.ops[p] >= WIN_POINTS:
        return [(p, f"{st.ops[p]} Ops points scored", "ops")]
    if st.style_in_play(p) >= WIN_POINTS:
        return [(p, f"{st.style_in_play(p)} Style points in play", "style")]
    return []


def victory(st: CyberState, p: int) -> tuple[str, str] | None:
    for _, reason, kind in points_victory(st, p):
        return reason, kind
    slug = st.defs[st.sponsor[p]].slug
    defs = st.defs
    rs = st.runners(p)
    if slug == "arasaka":
        total = sum(st.runner_stat(r, "df") for r in rs)
        if not st.sitehit[p] and total >= ARASAKA_DEFENSE:
            return f"Arasaka's fortress: {total} Defense and nothing hit", "sponsor"
    elif slug == "biotechnica":
        loss = sum(defs[a].empathy for a in st.play[p] if defs[a].kind == CYBER)
        if loss >= BIOTECHNICA_EMPATHY:
            return f"Biotechnica's chrome: {loss} Empathy loss on Cyber", "sponsor"
    elif slug == "militech":
        total = sum(st.runner_stat(r, "sr") for r in rs)
        if st.stashhit[p] and total >= MILITECH_SR:
            return f"Militech's strike: a Stash hit and {total} SR", "sponsor"
    elif slug == "the-nomads":
        have = riding(st, p)
        road = any(defs[i].slug == "the-open-road" for i in st.play[p])
        if road and all(t in have for t in VEHICLE_TYPES):
            return "The Nomads ride The Open Road with every kind of vehicle", "sponsor"
    elif slug == "friendly-gangs":
        if st.corpzone[p] and any(st.chassis_complete(ch) for ch in equipping.chassis(st, p)):
            return "The Gangs' Punknaught trashes the Corp Zone", "sponsor"
    elif slug == "ncpd" and st.busts[p] >= NCPD_BUSTS:
        return f"N.C.P.D.: {st.busts[p]} bust points", "sponsor"
    return None


def riding(st: CyberState, p: int) -> set[str]:
    """The kinds of Vehicle on ``p``'s runners (the Nomads' condition counts no Stash)."""
    defs = st.defs
    return {
        t
        for a in st.play[p]
        if defs[a].gear == "vehicle" and defs[st.host[a]].kind == RUNNER
        for t in defs[a].traits
    }


def turf_eb(st: CyberState, p: int, even_used: bool = False) -> int:
    """The EB of ``p``'s Locations toward the Mob's empire: an exhausted Location gives none
    (``CyberState.gives``; ``even_used``: what they give once straightened). Their types count
    whether or not they are exhausted: a type is what a Location is, not what it gives."""
    defs = st.defs
    return sum(defs[i].eb for i in st.sites(p, LOCATION) if even_used or st.gives(i))


def mob_wins(st: CyberState, p: int) -> bool:
    if st.defs[st.sponsor[p]].slug != "the-mob":
        return False
    kinds = {t for i in st.sites(p, LOCATION) for t in st.defs[i].traits}
    return turf_eb(st, p) >= MOB_EB and all(t in kinds for t in LOCATION_TYPES)


def win(st: CyberState, p: int, reason: str, kind: str) -> list[Event]:
    returns = (1.0, -1.0) if p == 0 else (-1.0, 1.0)
    st._outcome = Outcome((p,), returns, f"Player {p + 1} wins: {reason}", kind)
    st.prompt = None
    return [Event("end", f"Player {p + 1} wins: {reason}.", {"seat": p})]
