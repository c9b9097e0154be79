"""The contract's invariants as checks anyone can run: the conformance suite and ``cyberdeck fuzz``.

Written against the contract alone, so a new game is checked by registering. Each check raises
``InvariantBroken`` with a sentence naming the rule that broke. The checks come in two weights:
``check_live`` is cheap enough for every step of a long fuzz run; ``check_deep`` (refusals,
clones, views and ``determinize``) costs tens of steps' worth and is sampled there.
"""

from __future__ import annotations

import json
import random
from typing import Any

from .actions import Action
from .errors import IllegalAction
from .events import Event
from .game import Game, State
from .playback import replay
from .record import Record
from .rng import Rng


class InvariantBroken(AssertionError):
    """A state broke the game contract; the message says which rule."""


def require(condition: object, message: str) -> None:
    if not condition:
        raise InvariantBroken(message)


def check_live(state: State) -> list[Action]:
    """A live state has a seat to move and at least one legal action, listed once, in a stable
    order. Returns the legal actions (checked)."""
    seat = state.current_player
    require(seat is not None, "a live state must name the seat to move")
    assert seat is not None
    require(0 <= seat < state.num_players, f"seat {seat} to move is not at the table")
    legal = state.legal_actions()
    require(legal, "a live state must offer at least one action")
    require(legal == state.legal_actions(), "legal actions must be stable")
    require(len(set(legal)) == len(legal), "an action is listed twice")
    return legal


def check_action_forms(game: Game, action: Action) -> None:
    """Every form of an action reads back as the action: text, JSON and the integer index."""
    require(Action.parse(action.text) == action, f"'{action}' does not parse back")
    require(game.parse_action(action.text) == action, f"'{action}' does not parse back")
    require(
        Action.from_json(json.loads(json.dumps(action.to_json()))) == action,
        f"'{action}' does not read back from JSON",
    )
    space = game.action_space
    require(space.action(space.index(action)) == action, f"'{action}' has no stable index")


def check_events(events: list[Event]) -> None:
    for event in events:
        json.dumps(event.to_json())


def check_deep(game: Game, state: State, rng: Rng) -> None:
    """Everything else that must hold of a live state: every action's forms and the mask,
    refusals, clones, views and sampled worlds."""
    legal = check_live(state)
    require(sum(game.action_space.mask(legal)) == len(legal), "the mask does not match")
    for action in legal:
        check_action_forms(game, action)
    check_refusals(game, state, rng)
    check_clone(state, rng)
    check_views(state, rng)


def check_refusals(game: Game, state: State, rng: Rng) -> None:
    """An illegal move raises ``IllegalAction`` with a readable sentence and changes nothing."""
    legal = set(state.legal_actions())
    illegal = [a for a in game.action_space.actions if a not in legal]
    before = state.fingerprint()
    tries = [rng.choice(illegal) for _ in range(3)] if illegal else []
    for action in [*tries, Action("no-such-move", ("x",))]:
        message = refusal(state, action)
        require(message.strip(), f"refusing '{action}' gave no reason")
        require("Traceback" not in message, f"refusing '{action}' showed a traceback")
        require(state.fingerprint() == before, f"refusing '{action}' changed the state")


def refusal(state: State, action: Action) -> str:
    """The sentence ``apply`` refuses ``action`` with; breaks the contract if it is accepted."""
    try:
        state.apply(action)
    except IllegalAction as err:
        return str(err)
    raise InvariantBroken(f"'{action}' was accepted although it is not legal")


def check_clone(state: State, rng: Rng) -> None:
    before = state.fingerprint()
    twin = state.clone()
    require(twin.fingerprint() == before, "a clone differs from its original")
    require(twin.view(None) == state.view(None), "a clone looks different from its original")
    steps = 0
    while not twin.is_terminal and steps < 3:
        twin.apply(rng.choice(twin.legal_actions()))
        steps += 1
    require(state.fingerprint() == before, "playing on a clone changed the original")


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
        require(state.fingerprint() == before, "determinize changed the state")
        require(world.view(seat) == views[seat], f"seat {seat}'s view shows what it cannot know")
        require(world.view(None) == spectator, "the spectator view shows hidden information")
        if seat == state.current_player:
            require(
                world.legal_actions() == state.legal_actions(),
                f"seat {seat}'s legal actions depend on what it cannot know",
            )
        # Sampling depends only on what the seat knows: from two states that look the same to
        # the seat, the same generator samples the same world.
        salt = rng.next64()
        require(
            state.determinize(seat, Rng(salt)).fingerprint()
            == world.determinize(seat, Rng(salt)).fingerprint(),
            f"determinize({seat}) depends on something seat {seat} cannot know",
        )
        # A sampled world is a real game: it can be played on.
        if not world.is_terminal:
            require(world.legal_actions(), f"a world sampled for seat {seat} has no legal action")
            world.apply(rng.choice(world.legal_actions()))


def check_terminal(game: Game, state: State) -> None:
    outcome = state.outcome
    require(outcome is not None, "a terminal state needs an outcome")
    assert outcome is not None
    require(state.current_player is None, "a finished game names a seat to move")
    require(state.legal_actions() == [], "a finished game offers moves")
    require(len(outcome.returns) == state.num_players, "the outcome needs a return per seat")
    require(all(0 <= w < state.num_players for w in outcome.winners), "a winner is not seated")
    require(outcome.reason.strip(), "the outcome needs a reason")
    json.dumps(outcome.to_json())
    json.dumps(state.view(None))
    before = state.fingerprint()
    refusal(state, game.action_space.actions[0])
    require(state.fingerprint() == before, "a move refused after the end changed the state")


def check_replay(game: Game, state: State, record: Record) -> None:
    """Record → JSON → replay gives the same game, also when the global ``random`` is disturbed."""
    saved = random.getstate()
    try:
        random.seed(12345)
        random.random()
        again = replay(Record.from_json(json.loads(json.dumps(record.to_json()))), game)
    finally:
        random.setstate(saved)
    require(again.fingerprint() == state.fingerprint(), "the record does not replay the game")


def check_lean(game: Game, options: dict[str, Any] | None, seed: int, every: int = 1) -> int:
    """One seeded random game played twice in step, by ``apply`` and by ``advance``: the two
    states keep the same fingerprint (every ``every`` steps and at the end) and the same legal
    actions at every step. Returns the game's length."""
    told = game.new_state(options, seed)
    lean = game.new_state(options, seed)
    rng = Rng(seed ^ 0x1EA4)
    steps = 0
    while not told.is_terminal:
        legal = told.legal_actions()
        require(lean.legal_actions() == legal, f"step {steps}: advance changed the legal actions")
        i = rng.below(len(legal))
        told.apply(legal[i])
        lean.advance(lean.legal_actions()[i])
        steps += 1
        if steps % every == 0:
            require(
                lean.fingerprint() == told.fingerprint(),
                f"step {steps}: advance and apply leave different states",
            )
    require(lean.is_terminal, "the game apply ended goes on after advance")
    require(lean.fingerprint() == told.fingerprint(), "advance and apply end in different states")
    require(lean.outcome == told.outcome, "advance and apply end with different outcomes")
    return steps


def check_opening(state: State) -> None:
    check_events(state.opening_events())


def describe_failure(err: BaseException) -> str:
    """One line for a report: the broken rule, or the exception a step raised."""
    if isinstance(err, InvariantBroken):
        return str(err)
    return f"{type(err).__name__}: {err}"
