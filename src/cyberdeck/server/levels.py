"""The AI levels a seat may take. A client names a level, never an agent spec: a spec carries a
budget (``ismcts:100000s``), and a budget chosen by a client is a way to hold the AI workers."""

from __future__ import annotations

from ..agents import DEFAULT_LEVEL, LEVELS
from ..engine import Game


def ai_levels(game: Game) -> list[str]:
    """The levels a seat of ``game`` may take: easy, normal, hard, the two plain agents, and the
    game's own named agents."""
    own = [name for name in game.agents() if name not in LEVELS]  # a game may play a level its way
    return [*LEVELS, "random", "greedy", *own]


def read_level(game: Game, level: str | None) -> str | None:
    """``level`` normalised (trimmed, lower case; none is the default), or ``None`` when it is not
    one of ``ai_levels(game)``."""
    name = (level or DEFAULT_LEVEL).strip().lower()
    return name if name in ai_levels(game) else None


def stored_level(game: Game, level: str | None) -> str:
    """The level a stored seat plays at: a level stored before levels were checked (an agent
    spec with any budget) plays at the default level instead."""
    return read_level(game, level) or DEFAULT_LEVEL
