"""Random playouts for the conformance suite, checked by the contract's own invariants
(``cyberdeck.engine.invariants``, which ``cyberdeck fuzz`` runs too)."""

from __future__ import annotations

from typing import Any

from cyberdeck.engine import Game, Record, Rng, State
from cyberdeck.engine.invariants import (
    check_deep,
    check_events,
    check_live,
    check_opening,
    check_terminal,
)


def random_game(
    game: Game, options: dict[str, Any], seed: int, *, check: bool, max_steps: int = 20_000
) -> tuple[State, Record]:
    """A random game from ``seed``; every live state offers a move (always checked), and with
    ``check`` every other invariant holds at every step."""
    state = game.new_state(options, seed)
    check_opening(state)
    record = Record(game.id, seed, dict(options))
    rng = Rng(seed * 7919 + 17)
    steps = 0
    while not state.is_terminal:
        legal = check_live(state)
        if check:
            check_deep(game, state, rng)
        action = rng.choice(legal)
        check_events(state.apply(action))
        record.actions.append(action.text)
        steps += 1
        assert steps <= max_steps, f"the game did not end within {max_steps} steps"
    check_terminal(game, state)
    return state, record
