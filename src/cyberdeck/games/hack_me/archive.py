"""Several cards reaching one archive at once: their owner chooses the order they go on it.

The seed's glossary (DISCARD / DESTROY) gives the owner that choice, and it matters: an archive run
accesses the top card, and a card sent back under the archive brings the next one up. In this game
the cards that reach an archive together are the generators spent at the start of a turn; every
other move sends one card at a time, or its owner discards them one by one (recycling, the hand
limit), which is already an order of their choosing. The order is asked one card at a time
(``archive CARD`` puts that card on next, so the last one placed is the top), and only while it can
matter: cards of one rank are alike to every rule, so they are placed without asking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, Event
from .cards import TEXT, VALUE
from .phases import ARCHIVE_PHASE, NAMES, code_of, event

if TYPE_CHECKING:
    from .state import HackState


def order_matters(codes: list[int]) -> bool:
    """Whether two of ``codes`` differ in rank, the only thing of a card any rule reads."""
    return len({VALUE[c] for c in codes}) > 1


def archive_together(s: HackState, p: int, codes: list[int]) -> list[Event]:
    """Send ``codes`` to ``p``'s archive at once: asked of ``p`` when the order matters, else placed.
    The caller goes on only when ``s.phase`` is not ``ARCHIVE_PHASE`` afterwards."""
    if not order_matters(codes):
        return _place_all(s, p, sorted(codes), told=False)
    s.filing = sorted(codes)
    s.phase = ARCHIVE_PHASE
    s.decider = p
    return []


def do_archive(s: HackState, action: Action) -> list[Event]:
    """Place the named card; once the rest cannot matter, place them and start the turn's actions
    (the spent generators of the start of a turn are the only cards ordered this way)."""
    p = s.seat
    code = code_of(action.args[0])
    s.filing.remove(code)
    if order_matters(s.filing):
        return _place_all(s, p, [code], told=True)
    rest, s.filing = s.filing, []
    events = _place_all(s, p, [code, *rest], told=True)
    if s._outcome is not None:
        return events
    return events + s._start_actions(p)


def _place_all(s: HackState, p: int, codes: list[int], told: bool) -> list[Event]:
    """Put ``codes`` on the archive in order; ``told``: a chosen order is logged card by card (an
    order nobody chose needs no line beyond the one that sent the cards)."""
    events: list[Event] = []
    for code in codes:
        if told:
            text = f"{NAMES[p]} puts {TEXT[code]} on their archive."
            events.append(event("archived", text, player=p, card=TEXT[code]))
        events += s._to_archive(p, code)
        if s._outcome is not None:
            break
    return events
