"""Agents that play any registered game through the contract alone."""

from .greedy import GreedyAgent
from .ismcts import IsmctsAgent
from .levels import DEFAULT_LEVEL, LEVELS, make_agent, register_agent
from .random import RandomAgent

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "GreedyAgent",
    "IsmctsAgent",
    "RandomAgent",
    "make_agent",
    "register_agent",
]
