"""MATR1X 0VERL0AD: how often a player wins, and how long it thinks, over a range of deals.

    python bench/matrix_levels.py normal --seeds 0-999 --out bench/results/matrix-normal.jsonl
    python bench/matrix_levels.py --summary bench/results/matrix-normal.jsonl

One line of JSON per deal goes to ``--out`` as soon as the deal is played (the seed, won or not,
how it ended, each decision's think time), so a long run can be stopped and started again: the
deals already in the file are skipped. A progress line per deal goes to stderr. The summary gives
the win rate with its 95% Wilson interval, and the think time (wall clock and CPU) of the
decisions that had a choice, p50/p95/max; a forced placement takes no thought.
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
from cyberdeck.engine import load_game
from cyberdeck.lab.stats import wilson

GAME = load_game("matrix-overload")


def play(spec: str, seed: int) -> dict[str, Any]:
    state = GAME.new_state(None, seed)
    agent = make_agent(spec, seed, GAME)
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


def seeds(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def summary(path: Path) -> dict[str, Any]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("agent", nargs="?", help="an agent spec: normal, hard, fair, ...")
    parser.add_argument("--seeds", default="0-99", help="a range, e.g. 0-999")
    parser.add_argument("--out", type=Path, help="the JSON-lines file to append to")
    parser.add_argument("--summary", type=Path, help="summarise a file instead of playing")
    args = parser.parse_args()
    if args.summary:
        print(json.dumps(summary(args.summary), indent=2))
        return
    if not args.agent or not args.out:
        parser.error("name an agent and --out (or give --summary FILE)")
    done: set[int] = set()
    if args.out.exists():
        done = {json.loads(line)["seed"] for line in args.out.read_text().splitlines() if line}
    wins = played = 0
    with args.out.open("a") as out:
        for seed in seeds(args.seeds):
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
