"""Cyberpunk CCG: one AI against another, seats and starters rotated, with an interval.

`python bench/ccg_eval_arena.py A B --games N [--workers W] [--mirror] [--old-eval PATH] [--json FILE]` plays
agent spec A against agent spec B. Game g plays the starter pairing `sponsor =
STARTERS[(g // 2) % 6]` (with its rival), and A takes seat g % 2: every 12 games each pairing is
played from both seats. `--mirror` gives both seats the same starter (the decks' edge out of the
way: what is left is the players'). `--old-eval` gives B an evaluation read from another
`evaluate.py` (an older commit's, checked out with `git worktree add`), so that an evaluation
change is measured at equal search: both sides are the same agent, only the judgement differs.
`--start S` plays games S..N-1 only: the rest of a run that was stopped after S games, the same
games the whole run would have played (a game follows from its number alone).
Prints A's wins with the 95% Wilson interval, how games ended, A's wins by its starter, and A's
CPU time per decision (p50/p95, only decisions with a choice).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from provenance import write_result

from cyberdeck.agents import make_agent
from cyberdeck.engine import Action, Agent, State, load_game
from cyberdeck.games.cyberpunk_ccg.decks import SPONSOR_CHOICES, STARTERS
from cyberdeck.lab.stats import wilson

Evaluation = Callable[[Any, int], float]


def load_evaluation(path: Path) -> Evaluation:
    """An ``evaluate`` function from another file, imported as a sibling module of the game's
    own (its relative imports resolve against this checkout's cards and state)."""
    name = "cyberdeck.games.cyberpunk_ccg._evaluate_other"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    fn: Evaluation = module.evaluate
    return fn


class Judged:
    """An agent that thinks with another evaluation: the game's ``evaluate`` is swapped for the
    length of each of its decisions (one process, one game at a time)."""

    def __init__(self, inner: Agent, evaluation: Evaluation) -> None:
        self.inner = inner
        self.evaluation = evaluation
        self.name = f"{inner.name}(old)"

    def choose(self, state: State) -> Action:
        game: Any = state.game
        game.evaluate = lambda st, seat: self.evaluation(st, seat)
        try:
            return self.inner.choose(state)
        finally:
            del game.evaluate


@dataclass(frozen=True)
class Match:
    """What every game of one run shares: the two specs and how they are set up."""

    a: str
    b: str
    seed: int
    mirror: bool
    old_eval: Path | None


@dataclass(frozen=True)
class Played:
    kind: str
    reason: str
    winners: tuple[int, ...]
    a_seat: int
    a_sponsor: str
    times: list[float]


def play(match: Match, g: int) -> Played:
    """Game ``g`` of a run: its seed, starter pairing and seats follow from ``g`` alone, so a run
    split over processes plays the same games as one process."""
    game = load_game("cyberpunk-ccg")
    seed = match.seed + g
    sponsor = SPONSOR_CHOICES[(g // 2) % len(SPONSOR_CHOICES)]
    a_seat = g % 2
    deck = list(STARTERS[sponsor][2])
    decks = [deck, deck] if match.mirror else None
    state = game.new_state({"sponsor": sponsor}, seed, decks)
    agent_b: Agent = make_agent(match.b, seed * 2 + 1, game)
    if match.old_eval is not None:
        agent_b = Judged(agent_b, load_evaluation(match.old_eval))
    agents = [make_agent(match.a, seed * 2, game), agent_b]
    if a_seat:
        agents.reverse()
    times: list[float] = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        choice = len(state.legal_actions()) > 1
        start = time.process_time()
        action = agents[seat].choose(state)
        if choice and seat == a_seat:
            times.append(time.process_time() - start)
        state.apply(action)
    outcome = state.outcome
    assert outcome is not None
    a_sponsor = str(state.view(None)["players"][a_seat]["sponsor"])
    return Played(outcome.kind, outcome.reason, outcome.winners, a_seat, a_sponsor, times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--start", type=int, default=0, help="play games START..GAMES-1 only (a stopped run's rest)"
    )
    parser.add_argument("--old-eval", type=Path)
    parser.add_argument("--mirror", action="store_true")
    parser.add_argument("--workers", type=int, default=1, help="processes (the same games)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    match = Match(args.a, args.b, args.seed, args.mirror, args.old_eval)
    wins = draws = 0
    kinds: dict[str, int] = {}
    by_sponsor: dict[str, list[int]] = {}
    times: list[float] = []
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        games = pool.map(partial(play, match), range(args.start, args.games))
        for g, played in enumerate(games, args.start):
            kinds[played.kind] = kinds.get(played.kind, 0) + 1
            row = by_sponsor.setdefault(played.a_sponsor, [0, 0])
            row[1] += 1
            if not played.winners:
                draws += 1
            elif played.winners == (played.a_seat,):
                wins += 1
                row[0] += 1
            times.extend(played.times)
            ranked = sorted(times)
            p95 = ranked[min(len(ranked) - 1, int(0.95 * len(ranked)))] if ranked else 0.0
            print(
                f"game {g + 1}/{args.games}: {args.a} won {wins}, {played.reason};"
                f" {args.a}'s CPU p95 so far {p95:.3f} s over {len(ranked)} decisions",
                flush=True,
            )
    n = args.games - args.start
    lo, hi = wilson(wins + draws / 2, n)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    summary = {
        "a": args.a,
        "b": args.b + ("(old evaluation)" if args.old_eval else ""),
        "games": n,
        "first_game": args.start,
        "a_wins": wins,
        "draws": draws,
        "a_rate": (wins + draws / 2) / n,
        "ci95": [lo, hi],
        "endings": kinds,
        "a_by_sponsor": by_sponsor,
        "a_cpu_s_per_decision": {
            "p50": statistics.median(times) if times else 0.0,
            "p95": p95,
            "max": times[-1] if times else 0.0,
        },
    }
    print(json.dumps(summary, indent=1))
    if args.json:
        write_result(args.json, summary)


if __name__ == "__main__":
    main()
