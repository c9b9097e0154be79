"""What one seat may see of a Hack-Me position: the one place where secrets are stripped.

Hidden from the opponent (and from spectators): the hand, the deck, an inactive firewall's card, the
current agenda's identity, the cards a Jack or King set aside. Public: credits everywhere, tags,
archives (and cards waiting to be put on one), finalized agendas, active firewalls, counts, and the
card accessed in a run.
"""

from __future__ import annotations

from typing import Any

from ...engine.shared import FrozenDict, FrozenList, Memo, card_texts
from .cards import (
    ACTIONS_PER_TURN,
    ACTIVATION_COST,
    AGENDA_COST,
    RESOURCES,
    TEXT,
    TURN_CAP,
    VALUE,
)
from .phases import AFTER_FORFEIT, NAMES, NO_RUN, PHASE_NAMES
from .state import HackState


def _firewalls(fw: list[int], mine: bool) -> FrozenDict:
    key = (tuple(fw), mine)
    part = _WALLS.data.get(key)
    if part is None:
        part = _WALLS.put(key, _draw_firewalls(fw, mine))
    return part


def _draw_firewalls(fw: list[int], mine: bool) -> FrozenDict:
    out: dict[str, FrozenList] = {}
    for r, name in enumerate(RESOURCES):
        column = []
        for level in range(3):
            c = fw[r * 3 + level]
            if not c:
                continue
            active = c < 0
            column.append(
                FrozenDict(
                    level=level + 1,
                    active=active,
                    card=TEXT[abs(c)] if active or mine else None,
                    strength=VALUE[abs(c)] - 1 if active or mine else None,
                )
            )
        out[name] = FrozenList(column)
    return FrozenDict(out)


def _generators(gens: list[int]) -> FrozenList:
    key = tuple(gens)
    part = _GENERATORS.data.get(key)
    if part is None:
        part = _GENERATORS.put(
            key, FrozenList(FrozenDict(card=TEXT[g & 63], credits=g >> 6) for g in key)
        )
    return part


#: Shared parts (``engine.shared``): firewalls, generators and piles by their cards.
_WALLS: Memo[tuple[tuple[int, ...], bool], FrozenDict] = Memo()
_GENERATORS: Memo[tuple[int, ...], FrozenList] = Memo()
_EMPTY = FrozenList()


def _player(state: HackState, p: int, seat: int | None) -> dict[str, Any]:
    mine = seat == p
    agenda = state.agenda[p]
    deck = state.decks[p]
    known = state.known_own[p] if mine else state.known_pub[p]
    return {
        "name": NAMES[p],
        "stock": state.stock[p],
        "tags": state.tags[p],
        "deck_count": len(deck),
        "deck_top": card_texts(deck[len(deck) - known :][::-1]) if known else _EMPTY,
        "hand_count": len(state.hands[p]),
        "hand": card_texts(state.hands[p]) if mine else None,
        "hand_known": card_texts(state.seen[p]),
        "generators": _generators(state.gens[p]),
        "firewalls": _firewalls(state.fws[p], mine),
        "agenda": {
            "present": bool(agenda),
            "card": TEXT[agenda] if agenda and mine else None,
            "cost": AGENDA_COST[VALUE[agenda]] if agenda and mine else None,
            "invested": state.invest[p],
        },
        "finalized": card_texts(state.finalized[p]),
        "archive": card_texts(state.archives[p]),
        "mulligan_used": state.mulled[p],
        "turns_taken": state.taken[p],
    }


def _run(state: HackState) -> dict[str, Any] | None:
    if state.run_res == NO_RUN:
        return None
    return {
        "attacker": state.seat,
        "target": RESOURCES[state.run_res],
        "level": state.run_level + 1 if state.run_level >= 0 else None,
        "boost_used": state.boosted,
        "boost": state.bonus,
        "accessed": TEXT[state.run_card] if state.run_card else None,
    }


def _pending(state: HackState, seat: int | None) -> dict[str, Any]:
    """Phase details: what the decision is about, secrets only for their owner."""
    phase = PHASE_NAMES[state.phase]
    mine = seat == state.seat
    out: dict[str, Any] = {}
    if phase == "pick":
        out["shocked"] = state.shock_target
        out["hand_count"] = len(state.hands[state.shock_target])
        out["then"] = "forfeit" if state.shock_next == AFTER_FORFEIT else None
    elif phase == "activate":
        out["cost"] = ACTIVATION_COST[state.run_level]
    elif phase == "pay":
        out["strength"] = state.strength()
    elif phase == "stack":
        out["count"] = len(state.stack) + len(state.stacked)
        if mine:
            out["cards"] = [TEXT[c] for c in state.stack]
            out["stacked"] = [TEXT[c] for c in state.stacked]
    elif phase == "rewire":
        out["resource"] = RESOURCES[state.k_res]
        out["pool"] = [TEXT[abs(c)] if c < 0 or mine else None for c in state.k_pool]
        out["pool_active"] = [c < 0 for c in state.k_pool]
    elif phase == "recycle":
        out["recycled"] = state.recycled
    elif phase == "archive":
        # Public: the cards were seen going there (spent generators are face up).
        out["to_archive"] = [TEXT[c] for c in state.filing]
    return out


def _tally(state: HackState) -> dict[str, Any]:
    """The rules' public bookkeeping between decisions, as they keep it (what a seat's state is
    rebuilt from, with the table: ``rebuild``): counts of known deck tops and set-aside cards,
    the run's last figures, what a shock or a King's rewiring comes back to."""
    return {
        "fresh": state.fresh,
        "known_own": list(state.known_own),
        "known_public": list(state.known_pub),
        "stack_counts": [len(state.stack), len(state.stacked)],
        "run": [state.run_res, state.run_level, state.bonus, state.boosted],
        "shock": [state.shock_target, state.shock_next],
        "rewire_resource": state.k_res,
        "recycled": state.recycled,
        "filing": [TEXT[c] for c in state.filing],
    }


def view(state: HackState, seat: int | None) -> dict[str, Any]:
    outcome = state.outcome
    decider = state.current_player
    return {
        "game": "hack-me",
        "seat": seat,
        "current_player": decider,
        "active_player": state.seat,
        "first_player": state.first,
        "turn": state.turn,
        "turn_cap": TURN_CAP,
        "reveals": [[TEXT[a], TEXT[b]] for a, b in state.reveals],
        "phase": PHASE_NAMES[state.phase],
        "actions_left": state.actions_left,
        "actions_per_turn": ACTIONS_PER_TURN,
        "players": [_player(state, p, seat) for p in (0, 1)],
        "run": _run(state),
        "pending": _pending(state, seat),
        "tally": _tally(state),
        "legal_actions": [a.text for a in state.legal_actions()]
        if seat is not None and seat == decider
        else [],
        "outcome": outcome.to_json() if outcome else None,
    }
