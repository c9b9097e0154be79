"""Cypher's observation for learning agents: a seat's view as fixed-length numbers
(docs/rules/cypher.md lists the slices).

Seats are written relative to the observer: itself first, then the others in seat order after it,
so one policy can play any seat. Cards are counted by kind (the catalogue's names); the shape
depends on the number of players.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ...engine import Encoding, Layout, Slice, Writer, vocabulary
from .catalog import KINDS
from .rules import PHASES

_KIND = vocabulary(KINDS)
_K = len(KINDS)
_PHASES = (*PHASES, "over")
_COUNTS = (2, 3, 4)
_SEAT = (
    "area by kind, influence / 20, hand size / 5, cards known in that hand by kind, to move, "
    "started, place in the tie order / players"
)


def _layout(players: int) -> Layout:
    return Layout(
        [
            Slice("table", len(_COUNTS) + 1, "players one-hot (2, 3, 4); the burn variant"),
            Slice("phase", len(_PHASES), "the decision pending, one-hot: " + ", ".join(_PHASES)),
            Slice("turn", 2, "I am to move, turn number / 60"),
            Slice("hand", _K, "my hand, counted by kind"),
            Slice("seats", players * (3 * 1 + _K * 2 + 2), f"per seat from mine on: {_SEAT}"),
            Slice("display", _K, "the Display card, one-hot by kind"),
            Slice("deck", 2 + 2 * _K, "deck / 16, removed / 4; known deck cards; known top card"),
            Slice("removed", _K, "removed cards I know, by kind"),
            Slice("end", 2 + players, "end triggered, turns left / players; by whom (relative)"),
            Slice(
                "ask",
                players + 4 + _K,
                "a pass goes to (relative seat); passing left; keep / 5; draws left / 3; "
                "a pass is asked; the card arriving in a make-room, one-hot",
            ),
        ]
    )


def write(view: Mapping[str, Any], seat: int, out: Writer) -> None:
    n = view["players"]
    order = [(seat + i) % n for i in range(n)]
    out.begin("table")
    out.one_hot(_COUNTS.index(n), len(_COUNTS))
    out.flag(view["burn"])
    out.begin("phase")
    out.one_hot(_PHASES.index(view["phase"]), len(_PHASES))
    out.begin("turn")
    out.flag(view["current_player"] == seat)
    out.number(view["turn_number"], 60)
    seats = view["seats"]
    out.begin("hand")
    out.tokens(seats[seat].get("hand", ()), _KIND)
    out.begin("seats")
    ties = view["tie_order"]
    for s in order:
        entry = seats[s]
        out.tokens(entry["area"], _KIND)
        out.number(entry["influence"], 20)
        out.number(entry["hand_count"], 5)
        out.tokens(entry.get("known_in_hand", ()), _KIND)
        out.flag(view["current_player"] == s)
        out.flag(view["start"] == s)
        out.number(ties.index(s) if s in ties else 0, n)
    out.begin("display")
    display = view["display"]
    out.one_hot(_KIND[display] if display else None, _K)
    out.begin("deck")
    out.number(view["deck_count"], 16)
    out.number(view["removed_count"], 4)
    known = view["deck_known"]
    out.tokens((k["card"] for k in known), _KIND)
    top = next((k["card"] for k in known if k["from_top"] == 0), None)
    out.one_hot(_KIND[top] if top else None, _K)
    out.begin("removed")
    out.tokens(view["removed_known"], _KIND)
    end = view["end"]
    if end is None:
        out.skip("end")
    else:
        out.begin("end")
        out.flag(True)
        out.number(end["turns_left"], n)
        out.one_hot(order.index(end["triggered_by"]), n)
    ask = view["ask"]
    if not ask:  # no decision with public details pending: the slice stays 0
        out.skip("ask")
        return
    out.begin("ask")
    to = ask.get("to")
    out.one_hot(order.index(to) if to is not None else None, n)
    out.flag(ask.get("direction") == "left")
    out.number(ask.get("keep") or 0, 5)
    out.number(ask.get("draws_left") or 0, 3)
    out.flag(to is not None)
    arriving = ask.get("arriving")
    out.one_hot(_KIND[arriving] if arriving else None, _K)


@cache
def _encoding(players: int) -> Encoding:
    return Encoding(_layout(players), write)


def encoding(options: Mapping[str, Any]) -> Encoding:
    """The layout for the table's player count."""
    return _encoding(int(options["players"]))
