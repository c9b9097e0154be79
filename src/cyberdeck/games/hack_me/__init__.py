"""Hack-Me If You Can — two hackers run on each other's resources (after Tonio Lagoule's game)."""

from .game import GAME, HackMe
from .state import HackState

__all__ = ["GAME", "HackMe", "HackState"]
