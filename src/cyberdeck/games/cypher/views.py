"""Cypher: information — what each seat may see (its own hand, the public table, the cards it
knows the place of, the pending decision), and the re-deal of everything a seat cannot see, for
search that must not peek."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Rng
from ...engine.shared import FrozenDict, FrozenList, Memo
from . import prompts, steps
from .catalog import CLASSES, KINDS
from .ending import ranking
from .rules import DISCARD, DRAW, NAMES, NONE, PASS, PHASES, ROOM

if TYPE_CHECKING:
    from .catalog import Catalog
    from .state import CypherState


def view(st: CypherState, seat: int | None) -> dict[str, Any]:
    cat = st.cat
    n = st.n
    bit = 1 << (n if seat is None else seat)
    know = st.know
    glossary = _glossary(cat)
    players = []
    for s in range(n):
        hand = st.hands[s]
        entry: dict[str, Any] = {
            "seat": s,
            "name": NAMES[s],
            "area": _names(cat, st.areas[s], False),
            "influence": st.influence(s),
            "hand_count": len(hand),
        }
        if s == seat:
            entry["hand"] = _names(cat, hand, True)
        else:
            entry["known_in_hand"] = _names(cat, tuple(c for c in hand if know[c] & bit), True)
        players.append(entry)
    kinds = cat.kind
    deck = st.deck
    size = len(deck)
    deck_known = [
        {"from_top": size - 1 - i, "card": KINDS[kinds[c]]}
        for i, c in enumerate(deck)
        if know[c] & bit
    ]
    deck_known.reverse()
    return {
        "game": "cypher",
        "players": n,
        "seat": seat,
        "burn": st.burn,
        "start": st.start,
        "turn": st.turn,
        "turn_number": st.turns + 1,
        "current_player": st.current_player,
        "phase": PHASES[st.phase] if st._outcome is None else "over",
        "prompt": prompts.prompt(st),
        "ask": ask_json(st),
        "seats": players,
        "display": KINDS[kinds[st.display]] if st.display >= 0 else None,
        "deck_count": size,
        "deck_known": deck_known,
        "removed_count": len(st.removed),
        "removed_known": _names(cat, tuple(c for c in st.removed if know[c] & bit), True),
        "everyone_knows": _public(st),
        "end": None
        if st.trigger < 0
        else {
            "triggered_by": st.trigger,
            "reason": st.trigger_reason,
            "turns_left": st.final_left if st.turns > st.trigger_turn else n,
            "kind": st.trigger_kind,
            "turn_number": st.trigger_turn + 1,
        },
        "steps": steps.steps_json(st),
        "tie_order": ranking(st),
        "legal_actions": [a.text for a in st.legal_actions()]
        if seat is not None and seat == st.current_player
        else [],
        "outcome": st._outcome.to_json() if st._outcome else None,
        "cards": glossary,
        "classes": _CLASSES,
    }


def _public(st: CypherState) -> dict[str, Any]:
    """What every seat knows alike, having seen it face up (the spectators' knowledge): the
    cards in each hand, the deck's cards (by place from the top) and the removed cards."""
    cat = st.cat
    bit = 1 << st.n
    know = st.know
    size = len(st.deck)
    return {
        "hands": [_names(cat, tuple(c for c in h if know[c] & bit), True) for h in st.hands],
        "deck": [size - 1 - i for i, c in enumerate(st.deck) if know[c] & bit][::-1],
        "removed": _names(cat, tuple(c for c in st.removed if know[c] & bit), True),
    }


def _glossary(cat: Catalog) -> FrozenDict:
    """The catalog's glossary, the same in every view of a game: one shared part per catalog
    (each entry holds its catalog, so the catalog's identity stands for it)."""
    entry = _GLOSSARIES.data.get(id(cat))
    if entry is None or entry[0] is not cat:
        glossary = FrozenDict({kind: FrozenDict(card) for kind, card in cat.cards_json().items()})
        entry = _GLOSSARIES.put(id(cat), (cat, glossary))
    return entry[1]


def _numbers(cat: Catalog) -> tuple[tuple[int, ...], ...]:
    """Per kind, the numbers of its cards, highest first (``determinize`` takes the lowest)."""
    entry = _NUMBERS.data.get(id(cat))
    if entry is None or entry[0] is not cat:
        numbers = tuple(
            tuple(c for c in range(len(cat.kind) - 1, -1, -1) if cat.kind[c] == k)
            for k in range(len(KINDS))
        )
        entry = _NUMBERS.put(id(cat), (cat, numbers))
    return entry[1]


def _names(cat: Catalog, cards: tuple[int, ...], ordered: bool) -> FrozenList:
    """The cards' kind names, sorted when ``ordered`` (a hand), else in the order given (an area)."""
    key = (id(cat), cards, ordered)
    entry = _NAMES.data.get(key)
    if entry is None:
        kinds = cat.kind
        names = [KINDS[kinds[c]] for c in cards]
        entry = _NAMES.put(key, (cat, FrozenList(sorted(names) if ordered else names)))
    return entry[1]


#: Shared parts (``engine.shared``): glossaries per catalog, and card names per catalog and cards.
_GLOSSARIES: Memo[int, tuple[Catalog, FrozenDict]] = Memo()
_NAMES: Memo[tuple[int, tuple[int, ...], bool], tuple[Catalog, FrozenList]] = Memo()
_NUMBERS: Memo[int, tuple[Catalog, tuple[tuple[int, ...], ...]]] = Memo()
_CLASSES = FrozenList(CLASSES)


def ask_json(st: CypherState) -> dict[str, Any]:
    """Public details of the pending decision (whom a pass goes to, how many to keep)."""
    if st._outcome is not None or st.phase == NONE:
        return {}
    if st.phase == PASS:
        return {"to": st.ctx[1], "direction": st.ctx[2].split(" ")[0]}
    if st.phase == DISCARD:
        return {"keep": st.ctx[1]}
    if st.phase == DRAW:
        return {"draws_left": st.ctx[1]}
    if st.phase == ROOM:
        return {"arriving": KINDS[st.cat.kind[st.ctx[1]]]}
    return {}


def determinize(st: CypherState, seat: int, rng: Rng) -> CypherState:
    """A world ``seat`` might be in: what it knows kept in place (its hand, the public cards,
    the copies it is sure of in other hands, the deck cards and removed cards it saw go), every
    other hidden card re-dealt into the same hidden places.

    The world depends on nothing the seat cannot see, so that a state rebuilt from its view
    deals the very same worlds (``Game.state_from_view``): copies of a kind are alike, so the
    cards are numbered afresh place by place; a hand is held sorted, the copies the seat knows
    first; and of the cards the seat cannot tell apart, each seat is taken to know what the
    seat is sure it knows: the cards everyone saw, and its own hand."""
    kind = st.cat.kind
    bit = 1 << seat
    know = st.know
    everyone = st.all_mask
    public = 1 << st.n
    others = [s for s in range(st.n) if s != seat]
    hidden = [c for c in st.deck if not know[c] & bit]
    for s in others:
        hidden.extend(c for c in st.hands[s] if not know[c] & bit)
    hidden.extend(c for c in st.removed if not know[c] & bit)
    # Kinds, sorted first, so that the deal depends only on which kinds are unknown.
    dealt = sorted(kind[c] for c in hidden)
    rng.shuffle(dealt)
    deal = iter(dealt)
    free = [list(numbers) for numbers in _numbers(st.cat)]
    number: dict[int, int] = {}
    new_know = [0] * len(kind)

    def put(old: int, of_kind: int, mask: int) -> int:
        """The next number of ``of_kind`` for a place; ``old``: the card there, ``-1`` if the
        seat cannot see it."""
        card = free[of_kind].pop()
        new_know[card] = mask
        if old >= 0:
            number[old] = card
        return card

    def known_first(cards: tuple[int, ...]) -> list[int]:
        """The cards the seat knows, by kind, those everyone knows first."""
        return sorted(
            (c for c in cards if know[c] & bit), key=lambda c: (kind[c], not know[c] & public)
        )

    def mask(card: int, mine: int) -> int:
        return everyone if know[card] & public else mine | bit

    deck = [
        put(c, kind[c], mask(c, 0)) if know[c] & bit else put(-1, next(deal), 0) for c in st.deck
    ]
    display = put(st.display, kind[st.display], everyone) if st.display >= 0 else -1
    hands: list[tuple[int, ...]] = []
    for s, hand in enumerate(st.hands):
        mine = 1 << s
        shown = [put(c, kind[c], mask(c, mine)) for c in known_first(hand)]
        unseen = [put(-1, next(deal), mine) for _ in range(len(hand) - len(shown))]
        hands.append(tuple(shown + unseen))
    areas = [tuple(put(c, kind[c], everyone) for c in area) for area in st.areas]
    removed = [put(c, kind[c], mask(c, 0)) for c in known_first(st.removed)]
    removed += [put(-1, next(deal), 0) for _ in range(len(st.removed) - len(removed))]
    if len(number) + len(hidden) < len(kind):
        # A card on its way into a play area (a full area makes room first) is public.
        placed = set(st.deck) | set(st.removed) | {st.display}
        for cards in (*st.hands, *st.areas):
            placed.update(cards)
        for c in sorted(set(range(len(kind))) - placed, key=kind.__getitem__):
            put(c, kind[c], everyone)
    other = st.clone()
    other.deck = deck
    other.display = display
    other.hands = hands
    other.areas = areas
    other.removed = tuple(removed)
    other.know = new_know
    steps.relabel(other, number)
    other._legal = None
    other.rng = rng.fork()
    return other
