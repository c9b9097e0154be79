"""The registry of games. Games register through the ``cyberdeck.games`` entry-point group (or
``register`` directly), so the engine never names a game."""

from __future__ import annotations

import sys
from importlib.metadata import entry_points
from pathlib import Path

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}
_discovered = False


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for entry in entry_points(group="cyberdeck.games"):
        game = entry.load()
        if isinstance(game, Game):
            register(game)


def games() -> list[Game]:
    """Every registered game, in id order."""
    _discover()
    return [_GAMES[k] for k in sorted(_GAMES)]


def load_game(game_id: str) -> Game:
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"There is no game '{game_id}'. Games: {known}.") from None


def rules_path(game_id: str) -> Path | None:
    """A game's rules page: ``docs/rules/<id>.md`` shipped inside the wheel or beside the sources
    in a checkout, or else ``rules.md`` in the game's own package (a game installed from a
    package of its own, which this repository's docs do not hold)."""
    package = Path(__file__).resolve().parents[1]
    candidates = [
        package / "docs" / "rules" / f"{game_id}.md",
        package.parents[1] / "docs" / "rules" / f"{game_id}.md",
    ]
    game = _GAMES.get(game_id)
    module = sys.modules.get(type(game).__module__) if game is not None else None
    if module is not None and module.__file__:
        candidates.append(Path(module.__file__).parent / "rules.md")
    return next((c for c in candidates if c.is_file()), None)
