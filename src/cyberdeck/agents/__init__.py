"""Agents that play any registered game through the contract alone."""

from .random import RandomAgent

__all__ = ["RandomAgent"]
