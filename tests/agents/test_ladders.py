"""The AI levels' shipped ladder ratings: random play at 0, each rating's interval around it,
and a ladder without random refused in a sentence."""

from __future__ import annotations

import pytest

from cyberdeck.agents.ladders import SHIPPED, anchored, ladder_players, level_ratings
from cyberdeck.engine import games


def _row(entry: str, elo: float, low: float, high: float) -> dict[str, object]:
    return {"entry": entry, "elo": elo, "elo_ci95": [low, high], "games": 40}


def test_a_ladder_is_shipped_with_random_play_at_zero() -> None:
    ladder = {"game": "cypher", "command": "cyberdeck lab ladder cypher ...", "games_per_pair": 10,
              "ranking": [_row("hard", 120.4, 60.0, 180.2), _row("random", -200.6, -290.0, -110.0)]}  # fmt: skip
    shipped = anchored(ladder)
    assert shipped["anchor"] == "random" and shipped["games_per_pair"] == 10
    assert shipped["players"] == 2  # Cypher's default table
    three = anchored({**ladder, "options": {"players": 3}})
    assert three["players"] == 3 and three["ratings"] == shipped["ratings"]
    assert shipped["ratings"]["random"] == {"elo": 0, "ci95": [-89, 91], "games": 40}
    assert shipped["ratings"]["hard"] == {"elo": 321, "ci95": [261, 381], "games": 40}
    with pytest.raises(ValueError, match="no 'random' to measure from"):
        anchored({"game": "cypher", "ranking": [_row("hard", 0, -1, 1)]})


def test_every_shipped_ladder_rates_the_levels_of_a_game() -> None:
    ids = {g.id for g in games()}
    for path in SHIPPED.glob("*.json"):
        assert path.stem in ids
        ratings = level_ratings(path.stem)
        assert ladder_players(path.stem) == 2  # every shipped ladder is of two-player games
        assert ratings["random"].elo == 0 and {"easy", "normal", "hard"} <= set(ratings)
        for rating in ratings.values():
            assert rating.low <= rating.elo <= rating.high and rating.games > 0
