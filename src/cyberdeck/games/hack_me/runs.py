"""Runs: firewalls met from the top level down, the defender's answers (activation, boost), paying
or suffering, reaching the resource, and the shocks a run can deal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, Event
from .cards import (
    ACTIVATION_COST,
    AGENDA,
    ARCHIVE,
    CURRENT,
    DECK,
    FAMILY,
    FIREWALL,
    GENERATOR,
    HAND,
    JOKER_FAMILY,
    PASS,
    RESOURCES,
    TEXT,
    VALUE,
)
from .phases import (
    ACTIVATE_PHASE,
    AFTER_ACTION,
    AFTER_FORFEIT,
    AFTER_TRASH,
    BOOST_PHASE,
    FORFEIT_PHASE,
    NAMES,
    PAY_PHASE,
    PICK_PHASE,
    SCRAP_PHASE,
    TRASH_PHASE,
    code_of,
    credits,
    event,
    slot_of,
    slot_text,
)

if TYPE_CHECKING:
    from .state import HackState


def start_run(s: HackState, p: int, res: int) -> list[Event]:
    o = 1 - p
    s.run_res = res
    s.boosted = False
    s.bonus = 0
    fw = s.fws[o]
    level = 2
    while level >= 0 and not fw[res * 3 + level]:
        level -= 1
    s.run_level = level
    if not s.telling:
        return run_next(s)
    events = [
        event(
            "run",
            f"{NAMES[p]} runs on {NAMES[o]}'s {RESOURCES[res]}.",
            player=p,
            resource=RESOURCES[res],
        )
    ]
    return events + run_next(s)


def run_next(s: HackState) -> list[Event]:
    """Access the next firewall down, or the resource once every firewall is behind."""
    p = s.seat
    o = 1 - p
    fw = s.fws[o]
    base = s.run_res * 3
    events: list[Event] = []
    while s.run_level >= 0:
        level = s.run_level
        card = fw[base + level]
        s.bonus = 0
        if card > 0:
            if s.stock[o] >= ACTIVATION_COST[level]:
                s.phase = ACTIVATE_PHASE
                s.decider = o
                events.append(
                    event(
                        "access",
                        f"{NAMES[p]} reaches an inactive firewall at level {level + 1}.",
                    )
                )
                return events
            events.append(
                event("pass", f"{NAMES[p]} slips past an inactive firewall at level {level + 1}.")
            )
            s.run_level -= 1
            continue
        events.append(
            event(
                "access",
                f"{NAMES[p]} reaches firewall {TEXT[-card]} at level {level + 1}.",
                card=TEXT[-card],
            )
        )
        return events + engage(s)
    return events + access(s)


def engage(s: HackState) -> list[Event]:
    o = 1 - s.seat
    if not s.boosted and s.decks[o]:
        s.phase = BOOST_PHASE
        s.decider = o
    else:
        s.phase = PAY_PHASE
        s.decider = s.seat
    return []


def strength(s: HackState) -> int:
    """Strength of the firewall being accessed, boost included."""
    card = s.fws[1 - s.seat][s.run_res * 3 + s.run_level]
    return VALUE[abs(card)] - 1 + s.bonus


def do_activate(s: HackState, action: Action) -> list[Event]:
    o = s.decider
    p = s.seat
    slot = s.run_res * 3 + s.run_level
    if action.kind == "pass":
        s.run_level -= 1
        return [
            event("pass", f"{NAMES[o]} leaves the firewall inactive; {NAMES[p]} slips past."),
            *run_next(s),
        ]
    cost = ACTIVATION_COST[s.run_level]
    card = s.fws[o][slot]
    s.stock[o] -= cost
    s.fws[o][slot] = -card
    events = [
        event(
            "activate",
            f"{NAMES[o]} pays {cost} to activate firewall {TEXT[card]} "
            f"(strength {VALUE[card] - 1}).",
            card=TEXT[card],
        )
    ]
    return events + engage(s)


def do_boost(s: HackState, action: Action) -> list[Event]:
    o = s.decider
    s.phase = PAY_PHASE
    s.decider = s.seat
    if action.kind == "pass":
        return []
    s.boosted = True
    code = s._pop_top(o)
    events: list[Event]
    if FAMILY[code] == FIREWALL:
        s.bonus += VALUE[code] - 1
        text = f"{NAMES[o]} boosts with {TEXT[code]}: strength now {strength(s)}."
    else:
        text = f"{NAMES[o]} boosts and reveals {TEXT[code]}: no effect."
    events = [event("boost", text, card=TEXT[code])]
    return events + s._to_archive(o, code)


def do_pay(s: HackState, action: Action) -> list[Event]:
    p = s.seat
    o = 1 - p
    level = s.run_level
    if action.kind == "pay":
        cost = strength(s)
        s.stock[p] -= cost
        events = [event("break", f"{NAMES[p]} pays {credits(cost)} and destroys the firewall.")]
        events += s._destroy_firewall(o, s.run_res * 3 + level)
        if s._outcome is not None:
            return events
        s.run_level -= 1
        return events + run_next(s)
    if level == 0:
        return [event("stopped", f"The firewall stops {NAMES[p]}'s run."), *s._after_action()]
    if level == 1:
        s.tags[p] += 1
        events = [event("suffer", f"{NAMES[p]} takes 1 tag.")]
        slots = [i for i, c in enumerate(s.fws[p]) if c]
        if not slots:
            return [
                *events,
                event("stopped", f"{NAMES[p]} has no firewall to destroy: the run stops."),
                *s._after_action(),
            ]
        if len(slots) == 1:
            return events + scrap(s, p, slots[0])
        s.phase = SCRAP_PHASE
        return events
    events = [event("suffer", f"{NAMES[p]} takes 1 shock.")]
    return events + shock(s, p, AFTER_FORFEIT)


def do_scrap(s: HackState, action: Action) -> list[Event]:
    return scrap(s, s.seat, slot_of(action))


def scrap(s: HackState, p: int, slot: int) -> list[Event]:
    events = [event("scrap", f"{NAMES[p]} destroys their own firewall on {slot_text(slot)}.")]
    events += s._destroy_firewall(p, slot)
    return events + continue_run(s)


def continue_run(s: HackState) -> list[Event]:
    if s._outcome is not None:
        return []
    s.run_level -= 1
    return run_next(s)


def offer_forfeit(s: HackState) -> list[Event]:
    p = s.seat
    agendas = s.finalized[p]
    if not agendas:
        return [
            event("stopped", f"{NAMES[p]} has no finalized agenda to destroy: the run stops."),
            *s._after_action(),
        ]
    if len(set(agendas)) == 1:
        return forfeit(s, p, agendas[0])
    s.phase = FORFEIT_PHASE
    s.decider = p
    return []


def do_forfeit(s: HackState, action: Action) -> list[Event]:
    return forfeit(s, s.seat, code_of(action.args[0]))


def forfeit(s: HackState, p: int, code: int) -> list[Event]:
    s.finalized[p].remove(code)
    events = [event("forfeit", f"{NAMES[p]} destroys their finalized agenda {TEXT[code]}.")]
    events += s._to_archive(p, code)
    return events + continue_run(s)


def access(s: HackState) -> list[Event]:
    p = s.seat
    o = 1 - p
    res = s.run_res
    events: list[Event] = []
    if res == DECK:
        if not s.decks[o]:
            return [event("empty", "The deck is empty: the run ends."), *s._after_action()]
        code = s._pop_top(o)
    elif res == HAND:
        hand = s.hands[o]
        if not hand:
            return [event("empty", "The hand is empty: the run ends."), *s._after_action()]
        code = hand.pop(s.rng.below(len(hand)))
        s._unsee(o, code)
    elif res == ARCHIVE:
        if not s.archives[o]:
            return [event("empty", "The archive is empty: the run ends."), *s._after_action()]
        code = s.archives[o].pop()
    else:
        code = s.agenda[o]
        if not code:
            return [
                event("empty", "There is no current agenda: the run ends."),
                *s._after_action(),
            ]
        gained = s.invest[o]
        s.agenda[o] = 0
        s.invest[o] = 0
        s.stock[p] += gained
        s.run_card = code
        events.append(
            event(
                "steal",
                f"{NAMES[p]} accesses agenda {TEXT[code]} and takes the {credits(gained)} on it.",
                card=TEXT[code],
            )
        )
        return events + offer_trash(s)
    s.run_card = code
    fam = FAMILY[code]
    if fam == FIREWALL:
        s.tags[p] += VALUE[code]
    elif fam == GENERATOR:
        s.stock[p] += VALUE[code]
    if s.telling:
        events.append(accessed(p, o, res, code))
    if fam == AGENDA:
        events += s._draw(p, 2)
    elif fam == JOKER_FAMILY:
        return events + shock(s, p, AFTER_TRASH)
    return events + offer_trash(s)


def accessed(p: int, o: int, res: int, code: int) -> Event:
    """What the runner's access shows everyone (the card is face up now)."""
    fam = FAMILY[code]
    where = f"{NAMES[o]}'s {RESOURCES[res]}"
    if fam == FIREWALL:
        text = f"{NAMES[p]} accesses {TEXT[code]} from {where} and takes {VALUE[code]} tags."
    elif fam == GENERATOR:
        text = f"{NAMES[p]} accesses {TEXT[code]} from {where} and gains {VALUE[code]} credits."
    elif fam == AGENDA:
        text = f"{NAMES[p]} accesses {TEXT[code]} from {where} and draws 2 cards."
    else:
        text = f"{NAMES[p]} accesses a Joker from {where} and takes 1 shock."
    return event("accessed", text, card=TEXT[code], resource=RESOURCES[res])


def offer_trash(s: HackState) -> list[Event]:
    if s.stock[s.seat] >= 2:
        s.phase = TRASH_PHASE
        s.decider = s.seat
        return []
    return do_trash(s, PASS)


def do_trash(s: HackState, action: Action) -> list[Event]:
    p = s.seat
    o = 1 - p
    code = s.run_card
    s.run_card = 0
    res = s.run_res
    if action.kind == "trash":
        s.stock[p] -= 2
        s.archives[o].insert(0, code)
        events = []
        if s.telling:
            events.append(event("trash", f"{NAMES[p]} pays 2 credits to destroy {TEXT[code]}."))
        events += s._check_archive(o, code)
        return events + s._after_action()
    if res in (DECK, CURRENT):
        s.decks[o].append(code)
        s.known_own[o] += 1
        s.known_pub[o] += 1
        where = "on top of the deck"
    elif res == HAND:
        s.hands[o].append(code)
        s.seen[o].append(code)
        where = "to the hand"
    else:
        s.archives[o].insert(0, code)
        where = "under the archive"
    if not s.telling:
        return s._after_action()
    events = [event("return", f"{TEXT[code]} goes back {where}.")]
    return events + s._after_action()


def shock(s: HackState, target: int, after: int) -> list[Event]:
    hand = s.hands[target]
    if not hand:
        return s._finish(1 - target, f"{NAMES[target]} took a shock with an empty hand", "shock")
    s.shock_target = target
    s.shock_next = after
    if len(hand) == 1:
        return shock_discard(s, 0)
    # The picker chooses a face-down position; shuffling first makes positions meaningless.
    s.rng.shuffle(hand)
    s.phase = PICK_PHASE
    s.decider = 1 - target
    return []


def do_pick(s: HackState, action: Action) -> list[Event]:
    return shock_discard(s, int(action.args[0]) - 1)


def shock_discard(s: HackState, index: int) -> list[Event]:
    target = s.shock_target
    code = s.hands[target].pop(index)
    s._unsee(target, code)
    events = [event("shocked", f"{NAMES[target]} loses {TEXT[code]} to the shock.")]
    events += s._to_archive(target, code)
    if s._outcome is not None:
        return events
    after = s.shock_next
    if after == AFTER_ACTION:
        return events + s._after_action()
    if after == AFTER_FORFEIT:
        return events + offer_forfeit(s)
    return events + offer_trash(s)
