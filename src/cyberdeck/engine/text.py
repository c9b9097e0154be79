"""Text styling for terminal renderers: colour when the terminal has it, plain words when not."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card

_RESET = "\x1b[0m"
_CODES = {"red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35",
          "cyan": "36", "grey": "90", "bold": "1", "dim": "2", "inverse": "7"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Style:
    """``colour``: ANSI colours. ``plain``: line mode for dumb terminals and screen readers,
    where a renderer writes sentences instead of a drawn table."""

    colour: bool = False
    plain: bool = False

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


PLAIN = Style(colour=False, plain=True)
ASCII = Style()
