"""Local statistics of one player's games, kept across runs: games, wins, losses by reason,
streaks. A game played with undo or with hints counts as played but is not a ranked result: a win
helped by taking moves back or by the AI's suggestions is not the player's own."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Outcome, counted
from ..engine.files import write_atomically
from .datadir import data_dir


@dataclass
class GameStats:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: dict[str, int] = field(default_factory=dict)
    #: Games where a move was taken back or a hint was used: counted as played, not in wins,
    #: losses or streaks.
    unranked: int = 0
    #: Of those, the games where the player asked for hints.
    hinted: int = 0
    streak: int = 0
    best_streak: int = 0

    @property
    def lost(self) -> int:
        return sum(self.losses.values())

    def add(self, outcome: Outcome, seat: int, undos: int = 0, hints: int = 0) -> None:
        self.games += 1
        if hints:
            self.hinted += 1
        if undos or hints:
            self.unranked += 1
            return
        result = outcome.returns[seat]
        if result > 0:
            self.wins += 1
            self.streak = self.streak + 1 if self.streak > 0 else 1
            self.best_streak = max(self.best_streak, self.streak)
        elif result < 0:
            key = outcome.kind or outcome.reason
            self.losses[key] = self.losses.get(key, 0) + 1
            self.streak = self.streak - 1 if self.streak < 0 else -1
        else:
            self.draws += 1
            self.streak = 0


def stats_path() -> Path:
    return data_dir() / "stats.json"


def load_stats() -> dict[str, GameStats]:
    path = stats_path()
    if not path.exists():
        return {}
    try:
        raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return {game: GameStats(**entry) for game, entry in raw.items()}
    except (ValueError, TypeError):
        # A damaged file is kept aside rather than lost, and counting starts again.
        path.replace(path.with_suffix(".damaged.json"))
        return {}


def save_stats(stats: dict[str, GameStats]) -> None:
    text = json.dumps({g: asdict(s) for g, s in stats.items()}, indent=1)
    write_atomically(stats_path(), text.encode("utf-8"))


def record_result(
    game_id: str, outcome: Outcome, seat: int, undos: int = 0, hints: int = 0
) -> GameStats:
    stats = load_stats()
    entry = stats.setdefault(game_id, GameStats())
    entry.add(outcome, seat, undos, hints)
    save_stats(stats)
    return entry


def describe(game_id: str, s: GameStats) -> str:
    ranked = s.games - s.unranked
    rate = f"{100 * s.wins / ranked:.1f}%" if ranked else "-"
    lines = [
        f"{game_id}: {counted(s.games, 'game')}, {s.wins} won, {s.lost} lost, {s.draws} drawn "
        f"(win rate {rate} of {counted(ranked, 'ranked game')}; {s.unranked} with undo"
        + (f" or hints, {s.hinted} with hints)" if s.hinted else ")"),
    ]
    if s.losses:
        lines.append("  losses: " + ", ".join(f"{k} {v}" for k, v in sorted(s.losses.items())))
    streak = counted(s.streak, "win") if s.streak >= 0 else counted(-s.streak, "loss", "losses")
    lines.append(f"  current streak: {streak}; best winning streak: {s.best_streak}")
    return "\n".join(lines)
