"""Speed of a game's engine on one core: random-playout decisions per second and clone time.

The figures are what ``cyberdeck bench`` prints and what ``bench/run.py`` records; tests never
assert on them.
"""

from __future__ import annotations

import time
from typing import Any

from ..agents import IsmctsAgent
from ..engine import Game, Rng, State


def random_playout(
    game: Game, seed: int, options: dict[str, Any] | None = None
) -> tuple[State, int]:
    """Play a game to the end with uniformly random moves; the final state and its length."""
    state = game.new_state(options, seed)
    rng = Rng(seed ^ 0x5EED)
    steps = 0
    while not state.is_terminal:
        actions = state.legal_actions()
        state.advance(actions[rng.below(len(actions))])
        steps += 1
    return state, steps


def mid_game_states(game: Game, count: int) -> list[State]:
    """States halfway through random games (the typical position a search clones)."""
    states = []
    for seed in range(count):
        _, length = random_playout(game, seed)
        state = game.new_state(None, seed)
        rng = Rng(seed ^ 0x5EED)
        for _ in range(length // 2):
            actions = state.legal_actions()
            state.advance(actions[rng.below(len(actions))])
        states.append(state)
    return states


def clone_microseconds(states: list[State], rounds: int = 2000) -> float:
    best = float("inf")
    for state in states:
        start = time.perf_counter()
        for _ in range(rounds):
            state.clone()
        best = min(best, (time.perf_counter() - start) / rounds)
    return best * 1e6


def search_iterations_per_second(states: list[State], iterations: int = 300) -> float:
    """IS-MCTS iterations per second from mid-game positions (with at least two moves)."""
    total = 0
    elapsed = 0.0
    for i, state in enumerate(states):
        if state.is_terminal or len(state.legal_actions()) < 2:
            continue
        agent = IsmctsAgent(iterations, seed=i)
        start = time.perf_counter()
        agent.choose(state)
        elapsed += time.perf_counter() - start
        total += agent.last_iterations
    return total / elapsed if elapsed else 0.0


def bench_game(game: Game, seconds: float = 2.0, quick: bool = False) -> dict[str, Any]:
    decisions = games = 0
    outcomes: dict[str, int] = {}
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds or games == 0:
        state, steps = random_playout(game, seed)
        decisions += steps
        games += 1
        seed += 1
        assert state.outcome is not None
        kind = state.outcome.kind or "other"
        outcomes[kind] = outcomes.get(kind, 0) + 1
    elapsed = time.perf_counter() - start
    middles = mid_game_states(game, 5)
    result: dict[str, Any] = {
        "game": game.id,
        "decisions_per_s": round(decisions / elapsed),
        "games_per_s": round(games / elapsed, 1),
        "mean_length": round(decisions / games, 1),
        "clone_us": round(clone_microseconds(middles), 2),
        "ismcts_iterations_per_s": round(search_iterations_per_second(middles)),
        "outcomes": outcomes,
    }
    result.update(game.bench_extras(quick))
    return result
