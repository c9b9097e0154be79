"""The AI levels a seat may take. A client names a level, never an agent spec: a spec carries a
budget (``ismcts:100000s``), and a budget chosen by a client is a way to hold the AI workers."""

from __future__ import annotations

from pathlib import Path

from ..agents import DEFAULT_LEVEL, LEVELS
from ..agents.levels import has_expert
from ..agents.policy import register_policy, registered_policies
from ..engine import BadOption, Game, games


def ai_levels(game: Game, players: int | None = None) -> list[str]:
    """The levels a seat of ``game`` may take (at a table of ``players``, when given): easy,
    normal, hard, expert (where the game ships a learned policy for the table), the two plain
    agents, the game's own named agents, and the policies the operator registered for it
    (``cyberdeck serve --policy NAME=PATH``), by name only."""
    own = [name for name in game.agents() if name not in LEVELS]  # a game may play a level its way
    levels = [level for level in LEVELS if level != "expert" or has_expert(game, players)]
    return [*levels, "random", "greedy", *own, *registered_policies(game, players)]


def read_level(game: Game, level: str | None, players: int | None = None) -> str | None:
    """``level`` normalised (trimmed, lower case; none is the default), or ``None`` when it is not
    one of ``ai_levels(game, players)``."""
    name = (level or DEFAULT_LEVEL).strip().lower()
    return name if name in ai_levels(game, players) else None


def stored_level(game: Game, level: str | None) -> str:
    """The level a stored seat plays at: a level stored before levels were checked (an agent
    spec with any budget) plays at the default level instead."""
    return read_level(game, level) or DEFAULT_LEVEL


def register_policies(pairs: list[str]) -> None:
    """The operator's ``--policy NAME=PATH`` flags: each file is read now (a bad one stops the
    server with a sentence), and AI seats may then take the policy by its name."""
    taken = {*LEVELS, "random", "greedy", "ismcts", "pimc", "policy"}
    taken |= {name for game in games() for name in game.agents()}
    named: dict[str, tuple[str, str]] = {}
    for pair in pairs:
        name, sep, path = pair.partition("=")
        if not sep or not path.strip():
            raise BadOption(f"Write a policy as NAME=PATH, not '{pair}'.")
        clean = name.strip().lower()
        if clean in named:
            raise BadOption(f"'{clean}' names two policies: give each policy a name of its own.")
        named[clean] = (name, path.strip())
    for name, path in named.values():
        register_policy(name, Path(path), taken)
