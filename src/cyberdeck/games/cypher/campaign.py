"""The campaign variant: a series of games; each win is a point; the previous winner starts the
next game; the first to 4 points (2 players), 3 (3 players) or 2 (4 players) wins the campaign.

Only what is Cypher's own lives here: the points that win, and the setup that seats the previous
winner first. The series itself (seeds, score, storage) is the engine's ``Series``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import BadOption

POINTS_TO_WIN = {2: 4, 3: 3, 4: 2}


def series_setup(setup: Any, starter: int) -> dict[str, Any]:
    """The setup of a campaign game that ``starter`` begins (the corrected cards kept)."""
    if setup is not None and not isinstance(setup, Mapping):
        raise BadOption("A Cypher campaign takes a setup object with 'cards', or nothing.")
    return {**(setup or {}), "start": starter}
