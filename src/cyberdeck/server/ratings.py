"""Ratings: openskill (Plackett-Luce) per game. Every seat is a player: accounts and the AI levels
(``ai:normal``); a solitaire is rated against its game's house, which wins when the player
loses. Guests play unrated (a fresh guest resigning a dozen times put an account at the top),
repeated results between the same two accounts count less and less, and a new account is off the
leaderboard until its rating is established (``PROVISIONAL_GAMES``)."""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from ..store import RatingData, Store, seat_name

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
    (two seats of the same AI level) rates nobody: it says nothing about anyone's skill. The
    k-th rated result between the same two accounts moves their ratings 1/k as far as the
    first did (see ``repeat_weight``): one account resigning to another over and over is worth
    little more than a few games.
    """
    players, returns = list(players), list(returns)
    if len(players) == 1:
        players.append(store.robot(house_name(game), "house").id)
        returns.append(-returns[0])
    if len(set(players)) != len(players):
        return []
    known = store.ratings(game, players)
    names = {p: (known[p].name, known[p].kind) if p in known else ("", "") for p in players}
    accounts = [p for p in players if _person(store, p)]
    weight = repeat_weight(store.pairing_games(game, accounts)) if len(accounts) > 1 else 1.0
    teams = [
        [_model.rating(mu=known[p].mu, sigma=known[p].sigma)] if p in known else [_model.rating()]
        for p in players
    ]
    best = max(returns)
    ranks = [-r for r in returns]
    rated = _model.rate(teams, ranks=ranks)
    rows = []
    for player, before_team, team, ret in zip(players, teams, rated, returns, strict=True):
        before = known.get(player)
        mu0, sigma0 = before_team[0].mu, before_team[0].sigma
        rows.append(
            RatingData(
                user_id=player,
                name=names[player][0],
                kind=names[player][1],
                mu=float(mu0 + weight * (team[0].mu - mu0)),
                sigma=float(sigma0 + weight * (team[0].sigma - sigma0)),
                games=(before.games if before else 0) + 1,
                wins=(before.wins if before else 0) + (1 if ret == best and ret > 0 else 0),
            )
        )
    store.save_ratings(game, rows)
    # Every pair is counted (an AI level is an opponent too): the repeat weight reads only the
    # accounts' pairs, the leaderboard how many players each has met (``PROVISIONAL``).
    store.count_pairings(game, players)
    return rows


#: A new account's rating is provisional, and off the leaderboard, until it has this many rated
#: games against this many distinct opponents: ten sock puppets resigning to a farmer made it
#: first on a board; now each puppet is one opponent met, and the farmer's games against the
#: same few count less and less (``repeat_weight``).
PROVISIONAL_GAMES, PROVISIONAL_OPPONENTS = 10, 5


def _person(store: Store, user_id: int) -> bool:
    user = store.user_by_id(user_id)
    return user is not None and user.kind == "account"


def repeat_weight(pairings: dict[tuple[int, int], int]) -> float:
    """How far a result moves ratings: 1 for the first between these players, 1/k for the
    k-th (the most-played pair among them decides)."""
    return 1.0 / (1 + max(pairings.values(), default=0))


def ordinal(mu: float, sigma: float) -> float:
    """A conservative skill estimate for ordering a leaderboard."""
    return mu - 3 * sigma


#: The shown rating of a new player (openskill's ordinal 0), and its points per unit of ordinal.
START_RATING, POINTS_PER_UNIT = 1500, 60


def shown_rating(mu: float, sigma: float) -> int:
    """The rating a person reads: the conservative estimate on a familiar scale (a new player
    1500, like chess ratings) and never below 0, where the ordinal itself starts at 0 and goes
    negative after a few losses."""
    return max(0, round(START_RATING + POINTS_PER_UNIT * ordinal(mu, sigma)))


def shown_name(name: str, kind: str) -> str:
    """A rated player's name as every page calls it: an AI level "Normal AI" (as at the table),
    a solitaire's house "The house", a bot marked as one ("BOT name"), an account by its own name;
    never a stored key."""
    if name.startswith("ai:"):
        return f"{name[3:].capitalize()} AI"
    if name.startswith("house:") or kind == "house":
        return "The house"
    return seat_name(name, kind)
