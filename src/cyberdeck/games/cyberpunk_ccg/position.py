"""A compact position builder for scenario tests and tutorials.

    t = Table("ncpd", "the-mob")
    cop = t.card(0, "beat-cop")                  # a runner of player 1, in play
    t.card(0, "monoblade", on=cop)               # an attachment
    dive = t.card(1, "neon-dive")
    state = t.at("hits")                          # player 1's turn, the Hits step, priority to 1

Each call adds one physical card and returns its instance number (``c7`` in action texts).
"""

from __future__ import annotations

from ...engine import Action, Event, Rng
from . import equipping
from .cardset import BY_SLUG, CARDS
from .rules import (
    STEP_NAMES,
    Z_DISCARD,
    Z_GEAR,
    Z_HAND,
    Z_PLAY,
    Z_RUNS,
    Z_STASH,
)
from .state import CyberState


class Table:
    def __init__(self, sponsor0: str = "ncpd", sponsor1: str = "the-mob") -> None:
        self.state = CyberState([[BY_SLUG[sponsor0]], [BY_SLUG[sponsor1]]], Rng(0))

    def _new(self, seat: int, slug: str) -> int:
        s = self.state
        s.defs = (*s.defs, CARDS[BY_SLUG[slug]])
        s.cards = (*s.cards, BY_SLUG[slug])
        s.owner = (*s.owner, seat)
        for arr in (s.zone, s.used, s.host, s.team, s.flags, s.spent, s.tokens):
            arr.append(0)
        return len(s.defs) - 1

    def card(self, seat: int, slug: str, on: int = 0, used: bool = False, team: int = 0) -> int:
        """A card in play (on a runner, a Location or a Chassis when ``on`` is given)."""
        i = self._new(seat, slug)
        s = self.state
        equipping.enter_play(s, seat, i, on)
        s.used[i] = int(used)
        s.team[i] = team
        return i

    def awake(self, seat: int) -> int:
        """Give ``seat`` a move it can always make (an event in hand), so that windows wait for it
        instead of passing automatically."""
        return self.hand(seat, "media-blitz")[0]

    def hand(self, seat: int, *slugs: str) -> list[int]:
        out = []
        for slug in slugs:
            i = self._new(seat, slug)
            self.state.zone[i] = Z_HAND
            self.state.hand[seat].append(i)
            out.append(i)
        return out

    def deck(self, seat: int, *slugs: str) -> list[int]:
        """Cards on the player's decks (each in the deck it belongs to), the first on top."""
        out = []
        for slug in reversed(slugs):
            i = self._new(seat, slug)
            runs = CARDS[BY_SLUG[slug]].deck == "runs"
            self.state.zone[i] = Z_RUNS if runs else Z_GEAR
            (self.state.runs if runs else self.state.gear)[seat].insert(0, i)
            out.append(i)
        return out[::-1]

    def stash(self, seat: int, *slugs: str) -> list[int]:
        out = []
        for slug in slugs:
            i = self._new(seat, slug)
            self.state.zone[i] = Z_STASH
            self.state.stash[seat].append(i)
            out.append(i)
        return out

    def discard(self, seat: int, *slugs: str) -> list[int]:
        out = []
        for slug in slugs:
            i = self._new(seat, slug)
            self.state.zone[i] = Z_DISCARD
            self.state.discard[seat].append(i)
            out.append(i)
        return out

    def at(self, step: str, active: int = 0, turn: int = 1) -> CyberState:
        """The position at the start of ``step`` of ``active``'s turn, priority to ``active``."""
        s = self.state
        s.step = STEP_NAMES.index(step)
        s.active = s.prio = active
        s.passes = 0
        s.turn = turn
        s.prompt = None
        s._legal = None
        s._public = None
        return s


def act(state: CyberState, *moves: str) -> list[Event]:
    """Apply moves given as text; returns every event."""
    events: list[Event] = []
    for move in moves:
        events += state.apply(Action.parse(move))
    return events


def texts(state: CyberState) -> list[str]:
    return [a.text for a in state.legal_actions()]


__all__ = ["Z_DISCARD", "Z_GEAR", "Z_HAND", "Z_PLAY", "Z_RUNS", "Z_STASH", "Table", "act", "texts"]
