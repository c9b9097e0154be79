"""Cyberpunk CCG — two decks, six phases, runners in teams hitting each other's Night City."""

from .game import GAME, CyberpunkCCG
from .state import CyberState

__all__ = ["GAME", "CyberState", "CyberpunkCCG"]
