"""Cyberpunk CCG: priority — the moves open to a seat in each step's window or prompt, passing
and handing priority on, carrying out a chosen move, and saying why a move is refused."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from . import backout, damage, economy, equipping, hits, legwork, responses, turns
from .cards import LOCATION, OPERATION, RUNNER
from .rules import (
    DAMAGE,
    EQUIP,
    F_FOUGHT,
    F_MOVED,
    F_PRESSED,
    HAND_LIMIT,
    HITS,
    MAX_TEAMS,
    OPEN,
    PASS,
    PHASE_OF,
    PURCHASE,
    RUNS,
    STASH,
    STEP_NAMES,
    TEAMS,
    Z_DISCARD,
    move,
    num,
    on_card,
)

if TYPE_CHECKING:
    from .state import CyberState


def window_actions(st: CyberState, s: int) -> list[Action]:
    return list(window_moves(st, s))


def can_act(st: CyberState, s: int) -> bool:
    """Whether ``s`` has a move besides passing: the moves are worked out only until one turns
    up, since ``settle`` asks this at every window and most windows offer one early."""
    was = st.freeze()
    try:
        moves = window_moves(st, s)
        next(moves)  # PASS
        return next(moves, None) is not None
    finally:
        st.thaw(was)


def window_moves(st: CyberState, s: int) -> Iterator[Action]:
    """The window's moves in their stable order, one part at a time."""
    yield PASS
    step = st.step
    phase = PHASE_OF[step]
    me = s == st.active
    hit = st.hit
    if hit is None and me:
        if step == PURCHASE:
            yield from economy.buy_actions(st, s)
        elif step == EQUIP:
            for a in equipping.movable(st, s):
                yield on_card("move", a)
            yield from equipping.weapon_actions(st, s)
        elif step == OPEN:
            for o in legwork.openable(st, s):
                yield on_card("open", o)
        elif step == HITS:
            yield from hits.send_actions(st, s, "hit")
        elif step == RUNS:
            yield from hits.send_actions(st, s, "run")
    if hit is None and step == TEAMS:
        yield from legwork.team_actions(st, s)
    yield from responses.event_actions(st, s, phase)
    yield from ability_actions(st, s, phase)


def ability_actions(st: CyberState, s: int, phase: str) -> Iterator[Action]:
    """Cards with an ability to use now. Every window asks this of every card in play, and most
    of them (Locations, gear, Operations) have no ability that fits the phase: those are passed
    over before ``abilities`` builds its list."""
    used = st.used
    defs = st.defs
    for i in st.play[s]:
        if used[i]:
            continue
        d = defs[i]
        if d.kind != RUNNER:
            ab = d.ability
            if ab is None or d.kind == OPERATION or ab.timing not in ("any", phase):
                continue
        if abilities(st, s, i, phase):
            yield on_card("use", i)


def abilities(st: CyberState, s: int, i: int, phase: str) -> list[str]:
    """The abilities card ``i`` of ``s`` may use now: ``card`` (its printed ability) and its
    runner type's inherent ones."""
    out: list[str] = []
    defs = st.defs
    used = st.used
    d = defs[i]
    ab = d.ability
    if ab is not None and ab.timing in ("any", phase) and d.kind != OPERATION:
        holder = st.host[i]
        if (holder == 0 or (defs[holder].kind == RUNNER and not used[holder])) and (
            responses.effects_possible(st, s, ab.effects)
            and (ab.target == "none" or hits.targets(st, s, ab.target, ab.effects))
        ):
            out.append("card")
    if d.kind != RUNNER:
        return out
    t = d.rtype
    if t == "nomad" and len(st.runners(s)) + len(st.runners(1 - s)) > 1:
        out.append("family")
    elif t in ("media", "netrunner", "rocker") and phase == "legwork":
        if legwork.all_sites(st):
            out.append({"media": "credibility", "rocker": "charisma"}.get(t, "interface"))
    elif st.step == DAMAGE and st.hit is None:
        if t in ("corp", "fixer") and equipping.recoverable(st, s, i):
            out.append("recover")
        elif t == "med-tech" and equipping.renewable(st, s, i):
            out.append("renew")
        elif t == "techie" and equipping.riggable(st, s):
            out.append("rig")
    if t == "fixer" and phase == "action" and not st.in_hit(i) and legwork.dealable(st, s, i):
        out.append("street-deal")
    if phase == "action" and st.hit_side(s) is not None:
        fought = st.flags[i] & F_FOUGHT
        if t == "solo" and st.in_hit(i) and not fought:
            out.append("combat-sense")
        if t == "cop" and st.in_skirmish(i) and not fought and hits.skirmish_busts(st, s):
            out.append("bust")
        if not st.in_hit(i):
            due = legwork.support_cost(st, i)
            own = dict(economy.sources(st, s, False)).get(i, 0)
            if st.runner_stat(i, "lr") > 0 and economy.funds(st, s) - own >= due:
                out.append("support")
    return out


def prompt_actions(st: CyberState) -> list[Action]:
    acts = question_actions(st)
    pr = st.prompt
    assert pr is not None
    if backout.allowed(st, pr[1]):
        acts.append(backout.CANCEL)
    return acts


def question_actions(st: CyberState) -> list[Action]:
    pr = st.prompt
    assert pr is not None
    kind, s = pr[0], pr[1]
    if kind == "draw":
        return [move("draw", d) for d, deck in (("runs", st.runs), ("gear", st.gear)) if deck[s]]
    if kind == "take":
        return [move("take", "ops"), move("take", "style")]
    if kind == "cut":
        return [move("cut"), move("no-cut")]
    if kind == "pay":
        op = pr[4][0] in ("buy-op", "open")
        acts = [on_card("pay", i) for i, _ in economy.sources(st, s, op)]
        if st.bank[s]:
            acts.append(move("pay", "bank"))
        acts += [on_card("boost", r) for r in economy.boosters(st, s, pr)]
        return acts
    if kind == "place":
        a = pr[2]
        d = st.defs[a]
        if pr[3] == "buy":
            if d.gear == "chassis":
                return [on_card("onto", loc) for loc in st.sites(s, LOCATION)]
            acts = [move("onto", "stash")]
            acts += [on_card("onto", r) for r in st.runners(s) if equipping.fits(st, a, r)]
            return acts
        return [
            move("onto", "stash") if t == 0 else on_card("onto", t)
            for t in equipping.destinations(st, s, a)
        ]
    if kind == "target":
        return [on_card("target", t) for t in responses.live_targets(st, pr)]
    if kind == "form":
        members, mode = pr[2], pr[3]
        acts = []
        if mode == "hit":
            for t in hits.targets_for(st, s, "hit"):
                acts.append(move("hit", "stash") if t == STASH else on_card("hit", t))
        else:
            acts += [on_card("run", t) for t in hits.targets_for(st, s, "run")]
        if all(st.team[r] == 0 for r in members):
            for r in st.runners(s):
                if (
                    st.team[r] == 0
                    and r not in members
                    and not st.used[r]
                    and len(members) < st.force_limit((*members, r), False)
                    and hits.force_ok(st, (*members, r), mode)
                ):
                    acts.append(on_card("send", r))
        return acts
    if kind == "defend":
        acts = [move("no-defense")]
        for k in range(1, MAX_TEAMS + 1):
            if any(not st.used[r] for r in st.team_members(s, k)):
                acts.append(move("defend", f"t{k}"))
        return acts
    if kind == "press":
        return [move("press-on"), move("stand-down")]
    if kind == "cost":
        return [on_card("exhaust", x) for x in pr[2]]
    if kind == "ability":
        return [move("ability", name) for name in pr[3]]
    if kind == "team":
        return legwork.team_choices(st, s, pr[2])
    if kind == "sense":
        return [move("add", "attack"), move("add", "defense")]
    if kind == "interface":
        return [move("raise"), move("lower")]
    if kind in ("respond", "posse"):
        return responses.bust_actions(st)
    if kind == "save":
        return damage.save_actions(st)
    if kind == "partner":
        return responses.partner_actions(st)
    if kind == "discard":
        seen: list[str] = []
        for i in st.hand[s]:
            slug = st.defs[i].slug
            if slug not in seen:
                seen.append(slug)
        return [move("discard", slug) for slug in seen]
    raise AssertionError(f"unknown prompt {kind}")


def settle(st: CyberState) -> list[Event]:
    """Pass automatically for a seat that can do nothing else; close finished windows."""
    events: list[Event] = []
    while st._outcome is None:
        if st.dying and (st.prompt is None or st.prompt[0] != "save"):
            events += damage.ask_save(st)
            continue
        if st.prompt is not None:
            if st.prompt[0] == "target" and not responses.live_targets(st, st.prompt):
                events += responses.fizzle(st, st.prompt[1])
                continue
            break
        st._legal = None
        if can_act(st, st.prio):
            break
        events += pass_priority(st)
    st._legal = None
    return events


def pass_priority(st: CyberState) -> list[Event]:
    st.passes += 1
    st.prio = 1 - st.prio
    if st.passes < 2:
        return []
    if st.hit is not None:
        return hits.resolve_hit(st)
    return turns.next_step(st)


def done(st: CyberState, s: int) -> list[Event]:
    """An action of ``s`` is complete: priority goes to the other player."""
    if st._outcome is None and st.prompt is None:
        st.prio = 1 - s
        st.passes = 0
    return []


def act(st: CyberState, s: int, action: Action) -> list[Event]:
    kind, args = action.kind, action.args
    if kind == "pass":
        return pass_priority(st)
    if kind == "buy":
        return economy.buy(st, s, from_hand(st, s, args[0]))
    if kind == "play":
        return responses.play_event(st, s, from_hand(st, s, args[0]))
    if kind == "move":
        a = num(args[0])
        st.prompt = ("place", s, a, "move")
        return []
    if kind in ("wield", "holster"):
        return equipping.wield(st, s, num(args[0]), kind == "wield")
    if kind == "open":
        op = num(args[0])
        return economy.start_payment(st, s, 2 * st.defs[op].cost, ("open", op))
    if kind == "team":
        st.prompt = ("team", s, num(args[0]))
        return []
    if kind == "interface":
        r = num(args[0])
        st.used[r] = 1
        st.prompt = ("interface", s, r)
        return []
    if kind == "send":
        members = force_named(st, s, args[0])
        st.prompt = ("form", s, members, "hit" if st.step == HITS else "run")
        return []
    if kind == "use":
        i = num(args[0])
        names = abilities(st, s, i, PHASE_OF[st.step])
        if len(names) == 1:
            return activate(st, s, i, names[0])
        st.prompt = ("ability", s, i, tuple(names))
        return []
    raise AssertionError(f"unhandled action {action}")


#: What the log says a card does when it uses each of the abilities named by key (the key is the
#: engine's word, not the table's).
DEEDS = {
    "family": "uses Family",
    "credibility": "uses Credibility",
    "charisma": "uses Charisma",
    "interface": "uses Interface",
    "street-deal": "uses Street Deal",
    "combat-sense": "uses Combat Sense",
    "recover": "brings a card back from the discard",
    "renew": "renews a runner",
    "rig": "builds onto the Punknaught Chassis",
    "bust": "moves to bust an opposing runner",
    "support": "lends its long-range offense to the force",
}


def activate(st: CyberState, s: int, i: int, name: str) -> list[Event]:
    """Use ability ``name`` of card ``i``: pay its cost (exhaust, or once a turn in a fight),
    then ask for what it needs."""
    if name == "card":
        d = st.defs[i]
        assert d.ability is not None
        st.used[i] = 1
        events = responses.with_target(st, s, ("card", i, 0), d.ability.target, d.ability.effects)
        if not st.telling:
            return events
        return [Event("use", f"Player {s + 1} uses {d.name}.", {"seat": s}), *events]
    ev = Event("ability", f"Player {s + 1}'s {st.name(i)} {DEEDS[name]}.", {"seat": s})
    if name in ("combat-sense", "bust"):
        st.flags[i] |= F_FOUGHT
        if name == "combat-sense":
            st.prompt = ("sense", s, i)
        else:
            return [
                ev,
                *responses.ask_target(st, s, ("skirmish-bust", i, 0), hits.skirmish_busts(st, s)),
            ]
        return [ev]
    if name == "support":
        lr = st.runner_stat(i, "lr")
        due = legwork.support_cost(st, i)
        st.used[i] = 1
        return [ev, *economy.start_payment(st, s, due, ("support", i, lr))]
    st.used[i] = 1
    if name == "interface":
        st.prompt = ("interface", s, i)
        return [ev]
    if name == "family":
        cands = [x for x in hits.targets(st, s, "any-runner") if x != i]
    elif name in ("credibility", "charisma"):
        cands = hits.targets(st, s, "any-site")
    elif name == "recover":
        cands = equipping.recoverable(st, s, i)
    elif name == "renew":
        cands = equipping.renewable(st, s, i)
    elif name == "rig":
        cands = equipping.riggable(st, s)
    else:
        assert name == "street-deal", name
        cands = legwork.dealable(st, s, i)
    return [ev, *responses.ask_target(st, s, (name, i, 0), cands)]


def from_hand(st: CyberState, s: int, slug: str) -> int:
    for i in st.hand[s]:
        if st.defs[i].slug == slug:
            return i
    raise AssertionError(f"{slug} not in hand")


def hand_card(st: CyberState, s: int, action: Action) -> int:
    """The card a ``buy`` or ``play`` takes from the hand; 0 for every other move."""
    if action.kind in backout.FROM_HAND:
        return from_hand(st, s, action.args[0])
    return 0


def force_named(st: CyberState, s: int, name: str) -> tuple[int, ...]:
    if name.startswith("t"):
        k = int(name[1:])
        return tuple(r for r in st.team_members(s, k) if not st.used[r])
    return (num(name),)


def answer_prompt(st: CyberState, s: int, pr: tuple[Any, ...], action: Action) -> list[Event]:
    kind = pr[0]
    if kind == "draw":
        return turns.answer_draw(st, s, pr, action.args[0])
    if kind == "take":
        return turns.answer_take(st, s, pr, action.args[0])
    if kind == "cut":
        return turns.answer_cut(st, s, pr, action.kind == "cut")
    if kind == "pay":
        return economy.answer_pay(st, s, pr, action)
    if kind == "place":
        return equipping.answer_place(st, s, pr, action)
    if kind == "target":
        return responses.choose_target(st, s, pr, num(action.args[0]))
    if kind == "form":
        return hits.answer_form(st, s, pr, action)
    if kind == "defend":
        return hits.answer_defend(st, s, action)
    if kind == "ability":
        st.prompt = None
        return activate(st, s, pr[2], action.args[0])
    if kind == "cost":
        st.prompt = None
        x = num(action.args[0])
        st.used[x] = 1
        text = f"{st.name(x)} is exhausted to pay for the move."
        return [Event("exhaust", text, {}), *done(st, s)]
    if kind == "team":
        st.prompt = None
        r = pr[2]
        st.flags[r] |= F_MOVED
        if action.kind == "leave":
            st.team[r] = 0
        else:
            st.team[r] = int(action.args[0][1:])
        if not st.telling:
            return done(st, s)
        if action.kind == "leave":
            text = f"{st.name(r)} leaves its team."
        else:
            text = f"Player {s + 1}'s {st.name(r)} joins team {st.team[r]}."
        return [Event("team", text, {"seat": s}), *done(st, s)]
    if kind == "sense":
        st.prompt = None
        code = "sense-attack" if action.args[0] == "attack" else "sense-defense"
        return responses.respond_or_resolve(st, s, (code, pr[2], 0))
    if kind == "interface":
        code = "interface-up" if action.kind == "raise" else "interface-down"
        return responses.ask_target(st, s, (code, pr[2], 0), legwork.all_sites(st))
    if kind == "press":
        st.prompt = None
        h = st.hit
        assert h is not None
        if action.kind == "press-on":
            st.used[pr[2]] = 1
            st.flags[pr[2]] |= F_PRESSED
            text = f"Player {s + 1} exhausts {st.name(pr[2])}; the force stays unused."
        else:
            hits.exhaust(st, h[2])
            text = f"Player {s + 1}'s force stands down."
        return [Event("press", text, {}), *hits.end_hit(st, s)]
    if kind in ("respond", "posse"):
        return responses.answer_respond(st, s, pr, action)
    if kind == "save":
        return damage.answer_save(st, s, pr, action)
    if kind == "partner":
        return responses.answer_partner(st, s, pr, action)
    if kind == "discard":
        i = from_hand(st, s, action.args[0])
        st.hand[s].remove(i)
        st.zone[i] = Z_DISCARD
        st.discard[s].append(i)
        events = []
        if st.telling:
            text = f"Player {s + 1} discards {st.defs[i].name}."
            events.append(Event("discard", text, {"seat": s}))
        if len(st.hand[s]) <= HAND_LIMIT:
            st.prompt = None
            events += turns.end_turn(st)
        return events
    raise AssertionError(kind)


def why_illegal(st: CyberState, action: Action) -> str:
    s = st.current_player
    if s is None:
        return "The game is over."
    if action.kind == "cancel":
        return backout.refusal(st, s)
    options = ", ".join(a.text for a in st.legal_actions()[:8])
    pr = st.prompt
    if pr is not None:
        if pr[0] == "draw" and action.kind == "draw" and action.args in (("runs",), ("gear",)):
            return f"Your {action.args[0].capitalize()} deck is empty; draw from the other."
        if pr[0] == "pay":
            return (
                f"Finish paying first: {pr[2] - pr[3]} EB still due. Pay with an unused "
                f"source: {options}."
            )
        return f"Answer the question in front of you first; you may: {options}."
    step = STEP_NAMES[st.step] if st.step >= 0 else "setup"
    kind = action.kind
    if kind in ("buy", "play", "discard") and action.args:
        slug = action.args[0]
        card = next((i for i in st.hand[s] if st.defs[i].slug == slug), 0)
        if not card:
            return f"You have no '{slug}' in your hand."
        d = st.defs[card]
        if kind == "buy" and (st.step != PURCHASE or s != st.active):
            return "Cards are bought in the purchase step of your own turn."
        if d.legendary and economy.legendary_in_play(st, d):
            return f"{d.name} is Legendary and a copy is already in play."
        price = economy.price(st, s, card)
        funds = economy.funds(st, s, d.kind == OPERATION)
        if funds < price:
            return f"{d.name} costs {price} EB and you have {funds} EB available."
        return f"{d.name} cannot be played now ({step} step): it has no legal use or target."
    return f"'{action}' is not possible now (the {step} step); you may: {options}."
