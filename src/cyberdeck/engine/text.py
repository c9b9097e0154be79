"""Text styling for terminal renderers: colour when the terminal has it, plain words when not."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import JOKER, SUITED, Card

#: A playing card's code inside a sentence ("5S", "10D", "QC", "JK"), as the page's cards.js
#: finds them to draw their symbols.
_CARD_CODE = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b")
#: The name of each code ``_CARD_CODE`` finds (every one is a card's canonical text).
_SPOKEN = {card.text: card.name for card in (*SUITED, JOKER)}

_RESET = "\x1b[0m"
#: A window of fewer lines than this is short (``Style.short``).
SHORT_WINDOW = 40
_CODES = {"red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35",
          "cyan": "36", "grey": "90", "bold": "1", "dim": "2", "inverse": "7"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Style:
    """``colour``: ANSI colours. ``plain``: line mode for dumb terminals and screen readers,
    where a renderer writes sentences instead of a drawn table."""

    colour: bool = False
    plain: bool = False
    #: The columns the text may take (a terminal's width); ``None``: as wide as it likes. A
    #: renderer lays out a narrower table when its usual one would not fit.
    width: int | None = None
    #: The lines a screen holds; ``None``: as many as it likes. A renderer packs a table into
    #: fewer lines when its usual one would crowd a short window.
    height: int | None = None

    @property
    def short(self) -> bool:
        """Whether the screen is short (a terminal of 24 lines): a renderer then packs its table
        into fewer lines (``look`` still shows any part in full)."""
        return self.height is not None and self.height < SHORT_WINDOW

    def paint(self, text: str, *styles: str) -> str:
        if not self.colour or not styles:
            return text
        return "\x1b[" + ";".join(_CODES[s] for s in styles) + "m" + text + _RESET

    def card(self, card: Card) -> str:
        """A card as a player reads it: ``7♥`` in red, ``7H`` without colour, words in plain mode."""
        if self.plain:
            return card.name
        if not self.colour:
            return card.text
        return self.paint(card.symbol, "red" if card.is_red else "bold")


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` things, the noun agreeing with the count ("1 card", "2 cards", "0 cards"): counts in
    the texts change as the game goes, and "1 cards" reads as a slip. ``plural`` for a noun that
    does not take an s ("1 copy", "3 copies"). The page's words.js says counts the same way."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def sentence(text: str) -> str:
    """``text`` ended by one full stop: a sentence may end on a name that carries its own
    ("... pays 6 EB with N.C.P.D."), and a second stop after it reads as a slip."""
    return text if text.endswith(".") else text + "."


def spell_cards(text: str) -> str:
    """``text`` with each playing card's code in words ("Seed 5S" -> "Seed five of spades"): line
    mode reads the games' own sentences, which name cards by their codes."""
    return capitalised(_CARD_CODE.sub(lambda m: _SPOKEN[m.group(0)], text), text)


def capitalised(spelled: str, original: str) -> str:
    """``spelled`` starting with a capital where ``original`` did ("5S goes on a2" -> "Five of
    spades goes on a2", since a card's name is lower case)."""
    if (spelled[:1].islower() and original[:1].isupper()) or original[:1].isdigit():
        return spelled[:1].upper() + spelled[1:]
    return spelled


PLAIN = Style(colour=False, plain=True)
ASCII = Style()
