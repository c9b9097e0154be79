"""The position a Hack-Me view shows its seat (``Game.state_from_view``): the table and the
rules' public tally as shown; each hacker's cards the seat cannot see (the opponent's hand beyond
its known cards, face-down firewalls, current agenda, cards set aside, the unknown part of each
deck) dealt from the rest of that hacker's pack, which every seat knows whole; ``determinize``
re-deals them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import BadView, Rng
from ...engine.fromview import outcome_of, unseen
from .cards import AGENDA, CODE_BY_TEXT, DECK_CODES, FAMILY, FIREWALL, RESOURCES
from .phases import NO_RUN, PHASE_NAMES, REWIRE_PHASE, STACK_PHASE
from .state import HackState


def _cards(texts: Any) -> list[int]:
    return [CODE_BY_TEXT[str(t)] for t in texts]


class _Pack:
    """One hacker's cards nobody has shown the seat, handed out to the places it cannot see."""

    def __init__(self, cards: list[int], who: str) -> None:
        self.cards = cards
        self.who = who

    def take(self, family: int) -> int:
        for i, card in enumerate(self.cards):
            if FAMILY[card] == family:
                return self.cards.pop(i)
        raise BadView(f"{self.who} has a face-down card with no card of its kind left unseen.")

    def deal(self, count: int) -> list[int]:
        if count > len(self.cards):
            raise BadView(f"{self.who} holds more face-down cards than the pack has left.")
        dealt, self.cards = self.cards[:count], self.cards[count:]
        return dealt


def position(view: Mapping[str, Any], seat: int) -> HackState:
    state = HackState(Rng(0))
    tally = view["tally"]
    state.first = int(view["first_player"])
    state.seat = active = int(view["active_player"])
    to_move = view["current_player"]
    state.decider = active if to_move is None else int(to_move)
    state.phase = PHASE_NAMES.index(view["phase"])
    state.turn = int(view["turn"])
    state.actions_left = int(view["actions_left"])
    state.reveals = tuple((CODE_BY_TEXT[a], CODE_BY_TEXT[b]) for a, b in view["reveals"])
    state.fresh = bool(tally["fresh"])
    state.known_own = [int(n) for n in tally["known_own"]]
    state.known_pub = [int(n) for n in tally["known_public"]]
    run_tally, shock = tally["run"], tally["shock"]
    state.run_res = int(run_tally[0])
    state.run_level = int(run_tally[1])
    state.bonus = int(run_tally[2])
    state.boosted = bool(run_tally[3])
    state.shock_target = int(shock[0])
    state.shock_next = int(shock[1])
    state.k_res = int(tally["rewire_resource"])
    state.recycled = int(tally["recycled"])
    state.filing = _cards(tally["filing"])
    run = view["run"]
    if run is not None and run["accessed"]:
        state.run_card = CODE_BY_TEXT[run["accessed"]]
    pending = view["pending"]
    seen: list[list[int]] = [[], []]
    seen[active] += state.filing
    if state.run_card:
        seen[1 - active].append(state.run_card)
    faces: list[list[int]] = [[], []]  # firewall slots shown face down, per hacker
    for p, player in enumerate(view["players"]):
        state.stock[p] = int(player["stock"])
        state.tags[p] = int(player["tags"])
        state.taken[p] = int(player["turns_taken"])
        state.mulled[p] = bool(player["mulligan_used"])
        state.archives[p] = _cards(player["archive"])
        state.finalized[p] = _cards(player["finalized"])
        state.gens[p] = [
            int(g["credits"]) * 64 + CODE_BY_TEXT[g["card"]] for g in player["generators"]
        ]
        state.seen[p] = _cards(player["hand_known"])
        seen[p] += state.archives[p] + state.finalized[p] + [g & 63 for g in state.gens[p]]
        for r, name in enumerate(RESOURCES):
            for wall in player["firewalls"][name]:
                slot = r * 3 + int(wall["level"]) - 1
                if wall["card"] is None:
                    faces[p].append(slot)
                    continue
                code = CODE_BY_TEXT[wall["card"]]
                state.fws[p][slot] = -code if wall["active"] else code
                seen[p].append(code)
        agenda = player["agenda"]
        state.invest[p] = int(agenda["invested"])
        if agenda["card"]:
            state.agenda[p] = CODE_BY_TEXT[agenda["card"]]
            seen[p].append(state.agenda[p])
        top = _cards(player["deck_top"])[::-1]  # bottom to top, as the deck keeps it
        seen[p] += top
        if p == seat:
            state.hands[p] = _cards(player["hand"])
            seen[p] += state.hands[p]
        else:
            seen[p] += state.seen[p]
        # Set-aside cards the seat sees: a Jack's stack, a King's rewiring pool.
        if p == active and state.phase == STACK_PHASE and "cards" in pending:
            state.stack = _cards(pending["cards"])
            state.stacked = _cards(pending["stacked"])
            seen[p] += state.stack + state.stacked
        if p == active and state.phase == REWIRE_PHASE:
            for text, on in zip(pending["pool"], pending["pool_active"], strict=True):
                if text is not None:
                    code = CODE_BY_TEXT[text]
                    state.k_pool.append(-code if on else code)
                    seen[p].append(code)
                else:
                    state.k_pool.append(0)
        who = f"{view['players'][p]['name']}"
        pack = _Pack(unseen(DECK_CODES, seen[p], f"{who}'s pack"), who)
        for slot in faces[p]:
            state.fws[p][slot] = pack.take(FIREWALL)
        state.k_pool = [pack.take(FIREWALL) if c == 0 else c for c in state.k_pool]
        if agenda["present"] and not agenda["card"]:
            state.agenda[p] = pack.take(AGENDA)
        if p != seat:
            state.hands[p] = state.seen[p] + pack.deal(
                int(player["hand_count"]) - len(state.seen[p])
            )
            if p == active and state.phase == STACK_PHASE:
                state.stack = pack.deal(int(tally["stack_counts"][0]))
                state.stacked = pack.deal(int(tally["stack_counts"][1]))
        hidden = int(player["deck_count"]) - len(top)
        if len(pack.cards) != hidden:
            raise BadView(
                f"{who}'s deck holds {hidden} unknown cards in the view, but {len(pack.cards)} "
                "of the pack's cards are nowhere on the table."
            )
        state.decks[p] = pack.cards + top
    if state.run_res == NO_RUN and run is not None:
        raise BadView("The view shows a run that its tally does not.")
    state._outcome = outcome_of(view)
    return state
