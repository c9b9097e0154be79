"""Standard playing cards as small interned integers.

A card is an ``int`` subclass so that piles, decks and hands are plain lists of small ints: cheap to
copy, hash and compare. Code layout: 0 is the "0" card, 1 the joker, and a suited card is
``rank * 4 + suit`` (ranks 1..13 = A..K, suits 0..3 = ♠ ♥ ♦ ♣). Both suitless cards have rank 0.
"""

from __future__ import annotations

from enum import IntEnum

from .errors import BadCard


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def colour(self) -> str:
        return "red" if self.is_red else "black"


RANK_LETTERS = ("0", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = (
    "zero", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king",
)  # fmt: skip
ACE, JACK, QUEEN, KING = 1, 11, 12, 13

_RANK_BY_TEXT = {text: rank for rank, text in enumerate(RANK_LETTERS) if rank}
_RANK_BY_TEXT["T"] = 10
_RANK_BY_TEXT["1"] = 1
_SUIT_BY_TEXT = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}
_SUIT_BY_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Card(int):
    """One playing card; instances are interned, so ``is`` and ``==`` agree."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return _RANKS[self]

    @property
    def suit(self) -> Suit | None:
        return _SUITS[self]

    @property
    def is_red(self) -> bool:
        suit = _SUITS[self]
        return suit is not None and suit.is_red

    @property
    def colour(self) -> str | None:
        suit = _SUITS[self]
        return None if suit is None else suit.colour

    @property
    def is_joker(self) -> bool:
        return self == 1

    @property
    def is_zero(self) -> bool:
        return self == 0

    @property
    def is_face(self) -> bool:
        return _RANKS[self] >= JACK

    @property
    def text(self) -> str:
        """Canonical ASCII text: ``7H``, ``10S``, ``QD``, ``JK`` (joker), ``0`` (the zero card)."""
        return _TEXTS[self]

    @property
    def symbol(self) -> str:
        """Text with the suit symbol: ``7♥``."""
        return _SYMBOLS[self]

    @property
    def name(self) -> str:
        """Words for screen readers: ``seven of hearts``."""
        return _NAMES[self]

    def __repr__(self) -> str:
        return _TEXTS[self]

    __str__ = __repr__

    @staticmethod
    def of(rank: int, suit: Suit | int | None) -> Card:
        if suit is None:
            if rank != 0:
                raise BadCard(f"Rank {rank} needs a suit.")
            return ZERO
        if not 1 <= rank <= 13:
            raise BadCard(f"There is no rank {rank}; ranks run from 1 (ace) to 13 (king).")
        return CARDS[rank * 4 + int(suit)]

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``7H``, ``10s``, ``7♥``, ``TH``, ``JK``/``joker``, ``0``."""
        token = text.strip().upper()
        if token in ("JK", "JOKER", "🃏"):
            return JOKER
        if token == "0":
            return ZERO
        if len(token) >= 2:
            rank = _RANK_BY_TEXT.get(token[:-1])
            suit = _SUIT_BY_TEXT.get(token[-1])
            if rank is not None and suit is not None:
                return CARDS[rank * 4 + suit]
        raise BadCard(
            f"'{text.strip()}' is not a card; write a rank and a suit such as 7H, 10S, QD or 7♥, "
            "or JK for a joker."
        )


_RANKS: list[int] = [0, 0] + [0, 0] + [code // 4 for code in range(4, 56)]
_SUITS: list[Suit | None] = [None, None, None, None] + [Suit(code % 4) for code in range(4, 56)]
_TEXTS: list[str] = ["0", "JK", "?", "?"] + [
    RANK_LETTERS[code // 4] + Suit(code % 4).letter for code in range(4, 56)
]
_SYMBOLS: list[str] = ["0", "🃏", "?", "?"] + [
    RANK_LETTERS[code // 4] + Suit(code % 4).symbol for code in range(4, 56)
]
_NAMES: list[str] = ["zero", "joker", "?", "?"] + [
    f"{RANK_NAMES[code // 4]} of {Suit(code % 4).name.lower()}" for code in range(4, 56)
]

#: Every card by code; codes 2 and 3 are unused and hold the zero card as a harmless filler.
CARDS: tuple[Card, ...] = tuple(Card(code) if code not in (2, 3) else Card(0) for code in range(56))
ZERO: Card = CARDS[0]
JOKER: Card = CARDS[1]
SUITED: tuple[Card, ...] = CARDS[4:]


def standard_deck(jokers: int = 0, zeros: int = 0) -> list[Card]:
    """The 52 suited cards in rank-major order, then the requested jokers and zero cards."""
    return list(SUITED) + [JOKER] * jokers + [ZERO] * zeros


def cards_text(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [_TEXTS[c] for c in cards]
