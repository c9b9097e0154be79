"""Cyberpunk CCG: Events and abilities taking effect — choosing a target, the opponent's chance
to answer (a Cop's bust contest), and resolving each effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from . import damage, economy, equipping, hits, legwork, priority, turns
from .cards import EVENT, RUNNER, Effect
from .rules import F_BUSTED, Z_DISCARD, Z_HAND, Z_LIMBO, Z_PLAY, Z_STASH, num

if TYPE_CHECKING:
    from .state import CyberState


def event_actions(st: CyberState, s: int, phase: str) -> list[Action]:
    out: list[Action] = []
    seen: set[int] = set()
    defs = st.defs
    for i in st.hand[s]:
        d = defs[i]
        if d.kind != EVENT or id(d) in seen:
            continue
        seen.add(id(d))
        ab = d.ability
        assert ab is not None
        if ab.timing not in ("any", phase):
            continue
        if economy.funds(st, s) < economy.price(st, s, i):
            continue
        if not effects_possible(st, s, ab.effects) or (
            ab.target != "none" and not hits.targets(st, s, ab.target, ab.effects)
        ):
            continue
        out.append(Action("play", (d.slug,)))
    return out


def effects_possible(st: CyberState, s: int, effects: tuple[Effect, ...]) -> bool:
    return all(not (e.op == "force" and st.hit_side(s) is None) for e in effects)


def play_event(st: CyberState, s: int, i: int) -> list[Event]:
    d = st.defs[i]
    st.hand[s].remove(i)
    st.zone[i] = Z_LIMBO
    ev = Event("play", f"Player {s + 1} plays {d.name}.", {"seat": s, "card": d.slug})
    return [ev, *economy.start_payment(st, s, economy.price(st, s, i), ("event", i))]


def with_target(
    st: CyberState, s: int, pending: tuple[Any, ...], target: str, effects: tuple[Effect, ...]
) -> list[Event]:
    if target == "none":
        return respond_or_resolve(st, s, pending)
    source = pending[1]
    cands = tuple(hits.targets(st, s, target, effects, source))
    if target == "st":
        return respond_or_resolve(st, s, (pending[0], source, source))
    st.prompt = ("target", s, pending, cands)
    return []


def respond_or_resolve(st: CyberState, s: int, pending: tuple[Any, ...]) -> list[Event]:
    """A runner producing an effect may be answered by an opposing Cop (Authority)."""
    code, source = pending[0], pending[1]
    d = st.defs[source]
    if (
        code not in ("card-complete", "skirmish-bust")
        and d.kind == RUNNER
        and st.owner[source] == s
        and d.rtype != "cop"
        and not st.psycho(source)
        and not st.in_skirmish(source)
    ):
        o = 1 - s
        if any(
            st.defs[r].rtype == "cop" and not st.used[r] and not st.in_skirmish(r)
            for r in st.runners(o)
        ):
            st.prompt = ("respond", o, source, s, pending)
            return []
    return resolve(st, s, pending)


def answer_respond(st: CyberState, o: int, pr: tuple[Any, ...], action: Action) -> list[Event]:
    target, s, pending = pr[2], pr[3], pr[4]
    st.prompt = None
    if action.kind == "allow":
        return resolve(st, s, pending)
    cop = num(action.args[0])
    cops = posse(st, o, cop)
    for x in cops:
        st.used[x] = 1
    events, busted = bust_contest(st, o, cops, target)
    if busted:
        events.append(Event("cancel", "The effect is cancelled.", {}))
        return events + priority.done(st, s)
    return events + resolve(st, s, pending)


def posse(st: CyberState, o: int, cop: int) -> list[int]:
    """The Cops that bust together: a teamed Cop brings every unused Cop of its team."""
    if not st.team[cop]:
        return [cop]
    return [
        r
        for r in st.team_members(o, st.team[cop])
        if st.defs[r].rtype == "cop" and (r == cop or not st.used[r])
    ]


def bust_contest(st: CyberState, o: int, cops: list[int], target: int) -> tuple[list[Event], bool]:
    cp, tp = sum(st.power(x) for x in cops), st.power(target)
    who = " and ".join(st.name(x) for x in cops)
    if cp > tp:
        st.used[target] = 1
        st.flags[target] |= F_BUSTED
        st.busts[o] += 1
        text = f"{who} bust {st.name(target)} (Power {cp} against {tp})."
        return [Event("bust", text, {"seat": o})], True
    if tp > cp:
        text = f"{st.name(target)} outclasses {who} (Power {tp} against {cp})."
        events = [Event("bust-fails", text, {"seat": o})]
        for x in cops:
            events += damage.destroy(st, x)
        return events, False
    return [Event("bust-fails", f"{who} cannot make the bust stick.", {})], False


def resolve(st: CyberState, s: int, pending: tuple[Any, ...]) -> list[Event]:
    code, source, target = pending[0], pending[1], pending[2]
    events: list[Event] = []
    if code in ("card", "card-complete"):
        d = st.defs[source]
        assert d.ability is not None
        for e in d.ability.effects:
            events += effect(st, s, e, source, target)
    elif code == "family":
        bonus = st.power(source) // 2
        st.mods.append((target, "power", bonus))
        events.append(Event("mod", f"{st.name(target)} gets +{bonus} Power.", {}))
    elif code in ("credibility", "charisma"):
        amount = st.power(source) * (1 if code == "credibility" else -1)
        before = st.msec(target)
        after = max(0, before + amount)
        st.mods.append((target, "msec", after - before))
        events.append(Event("mod", f"{st.name(target)}: M-Sec {before} → {after}.", {}))
    elif code in ("interface-up", "interface-down"):
        amount = st.power(source) * (1 if code == "interface-up" else -1)
        before = st.esec(target)
        after = max(0, min(st.defs[target].esec, before + amount))
        st.mods.append((target, "esec", after - before))
        events.append(Event("mod", f"{st.name(target)}: E-Sec {before} → {after}.", {}))
    elif code == "street-deal":
        st.mods.append((target, "lrcost", st.power(source)))
        text = f"{st.name(target)}'s long-range offense costs {st.power(source)} EB less."
        events.append(Event("mod", text, {}))
    elif code == "recover":
        events += legwork.enlist(st, s, source, st.defs[target].cost)
        events += to_hand(st, s, target)
    elif code == "renew":
        events += legwork.enlist(st, s, source, st.power(target))
        st.used[target] = 0
        events.append(Event("renew", f"{st.name(target)} is renewed.", {}))
    elif code == "rig":
        ch = equipping.chassis(st, s)[0]
        equipping.detach(st, target)
        equipping.enter_play(st, s, target, ch)
        events.append(Event("rig", f"{st.defs[target].name} is built into the Chassis.", {}))
    elif code in ("sense-attack", "sense-defense"):
        side = st.hit_side(s)
        assert side is not None
        stat = 0 if code == "sense-attack" else 1
        hits.hit_bonus(st, side, stat, st.power(source))
        events.append(Event("mod", f"{st.name(source)} adds its Power in combat.", {}))
    elif code == "support":
        side = st.hit_side(s)
        if side is not None:
            hits.hit_bonus(st, side, 0, target)
            events.append(
                Event("support", f"{st.name(source)} adds {target} long-range offense.", {})
            )
    elif code == "skirmish-bust":
        more, _ = bust_contest(st, s, [source], target)
        events += more
    if st.prompt is None:
        events += priority.done(st, s)
    return events


def effect(st: CyberState, s: int, e: Effect, source: int, target: int) -> list[Event]:
    op = e.op
    if op == "gain":
        st.bank[s] += e.amount
        return [Event("gain", f"Player {s + 1} banks {e.amount} EB for this turn.", {})]
    if op == "draw":
        return turns.continue_draw(st, s, e.amount, "effect")
    if op == "style":
        st.style[s] += e.amount
        return [Event("style", f"Player {s + 1} gains {e.amount} Style.", {})]
    if op == "score":
        st.ops[s] += e.amount
        return [Event("score", f"Player {s + 1} scores {e.amount} Ops.", {})]
    if op == "force":
        side = st.hit_side(s)
        if side is None:
            return []
        hits.hit_bonus(st, side, 0 if e.stat == "attack" else 1, e.amount)
        word = "attack" if e.stat == "attack" else "Defense"
        return [Event("force", f"Player {s + 1}'s force gets +{e.amount} {word}.", {})]
    if target == 0 or st.zone[target] not in (Z_PLAY, Z_DISCARD):
        return []
    if op == "mod":
        if e.stat == "esec":
            before = st.esec(target)
            after = max(0, min(st.defs[target].esec, before + e.amount))
            st.mods.append((target, "esec", after - before))
        elif e.stat == "msec":
            before = st.msec(target)
            st.mods.append((target, "msec", max(0, before + e.amount) - before))
        else:
            st.mods.append((target, e.stat, e.amount))
        sign = "+" if e.amount >= 0 else ""
        return [Event("mod", f"{st.name(target)} gets {sign}{e.amount} {e.stat}.", {})]
    if op == "trash":
        return damage.destroy(st, target)
    if op == "burn":
        return damage.destroy(st, target, burn=True)
    if op == "exhaust":
        st.used[target] = 1
        return [Event("exhaust", f"{st.name(target)} is exhausted.", {})]
    if op == "straighten":
        st.used[target] = 0
        return [Event("straighten", f"{st.name(target)} is straightened.", {})]
    if op == "bust":
        if st.psycho(target):
            return []
        st.used[target] = 1
        st.flags[target] |= F_BUSTED
        return [Event("bust", f"{st.name(target)} is busted.", {})]
    if op == "recover":
        return to_hand(st, s, target)
    if op == "stash":
        equipping.detach(st, target)
        st.zone[target] = Z_STASH
        st.used[target] = 0
        st.stash[st.owner[target]].append(target)
        return [Event("stash", f"{st.defs[target].name} goes back to the Stash.", {})]
    raise AssertionError(op)


def to_hand(st: CyberState, s: int, i: int) -> list[Event]:
    st.discard[s].remove(i)
    st.zone[i] = Z_HAND
    st.hand[s].append(i)
    return [Event("recover", f"{st.defs[i].name} returns to player {s + 1}'s hand.", {})]
