"""The arena: many games between agents, seats rotated, with win rates and confidence intervals.

The lab's simulation (``playing``, ``executors``) plays the games; the arena keeps its own summary
(its JSON is what ``bench/merge_arena.py`` and docs/strength.md read). Each game is played from its
own seed by freshly made agents (seeded from the game's seed), so a result does not depend on how
many worker processes share the work. Every game's record is kept so that any game can be replayed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Game, Record
from .entries import Entry, make_entries
from .executors import run_games
from .playing import Planned, Setup, plan_games
from .stats import wilson

__all__ = ["merge_summaries", "pairings", "run_arena", "wilson"]


#: One game of the arena: which agent (by index into the agent list) sits in each seat.
Pairing = Planned


@dataclass
class GameResult:
    pairing: Pairing
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    length: int
    reason: str
    kind: str
    #: Total seconds each seat spent deciding, and how many decisions it made.
    think: tuple[float, ...]
    decisions: tuple[int, ...]
    record: dict[str, Any]


@dataclass
class AgentTally:
    agent: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    think: float = 0.0
    decisions: int = 0

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {
            "agent": self.agent,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.games - self.wins - self.draws,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "mean_decision_ms": round(1000 * self.think / self.decisions, 3)
            if self.decisions
            else 0.0,
        }


@dataclass
class ArenaReport:
    game: str
    agents: list[str]
    results: list[GameResult] = field(default_factory=list)

    def tallies(self) -> list[AgentTally]:
        tallies = [AgentTally(name) for name in self.agents]
        for result in self.results:
            for seat, index in enumerate(result.pairing.seats):
                tally = tallies[index]
                tally.games += 1
                tally.think += result.think[seat]
                tally.decisions += result.decisions[seat]
                if seat in result.winners:
                    tally.wins += 1
                elif result.returns[seat] == 0 and not result.winners:
                    tally.draws += 1
        return tallies

    def to_json(self) -> dict[str, Any]:
        n = len(self.results)
        return {
            "game": self.game,
            "games": n,
            "results": [t.to_json() for t in self.tallies()],
            "draws": sum(1 for r in self.results if not r.winners and len(r.returns) > 1),
            "mean_length": round(sum(r.length for r in self.results) / n, 2) if n else 0.0,
            "endings": _count(r.kind or r.reason for r in self.results),
        }


def merge_summaries(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Add up the JSON summaries of arenas run in consecutive chunks.

    ``--games 250 --seed S`` then ``--seed S+250`` play exactly the games of ``--games 500 --seed
    S`` when the chunk size is a multiple of the number of seats (the rotation stays in step), so a
    long arena on a busy machine can be run, and checked, a chunk at a time. Intervals are
    recomputed over all the games; mean decision times and lengths are weighted by games.
    """
    games = sum(p["games"] for p in parts)
    tallies: dict[str, dict[str, Any]] = {}
    for part in parts:
        for row in part["results"]:
            into = tallies.setdefault(
                row["agent"], {"agent": row["agent"], "games": 0, "wins": 0, "draws": 0, "ms": 0.0}
            )
            for key in ("games", "wins", "draws"):
                into[key] += row[key]
            into["ms"] += row["mean_decision_ms"] * row["games"]
    results = []
    for row in tallies.values():
        low, high = wilson(row["wins"], row["games"])
        n = row["games"]
        results.append({
            "agent": row["agent"], "games": n, "wins": row["wins"], "draws": row["draws"],
            "losses": n - row["wins"] - row["draws"],
            "win_rate": round(row["wins"] / n, 4) if n else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "mean_decision_ms": round(row["ms"] / n, 3) if n else 0.0,
        })  # fmt: skip
    endings: dict[str, int] = {}
    for part in parts:
        for key, count in part["endings"].items():
            endings[key] = endings.get(key, 0) + count
    return {
        "game": parts[0]["game"],
        "games": games,
        "results": results,
        "draws": sum(p["draws"] for p in parts),
        "mean_length": round(sum(p["mean_length"] * p["games"] for p in parts) / games, 2),
        "endings": endings,
    }


def _count(keys: Iterator[str] | Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for key in keys:
        out[key] = out.get(key, 0) + 1
    return out


def pairings(num_players: int, num_agents: int, games: int, seed: int) -> list[Pairing]:
    """Seats rotated game by game. A solitaire gives each agent the same deals in turn."""
    return plan_games(num_players, num_agents, games, seed)


def _result(row: dict[str, Any]) -> GameResult:
    return GameResult(
        Pairing(row["number"], row["seed"], tuple(row["entries"])), tuple(row["returns"]),
        tuple(row["winners"]), row["decisions"], row["reason"], row["kind"],
        tuple(row["seat_think_s"]), tuple(row["seat_decisions"]), json.loads(row["record"]),
    )  # fmt: skip


def run_arena(
    game: Game,
    specs: list[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    records: Path | None = None,
) -> ArenaReport:
    """The lab's simulation of agents with the game's default decks, summed up the arena's way."""
    resolved = game.resolve_options(options)
    players = game.table_size(resolved)
    make_entries(game, specs, players=players)  # a bad one fails here, before any work starts
    entries = tuple(Entry(spec) for spec in specs)
    plan = pairings(players, len(specs), games, seed)
    report = ArenaReport(game.id, list(specs))

    def tick(done: int, total: int, elapsed: float) -> None:
        if progress is not None:
            progress(done, total)

    played = run_games(Setup(game.id, resolved, entries), plan, workers, None, tick)
    if played.interrupted:
        raise KeyboardInterrupt
    report.results = [_result(row) for row in played.rows]
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
        for result in report.results:
            Record.from_json(result.record).save(records / f"game-{result.pairing.number:05d}.json")
    return report
