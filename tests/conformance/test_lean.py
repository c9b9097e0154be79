"""``advance`` (the lean path for machines) leaves exactly the state ``apply`` leaves.

A few hundred seeded random games per game here; ``bench/lean_conformance.py`` runs the issue's
10,000 per game. A game that skipped a state change along with an event shows up as a different
fingerprint at the step where it happened.
"""

from __future__ import annotations

from typing import Any

import pytest

from cyberdeck.engine import Action, Game, State, games
from cyberdeck.engine.invariants import InvariantBroken, check_lean

from ..server.duel import DUEL, DuelState
from .test_conformance import CASES

#: Seeded games per configuration, and a budget of decisions so long games (the CCG) stay quick;
#: the first games compare fingerprints at every step, the rest every 16 steps and at the end.
GAMES, STEPS, CLOSE = 300, 40_000, 5


@pytest.mark.parametrize(("game", "options"), CASES)
def test_advance_leaves_the_state_apply_leaves(game: Game, options: dict[str, Any]) -> None:
    spent = played = 0
    while played < GAMES and (played < 2 * CLOSE or spent < STEPS):
        spent += check_lean(game, options, played, every=1 if played < CLOSE else 16)
        played += 1
    assert played >= 2 * CLOSE


@pytest.mark.parametrize("game", games(), ids=lambda g: g.id)
def test_apply_tells_again_after_advance(game: Game) -> None:
    """After a lean move the state tells its next move as fully as one never advanced."""
    told = game.new_state(None, 3)
    lean = game.new_state(None, 3)
    for _ in range(2):
        told.apply(told.legal_actions()[0])
        lean.advance(lean.legal_actions()[0])
    legal = told.legal_actions()
    events = told.apply(legal[-1])
    assert events
    assert lean.apply(legal[-1]) == events


def test_a_state_without_a_lean_path_of_its_own_advances_as_it_applies() -> None:
    """A ``State`` that is no ``CachedState`` (the server tests' DUEL) gets ``advance`` for free."""
    for seed in range(20):
        assert check_lean(DUEL, None, seed) == 6


def test_a_lean_move_that_leaves_another_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def careless(self: DuelState, action: Action) -> None:
        State.advance(self, action)
        if not self.hands[0]:
            self.to_move = 0

    monkeypatch.setattr(DuelState, "advance", careless)
    with pytest.raises(InvariantBroken, match="different states"):
        check_lean(DUEL, None, 0)
