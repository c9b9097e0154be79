"""The fuzzer: long runs of seeded games that check the game contract as they play.

Any player can run it (``cyberdeck fuzz GAME --games N``) to look for rules-engine defects that
the suite's few hundred games miss: a live state with no legal move, a view that shows a hidden
card, a record that does not replay, an agent or a rule that raises. Every step gets the cheap
checks; the costly ones (refusals, clones, every seat's view against sampled worlds) run on a
seeded sample of steps (``deep``, 1.0 for all). A failure names the seed, the step and the
command that plays that game again, so it can be turned into a scenario test.

Each game is played from its own seed with freshly made agents, so a report does not depend on
how many worker processes shared the work.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_agent
from ..engine import Action, Game, Record, Rng, load_game
from ..engine.invariants import (
    check_action_forms,
    check_deep,
    check_events,
    check_live,
    check_opening,
    check_replay,
    check_terminal,
    describe_failure,
    require,
)

#: A game that has not ended after this many decisions is reported as endless.
MAX_DECISIONS = 50_000


@dataclass(frozen=True)
class Trial:
    """One fuzzed game: its seed, its options, and the agent in each seat."""

    number: int
    seed: int
    options: dict[str, Any]
    agents: tuple[str, ...]


@dataclass(frozen=True)
class Failure:
    trial: Trial
    #: Decisions made before the failing one (the step the problem showed at).
    step: int
    problem: str

    def command(self, game_id: str) -> str:
        """The command line that plays this game, and only it, again."""
        options = " ".join(f"-o {k}={v}" for k, v in self.trial.options.items())
        return (
            f"cyberdeck fuzz {game_id} --games 1 --seed {self.trial.seed} "
            f"--agents {','.join(self.trial.agents)} {options} --deep 1"
        ).strip()

    def to_json(self, game_id: str) -> dict[str, Any]:
        return {
            "seed": self.trial.seed,
            "options": self.trial.options,
            "agents": list(self.trial.agents),
            "step": self.step,
            "problem": self.problem,
            "command": self.command(game_id),
        }


@dataclass(frozen=True)
class TrialResult:
    trial: Trial
    decisions: int
    deep_checks: int
    failure: Failure | None


@dataclass
class FuzzReport:
    game: str
    agents: list[str]
    deep: float
    games: int = 0
    decisions: int = 0
    deep_checks: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)
    #: True when the run was stopped (Ctrl-C) before every game was played.
    stopped: bool = False

    def add(self, result: TrialResult) -> None:
        self.games += 1
        self.decisions += result.decisions
        self.deep_checks += result.deep_checks
        if result.failure is not None:
            self.failures.append(result.failure)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "agents": self.agents,
            "deep": self.deep,
            "games": self.games,
            "decisions": self.decisions,
            "deep_checks": self.deep_checks,
            "seconds": round(self.seconds, 1),
            "stopped": self.stopped,
            "failures": [f.to_json(self.game) for f in self.failures],
        }


def trials(
    game: Game,
    configurations: Sequence[dict[str, Any]],
    agents: Sequence[str],
    games: int,
    seed: int,
) -> Iterator[Trial]:
    """Seeds in a row; the configurations taken in turn, so every variant and player count gets
    its share; agents rotated through the seats."""
    for number in range(games):
        options = configurations[number % len(configurations)]
        players = game.table_size(options)
        seated = tuple(agents[(number + s) % len(agents)] for s in range(players))
        yield Trial(number, seed + number, dict(options), seated)


def play_trial(game_id: str, trial: Trial, deep: float) -> TrialResult:
    """Play one game, checking as it goes; a problem ends the game and is reported, never raised."""
    game = load_game(game_id)
    step = deep_checks = 0
    try:
        state = game.new_state(trial.options, trial.seed)
        check_opening(state)
        seats = [
            make_agent(spec, trial.seed * 101 + s, game) for s, spec in enumerate(trial.agents)
        ]
        checker = Rng(trial.seed * 7919 + 17)
        record = Record(game.id, trial.seed, dict(trial.options))
        read_back: set[Action] = set()  # an action's forms, once checked, stay checked
        while not state.is_terminal:
            legal = check_live(state)
            if deep >= 1.0 or checker.random() < deep:
                check_deep(game, state, checker)
                deep_checks += 1
            seat = state.current_player
            assert seat is not None
            action = seats[seat].choose(state)
            require(action in legal, f"the agent in seat {seat} chose '{action}', not a legal move")
            if action not in read_back:
                check_action_forms(game, action)
                read_back.add(action)
            check_events(state.apply(action))
            record.actions.append(action.text)
            step += 1
            require(step < MAX_DECISIONS, f"the game did not end within {MAX_DECISIONS} decisions")
        check_terminal(game, state)
        check_replay(game, state, record)
    except Exception as err:  # an invariant broken, or a rule or an agent that raised
        return TrialResult(trial, step, deep_checks, Failure(trial, step, describe_failure(err)))
    return TrialResult(trial, step, deep_checks, None)


def _play_chunk(game_id: str, chunk: list[Trial], deep: float) -> list[TrialResult]:
    return [play_trial(game_id, trial, deep) for trial in chunk]


def run_fuzz(
    game: Game,
    games: int,
    seed: int = 0,
    agents: Sequence[str] = ("random",),
    options: dict[str, Any] | None = None,
    deep: float = 0.02,
    workers: int | None = None,
    progress: Callable[[FuzzReport], None] | None = None,
) -> FuzzReport:
    """Fuzz ``games`` games from ``seed``. ``options`` fixes the configuration; by default every
    configuration of the game takes its turn. ``progress`` sees the report after each chunk."""
    for spec in agents:
        make_agent(spec, 0, game)  # a bad name fails here, before any work starts
    configurations = [game.resolve_options(options)] if options else game.configurations()
    plan = list(trials(game, configurations, list(agents), games, seed))
    report = FuzzReport(game.id, list(agents), deep)
    workers = max(1, min(workers or os.cpu_count() or 1, len(plan)))
    # Chunks small enough for a lively progress bar, large enough that a task outweighs its
    # hand-off to a worker.
    size = max(1, min(200, len(plan) // (workers * 20) or 1))
    chunks = [plan[i : i + size] for i in range(0, len(plan), size)]
    start = time.perf_counter()

    def collect(results: Iterator[list[TrialResult]]) -> None:
        for chunk in results:
            for result in chunk:
                report.add(result)
            report.seconds = time.perf_counter() - start
            if progress is not None:
                progress(report)

    try:
        if workers == 1:
            collect(_play_chunk(game.id, chunk, deep) for chunk in chunks)
        else:
            with ProcessPoolExecutor(workers) as pool:
                collect(
                    pool.map(_play_chunk, [game.id] * len(chunks), chunks, [deep] * len(chunks))
                )
    except KeyboardInterrupt:
        report.stopped = True  # what finished is kept and reported
    return report
