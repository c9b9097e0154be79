"""A compact builder of Cypher positions, for tests and for explaining rulings.

``table(3, hands={0: "technomancer coder"}, areas={1: "aristocrat data-runner"}, deck="hacker")``
is the start of seat 0's turn with those cards; the deck is listed top first and every card not
named goes under it (or out of the game with ``rest="removed"``). Without a ``display`` the top
card of the deck becomes the Display, as the rules refill an empty Display at once. Cards are card ids (``coder``,
``data-runner``). Hands are known to their owners only; areas and the Display are public;
``known={0: {1: "extractor extractor"}}`` lets seat 0 know two Extractors in seat 1's hand (``None``
for the public: what spectators saw go in). Questions with one answer are answered as a table
answers them (``act``; ``state.apply`` asks them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...engine import Action, Event, Rng
from .catalog import KIND_INDEX, KINDS, Catalog, default_catalog
from .state import CypherState


def table(
    players: int = 3,
    *,
    turn: int = 0,
    hands: Mapping[int, str] | None = None,
    areas: Mapping[int, str] | None = None,
    deck: str = "",
    display: str | None = None,
    removed: str = "",
    known: Mapping[int | None, Mapping[int, str]] | None = None,
    rest: str = "bottom",
    start: int | None = None,
    seed: int = 1,
    cards: Catalog | None = None,
) -> CypherState:
    cat = cards or default_catalog()
    free = list(range(len(cat.kind)))

    def take(words: str) -> list[int]:
        out = []
        for word in words.split():
            kind = KIND_INDEX[word]
            card = next((c for c in free if cat.kind[c] == kind), None)
            if card is None:
                raise ValueError(f"no {word} left to place")
            free.remove(card)
            out.append(card)
        return out

    state = CypherState(cat, players, Rng(seed), start=turn if start is None else start)
    everyone = state.all_mask
    for seat, words in sorted((areas or {}).items()):
        state.areas[seat] = tuple(take(words))
    for seat, words in sorted((hands or {}).items()):
        state.hands[seat] = tuple(take(words))
    if display:
        state.display = take(display)[0]
    top_first = take(deck)
    gone = take(removed)
    leftover = list(free)
    if rest == "removed":
        gone += leftover
        leftover = []
    state.deck = leftover[::-1] + top_first[::-1]
    state.removed = tuple(gone)
    for c in range(len(cat.kind)):
        state.know[c] = 0
    for seat in range(players):
        for c in state.areas[seat]:
            state.know[c] = everyone
        for c in state.hands[seat]:
            state.know[c] = 1 << seat
    if state.display >= 0:
        state.know[state.display] = everyone
    for viewer, holders in (known or {}).items():
        bit = 1 << (players if viewer is None else viewer)
        for holder, words in holders.items():
            for word in words.split():
                kind = KIND_INDEX[word]
                held = state.hands[holder]
                new = [c for c in held if cat.kind[c] == kind and not state.know[c] & bit]
                if not new:
                    raise ValueError(f"no {word} in hand {holder} left to know")
                state.know[new[0]] |= bit
    state.turn = turn
    state.begin(turn)  # an empty Display is refilled at once, as always
    answer_lone_questions(state)  # as a table does: the position is the first real choice
    return state


def act(state: CypherState, *moves: str) -> list[Event]:
    """Apply moves given as text, in order, as a table plays them: each question with one legal
    answer that comes before a move, or after the last, is answered with it (``Stops.single``),
    unless the move given is that answer; all their events. ``state.apply`` asks every question."""
    events: list[Event] = []
    for text in moves:
        action = state.game.parse_action(text)
        events.extend(answer_lone_questions(state, until=action))
        events.extend(state.apply(action))
    events.extend(answer_lone_questions(state))
    return events


def answer_lone_questions(state: CypherState, until: Action | None = None) -> list[Event]:
    """Answer the questions that have one legal answer, as the table does for a player, until a
    question with a choice (or whose one answer is ``until``); their events."""
    events: list[Event] = []
    while not state.is_terminal:
        legal = state.legal_actions()
        if len(legal) != 1 or legal[0] == until:
            break
        events.extend(state.apply(legal[0]))
    return events


def names(state: CypherState, cards: Iterable[int]) -> list[str]:
    """Card ids of physical cards, in their order."""
    return [KINDS[state.cat.kind[c]] for c in cards]


def area(state: CypherState, seat: int) -> list[str]:
    return names(state, state.areas[seat])


def hand(state: CypherState, seat: int) -> list[str]:
    return sorted(names(state, state.hands[seat]))


def deck(state: CypherState) -> list[str]:
    """The deck, top first."""
    return names(state, reversed(state.deck))
