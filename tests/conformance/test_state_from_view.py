"""A state rebuilt from a seat's view alone is that seat's position: the same view, the same
legal actions and seat to move, and the same worlds sampled from it, so every agent (greedy, the
search levels) chooses from it exactly as from the real state. This is what lets a bot on a
server, which is sent only its seat's view, play the levels the server's AI plays."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from cyberdeck.agents.greedy import GreedyAgent
from cyberdeck.agents.ismcts import IsmctsAgent
from cyberdeck.agents.levels import make_agent
from cyberdeck.engine import BadView, Game, Rng, State, games


def rebuilds(game: Game) -> bool:
    """Whether ``game`` rebuilds a state from a view (every game here does)."""
    return type(game).position_from_view is not Game.position_from_view


REBUILT = [game for game in games() if rebuilds(game)]
CASES = [
    pytest.param(game, options, id=f"{game.id}-{'-'.join(map(str, options.values())) or 'default'}")
    for game in REBUILT
    for options in game.configurations()
]
GAMES = [pytest.param(game, id=game.id) for game in REBUILT]


def test_the_games_that_rebuild_a_state_from_a_view() -> None:
    assert {game.id for game in REBUILT} >= {
        "cipher-run",
        "cyberpunk-ccg",
        "cypher",
        "hack-me",
        "matrix-overload",
    }


def test_a_game_that_cannot_rebuild_says_so() -> None:
    """A game without ``position_from_view`` (the server tests' toy duel) refuses every view."""
    from tests.server.duel import DUEL

    game = DUEL
    assert not rebuilds(game)
    state = game.new_state(None, 1)
    seat = state.current_player
    assert seat is not None
    with pytest.raises(BadView, match=f"{re.escape(game.title)} cannot rebuild its state"):
        game.state_from_view(wire(state.view(seat)), seat, Rng(0))


def wire(data: Any) -> Any:
    """As a bot reads it: the view through JSON."""
    return json.loads(json.dumps(data))


def positions(game: Game, options: dict[str, Any], count: int, seed: int = 0) -> Iterator[State]:
    """Live positions along random games, at every step of ``count`` games."""
    for n in range(count):
        state = game.new_state(options, seed + n)
        rng = Rng(seed * 31 + n)
        while not state.is_terminal:
            yield state
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_state_from_a_view_is_the_seats_position(game: Game, options: dict[str, Any]) -> None:
    checked = 0
    for state in positions(game, options, 3):
        seat = state.current_player
        assert seat is not None
        view = wire(state.view(seat))
        salt = checked * 7919 + 3
        rebuilt = game.state_from_view(view, seat, Rng(salt))
        assert wire(rebuilt.view(seat)) == view
        assert rebuilt.current_player == seat
        assert rebuilt.legal_actions() == state.legal_actions()
        # The very world the real state's determinize deals from the same generator.
        assert rebuilt.fingerprint() == state.determinize(seat, Rng(salt)).fingerprint()
        checked += 1
    assert checked


@pytest.mark.parametrize("game", GAMES)
def test_agents_choose_from_a_view_as_from_the_state(game: Game) -> None:
    """Greedy, a seeded search and the normal level pick the same move from the rebuilt state as
    from the real one."""
    compared = 0
    for n, state in enumerate(positions(game, {}, 2, seed=50)):
        if n % 5 or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        assert seat is not None
        rebuilt = game.state_from_view(wire(state.view(seat)), seat, Rng(n))
        assert GreedyAgent(n).choose(rebuilt) == GreedyAgent(n).choose(state)
        assert IsmctsAgent(30, seed=n).choose(rebuilt) == IsmctsAgent(30, seed=n).choose(state)
        if compared < 3:
            normal, twin = make_agent("normal", n, game), make_agent("normal", n, game)
            for agent in (normal, twin):  # a loaded machine's clock must not tell them apart
                if isinstance(agent, IsmctsAgent):
                    agent.seconds = None
            assert normal.choose(rebuilt) == twin.choose(state)
        compared += 1
    assert compared


@pytest.mark.parametrize("game", GAMES)
def test_a_view_that_is_not_the_games_is_refused_with_a_sentence(game: Game) -> None:
    state = game.new_state(None, 1)
    seat = state.current_player
    assert seat is not None
    view = wire(state.view(seat))
    with pytest.raises(BadView, match="not a view of"):
        game.state_from_view({**view, "game": "chess"}, seat, Rng(0))
    broken = {key: value for key, value in view.items() if key in ("game", "seat")}
    with pytest.raises(BadView, match="does not describe"):
        game.state_from_view(broken, seat, Rng(0))
    with pytest.raises(BadView, match="not a view of"):
        game.state_from_view(["not", "a", "view"], seat, Rng(0))  # type: ignore[arg-type]
    if "seat" in view:
        with pytest.raises(BadView, match="view, not seat"):
            game.state_from_view(view, seat + 1, Rng(0))
    # A view whose parts contradict each other: the outcome of a game that goes on.
    twisted = {**view, "outcome": {"winners": [], "returns": [0.0] * state.num_players,
                                   "reason": "made up"}}  # fmt: skip
    with pytest.raises(BadView, match="does not add up"):
        game.state_from_view(twisted, seat, Rng(0))
