"""The position a Cypher view shows its seat (``Game.state_from_view``): the table as shown (play
areas, the Display, the seat's hand, the deck cards, removed cards and copies in other hands it
knows, and which of them everyone saw face up), the rules' pending steps and the end's count; the
cards it cannot see dealt from the rest of the card set, which every seat knows whole (the view's
glossary); ``determinize`` re-deals them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import BadView, Rng
from ...engine.fromview import outcome_of
from .catalog import KIND_INDEX, Catalog, default_catalog
from .rules import NONE, PHASES
from .state import CypherState
from .steps import read_steps


class _Cards:
    """The card set's cards not yet placed, by kind."""

    def __init__(self, cat: Catalog) -> None:
        self.left: list[list[int]] = [[] for _ in cat.copies]
        for c in range(len(cat.kind) - 1, -1, -1):
            self.left[cat.kind[c]].append(c)

    def take(self, name: Any) -> int:
        """A card of the kind named ``name``, placed."""
        k = KIND_INDEX.get(str(name), -1)
        if k < 0:
            raise BadView(f"'{name}' is no Cypher card.")
        if not self.left[k]:
            raise BadView(f"The view shows more of the {name} than the card set has.")
        return self.left[k].pop()

    def rest(self) -> list[int]:
        return sorted(c for cards in self.left for c in cards)


def position(view: Mapping[str, Any], seat: int) -> CypherState:
    cat = default_catalog().from_glossary(view["cards"])
    n = int(view["players"])
    if not 0 <= seat < n:
        raise BadView(f"There is no seat {seat + 1} at a table of {n}.")
    state = CypherState(cat, n, Rng(0), bool(view["burn"]), int(view["start"]))
    everyone = state.all_mask
    bit = 1 << seat
    cards = _Cards(cat)
    know = state.know
    state.turn = int(view["turn"])
    state.turns = int(view["turn_number"]) - 1
    state._outcome = outcome_of(view)
    phase = view["phase"]
    state.phase = NONE if phase == "over" else PHASES.index(phase)
    to_move = view["current_player"]
    state.decider = -1 if to_move is None else int(to_move)
    seats = view["seats"]
    if len(seats) != n:
        raise BadView(f"The view shows {len(seats)} seats at a table of {n}.")
    for s, shown in enumerate(seats):
        state.areas[s] = tuple(cards.take(name) for name in shown["area"])
        for c in state.areas[s]:
            know[c] = everyone
    if view["display"] is not None:
        state.display = cards.take(view["display"])
        know[state.display] = everyone

    # The cards the steps name: face up in a play area or the Display, or on their way into an
    # area (on no place of the table).
    def card_of(name: str, at: int, flying: bool) -> int:
        if not flying:
            k = KIND_INDEX.get(name, -1)
            where = [*(state.areas[at] if 0 <= at < n else ()), *sum(state.areas, ())]
            for c in [*where, state.display]:
                if c >= 0 and cat.kind[c] == k:
                    return c
            raise BadView(f"A step of the rules names the {name}, which is not face up.")
        card = cards.take(name)
        know[card] = everyone
        return card

    state.ctx, state.tasks = read_steps(view["steps"], state.phase, card_of)
    public = view["everyone_knows"]

    def known(names: Any, seen_by_all: Any, mine: int, where: str) -> list[int]:
        """The cards of ``names`` the seat knows; those of ``seen_by_all`` everyone knows."""
        out = [cards.take(name) for name in names]
        for c in out:
            know[c] = mine | bit
        for name in seen_by_all:
            k = KIND_INDEX.get(str(name), -1)
            c = next((c for c in out if cat.kind[c] == k and know[c] != everyone), -1)
            if c < 0:
                raise BadView(f"Everyone knows of the {name} {where}, but the seat does not.")
            know[c] = everyone
        return out

    hands: list[list[int]] = []
    for s, shown in enumerate(seats):
        names = shown["hand"] if s == seat else shown["known_in_hand"]
        hands.append(known(names, public["hands"][s], 1 << s, f"in {shown['name']}'s hand"))
    size = int(view["deck_count"])
    deck = [-1] * size
    for entry in view["deck_known"]:
        at = size - 1 - int(entry["from_top"])
        if not 0 <= at < size or deck[at] >= 0:
            raise BadView(f"The view knows a deck card at no place of the deck ({entry}).")
        deck[at] = cards.take(entry["card"])
        know[deck[at]] = bit
    for from_top in public["deck"]:
        at = size - 1 - int(from_top)
        if not 0 <= at < size or deck[at] < 0:
            raise BadView(f"Everyone knows deck card {from_top + 1} from the top; the seat not.")
        know[deck[at]] = everyone
    removed = known(view["removed_known"], public["removed"], 0, "removed")
    rest = cards.rest()
    unseen = deck.count(-1) + int(view["removed_count"]) - len(removed)
    unseen += sum(int(shown["hand_count"]) - len(hands[s]) for s, shown in enumerate(seats))
    if unseen != len(rest):
        raise BadView(
            f"The view hides {unseen} cards, but {len(rest)} of the card set's cards are not "
            "on the table."
        )
    state.deck = [rest.pop() if c < 0 else c for c in deck]
    for s, shown in enumerate(seats):
        state.hands[s] = tuple(
            hands[s] + [rest.pop() for _ in range(int(shown["hand_count"]) - len(hands[s]))]
        )
    state.removed = tuple(removed + rest)
    end = view["end"]
    if end is not None:
        state.trigger = int(end["triggered_by"])
        state.trigger_reason = str(end["reason"])
        state.trigger_kind = str(end["kind"])
        state.trigger_turn = int(end["turn_number"]) - 1
        state.final_left = int(end["turns_left"])
    return state
