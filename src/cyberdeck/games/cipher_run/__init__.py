"""Cipher Run — two hackers race to lock two of three vault nodes with parametric cards."""

from .game import GAME, CipherRun
from .state import CipherState

__all__ = ["GAME", "CipherRun", "CipherState"]
