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
