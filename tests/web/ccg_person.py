"""A scripted person at the Cyberpunk CCG table, shared by the browser tests and
``bench/ccg_clicks.py``: a plain player's choice among the moves the page lists."""

from __future__ import annotations

import re
from collections.abc import Callable

#: The person's preferences, first match wins (a move's text starts with one of these).
PREFERENCES: tuple[Callable[[str], bool], ...] = (
    lambda a: a == "no-cut",
    lambda a: a == "take ops",
    lambda a: a.startswith("discard "),
    lambda a: a.startswith("save "),
    lambda a: a == "allow",
    lambda a: a == "done",
    lambda a: a.startswith("defend "),
    lambda a: a == "stand-down",
    lambda a: a.startswith("exhaust "),
    lambda a: a == "add attack",
    lambda a: a.startswith("ability "),
    lambda a: a.startswith("target "),
    lambda a: a.startswith("onto c"),
    lambda a: a.startswith("onto "),
    lambda a: a.startswith("pay "),
    lambda a: a.startswith("boost "),
    lambda a: a.startswith("hit "),
    lambda a: a.startswith("run "),
    lambda a: a.startswith("join "),
    lambda a: a.startswith("buy "),
    lambda a: a.startswith("send t"),
    lambda a: a.startswith("send "),
    lambda a: a.startswith("team "),
    lambda a: a == "pass",
    lambda a: a == "no-defense",
    lambda a: a == "no-save",
)

STEP = re.compile(r"player (\d+)'s turn")


def choose(actions: list[str], draws: int) -> str:
    draw = [a for a in actions if a.startswith("draw ")]
    if draw:
        want = "draw runs" if draws % 2 == 0 else "draw gear"
        return want if want in draw else draw[0]
    for test in PREFERENCES:
        for action in actions:
            if test(action):
                return action
    return actions[0]


#: The answers a person gives to a team's or a force's question as part of a gesture: the ones
#: its preferences pick there (a team to join, a target); anything else it answers by itself.
GESTURE_ANSWERS = ("join ", "hit ", "run ")


def gesture_for(chosen: str, gestures: list[list[str]], draws: int) -> list[str] | None:
    """The offered gesture (its moves) that makes exactly the decisions the person would make
    one at a time, starting with ``chosen`` (its pick among the moves now), or ``None``.

    A person who knows what they will answer next uses the one-click gesture, as at jinteki.net
    or MTG Arena; the decisions are the same: a draw plan matching its alternating decks card
    after card; a runner to the team it would join, a force at the target it would pick (its
    preferences, given the same answers the engine would list); a purchase paid as the table
    proposes (it accepts every proposal)."""
    if chosen.startswith("draw "):
        left = len(next((g for g in gestures if g[0].startswith("draw ")), []))
        plan = [f"draw {'runs' if (draws + i) % 2 == 0 else 'gear'}" for i in range(left)]
        return plan if plan and plan in gestures else None
    starting = [g for g in gestures if g[0] == chosen]
    if not starting:
        return None
    if chosen.startswith("buy "):
        return starting[0]
    then = choose([g[1] for g in starting], draws)
    if not then.startswith(GESTURE_ANSWERS):
        return None
    return next(g for g in starting if g[1] == then)
