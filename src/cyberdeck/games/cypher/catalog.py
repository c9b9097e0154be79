"""The 19 character cards as data: loaded from ``cards.json`` (or a corrected copy) and checked.

The printed values are not public, so the shipped file is a reconstruction that an owner of the game
may correct. Rules code never names a value: it reads a ``Catalog``. Card *kinds* (the 13 ids) are
fixed, because actions name them (``play coder``); everything printed on a card may change.
Physical cards are numbered 0..18; ``kind[c]`` maps a physical card to its kind.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from ...engine import BadDeck

#: Every card kind the engine knows, in a fixed order (action tokens and the action space).
KINDS: tuple[str, ...] = (
    "aristocrat",
    "corp-overseer",
    "executive",
    "technomancer",
    "coder",
    "archivist",
    "hacker",
    "bodyguard",
    "data-runner",
    "syndicate-chief",
    "extractor",
    "fixer",
    "cypher-anomaly",
)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
#: The cards other effects name: the Executive swaps with the Overseer, the Archivist takes the Coder.
OVERSEER, CODER = KIND_INDEX["corp-overseer"], KIND_INDEX["coder"]

UPPER, MIDDLE, LOWER, NO_CLASS = 0, 1, 2, 3
CLASSES: tuple[str, ...] = ("upper", "middle", "lower", "none")

# Effect kinds (what the engine does), by number for speed.
EFFECTS: tuple[str, ...] = (
    "none",
    "aristocrat",
    "keep-one-more",
    "swap-overseer",
    "purge-upper",
    "draw-one-more",
    "take-coder",
    "draw-bottom",
    "bodyguard",
    "purge-immunity",
    "chief",
    "extract",
    "fixer",
    "end-game",
)
(
    E_NONE,
    E_ARISTOCRAT,
    E_KEEP,
    E_SWAP,
    E_PURGE,
    E_DRAW_MORE,
    E_TAKE,
    E_BOTTOM,
    E_GUARD,
    E_IMMUNE,
    E_CHIEF,
    E_EXTRACT,
    E_FIXER,
    E_END,
) = range(len(EFFECTS))

DECK_SIZE = 19
RECONSTRUCTED_NOTE = "reconstructed — correct it from your physical cards"
FIELDS = ("id", "name", "class", "influence", "copies", "effect", "text")


class Catalog:
    """One validated card set. Per kind: name, class, influence, effect, text; per physical card:
    its kind and (copied for speed) its class, influence and effect."""

    __slots__ = (
        "boosted",
        "cls",
        "copies",
        "document",
        "eff",
        "effect",
        "infl",
        "influence",
        "kind",
        "kind_class",
        "names",
        "note",
        "present",
        "texts",
    )

    def __init__(self, document: Mapping[str, Any]) -> None:
        entries = _validate(document)
        self.document: dict[str, Any] = json.loads(json.dumps(document))
        self.note = str(document.get("note", ""))
        n = len(KINDS)
        self.names: list[str] = [k.replace("-", " ").title() for k in KINDS]
        self.kind_class: list[int] = [NO_CLASS] * n
        self.influence: list[int] = [0] * n
        self.copies: list[int] = [0] * n
        self.effect: list[int] = [E_NONE] * n
        self.texts: list[str] = [""] * n
        self.boosted: list[int] = [0] * n
        kinds: list[int] = []
        for entry in entries:
            k = KIND_INDEX[entry["id"]]
            self.names[k] = entry["name"]
            self.kind_class[k] = CLASSES.index(entry["class"])
            self.influence[k] = entry["influence"]
            self.copies[k] = entry["copies"]
            self.effect[k] = EFFECTS.index(entry["effect"])
            self.texts[k] = entry["text"]
            self.boosted[k] = entry.get("boosted_influence", entry["influence"])
            kinds.extend([k] * entry["copies"])
        #: The kinds in this set (a corrected file may leave one out).
        self.present: tuple[int, ...] = tuple(KIND_INDEX[e["id"]] for e in entries)
        self.kind: tuple[int, ...] = tuple(kinds)
        self.cls: tuple[int, ...] = tuple(self.kind_class[k] for k in kinds)
        self.infl: tuple[int, ...] = tuple(self.influence[k] for k in kinds)
        self.eff: tuple[int, ...] = tuple(self.effect[k] for k in kinds)

    def name(self, card: int) -> str:
        """The printed name of a physical card."""
        return self.names[self.kind[card]]

    def cards_json(self) -> dict[str, dict[str, Any]]:
        """The glossary a view carries so that a renderer can name and score cards, and a state
        rebuilt from a view knows the card set (``from_glossary``)."""
        return {
            KINDS[k]: {
                "name": self.names[k],
                "class": CLASSES[self.kind_class[k]],
                "influence": self.influence[k],
                "copies": self.copies[k],
                "text": self.texts[k],
                "effect": EFFECTS[self.effect[k]],
                "boosted_influence": self.boosted[k],
            }
            for k in self.present
        }

    def from_glossary(self, glossary: Mapping[str, Any]) -> Catalog:
        """The card set a view's glossary (``cards_json``) describes: this one when it is the
        same, else a new one (``BadDeck`` when the glossary is no valid card set)."""
        if glossary == self.cards_json():
            return self
        if not isinstance(glossary, Mapping):
            raise BadDeck(["A view's cards are an object of cards by id."])
        return Catalog({"cards": [{"id": kind, **dict(card)} for kind, card in glossary.items()]})


def _validate(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every problem of a card document, each naming its entry; ``BadDeck`` lists them all."""
    if not isinstance(document, Mapping):
        raise BadDeck(["The card file must be a JSON object with a 'cards' list."])
    cards = document.get("cards")
    if not isinstance(cards, list) or not cards:
        raise BadDeck(["The card file needs a non-empty 'cards' list."])
    problems: list[str] = []
    seen_ids: set[str] = set()
    seen_effects: set[str] = set()
    total = 0
    good: list[dict[str, Any]] = []
    for number, entry in enumerate(cards, start=1):
        if not isinstance(entry, Mapping):
            problems.append(f"Entry {number} is not an object.")
            continue
        label = f"Entry {number} ({entry.get('id', entry.get('name', 'no id'))})"
        missing = [f for f in FIELDS if f not in entry]
        if missing:
            problems.append(f"{label} lacks {', '.join(missing)}.")
            continue
        before = len(problems)
        card_id = entry["id"]
        if card_id not in KIND_INDEX:
            problems.append(f"{label}: id '{card_id}' is not a card the engine knows.")
        elif card_id in seen_ids:
            problems.append(f"{label}: id '{card_id}' appears twice.")
        seen_ids.add(str(card_id))
        if entry["class"] not in CLASSES:
            problems.append(
                f"{label}: class '{entry['class']}' is not one of {', '.join(CLASSES)}."
            )
        effect = entry["effect"]
        if effect not in EFFECTS:
            problems.append(f"{label}: effect '{effect}' is not one of {', '.join(EFFECTS)}.")
        elif effect != "none" and effect in seen_effects:
            problems.append(f"{label}: effect '{effect}' is already on another card.")
        seen_effects.add(str(effect))
        for field in ("influence", "copies"):
            value = entry[field]
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                problems.append(f"{label}: {field} must be a whole number of 0 or more.")
        if isinstance(entry["copies"], int) and entry["copies"] == 0:
            problems.append(f"{label}: copies must be at least 1 (leave the entry out instead).")
        boosted = entry.get("boosted_influence")
        if boosted is not None and (not isinstance(boosted, int) or isinstance(boosted, bool)):
            problems.append(f"{label}: boosted_influence must be a whole number.")
        if effect == "chief" and boosted is None:
            problems.append(f"{label}: a 'chief' card needs boosted_influence.")
        if not isinstance(entry["name"], str) or not entry["name"].strip():
            problems.append(f"{label}: name must be text.")
        if not isinstance(entry["text"], str):
            problems.append(f"{label}: text must be text.")
        if len(problems) == before:
            good.append(dict(entry))
            total += entry["copies"]
    if not problems and total != DECK_SIZE:
        problems.append(f"The copies add up to {total}; Cypher has {DECK_SIZE} cards.")
    if problems:
        raise BadDeck(problems)
    return good


def default_document() -> dict[str, Any]:
    """The shipped (reconstructed) card file."""
    text = resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def load_card_file(path: str | Path) -> dict[str, Any]:
    """A card document read from ``path`` and validated (``BadDeck`` names every bad entry)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise BadDeck([f"Cannot read the card file {path}: {err.strerror}."]) from None
    except UnicodeDecodeError:
        raise BadDeck([f"The card file {path} is not a text file."]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise BadDeck([f"The card file {path} is not JSON (line {err.lineno})."]) from None
    Catalog(data)
    if not isinstance(data, dict):
        raise BadDeck(["The card file must be a JSON object."])
    return data


_DEFAULT: Catalog | None = None


def default_catalog() -> Catalog:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Catalog(default_document())
    return _DEFAULT
