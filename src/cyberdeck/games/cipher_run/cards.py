"""The parametric card set: 53 cards generated from rank × suit, plus the suitless Joker.

Cards are engine ``Card`` codes (``rank * 4 + suit``; the Joker is 1). The tables below are indexed
by code so the rules engine reads a card's value, suit and kind with one list lookup.
"""

from __future__ import annotations

from ...engine import JOKER, BadCard, Card, Suit
from ...engine.cards import ACE, JACK, KING, QUEEN

#: Every card of the game, generated: ranks A..K in each suit, then the Joker.
CARD_SET: tuple[Card, ...] = (
    *(Card.of(rank, suit) for rank in range(ACE, KING + 1) for suit in Suit),
    JOKER,
)
NUMBERS: tuple[Card, ...] = tuple(c for c in CARD_SET if ACE <= c.rank <= 10)
PROGRAMS: tuple[Card, ...] = tuple(c for c in CARD_SET if c not in NUMBERS)

# Card kinds.
NUMBER, KILL_SWITCH, REVECTOR, OVERCLOCK, ZERO_DAY = 0, 1, 2, 3, 4
KIND_NAMES = ("Number Module", "Kill-Switch", "Revector", "Overclock", "Zero-Day")
PROGRAM_RANKS = {KILL_SWITCH: JACK, REVECTOR: QUEEN, OVERCLOCK: KING}
NOT_IN_GAME = -1

_SIZE = 56
#: Per card code: the module value (A=1..10), 0 for programs.
VALUE: list[int] = [0] * _SIZE
#: Per card code: the suit 0..3, -1 for the Joker.
SUIT: list[int] = [-1] * _SIZE
#: Per card code: the kind, ``NOT_IN_GAME`` for codes no card of this game has.
KIND: list[int] = [NOT_IN_GAME] * _SIZE
for _card in CARD_SET:
    _suit = _card.suit
    SUIT[_card] = -1 if _suit is None else int(_suit)
    if _card == JOKER:
        KIND[_card] = ZERO_DAY
    elif _card.rank <= 10:
        KIND[_card] = NUMBER
        VALUE[_card] = _card.rank
    else:
        KIND[_card] = {JACK: KILL_SWITCH, QUEEN: REVECTOR, KING: OVERCLOCK}[_card.rank]


def read_card(text: str) -> Card:
    """A card of this game from its text (``7H``, ``7♥``, ``th``, ``JK``)."""
    card = Card.parse(text)
    if KIND[card] == NOT_IN_GAME:
        raise BadCard(f"'{text.strip()}' is not a Cipher Run card (no 0 card in this game).")
    return card


def is_number(card: int) -> bool:
    return KIND[card] == NUMBER


def kind_name(card: int) -> str:
    return KIND_NAMES[KIND[card]]


def card_order(card: int) -> tuple[int, int]:
    """Sort key: numbers by value then suit, then programs J, Q, K, Joker."""
    kind = KIND[card]
    return (kind, VALUE[card] * 4 + SUIT[card] if kind == NUMBER else int(card))


#: Per card code: its place in ``card_order`` (hands and menus list numbers first, then programs).
ORDER: list[int] = [0] * _SIZE
for _place, _card in enumerate(sorted(CARD_SET, key=card_order)):
    ORDER[_card] = _place
