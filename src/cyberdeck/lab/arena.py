"""The arena: many games between agents, seats rotated, with win rates and confidence intervals.

Each game is played from its own seed by freshly made agents (seeded from the game's seed), so a
result does not depend on how many worker processes share the work. Every game's record is kept so
that any game can be replayed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["merge_summaries", "pairings", "play_one", "run_arena", "wilson"]

from ..agents import make_agent
from ..engine import Game, Record, load_game
from .stats import wilson


@dataclass(frozen=True)
class Pairing:
    """One game of the arena: which agent (by index into the agent list) sits in each seat."""

    number: int
    seed: int
    seats: tuple[int, ...]


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
    out = []
    for number in range(games):
        if num_players == 1:
            out.append(Pairing(number, seed + number // num_agents, (number % num_agents,)))
            continue
        shift = number % num_players
        seats = tuple((seat + shift) % num_agents for seat in range(num_players))
        out.append(Pairing(number, seed + number, seats))
    return out


def play_one(
    game_id: str, options: dict[str, Any], specs: list[str], pairing: Pairing
) -> GameResult:
    game = load_game(game_id)
    state = game.new_state(options, pairing.seed)
    agents = [
        make_agent(specs[index], pairing.seed * 101 + seat, game)
        for seat, index in enumerate(pairing.seats)
    ]
    record = Record(game.id, pairing.seed, dict(options), meta={"agents": [a.name for a in agents]})
    think = [0.0] * len(agents)
    decisions = [0] * len(agents)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        start = time.perf_counter()
        action = agents[seat].choose(state)
        think[seat] += time.perf_counter() - start
        decisions[seat] += 1
        state.apply(action)
        record.actions.append(action.text)
    outcome = state.outcome
    assert outcome is not None
    return GameResult(
        pairing, outcome.returns, outcome.winners, len(record.actions), outcome.reason,
        outcome.kind, tuple(think), tuple(decisions), record.to_json(),
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
    resolved = game.resolve_options(options)
    players = int(resolved.get("players", game.min_players))
    for spec in specs:
        make_agent(spec, 0, game)  # a bad name fails here, before any work starts
    plan = pairings(players, len(specs), games, seed)
    report = ArenaReport(game.id, list(specs))
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        results: Iterator[GameResult] = (play_one(game.id, resolved, specs, p) for p in plan)
        _collect(report, results, len(plan), progress, records)
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = pool.map(
                play_one, *zip(*((game.id, resolved, specs, p) for p in plan), strict=True),
                chunksize=max(1, len(plan) // (workers * 8)),
            )  # fmt: skip
            _collect(report, results, len(plan), progress, records)
    return report


def _collect(
    report: ArenaReport,
    results: Iterator[GameResult],
    total: int,
    progress: Callable[[int, int], None] | None,
    records: Path | None,
) -> None:
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    for done, result in enumerate(results, start=1):
        report.results.append(result)
        if records is not None:
            Record.from_json(result.record).save(records / f"game-{result.pairing.number:05d}.json")
        if progress is not None:
            progress(done, total)
