"""Cypher's observation for learning agents: a seat's view as fixed-length numbers
(docs/rules/cypher.md lists the slices).

Seats are written relative to the observer: itself first, then the others in seat order after it,
so one policy can play any seat. Cards are counted by kind (the catalogue's names); the shape
depends on the number of players.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from ...engine import Encoding, Layout, Slice, Writer, count_into, vocabulary
from .catalog import KINDS
from .ending import first_in_ranking
from .rules import DISCARD, DRAW, PASS, PHASES, ROOM
from .state import CypherState

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
    # Every flag and number goes straight to its place (``Layout.starts``): a Writer call each
    # cost as much as the numbers themselves.
    n = view["players"]
    at = _STARTS[n]
    row = out.out
    order = _ORDERS[n][seat]
    row[at["table"] + _COUNTS.index(n)] = 1.0
    if view["burn"]:
        row[at["table"] + len(_COUNTS)] = 1.0
    row[at["phase"] + _PHASE_AT[view["phase"]]] = 1.0
    current = view["current_player"]
    if current == seat:
        row[at["turn"]] = 1.0
    if view["turn_number"]:
        row[at["turn"] + 1] = view["turn_number"] / 60
    seats = view["seats"]
    _tokens(row, seats[seat].get("hand", ()), at["hand"])
    place = at["seats"]
    ties = view["tie_order"]
    start = view["start"]
    for s in order:
        entry = seats[s]
        _tokens(row, entry["area"], place)
        place += _K
        if entry["influence"]:
            row[place] = entry["influence"] / 20
        if entry["hand_count"]:
            row[place + 1] = entry["hand_count"] / 5
        place += 2
        _tokens(row, entry.get("known_in_hand", ()), place)
        place += _K
        if current == s:
            row[place] = 1.0
        if start == s:
            row[place + 1] = 1.0
        tie = ties.index(s) if s in ties else 0
        if tie:
            row[place + 2] = tie / n
        place += 3
    display = view["display"]
    if display:
        row[at["display"] + _KIND[display]] = 1.0
    deck = at["deck"]
    if view["deck_count"]:
        row[deck] = view["deck_count"] / 16
    if view["removed_count"]:
        row[deck + 1] = view["removed_count"] / 4
    known = view["deck_known"]
    _tokens(row, (k["card"] for k in known), deck + 2)
    top = next((k["card"] for k in known if k["from_top"] == 0), None)
    if top:
        row[deck + 2 + _K + _KIND[top]] = 1.0
    _tokens(row, view["removed_known"], at["removed"])
    end = view["end"]
    if end is not None:
        place = at["end"]
        row[place] = 1.0
        if end["turns_left"]:
            row[place + 1] = end["turns_left"] / n
        row[place + 2 + order.index(end["triggered_by"])] = 1.0
    ask = view["ask"]
    if ask:  # a decision with public details is pending (else the slice stays 0)
        place = at["ask"]
        to = ask.get("to")
        if to is not None:
            row[place + order.index(to)] = 1.0
            row[place + n + 3] = 1.0
        if ask.get("direction") == "left":
            row[place + n] = 1.0
        if ask.get("keep"):
            row[place + n + 1] = ask["keep"] / 5
        if ask.get("draws_left"):
            row[place + n + 2] = ask["draws_left"] / 3
        arriving = ask.get("arriving")
        if arriving:
            row[place + n + 4 + _KIND[arriving]] = 1.0
    out.skip("ask")


def _tokens(row: dict[int, float], names: Iterable[str], at: int) -> None:
    """How many of each kind the names give, from ``at``."""
    for name in names:
        place = at + _KIND[name]
        row[place] = row.get(place, 0.0) + 1.0


#: Per player count: where each slice starts, and each seat's order of seats (itself first).
_STARTS = {n: _layout(n).starts for n in _COUNTS}
_ORDERS = {n: [[(seat + i) % n for i in range(n)] for seat in range(n)] for n in _COUNTS}
_PHASE_AT = {name: i for i, name in enumerate(_PHASES)}


def from_state(st: CypherState, seat: int) -> dict[int, float]:
    """``write``'s numbers read from the state, only what ``views.view`` shows ``seat``: of the
    other hands, the deck and the removed cards, only the cards it knows (``know``'s seat bit)."""
    n = st.n
    at = _STARTS[n]
    kind = st.cat.kind
    know = st.know
    bit = 1 << seat
    over = st._outcome is not None
    row: dict[int, float] = {
        at["table"] + _COUNTS.index(n): 1.0,
        at["phase"] + (len(PHASES) if over else st.phase): 1.0,
        at["turn"] + 1: (st.turns + 1) / 60,
    }
    if st.burn:
        row[at["table"] + len(_COUNTS)] = 1.0
    current = st.current_player
    if current == seat:
        row[at["turn"]] = 1.0
    count_into(row, at["hand"], [kind[c] for c in st.hands[seat]])
    place = at["seats"]
    first = first_in_ranking(st)
    for s in _ORDERS[n][seat]:
        count_into(row, place, [kind[c] for c in st.areas[s]])
        place += _K
        influence = st.influence(s)
        if influence:
            row[place] = influence / 20
        hand = st.hands[s]
        if hand:
            row[place + 1] = len(hand) / 5
        place += 2
        if s != seat:
            count_into(row, place, [kind[c] for c in hand if know[c] & bit])
        place += _K
        if current == s:
            row[place] = 1.0
        if st.start == s:
            row[place + 1] = 1.0
        tie = (s - first) % n
        if tie:
            row[place + 2] = tie / n
        place += 3
    if st.display >= 0:
        row[at["display"] + kind[st.display]] = 1.0
    deck = st.deck
    place = at["deck"]
    if deck:
        row[place] = len(deck) / 16
        count_into(row, place + 2, [kind[c] for c in deck if know[c] & bit])
        if know[deck[-1]] & bit:
            row[place + 2 + _K + kind[deck[-1]]] = 1.0
    removed = st.removed
    if removed:
        row[place + 1] = len(removed) / 4
        count_into(row, at["removed"], [kind[c] for c in removed if know[c] & bit])
    if st.trigger >= 0:
        place = at["end"]
        row[place] = 1.0
        left = st.final_left if st.turns > st.trigger_turn else n
        if left:
            row[place + 1] = left / n
        row[place + 2 + (st.trigger - seat) % n] = 1.0
    if not over:
        _ask_from_state(st, seat, row, at["ask"])
    return row


def _ask_from_state(st: CypherState, seat: int, row: dict[int, float], place: int) -> None:
    """The ``ask`` slice: the public details of the pending decision (``views.ask_json``)."""
    n = st.n
    phase = st.phase
    if phase == PASS:
        row[place + (st.ctx[1] - seat) % n] = 1.0
        row[place + n + 3] = 1.0
        if st.ctx[2].split(" ")[0] == "left":
            row[place + n] = 1.0
    elif phase == DISCARD:
        if st.ctx[1]:
            row[place + n + 1] = st.ctx[1] / 5
    elif phase == DRAW:
        if st.ctx[1]:
            row[place + n + 2] = st.ctx[1] / 3
    elif phase == ROOM:
        row[place + n + 4 + st.cat.kind[st.ctx[1]]] = 1.0


@cache
def _encoding(players: int) -> Encoding:
    return Encoding(_layout(players), write, from_state)


def encoding(options: Mapping[str, Any]) -> Encoding:
    """The layout for the table's player count."""
    return _encoding(int(options["players"]))
