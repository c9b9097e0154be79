"""A compact position builder for tests and examples: a run in progress, set up in one call.

    state = position(mine={1: "8S 9S"}, theirs={2: "10C 9C+KH"}, hand="3S QH")

Seat 0 ("mine") is to move unless ``to_move`` says otherwise. A stack is written bottom first; a
module's Overclocks follow it with ``+`` (``9C+KH+KS``), owned by the node's owner, or by the other
player when primed (``9C+KH'``). The profile follows from the top two modules unless the stack names
it (``"8S 3S 9S asc"``). Decks are written top card first; a number gives that many filler cards.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Rng
from ...engine.cards import CARDS
from .cards import VALUE, read_card
from .state import ASC, DESC, NO_PROFILE, OWNER_SHIFT, RUN, CipherState

FILLER = ("2C", "3D", "4H", "5S", "6C", "7D", "8H", "9S")


def cards(text: str) -> list[int]:
    return [int(read_card(t)) for t in text.split()]


def _deck(spec: str | int) -> list[int]:
    if isinstance(spec, int):
        return [int(read_card(FILLER[i % len(FILLER)])) for i in range(spec)][::-1]
    return cards(spec)[::-1]


def _stack(state: CipherState, node: int, spec: str) -> None:
    owner = node // 3
    mods: list[int] = []
    kings: list[tuple[int, ...]] = []
    profile: int | None = None
    for word in spec.split():
        if word.lower() in ("asc", "desc"):
            profile = ASC if word.lower() == "asc" else DESC
            continue
        first, *extra = word.split("+")
        mods.append(int(read_card(first)))
        attached = []
        for king in extra:
            by = 1 - owner if king.endswith("'") else owner
            attached.append(int(read_card(king.rstrip("'"))) + OWNER_SHIFT * by)
        kings.append(tuple(attached))
    state.mods[node] = tuple(mods)
    state.kings[node] = tuple(kings)
    if len(mods) < 2:
        state.profile[node] = NO_PROFILE
    elif profile is not None:
        state.profile[node] = profile
    else:
        state.profile[node] = ASC if VALUE[mods[-1]] > VALUE[mods[-2]] else DESC
    state._recount(node)


def position(
    mine: Mapping[int, str] | None = None,
    theirs: Mapping[int, str] | None = None,
    hand: str = "",
    opp_hand: str = "",
    deck: str | int = 10,
    opp_deck: str | int = 10,
    pivot: str = "flip",
    breach: str = "start",
    to_move: int = 0,
    turn: int = 0,
    discards: tuple[str, str] = ("", ""),
) -> CipherState:
    """A run in progress with seat 0 as "mine"; vaults are numbered 1..3 as players say them."""
    state = CipherState(Rng(0), pivot_flip=pivot == "flip", breach_start=breach == "start")
    state.phase = RUN
    state.first = 0
    state.to_move = to_move
    state.turn = turn
    state.hands = [cards(hand), cards(opp_hand)]
    state.decks = [_deck(deck), _deck(opp_deck)]
    state.discards = [tuple(cards(discards[0])), tuple(cards(discards[1]))]
    for seat, stacks in ((0, mine or {}), (1, theirs or {})):
        for vault, spec in stacks.items():
            _stack(state, seat * 3 + vault - 1, spec)
    if not state.decks[0] and not state.decks[1]:
        state.final = 2
    return state


def stack(state: CipherState, seat: int, vault: int) -> str:
    """A node written the way ``position`` reads it (profile included when the node has one)."""
    node = seat * 3 + vault - 1
    words = []
    for card, kings in zip(state.mods[node], state.kings[node], strict=True):
        word = _text(card)
        for king in kings:
            word += "+" + _text(king % OWNER_SHIFT) + ("'" if king // OWNER_SHIFT != seat else "")
        words.append(word)
    if state.profile[node] != NO_PROFILE:
        words.append("asc" if state.profile[node] == ASC else "desc")
    return " ".join(words)


def _text(card: int) -> str:
    return CARDS[card].text
