"""Deckbuilding: the deck rules, deck-list text, the starter decks, and decks chosen for a run.

Validation checks every rule independently and reports each broken one as its own sentence, so a
designer fixes a deck in one pass. Starter decks are deck-list files shipped inside the package.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from ...engine import BadCard, BadDeck, Card, Deck, DeckCard, DeckMeasure
from ...engine.decklist import format_decklist, read_decklist, split_decklist
from .cards import (
    CARD_SET,
    KILL_SWITCH,
    KIND,
    KIND_NAMES,
    NUMBER,
    OVERCLOCK,
    REVECTOR,
    SUIT,
    VALUE,
    ZERO_DAY,
    card_order,
    read_card,
)

DECK_SIZE = 30
MIN_NUMBERS = 20
MAX_PROGRAMS = 10
MAX_JOKERS = 2
MAX_PER_PROGRAM = 4
MAX_COPIES = 2
MIN_SUITS = 3
MAX_PER_SUIT = 10

SUIT_WORDS = ("spades ♠", "hearts ♥", "diamonds ♦", "clubs ♣")
_PROGRAM_LIMITS = ((KILL_SWITCH, "Kill-Switches (J)"), (REVECTOR, "Revectors (Q)"),
                   (OVERCLOCK, "Overclocks (K)"))  # fmt: skip
STARTER_FILES = ("cold-boot", "redline")
PROGRAM_TEXT = {
    KILL_SWITCH: "Removes one module from the table, with every Overclock on it.",
    REVECTOR: "Reverses the Attack Profile of one node.",
    OVERCLOCK: "Sticks to one module and doubles it (two double twice, and so on).",
    ZERO_DAY: "Purges the table of modules that share the target's suit (ace target) or value "
    "(2-10 target).",
}


def validate(cards: Sequence[int]) -> list[str]:
    """Every deck rule ``cards`` breaks, one plain sentence each (empty when the deck is legal)."""
    problems: list[str] = []
    kinds = Counter(KIND[c] for c in cards)
    numbers = kinds[NUMBER]
    programs = len(cards) - numbers
    if len(cards) != DECK_SIZE:
        problems.append(f"A deck has exactly {DECK_SIZE} cards; this one has {len(cards)}.")
    if numbers < MIN_NUMBERS:
        problems.append(f"At least {MIN_NUMBERS} Number Modules (A-10) needed, deck has {numbers}.")
    if programs > MAX_PROGRAMS:
        problems.append(f"{MAX_PROGRAMS} programs allowed, deck has {programs}.")
    if kinds[ZERO_DAY] > MAX_JOKERS:
        problems.append(f"{MAX_JOKERS} Jokers allowed, deck has {kinds[ZERO_DAY]}.")
    for kind, words in _PROGRAM_LIMITS:
        if kinds[kind] > MAX_PER_PROGRAM:
            problems.append(f"{MAX_PER_PROGRAM} {words} allowed, deck has {kinds[kind]}.")
    copies = Counter(cards)
    for card in sorted(copies, key=card_order):
        if copies[card] > MAX_COPIES and KIND[card] != ZERO_DAY:
            problems.append(
                f"{MAX_COPIES} copies of one card allowed, deck has {copies[card]} of "
                f"{Card(card).text}."
            )
    suits = Counter(SUIT[c] for c in cards if SUIT[c] >= 0)
    if len(suits) < MIN_SUITS:
        present = ", ".join(SUIT_WORDS[s] for s in sorted(suits)) or "none"
        problems.append(f"At least {MIN_SUITS} suits needed, deck has {len(suits)} ({present}).")
    for suit in sorted(suits):
        if suits[suit] > MAX_PER_SUIT:
            problems.append(
                f"{MAX_PER_SUIT} cards of one suit allowed, deck has {suits[suit]} "
                f"{SUIT_WORDS[suit]}."
            )
    return problems


def program_count(cards: Sequence[int]) -> float:
    """How many programs: the deck's toolbox against its stack of modules."""
    return float(sum(1 for c in cards if KIND[c] != NUMBER))


def suit_spread(cards: Sequence[int]) -> float:
    """Cards in the deck's most common suit less those in its rarest: 0 is an even spread (a
    Protocol Override is always at hand), 10 leans on one suit."""
    suits = Counter(SUIT[c] for c in cards if SUIT[c] >= 0)
    counts = [suits[s] for s in range(4)]
    return float(max(counts) - min(counts))


def mean_module_value(cards: Sequence[int]) -> float:
    """The average Number Module: high decks reach the lock range in fewer deploys."""
    values = [VALUE[c] for c in cards if KIND[c] == NUMBER]
    return sum(values) / len(values) if values else 0.0


DECK_MEASURES = (
    DeckMeasure("programs", 0, MAX_PROGRAMS, program_count),
    DeckMeasure("suit spread", 0, MAX_PER_SUIT, suit_spread),
    DeckMeasure("mean module value", 1, 10, mean_module_value),
)


def deck_cards() -> list[DeckCard]:
    """The 53-card space as a deck builder lists it: modules by value and suit, then programs."""
    out = []
    for card in sorted(CARD_SET, key=card_order):
        kind, suit = KIND[card], SUIT[card]
        facts: dict[str, object] = {"Suit": SUIT_WORDS[suit] if suit >= 0 else "none"}
        if kind == NUMBER:
            facts = {"Value": VALUE[card], **facts}
            text = f"A Number Module worth {VALUE[card]}, for one of your own nodes."
        else:
            text = PROGRAM_TEXT[kind]
        out.append(
            DeckCard(
                code=card.text,
                name=card.name.capitalize(),
                kind=KIND_NAMES[kind],
                section="Number Modules" if kind == NUMBER else "Programs",
                copies=MAX_JOKERS if kind == ZERO_DAY else MAX_COPIES,
                text=text,
                facts=facts,
            )
        )
    return out


def read_deck(text: str) -> list[Card]:
    """The cards of a deck-list text; ``BadDeck`` names every malformed line."""
    return read_decklist(text, read_card)


def deck_text(cards: Sequence[int], name: str = "", about: str = "") -> str:
    """Deck-list text, numbers first by value and suit, then programs."""
    return format_decklist([Card(c) for c in cards], lambda c: c.text, name, about, card_order)


@cache
def starter_decks() -> tuple[Deck, ...]:
    """The two starter decks, read from the deck files shipped in the package."""
    folder = resources.files(__package__).joinpath("decks")
    out = []
    for key in STARTER_FILES:
        text = folder.joinpath(f"{key}.txt").read_text(encoding="utf-8")
        head = split_decklist(text)
        out.append(Deck(head.name, tuple(read_deck(text)), head.about, key))
    return tuple(out)


def starter(handle: str) -> Deck | None:
    wanted = handle.strip().lower()
    for deck in starter_decks():
        if wanted in (deck.handle, deck.name.lower()):
            return deck
    return None


def resolve_decks(decks: Any, seats: int = 2) -> list[list[int]]:
    """The cards of each seat's deck, from what ``new_state`` was given.

    ``None`` gives every seat a starter deck (the first to seat 1, the second to seat 2). Otherwise
    one entry per seat: ``None`` (that seat's starter), a starter deck's name or handle, a deck-list
    text, or a list of cards (texts or codes). ``BadDeck`` lists every problem of every deck.
    """
    starters = starter_decks()
    if decks is None:
        decks = [None] * seats
    if not isinstance(decks, list | tuple) or len(decks) != seats:
        raise BadDeck([f"Cipher Run needs one deck per player ({seats} decks, or none)."])
    out: list[list[int]] = []
    problems: list[str] = []
    for seat, given in enumerate(decks):
        who = f"Player {seat + 1}'s deck"
        try:
            cards = _deck_cards(given, starters[seat % len(starters)])
        except BadDeck as err:
            problems.extend(f"{who}: {p}" for p in err.problems)
            continue
        problems.extend(f"{who}: {p}" for p in validate(cards))
        out.append(cards)
    if problems:
        raise BadDeck(problems)
    return out


def _deck_cards(given: Any, default: Deck) -> list[int]:
    if given is None:
        return [int(c) for c in default.cards]
    if isinstance(given, str):
        named = starter(given)
        if named is not None:
            return [int(c) for c in named.cards]
        if "\n" not in given and len(given.split()) <= 1:
            names = ", ".join(d.handle for d in starter_decks())
            raise BadDeck([f"There is no starter deck '{given}' (starter decks: {names})."])
        return [int(c) for c in read_deck(given)]
    if isinstance(given, list | tuple):
        cards: list[int] = []
        problems: list[str] = []
        for i, item in enumerate(given, start=1):
            try:
                cards.append(int(read_card(item) if isinstance(item, str) else _card_code(item)))
            except BadCard as err:
                problems.append(f"Card {i}: {err}")
        if problems:
            raise BadDeck(problems)
        return cards
    raise BadDeck(["A deck is a list of cards, a deck-list text or a starter deck's name."])


def _card_code(item: Any) -> Card:
    if isinstance(item, int) and 0 <= item < 56 and KIND[item] >= 0:
        return Card(item) if not isinstance(item, Card) else item
    raise BadCard(f"{item!r} is not a Cipher Run card.")
