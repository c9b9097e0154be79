"""Cypher: the fixed facts of the rules engine — the play-area limit and the round cap, the
decisions a seat can be asked for, the tasks a turn and its card effects are made of, every action
(the game's action space), and the names of the seats.

Everything here is a constant shared by the state and the modules that carry out its rules, so
that none of them needs the state's class to know them.
"""

from __future__ import annotations

from ...engine import Action
from .catalog import KINDS

AREA_LIMIT = 3
#: A product rule (the rulebook has none; a 2-player deck can cycle for ever): after this many full
#: rounds with no trigger, the end is triggered as if the deck were empty.
ROUND_CAP = 30

# Decisions.
NONE, PLAY, ROOM, FIX, EXTRACT, DRAW, PASS, DISCARD, GUARD, ORDER = range(10)
PHASES = (
    "none",
    "play",
    "make-room",
    "fixer",
    "extractor",
    "draw",
    "pass",
    "discard",
    "bodyguard",
    "discard-order",
)

# Tasks: tuples whose first element is one of these.
(
    T_PLAY_STEP,
    T_DRAW_STEP,
    T_PASS_STEP,
    T_DISCARD_STEP,
    T_END_TURN,
    T_ENTER,
    T_EFFECT,
    T_DRAW,
    T_PASS,
    T_DISCARD,
    T_EXTRACT,
    T_PURGE,
    T_SHED,
    T_SWAP,
    T_TAKE,
) = range(15)

PLAY_ACTIONS = tuple(Action("play", (k,)) for k in KINDS)
BUMP_ACTIONS = tuple(Action("bump", (k,)) for k in KINDS)
ADD_ACTIONS = tuple(Action("add", (k,)) for k in KINDS)
ADD_NONE = Action("add", ("none",))
EXTRACT_ACTIONS = tuple(Action("extract", (k,)) for k in KINDS)
EXTRACT_NONE = Action("extract", ("none",))
DRAW_TOP, DRAW_DISPLAY, DRAW_BOTTOM = (Action("draw", (w,)) for w in ("top", "display", "bottom"))
PASS_ACTIONS = tuple(Action("pass", (k,)) for k in KINDS)
DISCARD_ACTIONS = tuple(Action("discard", (k,)) for k in KINDS)
GUARD_USE, GUARD_ALLOW = Action("guard"), Action("allow")
ACTIONS: tuple[Action, ...] = (
    PLAY_ACTIONS
    + BUMP_ACTIONS
    + ADD_ACTIONS
    + (ADD_NONE,)
    + EXTRACT_ACTIONS
    + (EXTRACT_NONE, DRAW_TOP, DRAW_DISPLAY, DRAW_BOTTOM)
    + PASS_ACTIONS
    + DISCARD_ACTIONS
    + (GUARD_USE, GUARD_ALLOW)
)


NAMES = tuple(f"Player {seat + 1}" for seat in range(8))


#: ``PAIRS[a][b]``: the seats ``a`` and ``b``, for an event only the two of them may see.
PAIRS = tuple(tuple(frozenset({a, b}) for b in range(8)) for a in range(8))
ONLY = tuple(frozenset({a}) for a in range(8))


def seat_name(seat: int) -> str:
    return NAMES[seat]
