"""The invariants every game must keep at every step, checked on random playouts.

Written against the contract alone: a new game joins by registering, nothing here names a game.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cyberdeck.engine import (
    Action,
    Game,
    IllegalAction,
    Record,
    Rng,
    State,
    replay,
)


def check_step(game: Game, state: State, rng: Rng) -> None:
    """Everything that must hold of a live (non-terminal) state."""
    seat = state.current_player
    assert seat is not None and 0 <= seat < state.num_players
    legal = state.legal_actions()
    assert legal, "a live state must offer at least one action"
    assert legal == state.legal_actions(), "legal actions must be stable"
    assert len(set(legal)) == len(legal), "an action is listed twice"
    space = game.action_space
    mask = space.mask(legal)
    assert sum(mask) == len(legal)
    for action in legal:
        assert Action.parse(action.text) == action
        assert game.parse_action(action.text) == action
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
        assert space.action(space.index(action)) == action
    check_illegal_refused(game, state, rng)
    check_clone(state, rng)
    check_views(state, rng)


def check_illegal_refused(game: Game, state: State, rng: Rng) -> None:
    legal = set(state.legal_actions())
    illegal = [a for a in game.action_space.actions if a not in legal]
    before = state.fingerprint()
    for action in [rng.choice(illegal) for _ in range(3)] if illegal else []:
        with pytest.raises(IllegalAction) as caught:
            state.apply(action)
        assert str(caught.value).strip(), "an illegal move needs a readable reason"
        assert "Traceback" not in str(caught.value)
        assert state.fingerprint() == before, f"refusing {action} changed the state"
    with pytest.raises(IllegalAction):
        state.apply(Action("no-such-move", ("x",)))
    assert state.fingerprint() == before


def check_clone(state: State, rng: Rng) -> None:
    before = state.fingerprint()
    twin = state.clone()
    assert twin.fingerprint() == before
    assert twin.view(None) == state.view(None)
    steps = 0
    while not twin.is_terminal and steps < 3:
        twin.apply(rng.choice(twin.legal_actions()))
        steps += 1
    assert state.fingerprint() == before, "playing on a clone changed the original"


def check_views(state: State, rng: Rng) -> None:
    """A view is a function of what its seat knows: re-dealing the unknown cannot change it."""
    spectator = state.view(None)
    json.dumps(spectator)
    seats = range(state.num_players)
    views = {seat: state.view(seat) for seat in seats}
    for seat in seats:
        json.dumps(views[seat])
        before = state.fingerprint()
        world = state.determinize(seat, Rng(rng.next64()))
        assert state.fingerprint() == before, "determinize changed the state"
        assert world.view(seat) == views[seat], f"seat {seat}'s view shows something it cannot know"
        assert world.view(None) == spectator, "the spectator view shows hidden information"
        if seat == state.current_player:
            assert world.legal_actions() == state.legal_actions()
        # Sampling depends only on what the seat knows: from two states that look the same to
        # the seat, the same generator samples the same world.
        salt = rng.next64()
        assert (
            state.determinize(seat, Rng(salt)).fingerprint()
            == world.determinize(seat, Rng(salt)).fingerprint()
        ), f"determinize({seat}) depends on something seat {seat} cannot know"
        # A sampled world is a real game: it can be played on.
        if not world.is_terminal:
            world.apply(rng.choice(world.legal_actions()))


def check_terminal(game: Game, state: State) -> None:
    outcome = state.outcome
    assert outcome is not None, "a terminal state needs an outcome"
    assert state.current_player is None
    assert state.legal_actions() == []
    assert len(outcome.returns) == state.num_players
    assert all(0 <= w < state.num_players for w in outcome.winners)
    assert outcome.reason.strip()
    json.dumps(outcome.to_json())
    json.dumps(state.view(None))
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(game.action_space.actions[0])
    assert state.fingerprint() == before


def random_game(
    game: Game, options: dict[str, Any], seed: int, *, check: bool, max_steps: int = 20_000
) -> tuple[State, Record]:
    state = game.new_state(options, seed)
    for event in state.opening_events():
        json.dumps(event.to_json())
    record = Record(game.id, seed, dict(options))
    rng = Rng(seed * 7919 + 17)
    steps = 0
    while not state.is_terminal:
        if check:
            check_step(game, state, rng)
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        for event in events:
            json.dumps(event.to_json())
        record.actions.append(action.text)
        steps += 1
        assert steps <= max_steps, f"the game did not end within {max_steps} steps"
    check_terminal(game, state)
    return state, record


def check_replay(game: Game, state: State, record: Record) -> None:
    """Record → replay gives the same game, also when the global ``random`` is disturbed."""
    saved = random.getstate()
    try:
        random.seed(12345)
        random.random()
        again = replay(Record.from_json(json.loads(json.dumps(record.to_json()))), game)
    finally:
        random.setstate(saved)
    assert again.fingerprint() == state.fingerprint()
