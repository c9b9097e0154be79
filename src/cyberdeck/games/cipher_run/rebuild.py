"""The position a Cipher Run view shows its seat (``Game.state_from_view``): the table as shown,
and the cards it does not show (the opponent's hand and deck, seeds still face down, the order
of one's own deck) dealt from the deck lists, which are public; ``determinize`` re-deals them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import BadView, Rng
from ...engine.fromview import outcome_of, unseen
from .cards import KIND, NUMBER, VALUE, read_card
from .state import NO_PROFILE, OWNER_SHIFT, PHASE_NAMES, PROFILE_NAMES, CipherState

PROFILE_BY_NAME = {name: profile for profile, name in PROFILE_NAMES.items()}


def _cards(texts: Any) -> list[int]:
    return [int(read_card(str(t))) for t in texts]


def position(view: Mapping[str, Any], seat: int) -> CipherState:
    options = view["options"]
    state = CipherState(Rng(0), options["pivot"] == "flip", options["breach"] == "start")
    state.phase = PHASE_NAMES.index(view["phase"])
    state.first = int(view["first_player"])
    to_move = view["current_player"]
    state.to_move = state.first if to_move is None else int(to_move)
    state.turn = int(view["turn"])
    state.turn_cap = int(view["turn_cap"])
    state.final = -1 if view["final_turns"] is None else int(view["final_turns"])
    state.redraws = tuple((int(r["player"]), tuple(_cards(r["cards"]))) for r in view["redraws"])
    players = view["players"]
    state.lists = (tuple(_cards(players[0]["deck_list"])), tuple(_cards(players[1]["deck_list"])))
    seen: list[list[int]] = [[], []]
    hidden: list[int] = []
    for v, vault in enumerate(view["vaults"]):
        for owner, node_view in enumerate(vault["nodes"]):
            node = owner * 3 + v
            if node_view["total"] is None:  # the opponent's node while seeds are face down
                if node_view["hidden"]:
                    hidden.append(node)
                continue
            mods = []
            kings = []
            for module in node_view["modules"]:
                card = int(read_card(module["card"]))
                mods.append(card)
                seen[owner].append(card)
                on = []
                for king in module["overclocks"]:
                    code, by = int(read_card(king["card"])), int(king["owner"])
                    on.append(code + OWNER_SHIFT * by)
                    seen[by].append(code)
                kings.append(tuple(on))
            state.mods[node] = tuple(mods)
            state.kings[node] = tuple(kings)
            state.total[node] = int(node_view["total"])
            state.profile[node] = PROFILE_BY_NAME.get(node_view["profile"], NO_PROFILE)
    for s, player in enumerate(players):
        discard = _cards(player["discard"])
        state.discards[s] = tuple(discard)
        seen[s] += discard
        if s == seat:
            state.hands[s] = _cards(player["hand"])
            seen[s] += state.hands[s]
    for s, player in enumerate(players):
        pool = unseen(state.lists[s], seen[s], f"Player {s + 1}'s deck")
        if s != seat:
            # Face-down seeds are Number Modules; then the hand, then the deck.
            for node in hidden:
                numbers = [c for c in pool if KIND[c] == NUMBER]
                if not numbers:
                    raise BadView(f"Player {s + 1} has a face-down seed but no Number Module left.")
                card = numbers[0]
                pool.remove(card)
                state.mods[node] = (card,)
                state.kings[node] = ((),)
                state.total[node] = VALUE[card]
            hand_count = int(player["hand_count"])
            state.hands[s], pool = pool[:hand_count], pool[hand_count:]
        if len(pool) != int(player["deck_count"]):
            raise BadView(
                f"Player {s + 1}'s deck holds {player['deck_count']} cards in the view, but "
                f"{len(pool)} of the deck list's cards are not on the table."
            )
        state.decks[s] = pool
    state._outcome = outcome_of(view)
    return state
