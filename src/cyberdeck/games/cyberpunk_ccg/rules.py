"""Cyberpunk CCG: the fixed numbers of the rules (steps of a turn, zones, per-turn flags, limits)
and the spelling of card instances in action texts, shared by every part of the engine."""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from ...engine import Action

# Steps of a turn.
DRAW, STRAIGHTEN, PURCHASE, EQUIP, OPEN, TEAMS, HITS, RUNS, DAMAGE = range(9)
SETUP = -1
STEP_NAMES = ("draw", "straighten", "purchase", "equip", "open", "teams", "hits", "runs", "damage")
PHASE_OF = (
    "draw",
    "straighten",
    "purchase",
    "purchase",
    "legwork",
    "legwork",
    "action",
    "action",
    "damage",
)

# Zones of an instance.
Z_RUNS, Z_GEAR, Z_HAND, Z_DISCARD, Z_PLAY, Z_STASH, Z_LIMBO = range(7)
ZONE_NAMES = ("runs deck", "gear deck", "hand", "discard", "play", "stash", "being played")

# Per-turn flags of an instance.
F_ATTACKED = 1  # took part in a Hit or Run this turn (Cyber-Psycho)
F_HIT = 2  # made its Hit this turn
F_OPENED = 4  # an opponent's Operation paid for this turn
F_MOVED = 8  # reassigned during this Legwork
F_FOUGHT = 16  # used an ability inside its own hit or skirmish this turn (not exhausted)
F_BUSTED = 32  # busted: shown until its owner's next Straighten step
F_PRESSED = 64  # a vehicle exhausted to press on: its Movement still counts this turn
F_DRAWN = 128  # a weapon its runner has active (kept from turn to turn)
F_SWITCHED = 256  # a weapon drawn or put away this turn
F_RAIDED = 512  # its hit trashed the opponent's Stash this turn (Exfiltration)
#: The flags that outlast the turn.
F_LASTING = F_BUSTED | F_DRAWN

STASH = -1  # a hit target: the opponent's Stash
MAX_TEAMS = 6
MAX_INSTANCES = 240  # two decks of at most 120 cards
HAND_LIMIT = 8
WIN_POINTS = 100
#: A safety net no legal game reaches: a deck of at most 120 cards is drawn out by its owner's
#: 39th turn, and from then on every turn of that player gives the other 15 Ops or Style, so one
#: of them has 100 within 14 more of its turns (turn 106 at the latest).
TURN_CAP = 120
SETUP_DRAW = 4
TURN_DRAW = 3
CHASSIS_TOKENS = 3
DECK_OUT_POINTS = 5

PASS = Action("pass")


def c(i: int) -> str:
    return f"c{i}"


#: Every move handed out so far, so that a position's moves are shared objects, not rebuilt: the
#: moves of a game are few (a verb and a card instance, a slug or a team), and building an
#: ``Action`` costs more than finding it.
_MOVES: dict[tuple[str, tuple[str, ...]], Action] = {}
_CARD_MOVES: dict[tuple[str, int], Action] = {}


def move(kind: str, *args: str) -> Action:
    key = (kind, args)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = Action(kind, args)
    return found


def on_card(kind: str, i: int) -> Action:
    """The move ``kind`` naming card instance ``i`` (``use c7``)."""
    key = (kind, i)
    found = _CARD_MOVES.get(key)
    if found is None:
        found = _CARD_MOVES[key] = Action(kind, (c(i),))
    return found


def num(token: str) -> int:
    return int(token[1:])


def _pack(values: Sequence[int]) -> str:
    """A list of small integers as one hex string (for signatures)."""
    try:
        return bytes(values).hex()
    except ValueError:
        return array("h", values).tobytes().hex()
