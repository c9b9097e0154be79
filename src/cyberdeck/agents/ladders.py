"""How strong each AI level is, as the lab's ladder measured it: one file a game in ``ladders/``
(``GAME.json``), shipped with the package and shown beside each level's name in the arcade.

A rating is on the AI ladder's Elo scale with random play at 0: ``cyberdeck lab ladder`` rates the
levels from games between them (Bradley–Terry, 95% intervals) and ``scripts/ship_ladders.py``
writes its result here, shifted so that ``random`` is 0. Players' own ratings are another scale
(openskill, ``server/ratings.py``) and are never mixed with these.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..engine import load_game

SHIPPED = Path(__file__).parent / "ladders"


@dataclass(frozen=True, slots=True)
class LevelRating:
    """A level's Elo above random play, its 95% interval, and the games the ladder played."""

    elo: int
    low: int
    high: int
    games: int


@cache
def _shipped(game_id: str) -> dict[str, Any]:
    path = SHIPPED / f"{game_id}.json"
    if not path.is_file():
        return {}
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def level_ratings(game_id: str) -> dict[str, LevelRating]:
    """The shipped ladder's ratings of ``game_id``'s agents by name; empty when none ships."""
    return {name: LevelRating(int(r["elo"]), int(r["ci95"][0]), int(r["ci95"][1]),
                              int(r["games"]))
            for name, r in _shipped(game_id).get("ratings", {}).items()}  # fmt: skip


def ladder_players(game_id: str) -> int | None:
    """The table size the shipped ladder's games were played at (``None``: no ladder ships)."""
    players = _shipped(game_id).get("players")
    return None if players is None else int(players)


def anchored(ladder: dict[str, Any], anchor: str = "random") -> dict[str, Any]:
    """A ladder result (``cyberdeck lab ladder --json``, or its bench file) as the file this
    module reads: every entry's Elo and interval shifted so that ``anchor`` is 0, rounded to
    whole points, with the table size, the command and the games per pair it was measured at."""
    ranking = {row["entry"]: row for row in ladder["ranking"]}
    if anchor not in ranking:
        raise ValueError(f"The ladder has no '{anchor}' to measure from: rate it with the levels.")
    zero = float(ranking[anchor]["elo"])
    ratings = {
        name: {"elo": round(float(row["elo"]) - zero),
               "ci95": [round(float(x) - zero) for x in row["elo_ci95"]],
               "games": int(row["games"])}
        for name, row in ranking.items()
    }  # fmt: skip
    game = load_game(ladder["game"])
    players = game.table_size(game.resolve_options(ladder.get("options")))
    return {"game": ladder["game"], "players": players, "command": ladder.get("command", ""),
            "games_per_pair": ladder.get("games_per_pair"), "anchor": anchor,
            "ratings": ratings}  # fmt: skip
