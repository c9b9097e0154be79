"""Hack-Me If You Can as a registered game: metadata and the factory of states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...engine import (
    Action,
    ActionSpace,
    BadOption,
    Budget,
    Encoding,
    Game,
    Rng,
    State,
    Style,
    spell_cards,
)
from ...engine.questions import Gesture
from .cards import ALL_ACTIONS, DECK_CODES
from .encoding import encoding
from .evaluate import evaluate
from .gestures import gestures
from .phases import NAMES
from .rebuild import position
from .render import describe_action, inspect, render
from .state import HackState


class HackMe(Game):
    id = "hack-me"
    title = "Hack-Me If You Can"
    pitch = (
        "Two hackers, one pack each: power up with generators, hide face-down firewalls in front "
        "of your deck, hand, archive and current agenda, then run on your rival's resources to "
        "steal credits and wreck their plans. First to finalize an Ace, 10, Jack, Queen and King "
        "agenda wins."
    )
    min_players = 2
    max_players = 2
    options = ()
    _space = ActionSpace(ALL_ACTIONS)
    #: ``normal`` searches 25 iterations: the evaluation's priors find in 25 what 100 or 800
    #: find, so the generic 100 left ``hard`` level with ``normal``; at 25, ``hard`` wins about
    #: seven games in ten against it and ``normal`` still beats ``easy`` in nine. docs/ladders.md
    #: has it measured.
    budgets: ClassVar[Mapping[str, Budget]] = {"normal": Budget(25, 0.8)}
    turn_key = "turn"

    @property
    def action_space(self) -> ActionSpace:
        return self._space

    def _new_state(self, options: Mapping[str, Any], seed: int, decks: Any) -> State:
        if decks is not None:
            raise BadOption(f"{self.title} is played with a whole pack each; it takes no decks.")
        rng = Rng(seed)
        piles = [list(DECK_CODES), list(DECK_CODES)]
        for pile in piles:
            rng.shuffle(pile)
        state = HackState(rng)
        state.setup(piles)
        return state

    def position_from_view(self, view: Mapping[str, Any], seat: int) -> State:
        return position(view, seat)

    def render(self, view: Mapping[str, Any], style: Style) -> str:
        return render(view, style)

    def describe_action(self, action: Action, view: Mapping[str, Any]) -> str:
        return describe_action(action, view)

    def in_words(self, text: str, view: Mapping[str, Any]) -> str:
        return spell_cards(text)

    def words_key(self, view: Mapping[str, Any]) -> tuple[()]:
        """The words read no view: playing cards are named the same at every seat."""
        return ()

    def gestures(self, state: State) -> tuple[Gesture, ...]:
        assert isinstance(state, HackState)
        return gestures(state)

    def seat_label(self, seat: int) -> str:
        return NAMES[seat]

    def inspect(self, view: Mapping[str, Any], target: str, style: Style) -> str | None:
        return inspect(view, target, style)

    def observation_encoding(self, options: Mapping[str, Any] | None = None) -> Encoding:
        return encoding(self.resolve_options(options))

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, HackState)
        return evaluate(state, seat)


GAME = HackMe()
HackState.game = GAME
