"""Cyberpunk CCG: turn structure — the draw (and its choices), the walk through the nine steps, and
the end of a turn (hand limit, the turn cap, victory checks)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Event, Outcome, counted
from . import damage, equipping, priority, victory
from .rules import (
    DAMAGE,
    DECK_OUT_POINTS,
    DRAW,
    F_ATTACKED,
    F_BUSTED,
    F_LASTING,
    F_MOVED,
    HAND_LIMIT,
    SETUP_DRAW,
    STRAIGHTEN,
    TEAMS,
    TURN_CAP,
    TURN_DRAW,
    Z_HAND,
)

if TYPE_CHECKING:
    from .state import CyberState


def answer_cut(st: CyberState, s: int, pr: tuple[Any, ...], cut: bool) -> list[Event]:
    """Setup: ``s`` may cut both of the opponent's freshly shuffled decks. Where each deck is cut
    comes from the game's seeded RNG, so nobody learns anything of the order."""
    owner = pr[2]
    if cut:
        for deck in (st.runs[owner], st.gear[owner]):
            if len(deck) > 1:
                k = 1 + st.rng.below(len(deck) - 1)
                deck[:] = deck[k:] + deck[:k]
        text = f"Player {s + 1} cuts player {owner + 1}'s Runs and Gear decks."
    else:
        text = f"Player {s + 1} leaves player {owner + 1}'s decks uncut."
    ev = Event("cut-decks", text, {"seat": s})
    st.prompt = ("cut", owner, s) if owner == 0 else ("draw", 0, SETUP_DRAW, "setup")
    return [ev]


def answer_draw(st: CyberState, s: int, pr: tuple[Any, ...], which: str) -> list[Event]:
    deck = st.runs[s] if which == "runs" else st.gear[s]
    i = deck.pop()
    st.zone[i] = Z_HAND
    st.hand[s].append(i)
    left = pr[2] - 1
    if not st.telling:
        return continue_draw(st, s, left, pr[3])
    events = [
        Event("draw", f"Player {s + 1} draws from the {which.capitalize()} deck.", {"seat": s}),
        Event(
            "drew",
            f"You draw {st.defs[i].name}.",
            {"card": st.defs[i].slug},
            frozenset({s}),
        ),
    ]
    return events + continue_draw(st, s, left, pr[3])


def continue_draw(st: CyberState, s: int, left: int, then: str) -> list[Event]:
    if left > 0 and (st.runs[s] or st.gear[s]):
        st.prompt = ("draw", s, left, then)
        return []
    st.prompt = None
    if left > 0:
        o = 1 - s
        st.prompt = ("take", o, left, then, s)
        text = f"Player {s + 1} cannot draw {counted(left, 'card')}: player {o + 1} gains points."
        return [Event("deck-out", text, {"seat": s})]
    return after_draw(st, s, then)


def answer_take(st: CyberState, o: int, pr: tuple[Any, ...], what: str) -> list[Event]:
    if what == "ops":
        st.ops[o] += DECK_OUT_POINTS
    else:
        st.style[o] += DECK_OUT_POINTS
    ev = Event("take", f"Player {o + 1} takes {DECK_OUT_POINTS} {what.capitalize()}.", {})
    left, then, s = pr[2] - 1, pr[3], pr[4]
    if left > 0:
        st.prompt = ("take", o, left, then, s)
        return [ev]
    st.prompt = None
    return [ev, *after_draw(st, s, then)]


def after_draw(st: CyberState, s: int, then: str) -> list[Event]:
    if then == "setup":
        if s == 0:
            st.prompt = ("draw", 1, SETUP_DRAW, "setup")
            return []
        return st._cut()
    if then == "turn":
        st.prio, st.passes = s, 0
        return []
    return priority.done(st, s)


def begin_turn(st: CyberState, p: int) -> list[Event]:
    st.turn += 1
    st.active = p
    st.hit = None
    for q in (0, 1):
        for i in st.play[q]:
            st.flags[i] &= F_LASTING
            st.spent[i] = 0
    st.stashhit = [0, 0]
    st.corpzone = [0, 0]
    st.backouts = [0, 0]
    st.bank[p] += st.owed[p]
    st.owed[p] = 0
    events = [Event("turn", f"Turn {st.turn}: player {p + 1}.", {"seat": p})] if st.telling else []
    for ch in equipping.chassis(st, 0) + equipping.chassis(st, 1):
        if st.tokens[ch]:
            st.tokens[ch] -= 1
            events.append(
                Event("token", f"The Punknaught Chassis has {st.tokens[ch]} tokens left.", {})
            )
    if victory.mob_wins(st, p):
        return events + victory.win(
            st, p, "The Mob's empire: 50 EB of Locations of every type", "sponsor"
        )
    st.step = DRAW
    events += continue_draw(st, p, TURN_DRAW, "turn")
    return events


def next_step(st: CyberState) -> list[Event]:
    p = st.active
    if st.step == DAMAGE:
        if len(st.hand[p]) > HAND_LIMIT:
            st.prompt = ("discard", p)
            return []
        return end_turn(st)
    st.step += 1
    st.prio, st.passes = p, 0
    events: list[Event] = []
    if st.step == STRAIGHTEN:
        for i in st.play[p]:
            st.used[i] = 0
            st.flags[i] &= ~F_BUSTED
    elif st.step == TEAMS:
        for r in st.runners(0) + st.runners(1):
            st.flags[r] &= ~F_MOVED
    return events


def end_turn(st: CyberState) -> list[Event]:
    """Cyber-Psychos who did not attack are trashed (their owner may first save them), then the
    turn finishes."""
    p = st.active
    events: list[Event] = []
    for r in st.runners(p):
        if st.psycho(r) and not st.flags[r] & F_ATTACKED:
            events += damage.destroy(st, r, why="a Cyber-Psycho who did not attack")
    if st.dying:
        return events + damage.ask_save(st, ("end-turn",))
    return events + finish_turn(st)


def finish_turn(st: CyberState) -> list[Event]:
    """This turn's effects lapse, victory is checked, and the other player's turn begins."""
    p = st.active
    events: list[Event] = []
    st.mods = []
    st.bank = [0, 0]
    won = victory.victory(st, p)
    if won:
        return events + victory.win(st, p, won[0], won[1])
    o = 1 - p
    for q, reason, kind in victory.points_victory(st, o):
        return events + victory.win(st, q, reason, kind)
    st.sitehit[p] = 0
    if st.turn >= TURN_CAP:
        st._outcome = Outcome(
            (),
            (0.0, 0.0),
            f"Turn cap: {TURN_CAP} turns played without a winner",
            "cap",
        )
        st.prompt = None
        return [
            *events,
            Event("end", f"The game stops at the {TURN_CAP}-turn cap: a draw.", {}),
        ]
    return events + begin_turn(st, o)
