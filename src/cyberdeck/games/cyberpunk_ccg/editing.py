"""The card set as data: the numbers printed on every card, as a document a designer edits.

A document lists cards by slug with their numbers (cost, SR, LR, Defense, EB, M-Sec, ...), at the
scale the cards print them (``COMBAT_SCALE`` applied). A card it leaves out keeps its shipped
numbers, so a document may list only what it changes. Words (names, types, traits, abilities)
stay the rules': an edit changes how strong a card is, never what it does. A state is built over
the table this makes (``CyberState(table=...)``); the shipped set is the same objects as
``CARDS``, which is what keeps the shipped game exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...engine import BadDeck
from .cards import CardDef
from .cardset import BY_SLUG, CARDS

#: The numbers a document may change, as ``CardDef`` names them.
NUMBERS: tuple[str, ...] = ("cost", "style", "income", "eb", "msec", "esec", "ops", "sr", "lr",
                            "df", "power", "empathy", "movement", "capacity", "wheels")  # fmt: skip


def document() -> dict[str, Any]:
    """The shipped set: every card's slug, name, cost and its other numbers that are not zero."""
    return {
        "about": "Night City Core's numbers; list a card by slug with the numbers to change.",
        "cards": [
            {"slug": d.slug, "name": d.name,
             **{k: getattr(d, k) for k in NUMBERS if k == "cost" or getattr(d, k)}}
            for d in CARDS
        ],
    }  # fmt: skip


def problems(doc: Mapping[str, Any]) -> list[str]:
    """Every problem of a document, one sentence each, naming the entry that has it."""
    if not isinstance(doc, Mapping) or not isinstance(doc.get("cards"), list):
        return ["A card set is a JSON object with a 'cards' list."]
    found: list[str] = []
    seen: set[str] = set()
    for number, entry in enumerate(doc["cards"], start=1):
        if not isinstance(entry, Mapping):
            found.append(f"Entry {number} is not an object.")
            continue
        slug = entry.get("slug")
        if slug not in BY_SLUG:
            found.append(f"Entry {number}: '{slug}' is not a card of the set (give its slug).")
            continue
        label = f"Entry {number} ({slug})"
        if slug in seen:
            found.append(f"{label} appears twice.")
        seen.add(str(slug))
        shipped = CARDS[BY_SLUG[str(slug)]]
        for key, value in entry.items():
            if key == "slug":
                continue
            if key == "name":
                if value != shipped.name:
                    found.append(f"{label}: the name stays {shipped.name}; only numbers change.")
                continue
            if key not in NUMBERS:
                found.append(f"{label}: '{key}' is not a number a card set may change.")
            elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
                found.append(f"{label}: {key} must be a whole number of 0 or more.")
    return found


def table(doc: Mapping[str, Any]) -> tuple[CardDef, ...]:
    """``CARDS`` with the document's numbers; ``BadDeck`` names every problem."""
    wrong = problems(doc)
    if wrong:
        raise BadDeck(wrong)
    out = list(CARDS)
    for entry in doc["cards"]:
        index = BY_SLUG[entry["slug"]]
        numbers = {k: v for k, v in entry.items() if k in NUMBERS}
        if any(getattr(out[index], k) != v for k, v in numbers.items()):
            out[index] = replace(out[index], **numbers)
    return tuple(out)
