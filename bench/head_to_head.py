"""One agent against another: its share of the games with a 95% interval, and the CPU each of its
decisions with a real choice took (p50, p95, max).

    python bench/head_to_head.py hack-me expert hard --games 400 --seed 9000 --workers 2 \\
        --folder runs/h2h/hack-me --out bench/results/hack-me-expert-vs-hard.json
    python bench/head_to_head.py cypher hard normal --budget hard=800:5 --games 100 \\
        --folder runs/h2h/cypher-hard-800

``--budget LEVEL=ITERATIONS:SECONDS[:PLAYOUT_MOVES[:EPSILON[:EVALUATION]]]`` plays a search level
(``normal``, ``hard``, ``expert``) at another budget than its own, on both sides of the table
where both name it: how a level's budget is tried before a game ships it (``Game.budgets``).
``EVALUATION`` is the weight of the hand-written evaluation in ``expert``'s leaf values.

``--open-cards`` lets every search at the table search the true deal in place of the worlds it
samples: an upper bound on what the same search and network could reach if they saw every
hidden card, never a way to play. It replaces the game state's ``determinize``, so it runs on the
source, not on the compiled build.

Game ``seed + i`` seats the agent at seat ``i mod players`` and ``against`` at every other seat,
so the agent plays each seat equally often. A win counts 1 and a draw a half. In a game of
three or four the share is set beside the agent's fair share (one game in N). Each finished
game is one line of ``FOLDER/games.jsonl``: a stopped run carries on where it stopped. The
decisions are timed in the CPU time of the thread that made them (``time.thread_time``), so a
busy machine slows the clock no more than it slows the agent.
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from provenance import write_result

from cyberdeck.agents import make_agent
from cyberdeck.agents.levels import BUDGETS
from cyberdeck.engine import Budget, Rng, State, load_game
from cyberdeck.lab.progress import ProgressBar
from cyberdeck.lab.stats import wilson

Job = tuple[str, dict[str, Any], str, str, int, int, dict[str, Budget], bool]


def open_cards(state: State) -> None:
    """Every world sampled from a state of this kind is the state itself (``--open-cards``)."""

    def the_deal_itself(self: State, seat: int, rng: Rng) -> State:
        return self.clone()

    kind = type(state)
    if not inspect.isfunction(kind.determinize):  # compiled: its callers would not see a new one
        raise SystemExit(
            "--open-cards replaces the game state's determinize, which the compiled build fixes: "
            "run it without the compiled build on PYTHONPATH."
        )
    kind.determinize = the_deal_itself  # type: ignore[method-assign]


def play(job: Job) -> dict[str, Any]:
    """One game: the agent's seat, its score (1, 0.5, 0) and its timed decisions."""
    game_id, options, agent, against, seed, number, budgets, opened = job
    game = load_game(game_id)
    state = game.new_state(options or None, seed)
    if opened:
        open_cards(state)
    players = state.num_players
    mine = number % players
    agents = [
        make_agent(agent if s == mine else against, seed * 7 + s, game, budgets)
        for s in range(players)
    ]
    times: list[float] = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        choice = seat == mine and len(state.legal_actions()) > 1
        began = time.thread_time()
        action = agents[seat].choose(state)
        if choice:
            times.append(time.thread_time() - began)
        state.apply(action)
    outcome = state.outcome
    assert outcome is not None
    returns = outcome.returns
    score = 1.0 if returns[mine] > 0 else 0.5 if returns[mine] == 0 else 0.0
    return {"seed": seed, "seat": mine, "players": players, "score": score, "times": times}


def percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    score = sum(r["score"] for r in rows)
    low, high = wilson(score, len(rows))
    times = sorted(t for r in rows for t in r["times"])
    players = rows[0]["players"] if rows else 2
    return {
        "games": len(rows),
        "score": score,
        "rate": round(score / len(rows), 4) if rows else None,
        "ci95": [round(low, 4), round(high, 4)],
        "fair_share": round(1 / players, 4),
        "share_over_fair": round(score / len(rows) * players, 3) if rows else None,
        "by_seat": {
            str(s): sum(r["score"] for r in rows if r["seat"] == s)
            for s in sorted({r["seat"] for r in rows})
        },
        "decisions_timed": len(times),
        "cpu_s_per_decision": {
            "p50": round(statistics.median(times), 4),
            "p95": round(percentile(times, 0.95), 4),
            "max": round(times[-1], 4),
        }
        if times
        else None,
    }


def read_budget(text: str) -> tuple[str, Budget]:
    """``hard=800:5:2:0.1`` as the level and its budget; ``expert=200:5:2:0.1:0.5`` gives the
    hand-written evaluation half of a leaf's value."""
    level, _, numbers = text.partition("=")
    parts = numbers.split(":")
    try:
        if level not in BUDGETS or not 2 <= len(parts) <= 5:
            raise ValueError
        budget = Budget(int(parts[0]), float(parts[1]))
        if len(parts) > 2:
            budget = dataclasses.replace(budget, rollout_depth=int(parts[2]))
        if len(parts) > 3:
            budget = dataclasses.replace(budget, rollout_epsilon=float(parts[3]))
        if len(parts) > 4:
            budget = dataclasses.replace(budget, evaluation=float(parts[4]))
        if not 0 <= budget.evaluation <= 1:
            raise ValueError
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"'{text}': write LEVEL=ITERATIONS:SECONDS[:PLAYOUT_MOVES[:EPSILON[:EVALUATION]]], "
            f"LEVEL one of {', '.join(BUDGETS)} and EVALUATION from 0 to 1, e.g. hard=800:5."
        ) from None
    return level, budget


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("agent")
    parser.add_argument("against")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--folder", type=Path, required=True, help="games.jsonl goes here")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--budget", type=read_budget, action="append", default=[], metavar="LEVEL=N:S[:D[:E[:W]]]"
    )
    parser.add_argument(
        "--open-cards", action="store_true", help="searches see every card: an upper bound"
    )
    args = parser.parse_args()
    budgets = dict(args.budget)
    game = load_game(args.game)
    options = game.resolve_options({"players": args.players} if args.players else None)
    if args.open_cards:
        open_cards(game.new_state(options or None, args.seed))  # refused here when compiled
    for spec in (args.agent, args.against):
        make_agent(spec, 0, game, budgets)  # a bad name fails here, before any game
    args.folder.mkdir(parents=True, exist_ok=True)
    lines = args.folder / "games.jsonl"
    done: dict[int, dict[str, Any]] = {}
    if lines.exists():
        for line in lines.read_text().splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by a stop: its game is played again
            done[row["seed"]] = row
    jobs: list[Job] = [
        (game.id, options, args.agent, args.against, args.seed + i, i, budgets, args.open_cards)
        for i in range(args.games)
        if args.seed + i not in done
    ]
    with (
        lines.open("a") as out,
        ProcessPoolExecutor(args.workers) as pool,
        ProgressBar("games") as bar,
    ):
        played = args.games - len(jobs)
        bar.update(played, args.games)
        for row in pool.map(play, jobs):
            out.write(json.dumps(row) + "\n")
            out.flush()
            done[row["seed"]] = row
            played += 1
            bar.update(played, args.games)
    rows = [done[args.seed + i] for i in range(args.games)]
    result = {
        "game": game.id,
        "options": options,
        "agent": args.agent,
        "against": args.against,
        "budgets": {level: dataclasses.asdict(budget) for level, budget in budgets.items()},
        "open_cards": args.open_cards,
        "seed": args.seed,
        **summary(rows),
    }
    print(json.dumps(result, indent=1))
    if args.out is not None:
        write_result(args.out, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
