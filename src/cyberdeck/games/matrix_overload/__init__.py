"""MATR1X 0VERL0AD — cyberpunk solitaire on a 3×3 matrix (after Gridcannon by Tom Francis)."""

from .game import GAME, MatrixOverload
from .state import MatrixState

__all__ = ["GAME", "MatrixOverload", "MatrixState"]
