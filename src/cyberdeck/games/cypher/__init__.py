"""Cypher — 2–4 players gather upper-, middle- and lower-class characters for influence over a
rogue AI (after the card game by David Short)."""

from .catalog import Catalog, default_catalog, load_card_file
from .game import GAME, Cypher
from .state import CypherState

__all__ = ["GAME", "Catalog", "Cypher", "CypherState", "default_catalog", "load_card_file"]
