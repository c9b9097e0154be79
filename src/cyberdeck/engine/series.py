"""A series (a game's campaign variant): games played one after another, each win a point, the
winner of a game starting the next, until a seat reaches the game's target.

A series is a sequence of ordinary games, so it lives outside ``State``: each game is a plain
``new_state`` with its own seed (derived from the series seed, so the whole series is reproducible
and each game replays from its own record) and the setup the game builds to seat the previous
winner first. The game says whether it has a series and how many points win one
(``Game.series_target``), and how a setup names the starting seat (``Game.series_setup``); the
terminal and the server only keep the score.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from .errors import BadOption, BadRecord
from .game import Game, Outcome
from .text import counted


def game_seed(series_seed: int, index: int) -> int:
    """The seed of game ``index`` (0 first) of a series: a hash, so that neighbouring series seeds
    share no game seeds, and the same on every machine."""
    digest = hashlib.blake2b(f"series:{series_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass
class Series:
    game_id: str
    options: dict[str, Any]
    seed: int
    target: int
    #: The setup every game of the series starts from (a corrected card file, say), or ``None``.
    setup: Any = None
    points: list[int] = field(default_factory=list)
    #: The winner of each finished game, in order (``None`` for a game nobody won).
    winners: list[int | None] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game, options: dict[str, Any], seed: int, setup: Any = None) -> Series:
        """A new series of ``game``; ``BadOption`` when the game has no series for this table."""
        resolved = game.resolve_options(options)
        players = game.table_size(resolved)
        target = game.series_target(players)
        if target is None:
            raise BadOption(f"{game.title} has no campaign for {players} players.")
        return cls(game.id, resolved, seed, target, setup, [0] * players)

    @property
    def players(self) -> int:
        return len(self.points)

    @property
    def victor(self) -> int | None:
        """The seat that has won the series, if one has."""
        return next((s for s, p in enumerate(self.points) if p >= self.target), None)

    @property
    def starter(self) -> int | None:
        """Who starts the next game: the last game's winner (``None``: the game draws one)."""
        return next((w for w in reversed(self.winners) if w is not None), None)

    def next_game(self, game: Game) -> tuple[int, Any]:
        """The seed and the setup of the next game; ``BadOption`` once the series is won."""
        if self.victor is not None:
            raise BadOption(f"The campaign is over: seat {self.victor + 1} has won it.")
        seed = game_seed(self.seed, len(self.winners))
        starter = self.starter
        return seed, self.setup if starter is None else game.series_setup(self.setup, starter)

    def score(self, outcome: Outcome) -> int | None:
        """Count a finished game: a sole winner gains a point and starts the next game."""
        winner = outcome.winners[0] if len(outcome.winners) == 1 else None
        if winner is not None:
            self.points[winner] += 1
        self.winners.append(winner)
        return winner

    def standings(self, names: list[str]) -> str:
        """The score line shown between games."""
        table = ", ".join(f"{names[s]} {p}" for s, p in enumerate(self.points))
        games = counted(len(self.winners), "game")
        return f"Campaign after {games}, first to {self.target}: {table}."

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "options": self.options,
            "seed": self.seed,
            "target": self.target,
            "setup": self.setup,
            "points": list(self.points),
            "winners": list(self.winners),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Series:
        try:
            return cls(
                str(data["game"]),
                dict(data["options"]),
                int(data["seed"]),
                int(data["target"]),
                data.get("setup"),
                [int(p) for p in data["points"]],
                [None if w is None else int(w) for w in data["winners"]],
            )
        except (KeyError, TypeError, ValueError) as err:
            raise BadRecord(f"A stored campaign is not readable ({err}).") from None
