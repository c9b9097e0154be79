"""Cypher: the rules' pending steps as a view shows them — the decision asked (``ctx``) and the
task stack below it (the rest of the turn, an effect still resolving) — and read back from a view.

Every step is public: it follows from what everyone saw played, and the cards it names are face
up (a card arriving in a full area, the cards a Technomancer or an Aristocrat sends away). Each
step is a list: its name, then its parts, a card by its kind's id, a nested step as a list. A
state rebuilt from a view reads them back (``rebuild``), and ``determinize`` renumbers the cards
they name (``relabel``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...engine import BadView
from .catalog import KINDS
from .rules import DISCARD, DRAW, EXTRACT, FIX, GUARD, ORDER, PASS, PHASES, ROOM

if TYPE_CHECKING:
    from .state import CypherState

#: The tasks' names, by their code (``rules.T_PLAY_STEP`` ...).
TASKS = (
    "play-step",
    "draw-step",
    "pass-step",
    "discard-step",
    "end-turn",
    "enter",
    "effect",
    "draw",
    "pass",
    "discard",
    "extract",
    "purge",
    "shed",
    "swap",
    "take",
)
#: The parts of each task after its code: ``i`` a number (a seat, a count), ``s`` a word, ``b``
#: a yes or no, ``c`` a card on the table, ``C`` cards on the table, ``f`` a card on its way into
#: a play area (on no place of the table), ``t`` a task.
TASK_PARTS = ("i", "i", "i", "i", "i", "ifb", "ic", "ii", "iis", "ii", "i", "ii", "iC", "ii", "ii")
#: The parts of each decision's details, by phase.
ASKED_PARTS = {ROOM: "ifb", FIX: "i", EXTRACT: "i", DRAW: "ii", PASS: "iis", DISCARD: "ii"}
ASKED_PARTS |= {GUARD: "it", ORDER: "iC"}

#: A card's number, given its kind's id, the seat of the step that names it and whether the card
#: is on its way into a play area.
CardOf = Callable[[str, int, bool], int]


def steps_json(st: CypherState) -> dict[str, Any]:
    """The decision asked and the tasks below it, last to be carried out first."""
    kind = st.cat.kind

    def card(c: int) -> str:
        return KINDS[kind[c]]

    parts = ASKED_PARTS.get(st.phase, "") if st._outcome is None else ""
    return {
        "asked": _parts(st.ctx, parts, card) if parts else [],
        "tasks": [task_json(task, card) for task in st.tasks],
    }


def task_json(task: tuple[Any, ...], card: Callable[[int], str]) -> list[Any]:
    return [TASKS[task[0]], *_parts(task[1:], TASK_PARTS[task[0]], card)]


def _parts(values: tuple[Any, ...], parts: str, card: Callable[[int], str]) -> list[Any]:
    out: list[Any] = []
    for value, part in zip(values, parts, strict=True):
        if part in "cf":
            out.append(card(value))
        elif part == "C":
            out.append([card(c) for c in value])
        elif part == "t":
            out.append(task_json(value, card))
        else:
            out.append(value)
    return out


def read_steps(
    data: Mapping[str, Any], phase: int, card_of: CardOf
) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]]:
    """The decision's details and the task stack a view's ``steps`` describe."""
    asked = _read(data["asked"], ASKED_PARTS.get(phase, ""), card_of, PHASES[phase])
    return asked, [read_task(task, card_of) for task in data["tasks"]]


def read_task(data: Any, card_of: CardOf) -> tuple[Any, ...]:
    if not isinstance(data, list) or not data or data[0] not in TASKS:
        raise BadView(f"{data!r} is not a step of the rules.")
    code = TASKS.index(data[0])
    return (code, *_read(data[1:], TASK_PARTS[code], card_of, data[0]))


def _read(values: Any, parts: str, card_of: CardOf, what: str) -> tuple[Any, ...]:
    if not isinstance(values, list) or len(values) != len(parts):
        raise BadView(f"The step '{what}' has {len(parts)} parts in a view, not {values!r}.")
    seat = values[0] if values and isinstance(values[0], int) else -1
    out: list[Any] = []
    for value, part in zip(values, parts, strict=True):
        if part in "cf":
            out.append(card_of(str(value), seat, part == "f"))
        elif part == "C":
            out.append(tuple(card_of(str(v), seat, False) for v in value))
        elif part == "t":
            out.append(read_task(value, card_of))
        elif part == "i" and (not isinstance(value, int) or isinstance(value, bool)):
            raise BadView(f"The step '{what}' names {value!r} where a number belongs.")
        elif part == "s" and not isinstance(value, str):
            raise BadView(f"The step '{what}' names {value!r} where a word belongs.")
        elif part == "b" and not isinstance(value, bool):
            raise BadView(f"The step '{what}' names {value!r} where yes or no belongs.")
        else:
            out.append(value)
    return tuple(out)


#: Per task code, whether the task names a card (a nested task may).
NAMES_CARDS = tuple(any(part in "cCft" for part in parts) for parts in TASK_PARTS)


def relabel(st: CypherState, number: Mapping[int, int]) -> None:
    """Renumber the cards the pending steps name (``number``: old card to new)."""
    if st.phase in (ROOM, GUARD, ORDER):
        st.ctx = _relabel(st.ctx, ASKED_PARTS[st.phase], number)
    tasks = st.tasks
    for i, task in enumerate(tasks):
        if NAMES_CARDS[task[0]]:
            tasks[i] = _relabel_task(task, number)


def _relabel_task(task: tuple[Any, ...], number: Mapping[int, int]) -> tuple[Any, ...]:
    return (task[0], *_relabel(task[1:], TASK_PARTS[task[0]], number))


def _relabel(values: tuple[Any, ...], parts: str, number: Mapping[int, int]) -> tuple[Any, ...]:
    out: list[Any] = []
    for value, part in zip(values, parts, strict=True):
        if part in "cf":
            out.append(number[value])
        elif part == "C":
            out.append(tuple(number[c] for c in value))
        elif part == "t":
            out.append(_relabel_task(value, number))
        else:
            out.append(value)
    return tuple(out)
