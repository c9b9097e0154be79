"""Cyberpunk CCG: legwork and teams — Fixers' deals, support costs, opening an opponent's
Operation, the partners who may pool Power, and forming or leaving teams."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Action
from . import economy
from .cards import OPERATION
from .cardset import COMBAT_SCALE
from .rules import F_MOVED, F_OPENED, MAX_TEAMS, move, on_card

if TYPE_CHECKING:
    from .state import CyberState


def support_cost(st: CyberState, r: int) -> int:
    """EB to pay for ``r``'s long-range offense: its LR (an EB a step of the set's combat scale),
    less a Fixer's Street Deal."""
    return max(0, st.runner_stat(r, "lr") // COMBAT_SCALE - st.mod(r, "lrcost"))


def dealable(st: CyberState, s: int, fixer: int) -> list[int]:
    """Runners whose long-range offense a Fixer may make cheaper (Street Deal)."""
    return [
        r
        for r in st.runners(s)
        if r != fixer and not st.used[r] and not st.in_hit(r) and st.runner_stat(r, "lr")
    ]


def all_sites(st: CyberState) -> list[int]:
    return st.sites(0) + st.sites(1)


def partners(st: CyberState, s: int, r: int) -> list[int]:
    """Unused runners of ``s`` of ``r``'s type that may lend ``r`` their Power (partnering is
    an ability: ``CyberState.gives``)."""
    t = st.defs[r].rtype
    return [x for x in st.runners(s) if x != r and st.gives(x) and st.defs[x].rtype == t]


def pooled(st: CyberState, s: int, r: int) -> int:
    """``r``'s Power with every possible partner's added."""
    return st.power(r) + sum(st.power(x) for x in partners(st, s, r))


def openable(st: CyberState, s: int) -> list[int]:
    o = 1 - s
    out = []
    for op in st.sites(o, OPERATION):
        if not st.flags[op] & F_OPENED and economy.funds(st, s, True) >= 2 * st.defs[op].cost:
            out.append(op)
    return out


def team_actions(st: CyberState, s: int) -> Iterator[Action]:
    """Runners that may join or leave a team (``team_choices`` not empty): the teams' sizes are
    counted once for all of them, not once a runner."""
    rs = st.runners(s)
    sizes, nomads = _team_sizes(st, rs)
    team = st.team
    flags = st.flags
    for r in rs:
        if flags[r] & F_MOVED:
            continue
        t = team[r]
        nomad = st.family(r)
        if t or any(_room(sizes, nomads, k, nomad) for k in range(1, MAX_TEAMS + 1) if k != t):
            yield on_card("team", r)


def _team_sizes(st: CyberState, rs: list[int]) -> tuple[list[int], list[bool]]:
    """How many of runners ``rs`` each team holds (team 0: none), and which hold a Nomad that
    gives its Family (an exhausted one does not: ``CyberState.family``)."""
    sizes = [0] * (MAX_TEAMS + 1)
    nomads = [False] * (MAX_TEAMS + 1)
    team = st.team
    for x in rs:
        sizes[team[x]] += 1
        if st.family(x):
            nomads[team[x]] = True
    return sizes, nomads


def _room(sizes: list[int], nomads: list[bool], k: int, nomad: bool) -> bool:
    """Whether team ``k`` has room for one more runner (``nomad``: one that gives its Family).

    The size is checked as a runner joins: a team of five whose Nomad is exhausted keeps its
    five (nobody is sent away, and its exhausted Nomad cannot set out with it, so the team
    sets out with four at most), but no runner may join it until the Nomad is straightened."""
    return sizes[k] < 4 + (1 if nomads[k] or nomad else 0)


def team_choices(st: CyberState, s: int, r: int) -> list[Action]:
    """Teams runner ``r`` may join now (1–4 runners, 5 with a Nomad), or leaving its team."""
    sizes, nomads = _team_sizes(st, st.runners(s))
    nomad = st.family(r)
    out = [
        move("join", f"t{k}")
        for k in range(1, MAX_TEAMS + 1)
        if k != st.team[r] and _room(sizes, nomads, k, nomad)
    ]
    if st.team[r]:
        out.append(move("leave"))
    return out
