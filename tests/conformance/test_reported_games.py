"""Games an outside check reported, replayed with every invariant checked at every step and then
played on at random to the end. A random playout may never reach the position a report found;
these reach it on every run, so a view and the worlds ``determinize`` deals are compared there."""

from __future__ import annotations

from typing import Any

import pytest

from cyberdeck.engine import Rng, load_game
from cyberdeck.engine.invariants import check_deep, check_events, check_terminal

REPORTED = [
    # Player 1 knows two Extractors in Player 2's hand when Player 2 passes a card to Player 3:
    # one Extractor is still certain, and every world Player 1 imagines must hold it.
    pytest.param(
        "cypher",
        {"players": 3},
        20261275,
        "play cypher-anomaly | draw top | pass extractor | pass cypher-anomaly | "
        "play technomancer | draw display | pass data-runner | pass extractor",
        id="cypher-two-known-copies-one-passed-unseen",
    ),
]


@pytest.mark.parametrize(("game_id", "options", "seed", "moves"), REPORTED)
def test_a_reported_game_keeps_the_contract(
    game_id: str, options: dict[str, Any], seed: int, moves: str
) -> None:
    game = load_game(game_id)
    state = game.new_state(options, seed)
    rng = Rng(seed)
    for text in moves.split(" | "):
        check_deep(game, state, rng)
        check_events(state.apply(game.parse_action(text)))
    while not state.is_terminal:
        check_deep(game, state, rng)
        check_events(state.apply(rng.choice(state.legal_actions())))
    check_terminal(game, state)
