"""The campaign variant: a series of games; each win is a point; the previous winner starts the
next game; the first to 4 points (2 players), 3 (3 players) or 2 (4 players) wins the campaign.

A campaign is a sequence of ordinary games, so it lives outside ``State``: each game is a plain
``new_state`` with the starting seat passed in the setup mapping, and so replays on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine import Action, BadOption, Outcome
from .game import GAME
from .rules import seat_name
from .state import CypherState

POINTS_TO_WIN = {2: 4, 3: 3, 4: 2}


@dataclass
class Campaign:
    players: int
    seed: int = 0
    burn: bool = False
    #: A corrected card document (see ``load_card_file``), or ``None`` for the shipped cards.
    cards: Mapping[str, Any] | None = None
    points: list[int] = field(default_factory=list)
    results: list[Outcome] = field(default_factory=list)
    previous_winner: int | None = None

    def __post_init__(self) -> None:
        if self.players not in POINTS_TO_WIN:
            raise BadOption("A Cypher campaign is for 2, 3 or 4 players.")
        if not self.points:
            self.points = [0] * self.players

    @property
    def target(self) -> int:
        return POINTS_TO_WIN[self.players]

    @property
    def victor(self) -> int | None:
        best = [s for s in range(self.players) if self.points[s] >= self.target]
        return best[0] if best else None

    def setup(self) -> dict[str, Any]:
        """The setup mapping of the next game: the cards, and the previous winner as the start."""
        setup: dict[str, Any] = {}
        if self.cards is not None:
            setup["cards"] = dict(self.cards)
        if self.previous_winner is not None:
            setup["start"] = self.previous_winner
        return setup

    def next_game(self) -> CypherState:
        if self.victor is not None:
            raise BadOption(f"The campaign is over: {seat_name(self.victor)} has won it.")
        options = {"players": self.players, "burn": self.burn}
        state = GAME.new_state(options, self.seed * 1009 + len(self.results), self.setup() or None)
        assert isinstance(state, CypherState)
        return state

    def score(self, outcome: Outcome) -> int:
        """Count a finished game: its winner gains a point and starts the next game."""
        winner = outcome.winners[0]
        self.points[winner] += 1
        self.results.append(outcome)
        self.previous_winner = winner
        return winner

    def standings(self) -> str:
        table = ", ".join(f"{seat_name(s)} {p}" for s, p in enumerate(self.points))
        return f"Campaign points (first to {self.target}): {table}."

    def play(self, choose: Callable[[CypherState], Action]) -> int:
        """Play games until someone reaches the target; ``choose`` picks each move."""
        while self.victor is None:
            state = self.next_game()
            while not state.is_terminal:
                state.apply(choose(state))
            assert state.outcome is not None
            self.score(state.outcome)
        victor = self.victor
        assert victor is not None
        return victor
