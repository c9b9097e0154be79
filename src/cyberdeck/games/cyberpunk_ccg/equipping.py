"""Cyberpunk CCG: equipping and the Stash — where gear may go (runners, vehicles, a Chassis under
construction), what may be moved, recovered or renewed, and a card entering play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from . import damage, economy, legwork, priority
from .cards import CYBER, EQUIPMENT, LOCATION, RUNNER
from .rules import CHASSIS_TOKENS, F_ATTACKED, Z_PLAY, Z_STASH, num

if TYPE_CHECKING:
    from .state import CyberState


def recoverable(st: CyberState, s: int, r: int) -> list[int]:
    kinds = (LOCATION,) if st.defs[r].rtype == "corp" else (EQUIPMENT, CYBER)
    pw = legwork.pooled(st, s, r)
    defs = st.defs
    return [i for i in st.discard[s] if defs[i].kind in kinds and defs[i].cost < pw]


def renewable(st: CyberState, s: int, m: int) -> list[int]:
    pw = legwork.pooled(st, s, m)
    return [
        r
        for r in st.runners(s)
        if r != m and st.used[r] and st.flags[r] & F_ATTACKED and st.power(r) < pw
    ]


def chassis(st: CyberState, s: int) -> list[int]:
    defs = st.defs
    return [i for i in st.play[s] if defs[i].gear == "chassis"]


def riggable(st: CyberState, s: int) -> list[int]:
    if not chassis(st, s):
        return []
    defs = st.defs
    out = []
    for a in st.play[s] + st.stash[s]:
        d = defs[a]
        if d.gear == "vehicle" or "heavy-weapon" in d.traits:
            h = st.host[a]
            if st.zone[a] == Z_STASH or (h and defs[h].kind == RUNNER):
                out.append(a)
    return out


def movable(st: CyberState, s: int) -> list[int]:
    defs = st.defs
    out = []
    for a in st.stash[s]:
        if destinations(st, s, a):
            out.append(a)
    for a in st.play[s]:
        d = defs[a]
        if d.kind == EQUIPMENT and st.host[a] and destinations(st, s, a):
            out.append(a)
    return out


def destinations(st: CyberState, s: int, a: int) -> list[int]:
    """Where attachment ``a`` may go in the equip step (0 = the Stash)."""
    defs = st.defs
    d = defs[a]
    h = st.host[a]
    out: list[int] = []
    if st.zone[a] == Z_STASH:
        out = [r for r in st.runners(s) if economy.payers(st, r) and fits(st, a, r)]
        out += [
            ch
            for ch in chassis(st, s)
            if (d.gear == "vehicle" or "heavy-weapon" in d.traits) and fits(st, a, ch)
        ]
        return out
    if d.kind != EQUIPMENT:
        return []
    hd = defs[h]
    if d.gear == "chassis":
        if st.tokens[a] or hd.kind == RUNNER:
            return []
        return [r for r in st.runners(s) if economy.payers(st, r) and fits(st, a, r)]
    if hd.kind == RUNNER:
        if economy.payers(st, h, a):
            out.append(0)
        if not st.used[a]:
            out += [r for r in st.runners(s) if r != h and fits(st, a, r)]
    return out


def fits(st: CyberState, a: int, r: int) -> bool:
    """May attachment ``a`` go on ``r`` (a runner, or a Chassis for its parts)?"""
    defs = st.defs
    d = defs[a]
    held = [x for x in st.attachments(r) if x != a]
    if defs[r].gear == "chassis":
        return d.gear == "vehicle" or "heavy-weapon" in d.traits
    if d.kind == CYBER:
        return all(defs[x].part != d.part for x in held if defs[x].kind == CYBER)
    if d.gear == "weapon":
        return True
    return all(defs[x].gear != d.gear for x in held if defs[x].kind == EQUIPMENT)


def enter_play(st: CyberState, s: int, i: int, host: int = 0, fresh: bool = True) -> None:
    st.zone[i] = Z_PLAY
    st.used[i] = 0
    st.host[i] = host
    st.team[i] = 0
    st.flags[i] = 0
    st.spent[i] = 0
    st.play[s].append(i)
    if fresh and st.defs[i].gear == "chassis":
        st.tokens[i] = CHASSIS_TOKENS


def answer_place(st: CyberState, s: int, pr: tuple[Any, ...], action: Action) -> list[Event]:
    a, origin = pr[2], pr[3]
    where = action.args[0]
    dest = 0 if where == "stash" else num(where)
    st.prompt = None
    events: list[Event] = []
    payers: list[int] = []
    if origin == "move":
        h = st.host[a]
        if st.zone[a] != Z_STASH and dest and st.defs[h].kind == RUNNER:
            st.used[a] = 1  # runner to runner: the moved card is exhausted
        else:
            runner = h if dest == 0 else dest
            if st.defs[runner].kind == RUNNER:
                payers = economy.payers(st, runner, a)
    detach(st, a)
    if dest == 0:
        st.zone[a] = Z_STASH
        st.used[a] = 0
        st.stash[s].append(a)
        text = f"{st.defs[a].name} goes to player {s + 1}'s Stash."
    else:
        used = st.used[a] if origin == "move" else 0
        enter_play(st, s, a, dest, fresh=origin == "buy")
        st.used[a] = used
        text = f"{st.defs[a].name} goes onto {st.name(dest)}."
    events.append(Event("equip", text, {"seat": s}))
    if len(payers) == 1:
        st.used[payers[0]] = 1
    elif payers:
        st.prompt = ("cost", s, tuple(payers))
    if dest and st.defs[a].kind == CYBER and st.defs[dest].kind == RUNNER:
        emp = st.empathy(dest)
        if emp <= 0:
            events += damage.destroy(st, dest, burn=True, why="its Empathy reached 0")
        elif emp == 1:
            events.append(Event("psycho", f"{st.name(dest)} is Cyber-Psycho!", {}))
    return events + priority.done(st, s)


def detach(st: CyberState, a: int) -> None:
    """Take ``a`` out of wherever it is (play, stash, limbo) without sending it anywhere."""
    p = st.owner[a]
    if st.zone[a] == Z_PLAY:
        st.play[p].remove(a)
    elif st.zone[a] == Z_STASH:
        st.stash[p].remove(a)
    st.host[a] = 0
