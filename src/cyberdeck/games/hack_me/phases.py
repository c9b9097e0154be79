"""The moments of a Hack-Me turn (who decides what), and small helpers every rules module shares."""

from __future__ import annotations

from typing import Any

from ...engine import Action, Event, counted
from .cards import CODE_BY_TEXT, RESOURCE_BY_NAME, RESOURCES

NAMES = ("Hacker A", "Hacker B")

# Phases: what the seat in ``decider`` is deciding.
(
    MULLIGAN_PHASE,
    ACTION_PHASE,
    ACTIVATE_PHASE,
    BOOST_PHASE,
    PAY_PHASE,
    SCRAP_PHASE,
    FORFEIT_PHASE,
    PICK_PHASE,
    TRASH_PHASE,
    STACK_PHASE,
    DRAIN_PHASE,
    REWIRE_PHASE,
    RECYCLE_PHASE,
    DISMANTLE_PHASE,
    DISCARD_PHASE,
    ARCHIVE_PHASE,
    OVER,
) = range(17)
PHASE_NAMES = (
    "mulligan", "action", "activate", "boost", "pay", "scrap", "forfeit", "pick",
    "trash", "stack", "drain", "rewire", "recycle", "dismantle", "discard", "archive", "over",
)  # fmt: skip

# What follows a shock's discard.
AFTER_ACTION, AFTER_FORFEIT, AFTER_TRASH = 0, 1, 2

NO_RUN = -1


def event(kind: str, text: str, seats: frozenset[int] | None = None, **data: Any) -> Event:
    return Event(kind, text, data, seats)


ONLY = (frozenset({0}), frozenset({1}))


def credits(n: int) -> str:
    return counted(n, "credit")


def code_of(token: str) -> int:
    return CODE_BY_TEXT[token]


def slot_of(action: Action) -> int:
    return RESOURCE_BY_NAME[action.args[0]] * 3 + int(action.args[1]) - 1


def slot_text(slot: int) -> str:
    return f"{RESOURCES[slot // 3]} level {slot % 3 + 1}"


def card_moves(table: list[Action | None], cards: list[int]) -> list[Action]:
    return [table[c] for c in sorted(set(cards))]  # type: ignore[misc]
