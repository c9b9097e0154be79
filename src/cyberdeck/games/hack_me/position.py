"""A compact builder of Hack-Me positions for scenario tests and examples.

Cards are written as text separated by spaces (``"7H 3S JK"``); decks and archives are written top
card first. Firewalls are a mapping from resource to its column from level 1 up, an active firewall
marked with ``+`` (``{"deck": "3S +4H"}``); generators carry their credits (``"7H:3 8S"`` — a
generator without ``:n`` has its full value). The position starts in ``seat``'s action phase with
``actions_left`` actions, both hackers past their first turn unless ``turns`` says otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine import Action, Card, Event, Rng
from .cards import CODE_BY_TEXT, RESOURCE_BY_NAME, VALUE
from .phases import ACTION_PHASE
from .state import HackState

Pair = Sequence[str]


def cards(text: str) -> list[int]:
    return [CODE_BY_TEXT[Card.parse(t).text] for t in text.split()]


def _generators(text: str) -> list[int]:
    out = []
    for token in text.split():
        name, _, credits = token.partition(":")
        code = cards(name)[0]
        out.append((int(credits) if credits else VALUE[code]) * 64 + code)
    return out


def _firewalls(columns: Mapping[str, str]) -> list[int]:
    fw = [0] * 12
    for res, text in columns.items():
        for level, token in enumerate(text.split()):
            active = token.startswith("+")
            code = cards(token.lstrip("+"))[0]
            fw[RESOURCE_BY_NAME[res] * 3 + level] = -code if active else code
    return fw


def position(
    *,
    seat: int = 0,
    actions_left: int = 4,
    hands: Pair = ("", ""),
    decks: Pair = ("", ""),
    archives: Pair = ("", ""),
    finalized: Pair = ("", ""),
    generators: Pair = ("", ""),
    firewalls: Sequence[Mapping[str, str]] = ({}, {}),
    agenda: Pair = ("", ""),
    invest: Sequence[int] = (0, 0),
    stock: Sequence[int] = (0, 0),
    tags: Sequence[int] = (0, 0),
    turns: Sequence[int] = (2, 2),
    turn: int = 4,
    fresh: bool = False,
    seed: int = 0,
) -> HackState:
    state = HackState(Rng(seed))
    for p in (0, 1):
        state.hands[p] = cards(hands[p])
        state.decks[p] = cards(decks[p])[::-1]
        state.archives[p] = cards(archives[p])[::-1]
        state.finalized[p] = cards(finalized[p])
        state.gens[p] = _generators(generators[p])
        state.fws[p] = _firewalls(firewalls[p])
        state.agenda[p] = cards(agenda[p])[0] if agenda[p] else 0
        state.invest[p] = invest[p]
        state.stock[p] = stock[p]
        state.tags[p] = tags[p]
        state.taken[p] = turns[p]
        state.mulled[p] = True
    state.seat = state.decider = seat
    state.phase = ACTION_PHASE
    state.actions_left = actions_left
    state.turn = turn
    state.fresh = fresh
    return state


def opening(deck_a: str, deck_b: str, seed: int = 0) -> tuple[HackState, list[Event]]:
    """A game set up from two decks written top card first (no shuffle before the reveal)."""
    state = HackState(Rng(seed))
    events = state.setup([cards(deck_a)[::-1], cards(deck_b)[::-1]])
    return state, events


def play(state: HackState, *moves: str) -> list[Event]:
    """Apply moves given as text, in order; the events of all of them."""
    events: list[Event] = []
    for move in moves:
        events += state.apply(Action.parse(move))
    return events


def texts(events: list[Event], seat: int | None = None) -> list[str]:
    """The log lines ``seat`` may see (``None``: public lines only)."""
    return [e.text for e in events if e.visible_to(seat)]
