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


def called(names: Sequence[str], at: int) -> str:
    """The name the table gives the card at ``at`` of a pile whose cards have ``names``."""
    name = names[at]
    before = names[:at].count(name)
    return name if before == 0 else f"{name} #{before + 1}"


def labels(view: Mapping[str, Any]) -> dict[str, str]:
    """Every card the view shows, by its instance id, as the table calls it."""
    out: dict[str, str] = {}
    for pl in view.get("players", []):
        for keys in PILES:
            cards = [card for key in keys for card in pl.get(key, [])]
            names = [card["name"] for card in cards]
            for at, card in enumerate(cards):
                out[card["id"]] = called(names, at)
    return out
