"""Replay: the states a record goes through, rebuilt from its seed and actions.

The same record gives the same states on any machine, and a step that no longer replays is named
in a ``BadRecord`` sentence. Undone moves (a solitaire's take-backs) are dropped as the record
goes.
"""

from __future__ import annotations

from .actions import Action
from .errors import BadAction, BadRecord, CyberdeckError
from .game import Game, State
from .record import ENGINE_VERSION, UNDO, Record
from .registry import load_game


def replay(record: Record, game: Game | None = None) -> State:
    """The state after every action of ``record``; ``BadRecord`` names the step that fails."""
    return replay_steps(record, game)[-1]


def replay_steps(record: Record, game: Game | None = None) -> list[State]:
    """Every state along the record, first the initial one (undone moves are dropped)."""
    game = game or load_game(record.game)
    if record.engine_version != ENGINE_VERSION:
        raise BadRecord(
            f"The record was made by engine version {record.engine_version}; "
            f"this is version {ENGINE_VERSION}."
        )
    states = [game.new_state(record.options, record.seed, record.decks, record.cards)]
    for step, text in enumerate(record.actions, start=1):
        if text == UNDO:
            if not game.allows_undo:
                raise BadRecord(f"Step {step}: {game.title} has no undo.")
            if len(states) == 1:
                raise BadRecord(f"Step {step}: there is no move to undo.")
            states.pop()
            continue
        state = states[-1].clone()
        try:
            state.apply(game.parse_action(text))
        except (BadAction, CyberdeckError) as err:
            raise BadRecord(f"Step {step} ('{text}') cannot be replayed: {err}") from None
        states.append(state)
    return states


def parse_actions(texts: list[str], game: Game) -> list[Action]:
    return [game.parse_action(t) for t in texts]
