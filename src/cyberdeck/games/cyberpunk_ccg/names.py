"""What the table calls a card: its name, and where its owner shows two of one card in one place,
which copy ("Beat Cop #2").

The engine tells cards apart by their instance ("c12"), which moves and records carry; a player
reads names. Two Beat Cops on one side of the table need telling apart in a menu ("send Beat
Cop" twice would not say which), so the later copy in the pile's order (the order the cards came
to it, the same in the state and in every view) gets its number. The rules' events and the
rendered table both call a card this way, so a log line and a menu entry name it alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: A player's piles a card is told apart in: the table (cards in play and the Stash) and the
#: discard; view keys, in the state's order.
PILES = (("play", "stash"), ("discard",))


def copy_name(name: str, copy: int) -> str:
    """The ``copy``-th card of one name in a pile (from 1), as the table calls it."""
    return name if copy == 1 else f"{name} #{copy}"


def called(names: Sequence[str], at: int) -> str:
    """The name the table gives the card at ``at`` of a pile whose cards have ``names``."""
    return copy_name(names[at], names[:at].count(names[at]) + 1)


def labels(view: Mapping[str, Any]) -> dict[str, str]:
    """Every card the view shows, by its instance id, as the table calls it (one pass a pile:
    a long discard is read once, not once a card)."""
    out: dict[str, str] = {}
    for pl in view.get("players", []):
        for keys in PILES:
            seen: dict[str, int] = {}
            for key in keys:
                for card in pl.get(key, []):
                    name = card["name"]
                    copy = seen[name] = seen.get(name, 0) + 1
                    out[card["id"]] = copy_name(name, copy)
    return out
