"""Edits to a game's card data, in the words a designer writes them.

Two kinds, told apart by where the number stands:

- a card's stat: ``"Road Warrior: SR +5"`` (add), ``"Coder: influence = 4"`` (set) — an edit of the
  game's card-set document (``Game.card_set``), for games whose printed cards are a designer's;
- a deck's count: ``"cold-boot: -1 7H"``, ``"cold-boot: +1 AS"`` — copies of a card out of or into
  a named deck, for every game with decks (where the rules fix the cards, as in Cipher Run, the
  decks are what a designer changes).

Every edit is checked where it lands: a card or stat the set does not have, a deck without that
card, and then the whole set or deck by the game's own validator, one sentence per problem.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import BadDeck, BadOption
from .game import Game

_STAT = re.compile(r"^(?P<field>[A-Za-z][\w -]*?)\s*(?P<how>[+=-])?\s*(?P<n>\d+)$")
_COUNT = re.compile(r"^(?P<sign>[+-])\s*(?P<n>\d+)\s*x?\s+(?P<card>.+)$")


@dataclass(frozen=True, slots=True)
class Edit:
    """One change: ``target`` is a card (a stat edit) or a deck (a count edit)."""

    text: str
    target: str
    #: The stat (a stat edit) or the card (a count edit).
    what: str
    #: ``+``/``-`` (by ``amount``) or ``=`` (to ``amount``).
    how: str
    amount: int
    #: A count edit of a deck (else a stat edit of a card).
    of_deck: bool = False


def parse_edit(text: str) -> Edit:
    """``CARD: STAT +N`` / ``CARD: STAT = N`` / ``DECK: +N CARD``; a sentence when it is neither."""
    target, colon, rest = text.partition(":")
    target, rest = target.strip(), rest.strip()
    if not colon or not target or not rest:
        raise BadOption(
            f"'{text}' is not a change: write 'CARD: STAT +N' (e.g. 'Road Warrior: SR +5'), "
            "'CARD: STAT = N', or 'DECK: +N CARD' / 'DECK: -N CARD' for a deck's copies."
        )
    count = _COUNT.match(rest)
    if count:
        sign = count["sign"]
        return Edit(text, target, count["card"].strip(), sign, int(count["n"]), of_deck=True)
    stat = _STAT.match(rest)
    if stat:
        return Edit(text, target, stat["field"].strip(), stat["how"] or "=", int(stat["n"]))
    raise BadOption(
        f"'{text}' is not a change: after the colon write 'STAT +N', 'STAT = N' or '+N CARD'."
    )


def card_key(text: str) -> str:
    """A name compared without case, spaces or punctuation ('Road Warrior' is 'road-warrior')."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def edit_card_set(game: Game, document: Mapping[str, Any], edits: Sequence[Edit]) -> dict[str, Any]:
    """``document`` with the stat edits made, checked by the game (``BadDeck``: every problem)."""
    out = copy.deepcopy(dict(document))
    cards = out.get("cards")
    problems: list[str] = []
    for edit in edits:
        entry = next(
            (c for c in cards or [] if isinstance(c, dict)
             and card_key(edit.target) in (card_key(str(c.get("name", ""))), card_key(str(c.get("id", ""))),
                                       card_key(str(c.get("slug", ""))))),
            None,
        )  # fmt: skip
        if entry is None:
            problems.append(f"'{edit.text}': {game.title}'s card set has no card '{edit.target}'.")
            continue
        numbers = {card_key(k): k for k, v in entry.items() if isinstance(v, int) and v is not True
                   and v is not False}  # fmt: skip
        field = numbers.get(card_key(edit.what))
        if field is None:
            problems.append(
                f"'{edit.text}': {entry.get('name', edit.target)} has no number "
                f"'{edit.what}' (its numbers: {', '.join(numbers.values()) or 'none'})."
            )
            continue
        value = int(entry[field])
        entry[field] = edit.amount if edit.how == "=" else value + (
            edit.amount if edit.how == "+" else -edit.amount
        )  # fmt: skip
    if problems:
        raise BadDeck(problems)
    problems = game.check_card_set(out)
    if problems:
        raise BadDeck([f"After the changes: {p}" for p in problems])
    return out


def edit_deck(game: Game, deck: str, cards: Sequence[str], edits: Sequence[Edit]) -> list[str]:
    """The card texts of ``deck`` with the count edits aimed at it made, checked by the game's
    deck rules (``BadDeck``: every problem)."""
    out = list(cards)
    problems: list[str] = []
    for edit in edits:
        if card_key(edit.target) != card_key(deck):
            continue
        try:
            named = [str(c) for c in game.read_deck(f"1x {edit.what}")]
        except BadDeck:
            problems.append(f"'{edit.text}': {game.title} has no card '{edit.what}'.")
            continue
        card = named[0]
        if edit.how == "+":
            out.extend([card] * edit.amount)
            continue
        held = out.count(card)
        if held < edit.amount:
            problems.append(
                f"'{edit.text}': {deck} holds {held} {card}, so {edit.amount} cannot come out."
            )
            continue
        for _ in range(edit.amount):
            out.remove(card)
    if problems:
        raise BadDeck(problems)
    broken = game.validate_deck(game.read_deck("\n".join(f"1x {c}" for c in out)))
    if broken:
        raise BadDeck([f"{deck} after the changes: {p}" for p in broken])
    return out


def load_card_set(game: Game, path: str | Path) -> dict[str, Any]:
    """A card-set file (the JSON document ``Game.card_set`` writes), checked by the game: a
    sentence for a file that cannot be read, ``BadDeck`` with every problem of its entries."""
    if game.card_set() is None:
        raise BadOption(f"{game.title}'s cards are fixed by its rules: change its decks instead.")
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise BadOption(f"Cannot read the card-set file {path}: {err.strerror}.") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        where = f" (line {err.lineno})" if isinstance(err, json.JSONDecodeError) else ""
        raise BadOption(f"The card-set file {path} is not JSON{where}.") from None
    problems = game.check_card_set(data) if isinstance(data, dict) else [
        "A card set is a JSON object with a 'cards' list."]  # fmt: skip
    if problems:
        raise BadDeck([f"{path}: {p}" for p in problems])
    return dict(data)
