"""The leaderboard of a solitaire (MATR1X 0VERL0AD): win rates, streaks and personal bests.

A rating against "the house" told a solitaire player nothing they could read: the house is no
opponent. What a solitaire player compares is how often they win, their longest run of wins, and
their best game: the game's own score (``Outcome.scores``; MATR1X counts royals killed, so a win
is 12 and a near miss 11), the highest of their ranked games. Everything is counted from the
database's finished matches each time, like a series' points, so it can never disagree with
them. A game with a move taken back or a hint shown counts as played and is left out of wins,
streaks and bests (the rules and ``GameStats`` say why); guests play unranked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import Outcome
from ..store import SoloResult
from ..userdata import GameStats

#: Ranked games a player needs before their win rate ranks them: one lucky win is not a 100 %
#: player. Players with fewer come after, by wins.
MIN_GAMES = 5


@dataclass
class SoloRecord:
    """One player's results in one solitaire."""

    name: str
    stats: GameStats = field(default_factory=GameStats)
    #: The highest score of a ranked game (None: no ranked game had one).
    best: int | None = None

    @property
    def ranked(self) -> int:
        return self.stats.games - self.stats.unranked

    @property
    def win_rate(self) -> float | None:
        return self.stats.wins / self.ranked if self.ranked else None

    @property
    def qualified(self) -> bool:
        return self.ranked >= MIN_GAMES

    def add(self, result: SoloResult) -> None:
        o = result.outcome
        outcome = Outcome(tuple(o["winners"]), tuple(o["returns"]), o["reason"], o.get("kind", ""))
        self.stats.add(outcome, 0, result.undos, result.hints)
        scores = o.get("scores") or []
        if scores and not (result.undos or result.hints):
            self.best = scores[0] if self.best is None else max(self.best, scores[0])


def standing(record: SoloRecord) -> tuple[object, ...]:
    """The sort key of a row: players with enough ranked games first, by win rate, then wins;
    the rest after them by wins; then the better personal best, then the name."""
    rate = record.win_rate or 0.0
    return (
        not record.qualified,
        -rate if record.qualified else 0.0,
        -record.stats.wins,
        -(record.best if record.best is not None else -1),
        record.name.lower(),
    )


def solitaire_board(results: Sequence[SoloResult], limit: int = 100) -> list[SoloRecord]:
    """Each account's record over ``results`` (oldest first), best first, at most ``limit``."""
    records: dict[int, SoloRecord] = {}
    for result in results:
        records.setdefault(result.user_id, SoloRecord(result.name)).add(result)
    return sorted(records.values(), key=standing)[:limit]
