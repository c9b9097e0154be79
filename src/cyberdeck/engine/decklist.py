"""Deck lists as plain text, shared by every game that is played with built decks.

One card per line, with an optional count: ``2x 7H``, ``2 7H`` or ``7H``. A ``#`` starts a comment
(to the end of the line); blank lines are ignored. Two comment lines carry the deck's identity for
people: ``# name: Cold Boot`` and ``# about: one line of character``. The card itself is whatever
follows the count (a game may use names with spaces), read by a function the game supplies, so the
format knows no game. Every malformed line is reported at once, each with its line number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .errors import BadDeck, CyberdeckError

C = TypeVar("C")

MAX_COPIES_PER_LINE = 99
_COUNTED = re.compile(r"^(\d+)\s*[xX×]?\s+(\S.*)$")
_META = re.compile(r"^#\s*(name|about)\s*:\s*(.*)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Deck:
    """A named deck: its cards, a name, and one line of character for people choosing it."""

    name: str
    cards: tuple[Any, ...]
    about: str = ""
    #: A short handle for command lines and records (``cold-boot``); defaults to the name.
    key: str = field(default="")

    @property
    def handle(self) -> str:
        return self.key or self.name.lower().replace(" ", "-")


@dataclass(frozen=True, slots=True)
class DeckCard:
    """One card a deck may hold, with what a deck builder shows beside it.

    ``code`` is how a deck list names the card (``7H``, ``street-samurai``) and what
    ``read_deck`` reads back; ``section`` is the heading a builder files it under (``Programs``,
    ``Runs deck``); ``copies`` is the most one legal deck may hold (the deck's other rules, such
    as totals per kind, are the validator's); ``facts`` holds the game's own numbers and words,
    JSON-ready, each under a short key a player reads (``cost``, ``suit``).
    """

    code: str
    name: str
    kind: str
    section: str
    copies: int
    text: str = ""
    facts: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "kind": self.kind,
            "section": self.section,
            "copies": self.copies,
            "text": self.text,
            "facts": dict(self.facts),
        }


@dataclass(frozen=True, slots=True)
class DeckText:
    """What a deck-list text says before its cards are read: ``(line, count, card text)``."""

    entries: tuple[tuple[int, int, str], ...]
    name: str = ""
    about: str = ""


def split_decklist(text: str) -> DeckText:
    """The lines of a deck list, checked for form only; ``BadDeck`` lists every bad line."""
    split, problems = _split(text)
    if problems:
        raise BadDeck([text for _, text in problems])
    return split


def readable_entries(text: str) -> DeckText:
    """The lines of a deck list that are well formed, skipping the others (see ``split_decklist``
    for the strict reading)."""
    return _split(text)[0]


def _split(text: str) -> tuple[DeckText, list[tuple[int, str]]]:
    entries: list[tuple[int, int, str]] = []
    problems: list[tuple[int, str]] = []
    name = about = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        meta = _META.match(raw.strip())
        if meta:
            if meta.group(1).lower() == "name":
                name = meta.group(2).strip()
            else:
                about = meta.group(2).strip()
            continue
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        counted = _COUNTED.match(line)
        if counted:
            count, card = int(counted.group(1)), counted.group(2).strip()
            if count < 1 or count > MAX_COPIES_PER_LINE:
                problems.append(
                    (
                        number,
                        f"Line {number}: '{line}' has a count of {count}; "
                        f"expected a count from 1 to {MAX_COPIES_PER_LINE}.",
                    )
                )
                continue
        elif line[0].isdigit() and " " in line:
            problems.append(
                (
                    number,
                    f"Line {number}: '{line}' does not read as a count and a card; "
                    "expected something like '2x 7H', '2 7H' or '7H'.",
                )
            )
            continue
        else:
            count, card = 1, line
        entries.append((number, count, card))
    return DeckText(tuple(entries), name, about), problems


def read_decklist(text: str, read_card: Callable[[str], C]) -> list[C]:
    """The cards of a deck list, counts expanded, in file order.

    ``read_card`` turns one card's text into the game's card, raising a ``CyberdeckError`` (or
    ``ValueError``) with a sentence when it cannot; that sentence is reported with the line number.
    """
    split, problems = _split(text)
    cards: list[C] = []
    for number, count, token in split.entries:
        try:
            card = read_card(token)
        except (CyberdeckError, ValueError) as err:
            problems.append((number, f"Line {number}: {err}"))
            continue
        cards.extend([card] * count)
    if problems:
        raise BadDeck([text for _, text in sorted(problems, key=lambda p: p[0])])
    return cards


def format_decklist(
    cards: Iterable[C],
    card_text: Callable[[C], str],
    name: str = "",
    about: str = "",
    order: Callable[[C], Any] | None = None,
) -> str:
    """A deck list that ``read_decklist`` reads back: one ``2x CARD`` line per distinct card.

    Cards keep their first-seen order unless ``order`` gives a sort key.
    """
    counts: dict[C, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    distinct = list(counts)
    if order is not None:
        distinct.sort(key=order)
    lines = []
    if name:
        lines.append(f"# name: {name}")
    if about:
        lines.append(f"# about: {about}")
    lines.extend(f"{counts[card]}x {card_text(card)}" for card in distinct)
    return "\n".join(lines) + "\n"
