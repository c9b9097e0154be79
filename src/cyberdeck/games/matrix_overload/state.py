"""MATR1X 0VERL0AD: the rules engine.

One seat (0). Each decision places one card: a royal set aside during the deal, or the card just
drawn. Drawing is not a decision, so it happens inside ``apply``, right after the previous card is
placed. Cards are engine ``Card`` codes kept in plain lists; a pile's top card is its last element,
and the deck's top card is its last element too (its bottom is index 0).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine import Action, CachedState, Event, Outcome, Rng, counted
from ...engine.cards import _RANKS, _SUITS, CARDS, JACK, KING, QUEEN
from ...engine.shared import card_texts, shared_dict
from . import parts
from .layout import (
    DEAL_ORDER,
    EDGE_PILES,
    PAYLOAD,
    PILE_BY_NAME,
    PILE_NAMES,
    SLOT_BY_NAME,
    SLOT_NAMES,
    SLOTS_FACING,
    TRIGGERS,
)

# Slot status.
EMPTY, LIVING, KILLED = 0, 1, 2
STATUS_NAMES = ("empty", "living", "killed")
NO_CARD = -1
BLACK_ICE_LIMIT = 20
#: How a royal or ICE chose its place: by suit, failing that by colour, failing that any.
SUIT_TIER, COLOUR_TIER, ANY_TIER = 0, 1, 2
ROYALS = 12

PLACE_PILE: tuple[Action, ...] = tuple(Action("place", (name,)) for name in PILE_NAMES)
PLACE_SLOT: tuple[Action, ...] = tuple(Action("place", (name,)) for name in SLOT_NAMES)
ACTIONS: tuple[Action, ...] = PLACE_PILE + PLACE_SLOT

# Suit and colour of each card code; the suitless 0 / joker is wild (any suit, any colour).
_SUIT: list[int] = [-1 if s is None else int(s) for s in _SUITS]
_RED: list[int] = [-1 if s is None else int(s in (1, 2)) for s in _SUITS]


def base_health(card: int) -> int:
    return _RANKS[card] - JACK + 11


def same_suit(a: int, b: int) -> bool:
    """Suit match where the 0 / joker counts as every suit."""
    return _SUIT[a] < 0 or _SUIT[b] < 0 or _SUIT[a] == _SUIT[b]


def same_colour(a: int, b: int) -> bool:
    return _RED[a] < 0 or _RED[b] < 0 or _RED[a] == _RED[b]


class MatrixState(CachedState):
    __slots__ = (
        "card",
        "deck",
        "ice",
        "idle",
        "kills",
        "known",
        "opening",
        "pending",
        "piles",
        "rng",
        "royal",
        "status",
        "variant",
    )

    game: ClassVar[Any]  # set by the game module (avoids an import cycle)

    def __init__(self, variant: str = "", rng: Rng | None = None) -> None:
        if rng is None:  # an empty shell that ``clone`` fills (compiled, ``__new__`` runs this)
            return
        self.variant = variant
        self.rng = rng
        self.deck: list[int] = []
        self.piles: list[list[int]] = [[] for _ in range(9)]
        self.royal: list[int] = [NO_CARD] * 12
        self.status: list[int] = [EMPTY] * 12
        self.ice: list[tuple[int, ...]] = [()] * 12
        #: Royals set aside during the deal, waiting to be placed (in the order drawn).
        self.pending: list[int] = []
        #: The card the player must place now (``NO_CARD`` when the game is over).
        self.card: int = NO_CARD
        self.kills = 0
        #: Placements in a row with no kill, no royal placed and no ICE added.
        self.idle = 0
        #: How many cards at the bottom of the deck are public (returned there by resets).
        self.known = 0
        #: The deal, for the match log (shared by clones: it never changes).
        self.opening: list[Event] = []
        self._outcome: Outcome | None = None
        self._legal: list[Action] | None = None
        self.telling = True

    # --- setup -------------------------------------------------------------------------------

    def deal(self, deck: list[int]) -> list[Event]:
        """Deal the shuffled ``deck`` (top last) into the eight outer piles, royals aside."""
        self.deck = deck
        events: list[Event] = []
        for pile in DEAL_ORDER:
            while True:
                card = self.deck.pop()
                if _RANKS[card] >= JACK:
                    self.pending.append(card)
                    events.append(
                        Event(
                            "set_aside", f"{CARDS[card]} is set aside.", {"card": str(CARDS[card])}
                        )
                    )
                    continue
                self.piles[pile].append(card)
                events.append(
                    Event(
                        "deal",
                        f"{CARDS[card]} is dealt to {PILE_NAMES[pile]}.",
                        {"card": str(CARDS[card]), "pile": PILE_NAMES[pile]},
                    )
                )
                break
        events.extend(self._next_card())
        self.opening = events
        return events

    def opening_events(self) -> list[Event]:
        return self.opening

    # --- the contract --------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self._outcome is not None else 0

    @property
    def num_players(self) -> int:
        return 1

    def _compute_legal(self) -> list[Action]:
        card = self.card
        rank = _RANKS[card]
        if rank >= JACK:
            return [PLACE_SLOT[s] for s in self.royal_slots(card)]
        if rank == 1:
            return list(PLACE_PILE)
        if rank == 0:
            return [PLACE_PILE[p] for p in self.lowest_piles()]
        fits = self.fitting_piles(rank)
        if fits:
            return [PLACE_PILE[p] for p in fits]
        return [PLACE_SLOT[s] for s in self.ice_slots(card)]

    # --- where a card may go ----------------------------------------------------------------------

    def top_value(self, pile: int) -> int:
        cards = self.piles[pile]
        return _RANKS[cards[-1]] if cards else 0

    def fitting_piles(self, value: int) -> list[int]:
        piles = self.piles
        return [p for p in range(9) if not piles[p] or _RANKS[piles[p][-1]] <= value]

    def lowest_piles(self) -> list[int]:
        values = [self.top_value(p) for p in range(9)]
        low = min(values)
        return [p for p in range(9) if values[p] == low]

    def royal_piles(self, card: int) -> tuple[int, list[int]]:
        """The piles a firewall (or preventative ICE) may go beside, and why: the tier that chose
        them (``SUIT_TIER``, ``COLOUR_TIER`` or ``ANY_TIER``); only piles facing an empty slot."""
        status = self.status
        open_piles = [p for p in EDGE_PILES if any(status[s] == EMPTY for s in SLOTS_FACING[p])]
        for tier, similar in enumerate((same_suit, same_colour, None)):
            found = [
                p
                for p in open_piles
                if similar is None or (self.piles[p] and similar(self.piles[p][-1], card))
            ]
            if found:
                high = max(self.top_value(p) for p in found)
                return tier, [p for p in found if self.top_value(p) == high]
        return ANY_TIER, []

    def royal_slots(self, card: int) -> list[int]:
        """Empty slots next to the most similar top card (suit, then colour, then any)."""
        _, best = self.royal_piles(card)
        return sorted(s for p in best for s in SLOTS_FACING[p] if self.status[s] == EMPTY)

    def ice_tier(self, card: int) -> tuple[int, list[int]]:
        """The living royals a number card that fits no pile may become ICE on, and the tier
        (``SUIT_TIER``, ``COLOUR_TIER`` or ``ANY_TIER``) that chose them, lowest health first."""
        living = [s for s in range(12) if self.status[s] == LIVING]
        for tier, similar in enumerate((same_suit, same_colour, None)):
            found = [s for s in living if similar is None or similar(self.royal[s], card)]
            if found:
                return tier, found
        return ANY_TIER, []

    def ice_slots(self, card: int) -> list[int]:
        """Where a number card that fits no pile goes: onto a living royal, or preventative."""
        _, found = self.ice_tier(card)
        if not found:
            return self.royal_slots(card)
        low = min(self.health(s) for s in found)
        return [s for s in found if self.health(s) == low]

    def health(self, slot: int) -> int:
        royal = self.royal[slot]
        base = _RANKS[royal] if royal != NO_CARD else 0  # J 11, Q 12, K 13: the rank itself
        ice = self.ice[slot]
        return base + sum(map(_RANKS.__getitem__, ice)) if ice else base

    # --- playing a card ---------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        self._legal = None
        card = self.card
        self.card = NO_CARD
        rank = _RANKS[card]
        target = action.args[0]
        events: list[Event]
        if rank >= JACK:
            events = self._place_royal(card, SLOT_BY_NAME[target])
        elif target in SLOT_BY_NAME:
            events = self._add_ice(card, SLOT_BY_NAME[target])
        else:
            events = self._place_number(card, PILE_BY_NAME[target])
        if self._outcome is None:
            events.extend(self._next_card())
        return events

    def _place_royal(self, card: int, slot: int) -> list[Event]:
        self.royal[slot] = card
        self.status[slot] = LIVING
        self.idle = 0
        if not self.telling:
            return self._check_black_ice(slot)
        name = CARDS[card]
        events = [
            Event(
                "royal",
                f"{name} takes slot {SLOT_NAMES[slot]} (health {self.health(slot)}).",
                {"card": str(name), "slot": SLOT_NAMES[slot], "health": self.health(slot)},
            )
        ]
        return events + self._check_black_ice(slot)

    def _add_ice(self, card: int, slot: int) -> list[Event]:
        self.ice[slot] = (*self.ice[slot], card)
        self.idle = 0
        if not self.telling:
            return self._check_black_ice(slot)
        name = CARDS[card]
        if self.status[slot] == LIVING:
            text = f"{name} becomes ICE on {CARDS[self.royal[slot]]} (health {self.health(slot)})."
        else:
            text = f"{name} becomes preventative ICE in slot {SLOT_NAMES[slot]}."
        events = [Event("ice", text, {"card": str(name), "slot": SLOT_NAMES[slot]})]
        return events + self._check_black_ice(slot)

    def _check_black_ice(self, slot: int) -> list[Event]:
        if self.status[slot] == LIVING and self.health(slot) > BLACK_ICE_LIMIT:
            reason = f"Black ICE on {CARDS[self.royal[slot]].symbol} ({self.health(slot)})"
            return self._end(False, reason, "black-ice")
        return []

    def _place_number(self, card: int, pile: int) -> list[Event]:
        rank = _RANKS[card]
        cards = self.piles[pile]
        name = CARDS[card]
        telling = self.telling
        events: list[Event] = []
        if rank <= 1 and cards:
            # Soft (ace) or hard (0) reset: the pile goes under the deck, its bottom card first.
            self.deck[:0] = cards[::-1]
            self.known += len(cards)
            if telling:
                events.append(
                    Event(
                        "reset",
                        f"{name} resets {PILE_NAMES[pile]}: {counted(len(cards), 'card')} "
                        f"{'goes' if len(cards) == 1 else 'go'} under the deck.",
                        {
                            "card": str(name),
                            "pile": PILE_NAMES[pile],
                            "cards": [str(CARDS[c]) for c in cards],
                        },
                    )
                )
            cards.clear()
        cards.append(card)
        if telling:
            events.append(
                Event(
                    "place",
                    f"{name} goes on {PILE_NAMES[pile]}.",
                    {"card": str(name), "pile": PILE_NAMES[pile]},
                )
            )
        killed = False
        for slot in TRIGGERS[pile]:
            if self.status[slot] == LIVING and self.overloads(slot):
                killed = True
                events.extend(self._kill(slot))
        # Counted before the end is checked, so the final screen after a winning kill shows 0.
        self.idle = 0 if killed else self.idle + 1
        if self._outcome is not None:
            return events
        limit = self.recursion_limit()
        if self.idle >= limit:
            events.extend(
                self._end(
                    False,
                    f"Fatal Recursion: {self.idle} draws without a kill, royal or ICE",
                    "fatal-recursion",
                )
            )
        return events

    def overloads(self, slot: int, health: int | None = None) -> bool:
        """Does the payload in front of ``slot`` kill its royal? (``health``: when the caller
        already knows it; the search asks this of every firewall in every position.)"""
        royal = self.royal[slot]
        near, middle = PAYLOAD[slot]
        a = self.piles[near][-1] if self.piles[near] else NO_CARD
        b = self.piles[middle][-1] if self.piles[middle] else NO_CARD
        payload = (_RANKS[a] if a >= 0 else 0) + (_RANKS[b] if b >= 0 else 0)
        if payload < (self.health(slot) if health is None else health):
            return False
        rank = _RANKS[royal]
        if rank == QUEEN:
            return all(c < 0 or same_colour(c, royal) for c in (a, b))
        if rank == KING:
            return all(c < 0 or same_suit(c, royal) for c in (a, b))
        return True

    def _kill(self, slot: int) -> list[Event]:
        self.status[slot] = KILLED
        self.kills += 1
        name = CARDS[self.royal[slot]]
        events = [
            Event(
                "kill",
                f"Overload! {name} in {SLOT_NAMES[slot]} is killed.",
                {"card": str(name), "slot": SLOT_NAMES[slot]},
            )
        ]
        if self.kills == ROYALS:
            events.extend(self._end(True, "All twelve royals killed", "win"))
        return events

    def recursion_limit(self) -> int:
        """Quiet draws that cycle every circulating card twice: deck, matrix, the card in hand."""
        in_hand = self.card != NO_CARD and _RANKS[self.card] < JACK
        return 2 * (len(self.deck) + sum(map(len, self.piles)) + in_hand)

    def _next_card(self) -> list[Event]:
        """Take the next royal set aside, or draw; running out of cards loses."""
        if self.pending:
            self.card = self.pending.pop(0)
            return []
        if not self.deck:
            left = ROYALS - self.kills
            return self._end(
                False, f"Out of Time: the deck is empty with {left} royals alive", "out-of-time"
            )
        self.card = card = self.deck.pop()
        if self.known > len(self.deck):
            self.known = len(self.deck)
        if not self.telling:
            return []
        return [Event("draw", f"You draw {CARDS[card]}.", {"card": str(CARDS[card])})]

    def _end(self, won: bool, reason: str, kind: str) -> list[Event]:
        returns = (1.0 if won else -1.0,)
        self._outcome = Outcome((0,) if won else (), returns, reason, kind, (self.kills,))
        self.card = NO_CARD
        self._legal = None
        return [
            Event(
                "end",
                ("You win: " if won else "You lose: ") + reason + ".",
                {"won": won, "reason": reason},
            )
        ]

    # --- refusing moves clearly ---------------------------------------------------------------------

    def why_illegal(self, action: Action) -> str:
        from .explain import why_illegal

        return why_illegal(self, action)

    # --- information -------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "matrix-overload",
            "variant": self.variant,
            "current_player": self.current_player,
            "card": str(CARDS[self.card]) if self.card != NO_CARD else None,
            # Piles, slots and card rows are shared parts (``parts``): a placement changes one.
            "pending": card_texts(self.pending),
            "piles": {PILE_NAMES[p]: card_texts(self.piles[p]) for p in range(9)},
            "slots": shared_dict(
                SLOT_NAMES, [parts.slot(self, s, STATUS_NAMES[self.status[s]]) for s in range(12)]
            ),
            "deck_count": len(self.deck),
            # The public bottom of the deck, in the order the cards will be drawn.
            "deck_bottom": card_texts(self.deck[: self.known][::-1]),
            "kills": self.kills,
            "idle": self.idle,
            "recursion_limit": self.recursion_limit(),
            "legal_actions": [a.text for a in self.legal_actions()] if seat == 0 else [],
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    def clone(self) -> MatrixState:
        other = MatrixState.__new__(MatrixState)
        other.variant = self.variant
        other.rng = self.rng.clone()
        other.deck = self.deck[:]
        other.piles = [p[:] for p in self.piles]
        other.royal = self.royal[:]
        other.status = self.status[:]
        other.ice = self.ice[:]
        other.pending = self.pending[:]
        other.card = self.card
        other.kills = self.kills
        other.idle = self.idle
        other.known = self.known
        other.opening = self.opening
        other._outcome = self._outcome
        other.telling = True
        other._legal = self._legal
        return other

    def determinize(self, seat: int, rng: Rng) -> MatrixState:
        """Re-deal the unknown (upper) part of the deck; the public bottom stays as it is."""
        other = self.clone()
        unknown = sorted(other.deck[self.known :])  # a function of what the seat knows
        rng.shuffle(unknown)
        other.deck[self.known :] = unknown
        other.rng = rng.fork()
        return other

    def signature(self) -> tuple[Any, ...]:
        return (
            self.variant,
            self.rng.state,
            tuple(self.deck),
            tuple(map(tuple, self.piles)),
            tuple(self.royal),
            tuple(self.status),
            tuple(self.ice),
            tuple(self.pending),
            self.card,
            self.kills,
            self.idle,
            self.known,
            None if self._outcome is None else self._outcome.reason,
        )
