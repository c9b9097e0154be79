"""Cypher: the state — the table's facts, the engine contract and the task loop.

A turn is four steps (play, draw, pass, discard), and card effects nest (a Fixer adds a Technomancer,
which makes three players discard in turn, one of whom may answer with a Bodyguard). All of it runs
on one explicit stack of small tasks: ``_run`` pops tasks until one needs a decision, then stops with
``phase``/``decider``/``ctx`` set. Every decision is one seat's, and the engine asks every one, even
a question with a single legal answer: the table answers those (``engine.autoanswer``).

Cards are physical numbers 0..18 (see ``catalog``); the deck's top is its last element, its bottom
index 0. ``know[c]`` is a bit mask of the seats that know where card ``c`` is (bit ``n`` is the public,
i.e. spectators); a seat always knows its own hand. Face-down moves (pass, discard, extraction) tell
only the mover (and a pass's receiver) which card went; a seat keeps knowing only the copies it can
still be sure of (``decisions.leaves``), and ``determinize`` keeps those in every world it deals.

This class holds the table's facts, the contract and the task loop. The rules themselves are free
functions taking the state, one module per part of the game: ``turns`` (a turn's steps, each task
carried out, the end of a turn), ``decisions`` (carrying out a seat's decision), ``effects`` (what
each character does when it enters a play area), ``deck`` (drawing, the Display, the deck bottom),
``ending`` (triggering the end, the final count, the tie-break), ``prompts`` (the pending decision
in words, refusals) and ``views`` (what each seat may see, determinize); ``rules`` holds the
constants they share.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine import Action, CachedState, Event, Outcome, Rng
from . import prompts, views
from .catalog import (
    E_BOTTOM,
    E_CHIEF,
    KINDS,
    LOWER,
    Catalog,
)
from .decisions import decide
from .deck import refill
from .rules import (
    ADD_ACTIONS,
    ADD_NONE,
    BUMP_ACTIONS,
    DISCARD,
    DISCARD_ACTIONS,
    DRAW,
    DRAW_BOTTOM,
    DRAW_DISPLAY,
    DRAW_TOP,
    EXTRACT,
    EXTRACT_ACTIONS,
    EXTRACT_NONE,
    FIX,
    GUARD,
    GUARD_ALLOW,
    GUARD_USE,
    NAMES,
    NONE,
    ONLY,
    ORDER,
    PASS,
    PASS_ACTIONS,
    PLAY,
    PLAY_ACTIONS,
    ROOM,
)
from .turns import begin_turn, carry_out


class CypherState(CachedState):
    __slots__ = (
        "_events",
        "areas",
        "burn",
        "cat",
        "ctx",
        "decider",
        "deck",
        "display",
        "final_left",
        "hands",
        "know",
        "n",
        "opening",
        "phase",
        "removed",
        "rng",
        "start",
        "tasks",
        "trigger",
        "trigger_kind",
        "trigger_reason",
        "trigger_turn",
        "turn",
        "turns",
    )

    game: ClassVar[Any]  # set by the game module

    def __init__(
        self,
        cat: Catalog | None = None,
        n: int = 2,
        rng: Rng | None = None,
        burn: bool = False,
        start: int = 0,
    ) -> None:
        if cat is None or rng is None:
            return  # an empty shell that ``clone`` fills (compiled, ``__new__`` runs this)
        self.cat = cat
        self.n = n
        self.rng = rng
        self.burn = burn
        self.start = start
        self.deck: list[int] = []
        self.display = -1
        self.hands: list[tuple[int, ...]] = [()] * n
        self.areas: list[tuple[int, ...]] = [()] * n
        self.removed: tuple[int, ...] = ()
        self.know: list[int] = [0] * len(cat.kind)
        self.turn = start
        self.turns = 0
        self.phase = NONE
        self.decider = -1
        self.ctx: tuple[Any, ...] = ()
        self.tasks: list[tuple[Any, ...]] = []
        self.trigger = -1
        self.trigger_reason = ""
        self.trigger_kind = ""
        self.trigger_turn = -1
        self.final_left = 0
        self._outcome: Outcome | None = None
        self._legal: list[Action] | None = None
        self.telling = True
        self._events: list[Event] = []
        #: What happened while the game was set up (the deal, the burn, the first Display).
        self.opening: list[Event] = []

    # --- setup ------------------------------------------------------------------------------------

    def setup(self) -> list[Event]:
        """Shuffle, burn (variant), deal 3 / 1 (right of the start) / 2, turn up the Display."""
        n = self.n
        deck = list(range(len(self.cat.kind)))
        self.rng.shuffle(deck)
        self.deck = deck
        events = self._events = []
        if self.burn:
            self.removed = (deck.pop(),)
            events.append(Event("burn", "The top card is set aside unseen (burn variant)."))
        right = (self.start - 1) % n
        for seat in [(self.start + i) % n for i in range(n)]:
            count = 3 if seat == self.start else 1 if (seat == right and n > 2) else 2
            hand = tuple(deck.pop() for _ in range(count))
            self.hands[seat] = hand
            for c in hand:
                self.know[c] = 1 << seat
            events.append(Event("deal", f"{NAMES[seat]} is dealt {count} cards.", {"seat": seat}))
            events.append(
                Event(
                    "hand",
                    "You are dealt " + self._list(hand) + ".",
                    {"cards": [KINDS[self.cat.kind[c]] for c in hand]},
                    ONLY[seat],
                )
            )
        self.opening = self.begin(self.start)
        return self.opening

    def opening_events(self) -> list[Event]:
        return self.opening

    def begin(self, seat: int) -> list[Event]:
        """Turn up the Display (setup's last step) and start ``seat``'s turn; every event so far."""
        refill(self)
        begin_turn(self, seat)
        self._run()
        return self._finish_apply()

    # --- the contract -----------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self._outcome is not None else self.decider

    @property
    def num_players(self) -> int:
        return self.n

    def _kinds(self, cards: tuple[int, ...]) -> list[int]:
        kind = self.cat.kind
        return sorted({kind[c] for c in cards})

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        seat = self.decider
        if phase == PLAY:
            return [PLAY_ACTIONS[k] for k in self._kinds(self.hands[seat])]
        if phase == DRAW:
            out = []
            if self.deck:
                out.append(DRAW_TOP)
            if self.display >= 0:
                out.append(DRAW_DISPLAY)
            if len(self.deck) >= 2 and self.has(seat, E_BOTTOM):
                out.append(DRAW_BOTTOM)
            return out
        if phase == PASS:
            return [PASS_ACTIONS[k] for k in self._kinds(self.hands[seat])]
        if phase == DISCARD:
            return [DISCARD_ACTIONS[k] for k in self._kinds(self.hands[seat])]
        if phase == ROOM:
            # Only "the 3 existing cards": the card arriving never makes room for itself.
            return [BUMP_ACTIONS[k] for k in self._kinds(self.areas[seat])]
        if phase == ORDER:
            return [BUMP_ACTIONS[k] for k in self._kinds(self.ctx[1])]
        if phase == FIX:
            return [ADD_ACTIONS[k] for k in self._kinds(self.hands[seat])] + [ADD_NONE]
        if phase == EXTRACT:
            return [EXTRACT_ACTIONS[k] for k in self._kinds(self.hands[seat])] + [EXTRACT_NONE]
        if phase == GUARD:
            return [GUARD_USE, GUARD_ALLOW]
        return []

    def _apply(self, action: Action) -> list[Event]:
        self._events = []
        decide(self, action)
        self._run()
        return self._finish_apply()

    def _finish_apply(self) -> list[Event]:
        events = self._events
        self._events = []
        return events

    # --- the task loop ----------------------------------------------------------------------------

    def _run(self) -> None:
        """Work through tasks until a seat must decide or the end. A decision with one legal
        answer is asked too: the table answers it for the player, visibly in the log, unless the
        player asked to answer such questions themselves (``engine.autoanswer``, ``Stops.single``),
        as in every game."""
        tasks = self.tasks
        while True:
            # After every step (a decision, a task): the Display never stays empty while the
            # deck is not, whatever emptied it or put a card under an empty deck. (``is_terminal``
            # rather than ``self._outcome is None``: a type checker keeps that narrowing across
            # ``carry_out``, which may end the game, and compiled code (mypyc) trusts it.)
            if not self.is_terminal:
                refill(self)
            while self.phase == NONE and tasks and not self.is_terminal:
                carry_out(self, tasks.pop())
                if not self.is_terminal:
                    refill(self)
            if self.phase == NONE or self.is_terminal:
                self._legal = None
                self.decider = -1
                return
            self._legal = self._compute_legal()
            return

    # --- facts and helpers the rules share --------------------------------------------------------

    def has(self, seat: int, effect: int) -> bool:
        eff = self.cat.eff
        return any(eff[c] == effect for c in self.areas[seat])

    def first_of(self, cards: tuple[int, ...], kind: int) -> int:
        """A physical card of ``kind`` among ``cards`` (the first)."""
        k = self.cat.kind
        for c in cards:
            if k[c] == kind:
                return c
        raise AssertionError("a legal action names a card that is there")

    def name(self, card: int) -> str:
        return self.cat.names[self.cat.kind[card]]

    def the(self, card: int) -> str:
        return "the " + self.cat.names[self.cat.kind[card]]

    def _list(self, cards: tuple[int, ...] | list[int]) -> str:
        names = sorted(self.name(c) for c in cards)
        if not names:
            return "nothing"
        return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]

    def event(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        """Something every seat (and every spectator) sees happen."""
        if self.telling:
            self._events.append(Event(kind, text, data if data is not None else {}))

    def secret(self, kind: str, text: str, seats: frozenset[int]) -> None:
        """Something only ``seats`` see (the card a face-down move concerns)."""
        if self.telling:
            self._events.append(Event(kind, text, {}, seats))

    def ask(self, phase: int, seat: int, ctx: tuple[Any, ...] = ()) -> None:
        """Stop the task loop: ``seat`` must make the decision ``phase`` (details in ``ctx``)."""
        self.phase = phase
        self.decider = seat
        self.ctx = ctx

    @property
    def all_mask(self) -> int:
        return (1 << (self.n + 1)) - 1

    def influence(self, seat: int) -> int:
        """The seat's total influence in play."""
        return influence_of(self.cat, self.areas[seat])

    # --- refusing moves, information, copies ------------------------------------------------------

    def why_illegal(self, action: Action) -> str:
        return prompts.why_illegal(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> CypherState:
        return views.determinize(self, seat, rng)

    def clone(self) -> CypherState:
        other = CypherState.__new__(CypherState)
        other.opening = self.opening
        other.cat = self.cat
        other.n = self.n
        other.rng = self.rng.clone()
        other.burn = self.burn
        other.start = self.start
        other.deck = self.deck[:]
        other.display = self.display
        other.hands = self.hands[:]
        other.areas = self.areas[:]
        other.removed = self.removed
        other.know = self.know[:]
        other.turn = self.turn
        other.turns = self.turns
        other.phase = self.phase
        other.decider = self.decider
        other.ctx = self.ctx
        other.tasks = self.tasks[:]
        other.trigger = self.trigger
        other.trigger_reason = self.trigger_reason
        other.trigger_kind = self.trigger_kind
        other.trigger_turn = self.trigger_turn
        other.final_left = self.final_left
        other._outcome = self._outcome
        other.telling = True
        other._legal = self._legal
        other._events = []
        return other

    def signature(self) -> tuple[Any, ...]:
        return (
            self.n,
            self.burn,
            self.start,
            self.rng.state,
            tuple(self.deck),
            self.display,
            tuple(self.hands),
            tuple(self.areas),
            self.removed,
            tuple(self.know),
            self.turn,
            self.turns,
            self.phase,
            self.decider,
            self.ctx,
            tuple(self.tasks),
            self.trigger,
            self.trigger_turn,
            self.final_left,
            None if self._outcome is None else self._outcome.reason,
        )


def influence_of(cat: Catalog, area: tuple[int, ...]) -> int:
    """The influence of a play area (a Syndicate Chief counts its boosted value while another
    lower-class card shares its area); free of the state, so that the evaluation can price an area
    with one card gone."""
    lowers = 0
    for c in area:
        if cat.cls[c] == LOWER:
            lowers += 1
    total = 0
    for c in area:
        # "another" lower-class card: the Chief itself does not count when it is lower-class.
        others = lowers - (cat.cls[c] == LOWER)
        if cat.eff[c] == E_CHIEF and others >= 1:
            total += cat.boosted[cat.kind[c]]
        else:
            total += cat.infl[c]
    return total
