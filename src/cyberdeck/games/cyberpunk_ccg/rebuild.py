"""Cyberpunk CCG: the position a seat's view shows it (``Game.state_from_view``).

The view names every card on the table, in the Stash, in a discard pile or being played by its
instance, and both deck lists say which card each instance is; its ``tally`` carries the rules'
bookkeeping (priority, passes, the question asked, the hit, this turn's changes, each card's
marks). What it does not show is where each remaining card lies: the seat's own hand is named in
its view, and every other card of a seat is in its hand or its decks, Runs cards with Runs cards
and Gear with Gear. They are dealt in a canonical order (the opponent's hand first, as many of
each deck's cards as the view counts), and ``determinize`` re-deals them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...engine import BadView, Rng
from ...engine.fromview import outcome_of
from .cardset import BY_SLUG, CARDS
from .rules import SETUP, STEP_NAMES, Z_DISCARD, Z_GEAR, Z_HAND, Z_LIMBO, Z_PLAY, Z_RUNS, Z_STASH
from .state import CyberState


def _ids(cards: Any) -> list[int]:
    """Instances as the view spells them (``c7``, or a card's view with its ``id``)."""
    return [int(str(card["id"] if isinstance(card, Mapping) else card)[1:]) for card in cards]


def _rules_tuple(value: Any) -> Any:
    """A rules tuple read back from JSON: lists become tuples, numbers and words stay."""
    if isinstance(value, list):
        return tuple(_rules_tuple(v) for v in value)
    return value


def position(view: Mapping[str, Any], seat: int) -> CyberState:
    players = view["players"]
    if len(players) != 2:
        raise BadView("A Cyberpunk CCG view shows two players.")
    decks = tuple(tuple(BY_SLUG[str(slug)] for slug in pl["deck_list"]) for pl in players)
    fresh = _fresh(decks)
    st = fresh.clone()
    tally = view["tally"]
    if view["prompt"] is not None and tally["prompt"] is None:
        raise BadView("The view shows a card being paid for that only its owner may see.")
    n = len(st.cards)
    placed: set[int] = set()

    def put(cards: list[int], zone: int) -> list[int]:
        for i in cards:
            if not 0 < i < n or i in placed:
                raise BadView(f"The view shows card c{i} twice, or a card no deck list holds.")
            placed.add(i)
            st.zone[i] = zone
        return cards

    st.runs = [[], []]
    st.gear = [[], []]
    put(_ids(tally["playing"]), Z_LIMBO)
    for p, pl in enumerate(players):
        st.play[p] = put(_ids(pl["play"]), Z_PLAY)
        st.stash[p] = put(_ids(pl["stash"]), Z_STASH)
        st.discard[p] = put(_ids(pl["discard"]), Z_DISCARD)
        st.ops[p] = int(pl["ops"])
        st.busts[p] = int(pl["busts"])
        st.bank[p] = int(pl["bank"])
        st.owed[p] = int(pl["bank_next_turn"])
        st.style[p] = int(pl["style"]) - sum(st.defs[i].style for i in st.play[p])
    st.hand[seat] = put(_ids(players[seat]["hand_ids"]), Z_HAND)
    for p, pl in enumerate(players):
        _deal(st, p, pl, p != seat, (fresh.runs[p], fresh.gear[p]), placed)
    for card, mark in tally["marks"].items():
        i = int(str(card)[1:])
        st.used[i], st.host[i], st.team[i], st.flags[i], st.spent[i], st.tokens[i] = map(int, mark)
    st.turn = int(view["turn"])
    st.active = int(view["active"])
    st.step = SETUP if view["step"] == "setup" else STEP_NAMES.index(view["step"])
    st.prio = int(tally["priority"])
    st.passes = int(tally["passes"])
    st.prompt = _rules_tuple(tally["prompt"])
    st.backout = _rules_tuple(tally["backout"])
    st.backouts = [int(b) for b in tally["backouts"]]
    st.hit = _rules_tuple(tally["hit"])
    st.mods = [_rules_tuple(m) for m in tally["mods"]]
    st.dying = [int(i) for i in tally["dying"]]
    st.sitehit = [int(b) for b in tally["site_hit"]]
    st.stashhit = [int(b) for b in tally["stash_hit"]]
    st.corpzone = [int(b) for b in tally["corp_zone"]]
    st._outcome = outcome_of(view)
    return st


@lru_cache(maxsize=16)
def _fresh(decks: tuple[tuple[int, ...], ...]) -> CyberState:
    """A table of these decks before the shuffle, every card in its deck: one a pair of deck
    lists, so the states rebuilt from one match's views share their card facts (and the views'
    shared parts, which go by them: ``views``)."""
    return CyberState([list(deck) for deck in decks], Rng(0), CARDS)


def _deal(
    st: CyberState,
    p: int,
    pl: Mapping[str, Any],
    hidden: bool,
    decks: tuple[list[int], list[int]],
    placed: set[int],
) -> None:
    """Seat ``p``'s cards the view does not place (``decks``: all its Runs cards and all its Gear
    cards): into its decks, and first into its hand as many of each deck's cards as the view
    counts there when the hand is ``hidden``."""
    held_runs = int(pl["hand_runs"]) if hidden else 0
    held_gear = int(pl["hand_count"]) - held_runs if hidden else 0
    for which, whole, deck, zone, held, shown in (
        ("runs", decks[0], st.runs[p], Z_RUNS, held_runs, "runs_deck"),
        ("gear", decks[1], st.gear[p], Z_GEAR, held_gear, "gear_deck"),
    ):
        cards = [i for i in whole if i not in placed]
        if len(cards) != held + int(pl[shown]):
            raise BadView(
                f"Player {p + 1} holds {held} {which.title()} cards in hand and "
                f"{pl[shown]} in the deck in the view, but {len(cards)} of the deck list's "
                f"{which.title()} cards are nowhere on the table."
            )
        for i in cards[:held]:
            st.hand[p].append(i)
            st.zone[i] = Z_HAND
        deck[:] = cards[held:]
        for i in deck:
            st.zone[i] = zone
