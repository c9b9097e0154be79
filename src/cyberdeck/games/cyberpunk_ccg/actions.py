"""The fixed action space: every action the game can ever offer, sized from the card set."""

from __future__ import annotations

from ...engine import Action
from .cards import EVENT, SPONSOR
from .cardset import CARDS
from .rules import MAX_INSTANCES, MAX_TEAMS

#: Verbs taking one card instance (``c7``).
INSTANCE_VERBS = (
    "pay",
    "onto",
    "target",
    "move",
    "open",
    "send",
    "hit",
    "run",
    "use",
    "team",
    "bust",
    "boost",
    "exhaust",
    "save",
    "partner",
    "wield",
    "holster",
)
#: The abilities a card may have (``use c7`` asks which one when it has several).
ABILITY_NAMES = (
    "card",
    "family",
    "credibility",
    "charisma",
    "interface",
    "recover",
    "renew",
    "rig",
    "street-deal",
    "combat-sense",
    "bust",
    "support",
)


def all_actions() -> list[Action]:
    acts = [
        Action("pass"),
        Action("draw", ("runs",)),
        Action("draw", ("gear",)),
        Action("take", ("ops",)),
        Action("take", ("style",)),
        Action("cut"),
        Action("no-cut"),
        Action("allow"),
        Action("done"),
        Action("no-save"),
        Action("no-defense"),
        Action("press-on"),
        Action("stand-down"),
        Action("pay", ("bank",)),
        Action("onto", ("stash",)),
        Action("hit", ("stash",)),
        Action("leave"),
        Action("add", ("attack",)),
        Action("add", ("defense",)),
        Action("raise"),
        Action("lower"),
    ]
    acts += [Action("ability", (name,)) for name in ABILITY_NAMES]
    for d in CARDS:
        if d.kind == SPONSOR:
            continue
        acts.append(Action("play" if d.kind == EVENT else "buy", (d.slug,)))
        acts.append(Action("discard", (d.slug,)))
    for k in range(1, MAX_TEAMS + 1):
        acts.append(Action("send", (f"t{k}",)))
        acts.append(Action("defend", (f"t{k}",)))
        acts.append(Action("join", (f"t{k}",)))
    for i in range(1, MAX_INSTANCES + 1):
        ci = f"c{i}"
        acts += [Action(v, (ci,)) for v in INSTANCE_VERBS]
    # Last, so that the indices of every older action stay where they were.
    acts.append(Action("cancel"))
    return acts
