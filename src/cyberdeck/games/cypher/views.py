"""Cypher: information — what each seat may see (its own hand, the public table, the cards it
knows the place of, the pending decision), and the re-deal of everything a seat cannot see, for
search that must not peek."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Rng
from ...engine.shared import FrozenDict, FrozenList, Memo
from . import prompts
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
        "end": None
        if st.trigger < 0
        else {
            "triggered_by": st.trigger,
            "reason": st.trigger_reason,
            "turns_left": st.final_left if st.turns > st.trigger_turn else n,
        },
        "tie_order": ranking(st),
        "legal_actions": [a.text for a in st.legal_actions()]
        if seat is not None and seat == st.current_player
        else [],
        "outcome": st._outcome.to_json() if st._outcome else None,
        "cards": glossary,
        "classes": _CLASSES,
    }


def _glossary(cat: Catalog) -> FrozenDict:
    """The catalog's glossary, the same in every view of a game: one shared part per catalog
    (each entry holds its catalog, so the catalog's identity stands for it)."""
    entry = _GLOSSARIES.data.get(id(cat))
    if entry is None or entry[0] is not cat:
        glossary = FrozenDict({kind: FrozenDict(card) for kind, card in cat.cards_json().items()})
        entry = _GLOSSARIES.put(id(cat), (cat, glossary))
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
    """Keep what ``seat`` knows (its hand, public cards, passed cards still known, deck cards
    it saw go under); re-deal every other hidden card into the same hidden places."""
    other = st.clone()
    bit = 1 << seat
    know = st.know
    pool: list[int] = [c for c in st.deck if not know[c] & bit]
    for s in range(st.n):
        if s != seat:
            pool.extend(c for c in st.hands[s] if not know[c] & bit)
    pool.extend(c for c in st.removed if not know[c] & bit)
    if pool:
        old = pool[:]
        # Sorted first, so that the sample depends only on which cards are unknown (a set the
        # seat knows), never on where they really are.
        pool.sort()
        rng.shuffle(pool)
        mapping = dict(zip(old, pool, strict=True))
        new_know = other.know
        for a, b in mapping.items():
            new_know[b] = know[a]
        other.deck = [mapping.get(c, c) for c in st.deck]
        other.hands = [
            h if s == seat else tuple(mapping.get(c, c) for c in h) for s, h in enumerate(st.hands)
        ]
        other.removed = tuple(mapping.get(c, c) for c in st.removed)
        # Pending decisions refer to public or own cards only, except discard-order lists
        # (public area cards) and make-room (a public card being played): nothing to remap.
    other._legal = None
    other.rng = rng.fork()
    return other
