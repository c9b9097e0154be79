"""Cyberpunk CCG: Events and abilities taking effect — choosing a target, the opponent's chance
to answer (a Cop's bust contest), and resolving each effect."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from . import damage, economy, equipping, hits, legwork, priority, turns
from .cards import EVENT, EVERY_AT_ONCE, RUNNER, Effect
from .cardset import COMBAT_SCALE
from .rules import (
    F_BUSTED,
    F_FOUGHT,
    Z_DISCARD,
    Z_HAND,
    Z_LIMBO,
    Z_PLAY,
    Z_STASH,
    move,
    num,
    on_card,
)

if TYPE_CHECKING:
    from .state import CyberState


#: A stat as the cards print it; the key (``esec``) is the engine's word.
STAT_WORDS = {
    "sr": "SR",
    "lr": "LR",
    "df": "Defense",
    "msec": "M-Sec",
    "esec": "E-Sec",
    "power": "Power",
    "empathy": "Empathy",
}


def event_actions(st: CyberState, s: int, phase: str) -> Iterator[Action]:
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
        yield move("play", d.slug)


def effects_possible(st: CyberState, s: int, effects: tuple[Effect, ...]) -> bool:
    return all(not (e.op == "force" and st.hit_side(s) is None) for e in effects)


def play_event(st: CyberState, s: int, i: int) -> list[Event]:
    st.hand[s].remove(i)
    st.zone[i] = Z_LIMBO
    return economy.start_payment(st, s, economy.price(st, s, i), ("event", i))


def with_target(
    st: CyberState, s: int, pending: tuple[Any, ...], target: str, effects: tuple[Effect, ...]
) -> list[Event]:
    """A card's ability or an Operation's payoff starts: ``none`` and the words for every card
    at once (``EVERY_AT_ONCE``) leave nothing to choose; any other target word asks for one."""
    if target == "none":
        return respond_or_resolve(st, s, pending)
    cands = hits.targets(st, s, target, effects)
    if target in EVERY_AT_ONCE:
        return respond_or_resolve(st, s, pending) if cands else fizzle(st, s)
    return ask_target(st, s, pending, cands)


def ask_target(st: CyberState, s: int, pending: tuple[Any, ...], cands: list[int]) -> list[Event]:
    """The one place a target is asked for. Each candidate is kept with the zone it is in now,
    so that one leaving play before the choice (a Cop trashed answering the payment, say) is no
    longer offered; with no candidate left the effect does nothing (``fizzle``)."""
    if not cands:
        return fizzle(st, s)
    st.prompt = ("target", s, pending, tuple(cands), tuple(st.zone[t] for t in cands))
    return []


def live_targets(st: CyberState, pr: tuple[Any, ...]) -> list[int]:
    """The candidates of a ``target`` prompt still where they were when it was asked."""
    zone = st.zone
    return [t for t, z in zip(pr[3], pr[4], strict=True) if zone[t] == z]


def choose_target(st: CyberState, s: int, pr: tuple[Any, ...], t: int) -> list[Event]:
    """The target is chosen; the zone it is in goes with the effect, which does nothing if the
    target has left it by the time the effect resolves."""
    st.prompt = None
    pending = pr[2]
    return respond_or_resolve(st, s, (pending[0], pending[1], t, st.zone[t]))


def fizzle(st: CyberState, s: int) -> list[Event]:
    """A targeted effect with no legal target left resolves with no effect (the ruling), and the
    play is over like any other."""
    st.prompt = None
    ev = Event("fizzle", "The effect has no legal target and does nothing.", {})
    return [ev, *priority.done(st, s)]


def respond_or_resolve(st: CyberState, s: int, pending: tuple[Any, ...]) -> list[Event]:
    """A runner producing an effect may be answered by an opposing Cop (Authority)."""
    code, source = pending[0], pending[1]
    if code not in ("card-complete", "skirmish-bust") and answerable(st, s, source):
        st.prompt = ("respond", 1 - s, source, s, pending)
        return []
    return resolve(st, s, pending)


def answerable(st: CyberState, s: int, source: int) -> bool:
    """Is ``source`` a runner of ``s`` that an opposing Cop may bust for producing an effect
    (not a Cop, not Cyber-Psycho, not in a skirmish), with such a Cop ready?"""
    d = st.defs[source]
    if (
        d.kind != RUNNER
        or st.owner[source] != s
        or d.rtype == "cop"
        or st.psycho(source)
        or st.in_skirmish(source)
    ):
        return False
    return bool(free_cops(st, 1 - s, (), "respond"))


def free_cops(st: CyberState, o: int, posse: tuple[int, ...], code: str) -> list[int]:
    """Cops of ``o`` that may still join a bust: unused and out of any skirmish when answering
    an effect; in a skirmish, the Cops on ``o``'s side of it that have not fought yet."""
    defs = st.defs
    if code == "skirmish-bust":
        h = st.hit
        assert h is not None
        side = h[2] if h[1] == o else h[4]
        return [
            r
            for r in side
            if defs[r].rtype == "cop"
            and r not in posse
            and not st.used[r]
            and not st.flags[r] & F_FOUGHT
            and st.zone[r] == Z_PLAY
        ]
    return [
        r
        for r in st.runners(o)
        if defs[r].rtype == "cop" and r not in posse and not st.used[r] and not st.in_skirmish(r)
    ]


def bust_actions(st: CyberState) -> list[Action]:
    """The answers open to the Cops' player: allow the effect (or, once a Cop is in, go ahead
    with the bust), or bring in another Cop."""
    pr = st.prompt
    assert pr is not None
    o, pending = pr[1], pr[4]
    posse = pr[5] if pr[0] == "posse" else ()
    acts = [move("allow" if pr[0] == "respond" else "done")]
    acts += [on_card("bust", r) for r in free_cops(st, o, posse, pending[0])]
    return acts


def answer_respond(st: CyberState, o: int, pr: tuple[Any, ...], action: Action) -> list[Event]:
    """One step of building the posse: a Cop joins (a teamed Cop brings every ready Cop of its
    team), and the bust is tried once the player goes ahead or no Cop is left to add."""
    target, s, pending = pr[2], pr[3], pr[4]
    st.prompt = None
    if action.kind == "allow":
        return carry_on(st, s, pending)
    posse: tuple[int, ...] = pr[5] if pr[0] == "posse" else ()
    code = pending[0]
    events: list[Event] = []
    if action.kind == "bust":
        joined = team_cops(st, o, num(action.args[0]), code)
        for x in joined:
            if code == "skirmish-bust":
                st.flags[x] |= F_FOUGHT
            else:
                st.used[x] = 1
        posse = (*posse, *joined)
        names = " and ".join(st.name(x) for x in joined)
        verb = "joins" if len(joined) == 1 else "join"
        text = f"{names} {verb} the bust on {st.name(target)}."
        events.append(Event("posse", text, {"seat": o}))
        if free_cops(st, o, posse, code):
            st.prompt = ("posse", o, target, s, pending, posse)
            return events
    more, busted = bust_contest(st, o, list(posse), target)
    events += more
    if code == "skirmish-bust":
        return events + priority.done(st, o)
    if busted:
        return events + cancelled(st, s, pending)
    return events + carry_on(st, s, pending)


def team_cops(st: CyberState, o: int, cop: int, code: str) -> list[int]:
    """The Cops that join together: a teamed Cop brings every other ready Cop of its team."""
    if not st.team[cop]:
        return [cop]
    k = st.team[cop]
    return [cop] + [r for r in free_cops(st, o, (cop,), code) if st.team[r] == k]


def carry_on(st: CyberState, s: int, pending: tuple[Any, ...]) -> list[Event]:
    """The effect was not stopped: it happens (or the EB is paid)."""
    if pending[0] in ("eb", "boost"):
        return economy.unanswered(st, s, pending)
    return resolve(st, s, pending)


def cancelled(st: CyberState, s: int, pending: tuple[Any, ...]) -> list[Event]:
    if pending[0] in ("eb", "boost"):
        return economy.resume_payment(st, s, pending[-1])
    return [Event("cancel", "The effect is cancelled.", {}), *priority.done(st, s)]


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
    if len(pending) > 3 and st.zone[target] != pending[3]:
        return fizzle(st, s)
    events: list[Event] = []
    if code in ("card", "card-complete"):
        d = st.defs[source]
        assert d.ability is not None
        ab = d.ability
        every = (
            hits.targets(st, s, ab.target, ab.effects) if ab.target in EVERY_AT_ONCE else [target]
        )
        for t in every:
            for e in ab.effects:
                events += effect(st, s, e, source, t)
    elif code == "family":
        bonus = st.power(source) // 2
        st.mods.append((target, "power", bonus))
        events.append(Event("mod", f"{st.name(target)} gets +{bonus} Power.", {}))
    elif code in ("credibility", "charisma"):
        amount = st.power(source) * COMBAT_SCALE * (1 if code == "credibility" else -1)
        before = st.msec(target)
        after = max(0, before + amount)
        st.mods.append((target, "msec", after - before))
        events.append(Event("mod", f"{st.name(target)}: M-Sec {before} → {after}.", {}))
    elif code in ("interface-up", "interface-down"):
        amount = st.power(source) * COMBAT_SCALE * (1 if code == "interface-up" else -1)
        before = st.esec(target)
        after = max(0, min(st.defs[target].esec, before + amount))
        st.mods.append((target, "esec", after - before))
        events.append(Event("mod", f"{st.name(target)}: E-Sec {before} → {after}.", {}))
    elif code == "street-deal":
        st.mods.append((target, "lrcost", st.power(source)))
        text = f"{st.name(target)}'s long-range offense costs {st.power(source)} EB less."
        events.append(Event("mod", text, {}))
    elif code in ("recover", "renew"):
        if st.power(source) <= partner_need(st, pending):
            st.prompt = ("partner", s, pending, ())
            return events
        events += payoff(st, s, pending)
    elif code == "rig":
        ch = equipping.chassis(st, s)[0]
        equipping.detach(st, target)
        equipping.enter_play(st, s, target, ch)
        events.append(Event("rig", f"{st.defs[target].name} is built into the Chassis.", {}))
    elif code in ("sense-attack", "sense-defense"):
        side = st.hit_side(s)
        assert side is not None
        stat = 0 if code == "sense-attack" else 1
        hits.hit_bonus(st, side, stat, st.power(source) * COMBAT_SCALE)
        events.append(Event("mod", f"{st.name(source)} adds its Power in combat.", {}))
    elif code == "support":
        side = st.hit_side(s)
        if side is not None:
            hits.hit_bonus(st, side, 0, target)
            events.append(
                Event("support", f"{st.name(source)} adds {target} long-range offense.", {})
            )
    elif code == "skirmish-bust":
        return answer_respond(
            st, s, ("respond", s, target, 1 - s, pending), on_card("bust", source)
        )
    if st.prompt is None:
        events += priority.done(st, s)
    return events


def partner_need(st: CyberState, pending: tuple[Any, ...]) -> int:
    """The Power a Damage-control recovery or renewal must beat: the card's cost, or the
    renewed runner's Power."""
    code, target = pending[0], pending[2]
    return st.defs[target].cost if code == "recover" else st.power(target)


def partner_actions(st: CyberState) -> list[Action]:
    pr = st.prompt
    assert pr is not None
    s, pending, chosen = pr[1], pr[2], pr[3]
    return [on_card("partner", x) for x in legwork.partners(st, s, pending[1]) if x not in chosen]


def answer_partner(st: CyberState, s: int, pr: tuple[Any, ...], action: Action) -> list[Event]:
    """A runner too weak alone picks its partners of the same type one at a time; once their
    Power together is enough, they are exhausted and the ability takes effect."""
    pending, chosen = pr[2], (*pr[3], num(action.args[0]))
    source = pending[1]
    if st.power(source) + sum(st.power(x) for x in chosen) <= partner_need(st, pending):
        st.prompt = ("partner", s, pending, chosen)
        return []
    st.prompt = None
    events: list[Event] = []
    for x in chosen:
        st.used[x] = 1
        events.append(Event("partner", f"{st.name(x)} partners with {st.name(source)}.", {}))
    return events + payoff(st, s, pending) + priority.done(st, s)


def payoff(st: CyberState, s: int, pending: tuple[Any, ...]) -> list[Event]:
    code, target = pending[0], pending[2]
    if code == "recover":
        return to_hand(st, s, target)
    if not st.ready(target):
        return [Event("busted", f"{st.name(target)} is busted and stays used.", {})]
    return [Event("renew", f"{st.name(target)} is renewed.", {})]


def effect(st: CyberState, s: int, e: Effect, source: int, target: int) -> list[Event]:
    op = e.op
    if op == "gain" and e.stat == "next-turn":
        st.owed[s] += e.amount
        text = f"Player {s + 1} will gain {e.amount} EB at the start of their next turn."
        return [Event("gain", text, {})]
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
        word = STAT_WORDS[e.stat]
        return [Event("mod", f"{st.name(target)} gets {sign}{e.amount} {word}.", {})]
    if op == "trash":
        return damage.destroy(st, target)
    if op == "burn":
        return damage.destroy(st, target, burn=True)
    if op == "exhaust":
        st.used[target] = 1
        return [Event("exhaust", f"{st.name(target)} is exhausted.", {})]
    if op == "straighten":
        if not st.ready(target):
            return [Event("busted", f"{st.name(target)} is busted and stays used.", {})]
        return [Event("straighten", f"{st.name(target)} is straightened.", {})]
    if op == "bust":
        if st.psycho(target):
            return []
        st.used[target] = 1
        st.flags[target] |= F_BUSTED
        if st.defs[source].rtype == "cop":
            # The seed's bust point: "each time a Cop you control busts an opponent's Runners"
            # (an Event or an Operation that busts is no Cop).
            st.busts[s] += 1
            text = f"{st.name(source)} busts {st.name(target)}."
            return [Event("bust", text, {"seat": s})]
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
