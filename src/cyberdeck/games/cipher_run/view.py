"""What each seat may know: its view of the table, and states re-dealt from that knowledge.

The one place secrets are stripped: hands (only your own), deck order (never), and the opponent's
seeds while seeding is still going on (their nodes show only how many cards lie face down).
"""

from __future__ import annotations

from typing import Any

from ...engine import Rng
from ...engine.cards import CARDS
from ...engine.shared import FrozenDict, FrozenList, Memo, card_texts
from .actions import VAULT_NAMES
from .cards import KIND, NUMBER, SUIT, VALUE
from .state import (
    NOBODY,
    OWNER_SHIFT,
    PHASE_NAMES,
    PROFILE_NAMES,
    SEEDING,
    SUIT_SYMBOLS,
    CipherState,
    node_state,
)

SUIT_LETTERS = "SHDC"
#: Per card code: its text, and its place in a hand as shown (numbers by rank then suit, then
#: programs). A view is built after every move for every seat that watches (the server's main
#: work per move, and every observation the research environments make), so what it reads of a
#: card is one list lookup.
TEXT: list[str] = [CARDS[code].text if KIND[code] >= 0 else "" for code in range(len(KIND))]
HAND_PLACE: list[tuple[int, int]] = [
    (KIND[code], CARDS[code].rank * 4 + SUIT[code]) for code in range(len(KIND))
]
#: A node's protocol suit (0..3, -1 when empty): as a letter, and as a symbol.
PROTOCOL_LETTER = (*SUIT_LETTERS, None)
PROTOCOL_SYMBOL = (*SUIT_SYMBOLS, None)


def node_view(state: CipherState, node: int, seat: int | None) -> dict[str, Any]:
    """A node as ``seat`` sees it: shared by every view that shows the node so (it changes only
    when a card lands on it or its profile turns)."""
    owner = node // 3
    mods = state.mods[node]
    if state.hides_seeds_of(owner, seat):
        key: tuple[Any, ...] = (owner, len(mods))
        part = _HIDDEN.data.get(key)
        if part is None:
            part = _HIDDEN.put(key, _hidden_node(owner, len(mods)))
        return part
    key = (owner, mods, state.kings[node], state.total[node], state.profile[node])
    part = _NODES.data.get(key)
    if part is None:
        part = _NODES.put(key, _node(*key))
    return part


def _hidden_node(owner: int, hidden: int) -> FrozenDict:
    return FrozenDict(
        owner=owner,
        hidden=hidden,
        modules=FrozenList(),
        total=None,
        state=None,
        profile=None,
        protocol=None,
        protocol_symbol=None,
    )


def _node(
    owner: int, mods: tuple[int, ...], kings: tuple[tuple[int, ...], ...], total: int, profile: int
) -> FrozenDict:
    protocol = SUIT[mods[-1]] if mods else -1
    return FrozenDict(
        owner=owner,
        hidden=0,
        modules=FrozenList(map(_module, mods, kings)),
        total=total,
        state=node_state(total),
        profile=PROFILE_NAMES[profile],
        protocol=PROTOCOL_LETTER[protocol],
        protocol_symbol=PROTOCOL_SYMBOL[protocol],
    )


def _module(card: int, on: tuple[int, ...]) -> FrozenDict:
    """A module as every node holding it shows it: a card and its Overclocks (a node is built
    anew each time a card lands on it, and most of its modules are as they were)."""
    key = (card, on)
    part = _MODULES.data.get(key)
    if part is None:
        # ``face`` is what the rules compare (profile, equal values, Zero-Day); ``worth`` is
        # what the module adds to the node total once its Overclocks double it. One name for
        # both misled readers.
        part = _MODULES.put(
            key,
            FrozenDict(
                card=TEXT[card],
                face=VALUE[card],
                overclocks=FrozenList(
                    FrozenDict(card=TEXT[k % OWNER_SHIFT], owner=k // OWNER_SHIFT) for k in on
                ),
                worth=VALUE[card] << len(on),
            ),
        )
    return part


#: Shared parts (``engine.shared``): nodes by what shows on them, modules by their card and
#: Overclocks, piles and hands by their cards.
_HIDDEN: Memo[tuple[Any, ...], FrozenDict] = Memo()
_NODES: Memo[tuple[Any, ...], FrozenDict] = Memo()
_MODULES: Memo[tuple[int, tuple[int, ...]], FrozenDict] = Memo()
_HANDS: Memo[tuple[int, ...], FrozenList] = Memo()
_REDRAWS: Memo[tuple[tuple[int, tuple[int, ...]], ...], FrozenList] = Memo()
_OPTIONS = {
    (flip, start): FrozenDict(pivot="flip" if flip else "keep", breach="start" if start else "end")
    for flip in (False, True)
    for start in (False, True)
}


def _hand(cards: list[int]) -> FrozenList:
    key = tuple(cards)
    hand = _HANDS.data.get(key)
    if hand is None:
        hand = _HANDS.put(
            key, FrozenList(TEXT[c] for c in sorted(cards, key=HAND_PLACE.__getitem__))
        )
    return hand


def _redraws(redraws: tuple[tuple[int, tuple[int, ...]], ...]) -> FrozenList:
    shown = _REDRAWS.data.get(redraws)
    if shown is None:
        shown = _REDRAWS.put(
            redraws,
            FrozenList(
                FrozenDict(player=s, cards=FrozenList(TEXT[c] for c in cards))
                for s, cards in redraws
            ),
        )
    return shown


def view(state: CipherState, seat: int | None) -> dict[str, Any]:
    seeding = state.phase == SEEDING
    controllers = (NOBODY,) * 3 if seeding else tuple(state.controller(v) for v in range(3))
    vaults = [
        {
            "vault": VAULT_NAMES[v],
            "nodes": [node_view(state, v, seat), node_view(state, 3 + v, seat)],
            "controller": None if controllers[v] == NOBODY else controllers[v],
            "contested": not seeding and state.contested(v),
        }
        for v in range(3)
    ]
    hands, decks, discards = state.hands, state.decks, state.discards
    players = []
    for s in (0, 1):
        player: dict[str, Any] = {
            "seat": s,
            "hand_count": len(hands[s]),
            "deck_count": len(decks[s]),
            "discard": card_texts(discards[s]),
            "controls": controllers.count(s),
            "deck_list": card_texts(state.lists[s]),
        }
        if s == seat:
            player["hand"] = _hand(hands[s])
        players.append(player)
    outcome = state.outcome
    to_move = state.current_player
    return {
        "game": "cipher-run",
        "options": _OPTIONS[state.pivot_flip, state.breach_start],
        "seat": seat,
        "phase": PHASE_NAMES[state.phase],
        "current_player": to_move,
        "first_player": state.first,
        "turn": state.turn,
        "turn_cap": state.turn_cap,
        "final_turns": state.final if state.final >= 0 else None,
        "vaults": vaults,
        "players": players,
        "redraws": _redraws(state.redraws),
        "legal_actions": (
            [a.text for a in state.legal_actions()] if seat is not None and seat == to_move else []
        ),
        "outcome": outcome.to_json() if outcome else None,
    }


def determinize(state: CipherState, seat: int, rng: Rng) -> CipherState:
    """Keep what ``seat`` knows; re-deal its own deck order and the opponent's unseen cards.

    The opponent's hand, deck and (while seeding) face-down seeds are pooled and dealt again.
    Seeds must be Number Modules, and a hand that still has to seed must hold enough of them, as the
    re-draw rule guarantees; the deal is repeated until it does.
    """
    other = state.clone()
    # Start from a canonical order, so the deal depends only on what the seat knows.
    other.hands[seat].sort()
    own = other.decks[seat]
    own.sort()
    rng.shuffle(own)
    opp = 1 - seat
    hidden = [
        opp * 3 + v for v in range(3) if state.hides_seeds_of(opp, seat) and state.mods[opp * 3 + v]
    ]
    pool = sorted(other.hands[opp] + other.decks[opp] + [state.mods[n][0] for n in hidden])
    hand_size = len(other.hands[opp])
    # A hand that has not finished seeding must keep a Number Module for every empty node.
    needed = (3 - len(hidden)) if state.phase == SEEDING else 0
    for _ in range(1000):
        rng.shuffle(pool)
        seeds: list[int] = []
        rest: list[int] = []
        for card in pool:
            if len(seeds) < len(hidden) and KIND[card] == NUMBER:
                seeds.append(card)
            else:
                rest.append(card)
        hand = rest[:hand_size]
        if sum(1 for c in hand if KIND[c] == NUMBER) >= needed:
            break
    else:  # pragma: no cover - a legal deck makes this practically impossible
        hand = other.hands[opp]
        rest = hand + other.decks[opp]
        seeds = [state.mods[n][0] for n in hidden]
    for node, card in zip(hidden, seeds, strict=True):
        other.mods[node] = (card,)
        other.total[node] = VALUE[card]
    other.hands[opp] = hand
    other.decks[opp] = rest[hand_size:]
    other.rng = rng.fork()
    other._legal = None
    return other
