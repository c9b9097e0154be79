"""Cyberpunk CCG: hits, skirmishes and runs — which forces may go and where, forming a force, the
defender's answer, the fight itself, and what a won hit takes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from . import damage, economy, legwork, priority, responses
from .cards import CYBER, EQUIPMENT, LOCATION, OPERATION, RUNNER, Effect
from .rules import (
    F_ATTACKED,
    F_BUSTED,
    F_HIT,
    F_OPENED,
    F_RAIDED,
    MAX_TEAMS,
    STASH,
    Z_PLAY,
    c,
    move,
    num,
)

if TYPE_CHECKING:
    from .state import CyberState


def skirmish_busts(st: CyberState, s: int) -> list[int]:
    h = st.hit
    assert h is not None
    foes = h[4] if s == h[1] else h[2]
    return [r for r in foes if st.defs[r].rtype != "cop" and not st.psycho(r)]


def forces(st: CyberState, s: int, mode: str) -> list[tuple[str, tuple[int, ...]]]:
    """Teams and single un-teamed runners that may set out now."""
    out: list[tuple[str, tuple[int, ...]]] = []
    rs = st.runners(s)
    for k in range(1, MAX_TEAMS + 1):
        members = tuple(r for r in rs if st.team[r] == k and not st.used[r])
        if members and force_ok(st, members, mode):
            out.append((f"t{k}", members))
    for r in rs:
        if st.team[r] == 0 and not st.used[r] and force_ok(st, (r,), mode):
            out.append((c(r), (r,)))
    return out


def force_ok(st: CyberState, members: tuple[int, ...], mode: str) -> bool:
    if st.movement(members) < 1:
        return False
    return not (mode == "hit" and any(st.flags[r] & F_HIT for r in members))


def send_actions(st: CyberState, s: int, mode: str) -> list[Action]:
    if not targets_for(st, s, mode):
        return []
    return [move("send", name) for name, _ in forces(st, s, mode)]


def targets_for(st: CyberState, s: int, mode: str) -> list[int]:
    if mode == "run":
        return st.sites(s, OPERATION)
    o = 1 - s
    out = st.sites(o, LOCATION)
    out += [op for op in st.sites(o, OPERATION) if st.flags[op] & F_OPENED]
    if st.stash[o] and economy.funds(st, s) >= len(st.stash[o]):
        out.append(STASH)
    return out


def targets(st: CyberState, s: int, target: str, effects: tuple[Effect, ...] = ()) -> list[int]:
    """The legal targets of an effect: what the target word names, less what the effects cannot
    touch (a Cyber-Psycho cannot be busted, a busted runner cannot be straightened)."""
    o = 1 - s
    defs = st.defs
    if target == "own-runner":
        if any(e.op == "straighten" for e in effects):
            return [r for r in st.runners(s) if st.can_ready(r)]
        return st.runners(s)
    if target == "own-raiders":
        return raiders(st, s)
    if target in ("opp-runner", "opp-runners"):
        if any(e.op == "bust" for e in effects):
            # A busted runner stays busted until its owner straightens: no second bust (nor
            # a second bust point) before then.
            return [r for r in st.runners(o) if not st.psycho(r) and not st.flags[r] & F_BUSTED]
        return st.runners(o)
    if target == "any-runner":
        return st.runners(s) + st.runners(o)
    if target == "opp-site":
        return st.sites(o)
    if target == "own-site":
        return st.sites(s)
    if target == "any-site":
        return legwork.all_sites(st)
    if target in ("opp-gear", "opp-attachment"):
        kinds = (EQUIPMENT,) if target == "opp-gear" else (EQUIPMENT, CYBER)
        return [
            a
            for a in st.play[o]
            if defs[a].kind in kinds and st.host[a] and defs[st.host[a]].kind == RUNNER
        ]
    if target == "own-discard":
        out = []
        for e in effects:
            if e.op == "recover":
                out += [
                    i for i in st.discard[s] if defs[i].kind == e.stat and defs[i].cost <= e.amount
                ]
        return out
    return []


def raiders(st: CyberState, s: int) -> list[int]:
    """``s``'s used runners whose hit trashed the opponent's Stash this turn, that an effect may
    straighten (Exfiltration's targets)."""
    return [r for r in st.runners(s) if st.flags[r] & F_RAIDED and st.used[r] and st.can_ready(r)]


def hit_bonus(st: CyberState, side: int, stat: int, amount: int) -> None:
    h = st.hit
    assert h is not None
    k = 5 + 2 * side + stat
    st.hit = (*h[:k], h[k] + amount, *h[k + 1 :])


def answer_form(st: CyberState, s: int, pr: tuple[Any, ...], action: Action) -> list[Event]:
    members, mode = pr[2], pr[3]
    if action.kind == "send":
        st.prompt = ("form", s, (*members, num(action.args[0])), mode)
        return []
    st.prompt = None
    target = STASH if action.args[0] == "stash" else num(action.args[0])
    if target == STASH:
        return economy.start_payment(st, s, len(st.stash[1 - s]), ("stash", members))
    return begin_hit(st, s, members, target, mode)


def begin_hit(
    st: CyberState, s: int, members: tuple[int, ...], target: int, mode: str
) -> list[Event]:
    o = 1 - s
    for r in members:
        st.flags[r] |= F_ATTACKED | (F_HIT if mode == "hit" else 0)
    what = f"player {o + 1}'s Stash" if target == STASH else st.name(target)
    names = ", ".join(st.name(r) for r in members)
    verb = "hits" if mode == "hit" else "runs on"
    events = [Event(mode, f"Player {s + 1} {verb} {what} with {names}.", {"seat": s})]
    if mode == "hit" and (target == STASH or st.defs[target].kind == LOCATION):
        st.sitehit[o] = 1
    st.hit = (mode, s, members, target, (), 0, 0, 0, 0)
    if mode == "hit" and any(
        any(not st.used[r] for r in st.team_members(o, k)) for k in range(1, MAX_TEAMS + 1)
    ):
        st.prompt = ("defend", o)
        return events
    st.prio, st.passes = s, 0
    return events


def answer_defend(st: CyberState, o: int, action: Action) -> list[Event]:
    st.prompt = None
    h = st.hit
    assert h is not None
    if action.kind == "no-defense":
        st.prio, st.passes = h[1], 0
        return [Event("no-defense", f"Player {o + 1} does not defend.", {})]
    k = int(action.args[0][1:])
    defenders = tuple(r for r in st.team_members(o, k) if not st.used[r])
    st.hit = (*h[:4], defenders, *h[5:])
    st.prio, st.passes = o, 0
    names = ", ".join(st.name(r) for r in defenders)
    return [Event("defend", f"Player {o + 1} defends with {names}: skirmish!", {})]


def resolve_hit(st: CyberState) -> list[Event]:
    h = st.hit
    assert h is not None
    mode, s, members, target, defenders = h[0], h[1], h[2], h[3], h[4]
    o = 1 - s
    events: list[Event] = []
    attack = st.hit_attack(0)
    defense = st.hit_defense(0)
    if defenders:
        d_attack = st.hit_attack(1)
        d_defense = st.hit_defense(1)
        won = attack > d_defense
        lost = d_attack > defense
        events.append(
            Event(
                "skirmish",
                f"Skirmish: attack {attack} against Defense {d_defense}; "
                f"defending attack {d_attack} against Defense {defense}.",
                {},
            )
        )
        if won:
            events += damage.defeat(st, defenders)
        for r in defenders:
            if st.zone[r] == Z_PLAY:
                st.used[r] = 1
        if lost:
            events.append(Event("defeated", f"Player {s + 1}'s force is DEFEATED.", {}))
            events += damage.defeat(st, members)
        if not won or lost:
            exhaust(st, members)
            return events + end_hit(st, s)
        attack -= d_defense
        defense -= d_attack
    if target != STASH and st.zone[target] != Z_PLAY:
        events.append(Event("fizzle", "The target is gone; the force stands down.", {}))
        exhaust(st, members)
        return events + end_hit(st, s)
    if target == STASH:
        target_attack = st.stash_security(o)
        what = f"player {o + 1}'s Stash"
    else:
        target_attack = st.security(target)
        what = st.name(target)
    events.append(Event("attack", f"Offense {attack} against {what} (ATTACK {target_attack}).", {}))
    if attack > target_attack:
        events += take(st, s, target, mode)
        for r in members:
            st.spent[r] += 1
            if target == STASH:
                st.flags[r] |= F_RAIDED
        if mode == "run":
            if st.movement(members) < 1:
                exhaust(st, members)
            events += end_hit(st, s, complete=target)
            return events
        v = st.press_vehicle(members)
        if v:
            st.prompt = ("press", s, v)
            return events
        exhaust(st, members)
        return events + end_hit(st, s)
    if target_attack > defense:
        events.append(Event("defeated", f"Player {s + 1}'s force is DEFEATED.", {}))
        events += damage.defeat(st, members)
    exhaust(st, members)
    return events + end_hit(st, s)


def exhaust(st: CyberState, members: tuple[int, ...]) -> None:
    for r in members:
        if st.zone[r] == Z_PLAY:
            st.used[r] = 1


def take(st: CyberState, s: int, target: int, mode: str) -> list[Event]:
    o = 1 - s
    if target == STASH:
        n = len(st.stash[o])
        events = [Event("stash-hit", f"Player {s + 1} trashes player {o + 1}'s Stash.", {})]
        for a in list(st.stash[o]):
            events += damage.destroy(st, a)
        st.ops[s] += 3 * n
        st.stashhit[s] = 1
        return [*events, Event("score", f"Player {s + 1} scores {3 * n} Ops.", {})]
    d = st.defs[target]
    events = damage.destroy(st, target, burn=mode == "run")
    st.ops[s] += d.ops
    return [*events, Event("score", f"Player {s + 1} scores {d.ops} Ops.", {"seat": s})]


def end_hit(st: CyberState, s: int, complete: int = 0) -> list[Event]:
    st.hit = None
    d = st.defs[complete] if complete else None
    if d is not None and d.ability is not None and d.ability.timing == "complete":
        ab = d.ability
        return responses.with_target(st, s, ("card-complete", complete, 0), ab.target, ab.effects)
    return priority.done(st, s)
