"""cyberdeck: cyberpunk hacker card games — exact rules engines, fair AI, play and research tools."""

from .engine import Action, Game, Match, Record, State, load_game, replay

__all__ = ["Action", "Game", "Match", "Record", "State", "load_game", "replay"]
__version__ = "0.1.0"
