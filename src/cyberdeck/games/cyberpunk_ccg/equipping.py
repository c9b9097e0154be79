"""Cyberpunk CCG: equipping and the Stash — where gear may go (runners, vehicles, a Chassis under
construction), what may be moved, recovered or renewed, and a card entering play."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from . import damage, economy, legwork, priority
from .cards import CYBER, EQUIPMENT, LOCATION, RUNNER
from .rules import (
    CHASSIS_TOKENS,
    F_ATTACKED,
    F_DRAWN,
    F_SWITCHED,
    Z_PLAY,
    Z_STASH,
    num,
    on_card,
)

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
        if r != m
        and st.used[r]
        and st.can_ready(r)
        and st.flags[r] & F_ATTACKED
        and st.power(r) < pw
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
        if next(each_destination(st, s, a), None) is not None:
            out.append(a)
    for a in st.play[s]:
        d = defs[a]
        if (
            d.kind == EQUIPMENT
            and st.host[a]
            and next(each_destination(st, s, a), None) is not None
        ):
            out.append(a)
    return out


def destinations(st: CyberState, s: int, a: int) -> list[int]:
    """Where attachment ``a`` may go in the equip step (0 = the Stash)."""
    return list(each_destination(st, s, a))


def each_destination(st: CyberState, s: int, a: int) -> Iterator[int]:
    """The destinations of ``a`` one by one (so that asking whether there is one stops at the
    first)."""
    defs = st.defs
    d = defs[a]
    h = st.host[a]
    if st.zone[a] == Z_STASH:
        for r in st.runners(s):
            if fits(st, a, r) and economy.payers(st, r):
                yield r
        if d.gear == "vehicle" or "heavy-weapon" in d.traits:
            for ch in chassis(st, s):
                if fits(st, a, ch):
                    yield ch
        return
    if d.kind != EQUIPMENT:
        return
    hd = defs[h]
    if d.gear == "chassis":
        if st.tokens[a] or hd.kind == RUNNER:
            return
        for r in st.runners(s):
            if fits(st, a, r) and economy.payers(st, r):
                yield r
        return
    if hd.kind == RUNNER:
        if economy.payers(st, h, a):
            yield 0
        if not st.used[a]:
            for r in st.runners(s):
                if r != h and fits(st, a, r):
                    yield r


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
    """Card ``i`` enters play (on ``host`` when given). A weapon reaching a runner is drawn at
    once if the runner has a free hand for it."""
    st.zone[i] = Z_PLAY
    st.used[i] = 0
    st.host[i] = host
    st.team[i] = 0
    st.flags[i] = 0
    st.spent[i] = 0
    st.play[s].append(i)
    d = st.defs[i]
    if fresh and d.gear == "chassis":
        st.tokens[i] = CHASSIS_TOKENS
    if d.gear == "weapon" and host and st.defs[host].kind == RUNNER and hands_free(st, host, i):
        st.flags[i] |= F_DRAWN


def drawn(st: CyberState, r: int, but: int = 0) -> list[int]:
    return [a for a in st.attachments(r) if a != but and st.flags[a] & F_DRAWN]


def hands_free(st: CyberState, r: int, w: int) -> bool:
    """May runner ``r`` draw weapon ``w`` next to the weapons it already has drawn? One weapon;
    a Martial Artist two melee weapons."""
    held = drawn(st, r, w)
    if not held:
        return True
    defs = st.defs
    two = "martial-artist" in defs[r].traits and "melee" in defs[w].traits
    return two and len(held) == 1 and "melee" in defs[held[0]].traits


def weapon_actions(st: CyberState, s: int) -> list[Action]:
    """Equip step: draw a carried weapon (putting away what it replaces) or put one away; each
    weapon changes hands at most once a turn."""
    out: list[Action] = []
    defs = st.defs
    flags = st.flags
    for a in st.play[s]:
        if defs[a].gear != "weapon" or flags[a] & F_SWITCHED:
            continue
        h = st.host[a]
        if flags[a] & F_DRAWN:
            out.append(on_card("holster", a))
        elif h and defs[h].kind == RUNNER and not blocked(st, h, a):
            out.append(on_card("wield", a))
    return out


def blocked(st: CyberState, r: int, w: int) -> bool:
    """A Martial Artist holding two melee weapons must put one away before drawing a third."""
    defs = st.defs
    held = drawn(st, r, w)
    return "melee" in defs[w].traits and len(held) == 2 and "martial-artist" in defs[r].traits


def wield(st: CyberState, s: int, w: int, draw: bool) -> list[Event]:
    r = st.host[w]
    st.flags[w] |= F_SWITCHED
    if draw:
        if not hands_free(st, r, w):
            for a in drawn(st, r, w):
                st.flags[a] &= ~F_DRAWN
        st.flags[w] |= F_DRAWN
        text = f"{st.name(r)} draws {st.name(w)}."
    else:
        st.flags[w] &= ~F_DRAWN
        text = f"{st.name(r)} puts {st.name(w)} away."
    return [Event("wield", text, {"seat": s}), *priority.done(st, s)]


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
        if st.telling:
            text = f"{st.defs[a].name} goes to player {s + 1}'s Stash."
            events.append(Event("equip", text, {"seat": s}))
    else:
        used = st.used[a] if origin == "move" else 0
        enter_play(st, s, a, dest, fresh=origin == "buy")
        st.used[a] = used
        if st.telling:
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
    st.flags[a] &= ~F_DRAWN
    if st.zone[a] == Z_PLAY:
        st.play[p].remove(a)
    elif st.zone[a] == Z_STASH:
        st.stash[p].remove(a)
    st.host[a] = 0
