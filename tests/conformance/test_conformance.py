"""The conformance suite: every registered game, every configuration, random playouts."""

from __future__ import annotations

from typing import Any

import pytest

from cyberdeck.engine import Game, games
from cyberdeck.engine.invariants import check_replay

from .invariants import random_game

CASES = [
    pytest.param(game, options, id=f"{game.id}-{'-'.join(map(str, options.values())) or 'default'}")
    for game in games()
    for options in game.configurations()
]

#: Playouts with every invariant checked at every step, and more with the end-to-end checks only.
#: Long games stop early on a budget of decisions (never below the minimum number of games), so
#: a game with thousands of decisions per playout costs the suite seconds, not minutes.
CHECKED_GAMES, CHECKED_MIN, CHECKED_STEPS = 20, 2, 4_000
FAST_GAMES, FAST_MIN, FAST_STEPS = 200, 5, 60_000


def playouts(
    game: Game,
    options: dict[str, Any],
    first_seed: int,
    games: int,
    least: int,
    steps: int,
    *,
    check: bool,
) -> int:
    """Play random games until ``games`` are done or ``steps`` decisions spent; games played."""
    spent = played = 0
    while played < games and (played < least or spent < steps):
        state, record = random_game(game, options, first_seed + played, check=check)
        check_replay(game, state, record)
        spent += len(record.actions)
        played += 1
    return played


@pytest.mark.parametrize(("game", "options"), CASES)
def test_every_step_keeps_the_contract(game: Game, options: dict[str, Any]) -> None:
    assert playouts(game, options, 0, CHECKED_GAMES, CHECKED_MIN, CHECKED_STEPS, check=True)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_random_games_end_and_replay(game: Game, options: dict[str, Any]) -> None:
    assert playouts(game, options, 100, FAST_GAMES, FAST_MIN, FAST_STEPS, check=False)


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


@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_record_keeps_the_decks_it_was_played_with(game: Game, options: dict[str, Any]) -> None:
    """A record writes out the decks a game was dealt from (defaults and starters included), and
    those written-out decks deal the very same game."""
    resolved = game.resolve_options(options)
    kept = game.decks_used(resolved, None)
    if game.has_decks:
        assert isinstance(kept, list) and all(isinstance(card, str) for d in kept for card in d)
        assert kept == game.decks_used(resolved, kept), "written-out decks write out the same"
    for seed in (1, 2, 3):
        dealt = game.new_state(resolved, seed, None)
        again = game.new_state(resolved, seed, kept)
        assert again.fingerprint() == dealt.fingerprint()
