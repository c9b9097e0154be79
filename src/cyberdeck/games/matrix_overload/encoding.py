"""MATR1X 0VERL0AD's observation for learning agents: the whole table, which the player sees, as
fixed-length numbers (docs/rules/matrix-overload.md lists the slices).

Piles are read top first (the top card is what a placement lands on); the Royals' slots keep the
table's order n1..w3; every card count has one place per card int (``CARD_SLOTS``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import CARD_SLOTS, Encoding, Layout, Slice, Writer, card_index, count_into
from ...engine.shared import FrozenDict, IdentityMemo, Memo
from .layout import PILE_NAMES, SLOT_NAMES
from .state import NO_CARD, STATUS_NAMES, MatrixState

_VARIANTS = ("digital", "classic")
_PILES = len(PILE_NAMES)
_SLOTS = len(SLOT_NAMES)
_STATUS = {name: i for i, name in enumerate(STATUS_NAMES)}

LAYOUT = Layout(
    [
        Slice("variant", len(_VARIANTS), "the variant, one-hot: digital, classic"),
        Slice("card", CARD_SLOTS, "the card to place now, one-hot by card int (all 0: none)"),
        Slice("pending", CARD_SLOTS, "cards waiting to be placed after it, counted by card int"),
        Slice("pile_top", _PILES * CARD_SLOTS, "each pile's top card, one-hot, piles a1..c3"),
        Slice("pile_size", _PILES, "each pile's card count / 13"),
        Slice("pile_cards", CARD_SLOTS, "every card in the piles, counted by card int"),
        Slice("royal", _SLOTS * CARD_SLOTS, "each slot's Royal, one-hot, slots n1..w3"),
        Slice("status", _SLOTS * len(STATUS_NAMES), "each slot's status: empty, living, killed"),
        Slice("ice", _SLOTS * CARD_SLOTS, "each slot's ICE cards, counted by card int"),
        Slice("health", _SLOTS, "each slot's health / 20"),
        Slice("deck_count", 1, "cards left in the deck / 52"),
        Slice("deck_bottom", CARD_SLOTS, "the deck's public bottom cards, counted by card int"),
        Slice("next_known", CARD_SLOTS, "the first public bottom card to be drawn, one-hot"),
        Slice("progress", 3, "kills / 12, idle placements / 10, recursion limit / 104"),
    ]
)


def write(view: Mapping[str, Any], seat: int, out: Writer) -> None:
    # Everything but the card rows goes straight to its place (a call each cost a good part of
    # an observation); each pile and each slot is read once, its numbers written into every
    # slice that shows it.
    row = out.out
    row[_AT["variant"] + _VARIANT[view["variant"]]] = 1.0
    card = view["card"]
    if card:
        row[_AT["card"] + card_index(card)] = 1.0
    out.skip("card")
    out.begin("pending")
    out.cards(view["pending"])
    piles = view["piles"]
    tops, sizes, counts = _AT["pile_top"], _AT["pile_size"], _AT["pile_cards"]
    for p, name in enumerate(PILE_NAMES):
        pile = piles[name]
        if pile:
            row[tops + p * CARD_SLOTS + card_index(pile[-1])] = 1.0
            row[sizes + p] = len(pile) / 13
            for card in pile:
                place = counts + card_index(card)
                row[place] = row.get(place, 0.0) + 1.0
    # The slots change only when a Royal is placed, fed ICE or killed: a shared table of them
    # is worked out once.
    slots = view["slots"]
    placed = _TABLES.lookup(slots, 0)
    if placed is None:
        placed = {}
        _write_slots(placed, slots)
        if isinstance(slots, FrozenDict):
            _TABLES.put(slots, 0, placed)
    row.update(placed)
    if view["deck_count"]:
        row[_AT["deck_count"]] = view["deck_count"] / 52
    out.skip("deck_count")
    bottom = view["deck_bottom"]
    out.cards(bottom)
    if bottom:
        row[_AT["next_known"] + card_index(bottom[0])] = 1.0
    at = _AT["progress"]
    for i, (key, scale) in enumerate((("kills", 12), ("idle", 10), ("recursion_limit", 104))):
        if view[key]:
            row[at + i] = view[key] / scale
    out.skip("progress")


def _write_slots(row: dict[int, float], slots: Mapping[str, Any]) -> None:
    """Each slot's Royal, status, ICE and health, each into its own slice."""
    royals, statuses, ices, healths = (_AT[n] for n in ("royal", "status", "ice", "health"))
    for s, name in enumerate(SLOT_NAMES):
        slot = slots[name]
        royal = slot["royal"]
        if royal:
            row[royals + s * CARD_SLOTS + card_index(royal)] = 1.0
        row[statuses + s * len(STATUS_NAMES) + _STATUS[slot["status"]]] = 1.0
        at = ices + s * CARD_SLOTS
        for card in slot["ice"]:
            place = at + card_index(card)
            row[place] = row.get(place, 0.0) + 1.0
        health = slot["health"]
        if health:
            row[healths + s] = health / 20


#: Shared tables of slots' numbers (``engine.shared``).
_TABLES: IdentityMemo[dict[int, float]] = IdentityMemo()


_AT = LAYOUT.starts
_VARIANT = {name: i for i, name in enumerate(_VARIANTS)}


def from_state(state: MatrixState, seat: int) -> dict[int, float]:
    """``write``'s numbers read from the state: the player sees the whole table, all but the
    deck's order above its public bottom (``known`` cards), of which only the count shows."""
    row: dict[int, float] = {_AT["variant"] + _VARIANT[state.variant]: 1.0}
    if state.card != NO_CARD:
        row[_AT["card"] + state.card] = 1.0
    count_into(row, _AT["pending"], state.pending)
    tops, sizes, counts = _AT["pile_top"], _AT["pile_size"], _AT["pile_cards"]
    for p, pile in enumerate(state.piles):
        if pile:
            row[tops + p * CARD_SLOTS + pile[-1]] = 1.0
            row[sizes + p] = len(pile) / 13
            count_into(row, counts, pile)
    royal, status, ice = state.royal, state.status, state.ice
    for s in range(_SLOTS):
        key = (s, royal[s], status[s], ice[s])
        placed = _SLOT_NUMBERS.data.get(key)
        if placed is None:
            placed = _SLOT_NUMBERS.put(key, _slot_numbers(state, s))
        row.update(placed)
    deck = state.deck
    if deck:
        row[_AT["deck_count"]] = len(deck) / 52
    known = state.known
    if known:
        count_into(row, _AT["deck_bottom"], deck[:known])
        row[_AT["next_known"] + deck[known - 1]] = 1.0
    at = _AT["progress"]
    for i, (value, scale) in enumerate(
        ((state.kills, 12), (state.idle, 10), (state.recursion_limit(), 104))
    ):
        if value:
            row[at + i] = value / scale
    return row


def _slot_numbers(state: MatrixState, s: int) -> dict[int, float]:
    """Slot ``s``'s Royal, status, ICE and health (a function of the three), as ``_write_slots``."""
    royals, statuses, ices, healths = (_AT[n] for n in ("royal", "status", "ice", "health"))
    row: dict[int, float] = {statuses + s * len(STATUS_NAMES) + state.status[s]: 1.0}
    if state.royal[s] != NO_CARD:
        row[royals + s * CARD_SLOTS + state.royal[s]] = 1.0
    count_into(row, ices + s * CARD_SLOTS, state.ice[s])
    health = state.health(s)
    if health:
        row[healths + s] = health / 20
    return row


#: Each slot's numbers by its place, Royal, status and ICE.
_SLOT_NUMBERS: Memo[tuple[int, int, int, tuple[int, ...]], dict[int, float]] = Memo()

ENCODING = Encoding(LAYOUT, write, from_state)


def encoding(options: Mapping[str, Any]) -> Encoding:
    """The same layout for both variants (the variant is its first slice)."""
    return ENCODING
