"""The conformance suite: every registered game, every configuration, random playouts."""

from __future__ import annotations

from typing import Any

import pytest

from cyberdeck.engine import Game, games

from .invariants import check_replay, random_game

CASES = [
    pytest.param(game, options, id=f"{game.id}-{'-'.join(map(str, options.values())) or 'default'}")
    for game in games()
    for options in game.configurations()
]

#: Playouts with every invariant checked at every step, and more with the end-to-end checks only.
CHECKED_GAMES = 20
FAST_GAMES = 200


@pytest.mark.parametrize(("game", "options"), CASES)
def test_every_step_keeps_the_contract(game: Game, options: dict[str, Any]) -> None:
    for seed in range(CHECKED_GAMES):
        state, record = random_game(game, options, seed, check=True)
        check_replay(game, state, record)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_random_games_end_and_replay(game: Game, options: dict[str, Any]) -> None:
    for seed in range(100, 100 + FAST_GAMES):
        state, record = random_game(game, options, seed, check=False)
        check_replay(game, state, record)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_same_seed_same_game(game: Game, options: dict[str, Any]) -> None:
    first, _ = random_game(game, options, 42, check=False)
    second, _ = random_game(game, options, 42, check=False)
    assert first.fingerprint() == second.fingerprint()
    other, _ = random_game(game, options, 43, check=False)
    assert other.fingerprint() != first.fingerprint()


def test_options_are_checked() -> None:
    from cyberdeck.engine import BadOption

    for game in games():
        with pytest.raises(BadOption):
            game.new_state({"no-such-option": 1}, 0)
        for option in game.options:
            with pytest.raises(BadOption):
                game.new_state({option.name: "not-a-choice"}, 0)
