"""Views built from shared parts (``engine.shared``) hold exactly what views drawn from nothing
hold: along random games, with every memo warm from the positions before, each seat's view and
observation equal (in the same key order) the ones drawn after every memo is emptied."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cyberdeck.engine import Game, Rng, State, games
from cyberdeck.engine.shared import clear_memos

CASES = [
    pytest.param(game, options, id=f"{game.id}-{'-'.join(map(str, options.values())) or 'default'}")
    for game in games()
    for options in game.configurations()
]
#: Positions compared per configuration (the CCG's are the dearest).
POSITIONS = {"cyberpunk-ccg": 150}


def _seen(state: State, game: Game, options: dict[str, Any]) -> list[tuple[str, Any]]:
    encoding = game.observation_encoding(game.resolve_options(options))
    out = []
    for seat in (*range(state.num_players), None):
        view = state.view(seat)
        numbers = encoding.sparse(view, seat) if seat is not None else {}
        out.append((json.dumps(view), sorted(numbers.items())))
    return out


@pytest.mark.parametrize(("game", "options"), CASES)
def test_shared_parts_change_nothing_a_view_holds(game: Game, options: dict[str, Any]) -> None:
    wanted = POSITIONS.get(game.id, 600)
    compared = 0
    deal = 0
    while compared < wanted:
        state = game.new_state(options, deal)
        rng = Rng(deal)
        while compared < wanted:
            warm = _seen(state, game, options)
            clear_memos()
            assert _seen(state, game, options) == warm, f"deal {deal} step {compared}"
            compared += 1
            if state.is_terminal:
                break
            # Warm the memos with this position's parts before the next one is compared.
            _seen(state, game, options)
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        deal += 1
