"""Watching a recorded game in the terminal: a move at a time at the viewer's pace (Enter for
the next, ``b`` for the one before, a number to jump, ``q`` to stop), or on its own every few
seconds (``--auto``). Each step shows the move and the table after it, fitted to the window, from
a seat's view or a spectator's, so a replay shows no more than that seat saw."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..engine import Game, Record, State, Style
from ..engine.record import UNDO
from ..engine.seats import name_seats, name_table, unique_names
from .screen import Screen

KEYS = "Enter or space: next move, b: back, a number and Enter: that move, e: the end, q: quit"


def moves_kept(record: Record) -> list[str]:
    """The record's moves with each taken-back one dropped, as ``replay_steps`` drops its
    state: the move that led to each step."""
    kept: list[str] = []
    for text in record.actions:
        if text == UNDO:
            kept.pop()
        else:
            kept.append(text)
    return kept


@dataclass
class Replay:
    game: Game
    record: Record
    #: Every state along the record, the first one the deal.
    states: Sequence[State]
    seat: int | None
    style: Style
    screen: Screen
    ask: Callable[[str], str]
    say: Callable[[str], None]
    sleep: Callable[[float], None] = field(default=lambda seconds: time.sleep(seconds))
    moves: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.moves = moves_kept(self.record)
        self.style = replace(self.style, width=self.screen.width, height=self.screen.height)
        self.labels = [self.game.seat_label(i) for i in range(self.states[0].num_players)]
        # Each seat by the name it played under (a terminal game keeps them), as the table said
        # it; the player's own "You" is theirs only, and reads as the seat's label to anyone else.
        kept = self.record.meta.get("seats")
        played = kept if isinstance(kept, list) and len(kept) == len(self.labels) else self.labels
        self.names = unique_names(
            [label if n == "You" else str(n) for n, label in zip(played, self.labels, strict=True)]
        )

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def heading(self) -> str:
        # An unfinished game's seed would give away its hidden cards to whoever resumes it.
        finished = self.states[-1].is_terminal
        seed = f", seed {self.record.seed}" if finished else ", unfinished (its seed stays hidden)"
        return f"{self.game.title}{seed}, {self.last} moves."

    def step(self, number: int) -> str:
        """Step ``number`` as the screen shows it: the move that led to it, then the table."""
        state = self.states[number]
        if number:
            before = self.states[number - 1].view(self.seat)
            move = self.game.describe_action(self.game.parse_action(self.moves[number - 1]), before)
            said = name_seats(move, self.labels, self.names, self.seat)
            lines = [f"--- move {number} of {self.last}: {said}"]
        else:
            lines = [f"--- the deal ({self.last} moves follow)"]
        table = self.game.render(state.view(self.seat), self.style)
        lines.append(name_table(table, self.labels, self.names, self.seat))
        if number == self.last and state.outcome is not None:
            reason = name_seats(state.outcome.reason, self.labels, self.names, self.seat)
            lines.append(f"Ended: {reason}.")
        return "\n".join(self.screen.wrap("\n".join(lines)))

    def watch(self) -> None:
        """Step through at the viewer's keys; the end of input shows the rest at once (a replay
        piped into a file or a pager is the whole game)."""
        self.say(self.heading() + " " + KEYS + ".")
        number = 0
        self.say(self.step(number))
        while True:
            try:
                key = self.ask("replay> ").strip().lower()
            except EOFError:
                for rest in range(number + 1, len(self.states)):
                    self.say("")
                    self.say(self.step(rest))
                return
            if key in ("q", "quit"):
                return
            if key in ("", "n", "next"):
                if number == self.last:
                    return
                number += 1
            elif key in ("b", "back", "p"):
                number = max(number - 1, 0)
            elif key in ("e", "end"):
                number = self.last
            elif key.isdigit() and int(key) <= self.last:
                number = int(key)
            else:
                self.say(f"Keys: {KEYS}; the moves go from 0 (the deal) to {self.last}.")
                continue
            self.say(self.step(number))

    def play(self, seconds: float) -> None:
        """Every step, ``seconds`` apart (Ctrl-C stops)."""
        self.say(self.heading())
        for number in range(len(self.states)):
            if number:
                self.sleep(seconds)
                self.say("")
            self.say(self.step(number))
