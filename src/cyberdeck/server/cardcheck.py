"""Checking an edited card set for the Lab page: every problem by the game's own validator, each
changed number's own problems (so the page can write them beside the number), and the diff
against the shipped set. Plain data in and out: a set changing many numbers is checked once per
number, work for an AI worker process (``thinking``), never for the event loop."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..engine import CyberdeckError, Game, load_game

#: The largest number a card may print: the games' validators take any whole number, and a
#: number past this is a typing slip, not a design (nor a number any table could show).
MAX_NUMBER = 999
#: Changed numbers the check puts next to their field (a set changing more is told as a whole).
MAX_FIELDS = 200


@cache
def shipped(game_id: str) -> dict[str, Any] | None:
    """The game's shipped card set as a document (``None``: its rules fix the cards)."""
    return load_game(game_id).card_set()


def card_key(entry: Any) -> str | None:
    """How an entry of a document names its card: its slug (the CCG), id (Cypher), else name."""
    if not isinstance(entry, Mapping):
        return None
    key = entry.get("slug", entry.get("id", entry.get("name")))
    return key if isinstance(key, str) else None


def _by_card(document: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    cards = document.get("cards")
    found: dict[str, Mapping[str, Any]] = {}
    for entry in cards if isinstance(cards, list) else []:
        key = card_key(entry)
        if key is not None and key not in found:
            found[key] = entry
    return found


def changes(game_id: str, document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each value of ``document`` that differs from the shipped set, card by card."""
    base = _by_card(shipped(game_id) or {})
    out = []
    for key, entry in _by_card(document).items():
        before = base.get(key)
        if before is None:
            continue
        for name, value in entry.items():
            if before.get(name) != value:
                out.append(
                    {"card": key, "field": name, "shipped": before.get(name), "edited": value}
                )
    return out


def _one_change(game_id: str, change: Mapping[str, Any]) -> dict[str, Any]:
    """The shipped set with only ``change`` made."""
    document: dict[str, Any] = json.loads(json.dumps(shipped(game_id)))
    for entry in document["cards"]:
        if card_key(entry) == change["card"]:
            entry[change["field"]] = change["edited"]
    return document


def _too_large(document: Mapping[str, Any]) -> list[str]:
    cards = document.get("cards")
    found = []
    for number, entry in enumerate(cards if isinstance(cards, list) else [], start=1):
        if not isinstance(entry, Mapping):
            continue
        for name, value in entry.items():
            if isinstance(value, int) and not isinstance(value, bool) and value > MAX_NUMBER:
                label = card_key(entry) or f"entry {number}"
                found.append(f"{label}: {name} must be at most {MAX_NUMBER}.")
    return found


def problems(game: Game, document: Mapping[str, Any]) -> list[str]:
    """Every problem of ``document``, by the game's own validator, one sentence each."""
    try:
        found = list(game.check_card_set(document))
    except (CyberdeckError, TypeError, ValueError, KeyError, AttributeError) as err:
        found = [f"The card set cannot be read: {err}."]
    return found + _too_large(document)


def check_card_set(game_id: str, document: Mapping[str, Any]) -> dict[str, Any]:
    """The set's problems, each changed number's own (checked as the only change to the shipped
    set, so a page can show it beside the field), and the changes."""
    game = load_game(game_id)
    found = problems(game, document)
    made = changes(game_id, document)
    fields = []
    if found:
        for change in made[:MAX_FIELDS]:
            own = problems(game, _one_change(game_id, change))
            if own:
                fields.append({"card": change["card"], "field": change["field"], "problems": own})
    return {"ok": not found, "problems": found, "fields": fields, "changes": made}
