"""MATR1X 0VERL0AD: how often a player wins, and how long it thinks, over a range of deals.

    python bench/matrix_levels.py normal --seeds 0-999 --out bench/results/matrix-normal.jsonl
    python bench/matrix_levels.py --summary bench/results/matrix-normal.jsonl
    python bench/matrix_levels.py --summary bench/results/matrix-expert.jsonl \\
        --against bench/results/matrix-hard.jsonl

One line of JSON per deal goes to ``--out`` as soon as the deal is played (the seed, won or not,
how it ended, each decision's think time), so a long run can be stopped and started again: the
deals already in the file are skipped. A progress line per deal goes to stderr. The agent is a
spec, or ``hindsight:12:160``: the hindsight player at a budget being tried (12 sampled decks,
160 solver positions), ranking by the hand-written evaluation.

The summary gives the win rate with its 95% Wilson interval, and the think time (wall clock and
CPU) of the decisions that had a choice, p50/p95/max; a forced placement takes no thought.
``--against`` sets a file beside another player's on the same seeds: the deals each won alone,
and, while a run is under way, the whole range's win rate estimated from the deals played so far
(the seeds the other lost are worth playing first: they are where two strong players differ).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from cyberdeck.agents import make_agent
from cyberdeck.engine import Agent, BadOption, load_game
from cyberdeck.games.matrix_overload.hindsight import HindsightPlayer
from cyberdeck.lab.stats import wilson

GAME = load_game("matrix-overload")


def play(spec: str, seed: int) -> dict[str, Any]:
    state = GAME.new_state(None, seed)
    agent = player(spec, seed)
    wall: list[float] = []
    cpu: list[float] = []
    while not state.is_terminal:
        choice = len(state.legal_actions()) > 1
        start, start_cpu = time.perf_counter(), time.process_time()
        action = agent.choose(state)
        if choice:
            wall.append(round(time.perf_counter() - start, 4))
            cpu.append(round(time.process_time() - start_cpu, 4))
        state.apply(action)
    outcome = state.outcome
    assert outcome is not None
    return {"agent": spec, "seed": seed, "won": bool(outcome.winners), "end": outcome.kind,
            "wall": wall, "cpu": cpu}  # fmt: skip


def player(spec: str, seed: int) -> Agent:
    """An agent spec, or ``hindsight:DECKS:POSITIONS``: the hindsight player at a budget being
    tried, ranking by the hand-written evaluation (``expert`` at its budget with no network)."""
    kind, _, budget = spec.partition(":")
    if kind != "hindsight":
        return make_agent(spec, seed, GAME)
    worlds, _, positions = budget.partition(":")
    try:
        decks, nodes = int(worlds), int(positions)
    except ValueError:
        decks = nodes = 0
    if decks < 1 or nodes < 1:
        raise BadOption(
            f"'{spec}': write hindsight:DECKS:POSITIONS with two whole numbers above 0, "
            "e.g. hindsight:12:160."
        )
    return HindsightPlayer(seed, decks, nodes, name=spec)


def seeds(text: str) -> list[int]:
    """``0-999``, or ranges and single seeds separated by commas, played in the order given."""
    chosen: dict[int, None] = {}
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        chosen.update(dict.fromkeys(range(int(first), int(last or first) + 1)))
    return list(chosen)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def summary(path: Path) -> dict[str, Any]:
    rows = _rows(path)
    games = len(rows)
    wins = sum(r["won"] for r in rows)
    low, high = wilson(wins, games)
    out: dict[str, Any] = {
        "agent": rows[0]["agent"] if rows else None,
        "games": games,
        "seeds": f"{min(r['seed'] for r in rows)}-{max(r['seed'] for r in rows)}" if rows else "",
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "endings": {k: sum(r["end"] == k for r in rows) for k in sorted({r["end"] for r in rows})},
    }
    for clock in ("wall", "cpu"):
        times = [t for r in rows for t in r[clock]]
        out[f"decisions_{clock}_s"] = {
            "count": len(times),
            "p50": round(statistics.median(times), 3) if times else 0.0,
            "p95": round(percentile(times, 0.95), 3),
            "max": round(max(times, default=0.0), 3),
        }
    return out


def against(path: Path, other: Path) -> dict[str, Any]:
    """This file's deals beside another player's on the same seeds, and this player's win rate
    over all of the other's seeds estimated from the deals played so far, taken apart by whether
    the other won each deal (each part's Wilson interval scaled by its share of the seeds and by
    how much of it is still unplayed, the two combined as Newcombe's method does)."""
    mine = {r["seed"]: r["won"] for r in _rows(path)}
    theirs = {r["seed"]: r["won"] for r in _rows(other)}
    common = sorted(mine.keys() & theirs.keys())
    paired = {
        "deals": len(common),
        "both_won": sum(mine[s] and theirs[s] for s in common),
        "only_this_won": sum(mine[s] and not theirs[s] for s in common),
        "only_other_won": sum(theirs[s] and not mine[s] for s in common),
    }
    estimate, low, high, parts = 0.0, 0.0, 0.0, {}
    for label, won in (("other_won", True), ("other_lost", False)):
        seeds_in = [s for s in theirs if theirs[s] is won]
        played = [s for s in seeds_in if s in mine]
        if not played:
            return {"other": str(other), "paired": paired, "estimate": None}
        wins = sum(mine[s] for s in played)
        share, rate = len(seeds_in) / len(theirs), wins / len(played)
        lo, hi = wilson(wins, len(played))
        unplayed = 1 - len(played) / len(seeds_in)
        estimate += share * rate
        low += (share * (rate - lo)) ** 2 * unplayed
        high += (share * (hi - rate)) ** 2 * unplayed
        parts[label] = {"seeds": len(seeds_in), "played": len(played), "won": wins}
    return {
        "other": str(other),
        "paired": paired,
        "strata": parts,
        "estimate": {
            "seeds": len(theirs),
            "win_rate": round(estimate, 4),
            "ci95": [round(estimate - low**0.5, 4), round(estimate + high**0.5, 4)],
        },
    }


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "agent", nargs="?", help="an agent spec (normal, hard, expert, fair, ...) or hindsight:D:P"
    )
    parser.add_argument(
        "--seeds", default="0-99", help="a range, e.g. 0-999, or ranges and seeds with commas"
    )
    parser.add_argument("--out", type=Path, help="the JSON-lines file to append to")
    parser.add_argument("--summary", type=Path, help="summarise a file instead of playing")
    parser.add_argument(
        "--against", type=Path, help="with --summary: another player's file on the same seeds"
    )
    args = parser.parse_args()
    if args.summary:
        out = summary(args.summary)
        if args.against:
            out["against"] = against(args.summary, args.against)
        print(json.dumps(out, indent=2))
        return
    if not args.agent or not args.out:
        parser.error("name an agent and --out (or give --summary FILE)")
    try:
        chosen = seeds(args.seeds)
    except ValueError:
        parser.error(f"'{args.seeds}' is not a seed list: write e.g. 0-999 or 7,15,40-45")
    try:
        player(args.agent, 0)  # a bad spec fails here, before any deal
    except BadOption as why:
        parser.error(str(why))
    done: set[int] = set()
    if args.out.exists():
        done = {json.loads(line)["seed"] for line in args.out.read_text().splitlines() if line}
    wins = played = 0
    with args.out.open("a") as out:
        for seed in chosen:
            if seed in done:
                continue
            row = play(args.agent, seed)
            out.write(json.dumps(row) + "\n")
            out.flush()
            played += 1
            wins += row["won"]
            worst = max(row["wall"], default=0.0)
            print(f"{args.agent} seed {seed}: {'won' if row['won'] else row['end']}; "
                  f"{wins}/{played} won this run; slowest decision {worst:.2f} s",
                  file=sys.stderr, flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
