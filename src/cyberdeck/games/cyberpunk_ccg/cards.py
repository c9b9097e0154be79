"""Card definitions: immutable records shared by every state, looked up by a small integer.

A card's ability is data: a timing word (when it may be used), a target word
(what it points at) and a tuple of effect primitives. The rules engine interprets the primitives;
only the Punknaught Chassis and the sponsors' victory conditions have code of their own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

# Card types.
SPONSOR, LOCATION, OPERATION, RUNNER, CYBER, EQUIPMENT, EVENT = (
    "sponsor",
    "location",
    "operation",
    "runner",
    "cyber",
    "equipment",
    "event",
)
RUNS_TYPES = frozenset({LOCATION, OPERATION, RUNNER})
GEAR_TYPES = frozenset({CYBER, EQUIPMENT, EVENT})

FACTIONS = ("corporate", "street", "government")
RUNNER_TYPES = (
    "cop",
    "corp",
    "fixer",
    "med-tech",
    "media",
    "netrunner",
    "nomad",
    "rocker",
    "solo",
    "techie",
)
BODY_PARTS = ("head", "eyes", "arms", "hands", "torso", "legs", "nervous")
LOCATION_TYPES = ("bar", "entertainment", "grocery", "retail", "manufacturing", "net", "medical")
VEHICLE_TYPES = ("motorcycle", "hover", "truck", "rv", "av", "helicopter", "car")
#: The kinds of Vehicle the Punknaught Chassis counts toward its 2 Trucks and RVs and its 2
#: Hovers, Helicopters and AVs.
CHASSIS_BIG = frozenset({"truck", "rv"})
CHASSIS_AIR = frozenset({"hover", "helicopter", "av"})

#: When an ability may be used. Phase words mean "exhaust the card during that step"; Events use
#: ``any`` (or a phase) for when they may be played.
TIMINGS = (
    "complete",  # an Operation's payoff when its owner completes it with a Run
    "any",
    "purchase",
    "legwork",
    "action",
    "damage",
)
#: What an ability points at.
TARGETS = (
    "none",
    "self",
    "own-runner",
    "opp-runner",
    "opp-runners",  # every opposing runner the effects can touch, at once
    "own-raiders",  # every runner of yours that trashed the opponent's Stash this turn, at once
    "any-runner",
    "opp-site",  # an opponent's Location or Operation
    "own-site",
    "any-site",
    "opp-gear",  # an opponent's Equipment on a runner (Cyber never leaves its runner)
    "opp-attachment",  # an opponent's Equipment or Cyber on a runner
    "own-discard",  # a card in your discard pile
)

#: The target words that name every card they fit at once: nothing is asked.
EVERY_AT_ONCE = frozenset({"opp-runners", "own-raiders"})


OPS = (
    "gain",
    "draw",
    "mod",
    "force",
    "trash",
    "burn",
    "bust",
    "exhaust",
    "straighten",
    "recover",
    "score",
    "style",
    "stash",
)


@dataclass(frozen=True, slots=True)
class Effect:
    """One primitive: ``op`` with an amount and a stat (when the op needs them).

    ops: ``gain`` (EB into your bank for this turn, or with ``stat`` ``next-turn`` at the start
    of your next turn, so that an Operation completed after Purchase still buys something), ``draw``, ``mod`` (a stat of the target until
    the end of the turn), ``force`` (the attack or defense of the target's force for this hit),
    ``trash``, ``burn``, ``bust``, ``exhaust``, ``straighten``, ``recover`` (a card of kind
    ``stat`` costing at most ``amount`` from your discard to your hand), ``score`` (Ops points),
    ``style`` (Style points), ``stash`` (the target attachment goes to its owner's Stash).
    """

    op: str
    amount: int = 0
    stat: str = ""


@dataclass(frozen=True, slots=True)
class Ability:
    timing: str
    target: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class CardDef:
    slug: str
    name: str
    kind: str
    faction: str = ""
    cost: int = 0
    style: int = 0
    text: str = ""
    # Sponsors
    income: int = 0
    # Locations and Operations
    eb: int = 0
    msec: int = 0
    esec: int = 0
    ops: int = 0
    # Runners (and the stat bonuses of attachments)
    rtype: str = ""
    sr: int = 0
    lr: int = 0
    df: int = 0
    power: int = 0
    empathy: int = 0  # a runner's Empathy, or the Empathy a Cyber takes away
    # Cyber and Equipment
    part: str = ""
    gear: str = ""  # weapon, armor, vehicle, deck, tool, clothing
    movement: int = 0
    capacity: int = 0
    wheels: int = 0
    traits: frozenset[str] = field(default_factory=frozenset)
    ability: Ability | None = None

    @property
    def deck(self) -> str:
        """Which of a player's two decks the card belongs in (``''`` for a Sponsor)."""
        if self.kind in RUNS_TYPES:
            return "runs"
        if self.kind in GEAR_TYPES:
            return "gear"
        return ""

    @property
    def legendary(self) -> bool:
        return "legendary" in self.traits

    @property
    def is_vehicle(self) -> bool:
        return self.gear == "vehicle"

    @property
    def is_weapon(self) -> bool:
        return self.gear == "weapon"

    @property
    def security(self) -> int:
        """The ATTACK (and Defense) of a Location or Operation as printed."""
        return self.msec + 2 * self.esec

    @property
    def half_style(self) -> int:
        """Style in half points, for the first-player cut (an Event counts as half a point)."""
        return 1 if self.kind == EVENT else 2 * self.style


def chassis_counts(parts: Iterable[CardDef]) -> tuple[int, int, int, int]:
    """What the Punknaught's completion rule counts in ``parts``: wheels, Trucks and RVs, Hovers,
    Helicopters and AVs, heavy weapons. A Vehicle of two of the kinds (a Road Train is a Truck
    and an RV) counts once for each, as it does for the Nomads' road."""
    wheels = big = air = heavy = 0
    for d in parts:
        if d.gear == "vehicle":
            wheels += d.wheels
            big += len(d.traits & CHASSIS_BIG)
            air += len(d.traits & CHASSIS_AIR)
        if "heavy-weapon" in d.traits:
            heavy += 1
    return wheels, big, air, heavy
