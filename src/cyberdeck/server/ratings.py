"""Ratings: openskill (Plackett-Luce) per game. Every seat is a player: accounts, guests, and the
AI levels (``ai:normal``); a solitaire is rated against its game's house, which wins when the
player loses."""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from ..store import RatingData, Store

_model = PlackettLuce()


def ai_name(level: str) -> str:
    return f"ai:{level}"


def house_name(game: str) -> str:
    return f"house:{game}"


def rate_match(
    store: Store, game: str, players: Sequence[int], returns: Sequence[float]
) -> list[RatingData]:
    """Update the ratings of ``players`` (one user id per seat) from the seats' returns.

    A solitaire (one seat) is rated against the house. A match where one player held two seats
    (two seats of the same AI level) rates nobody: it says nothing about anyone's skill.
    """
    players, returns = list(players), list(returns)
    if len(players) == 1:
        players.append(store.robot(house_name(game), "house").id)
        returns.append(-returns[0])
    if len(set(players)) != len(players):
        return []
    known = store.ratings(game, players)
    names = {p: (known[p].name, known[p].kind) if p in known else ("", "") for p in players}
    teams = [
        [_model.rating(mu=known[p].mu, sigma=known[p].sigma)] if p in known else [_model.rating()]
        for p in players
    ]
    best = max(returns)
    ranks = [-r for r in returns]
    rated = _model.rate(teams, ranks=ranks)
    rows = []
    for player, team, ret in zip(players, rated, returns, strict=True):
        before = known.get(player)
        rows.append(
            RatingData(
                user_id=player,
                name=names[player][0],
                kind=names[player][1],
                mu=float(team[0].mu),
                sigma=float(team[0].sigma),
                games=(before.games if before else 0) + 1,
                wins=(before.wins if before else 0) + (1 if ret == best and ret > 0 else 0),
            )
        )
    store.save_ratings(game, rows)
    return rows


def ordinal(mu: float, sigma: float) -> float:
    """A conservative skill estimate for ordering a leaderboard."""
    return mu - 3 * sigma
