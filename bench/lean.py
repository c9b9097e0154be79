"""Every game's speed for machines, several source trees side by side in one run.

`python bench/lean.py compare --tree before=/tmp/old/src --tree after=src [--tree NAME=DIR ...]`
measures each tree in its own process, the trees taking turns within every round, so a busy
machine slows them alike: random-playout decisions per second (each tree's own
``lab.bench.random_playout``), ``clone`` microseconds, IS-MCTS iterations per second (300
iterations from five mid-game positions) and AI-vs-AI games per minute at ``normal``, all in CPU
time of one core. ``normal`` is the level less its 0.8 s cap a move (the cap reads the wall clock:
a faster engine would search more instead of finishing sooner), so every tree plays the same games;
each row carries a digest of the games' final fingerprints, and trees that differ are flagged.
Results go to bench/results/ as JSON; nothing here is a test.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from provenance import write_result

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("matrix-overload", "cipher-run", "hack-me", "cypher", "cyberpunk-ccg")
#: Seeded games a measurement plays (random playouts, normal games): about one to three seconds
#: of one core each, so the ratios are not noise.
RANDOM = {"matrix-overload": 2500, "cipher-run": 3000, "hack-me": 1000, "cypher": 3500,
          "cyberpunk-ccg": 30}  # fmt: skip
NORMAL = {"matrix-overload": 16, "cipher-run": 8, "hack-me": 4, "cypher": 16, "cyberpunk-ccg": 2}


def measure(what: str, game_id: str, scale: float) -> dict[str, Any]:
    """One measurement in this process (the source tree is whatever is first on the path)."""
    from cyberdeck.agents import IsmctsAgent
    from cyberdeck.engine import load_game
    from cyberdeck.lab.bench import mid_game_states, random_playout

    game = load_game(game_id)
    digest = hashlib.blake2b(digest_size=8)
    if what == "random":
        count = max(1, round(RANDOM[game_id] * scale))
        start = time.process_time()
        decisions = 0
        for seed in range(count):
            state, steps = random_playout(game, seed)
            decisions += steps
            digest.update(state.fingerprint().encode())
        cpu = time.process_time() - start
        return {"decisions": decisions, "cpu_s": cpu, "rate": decisions / cpu,
                "digest": digest.hexdigest()}  # fmt: skip
    middles = mid_game_states(game, 5)
    if what == "clone":
        best = float("inf")
        rounds = max(100, round(2000 * scale))
        for state in middles:
            start = time.process_time()
            for _ in range(rounds):
                state.clone()
            best = min(best, (time.process_time() - start) / rounds)
        return {"rate": best * 1e6}
    if what == "ismcts":
        iterations = 0
        cpu = 0.0
        for i, state in enumerate(middles):
            if state.is_terminal or len(state.legal_actions()) < 2:
                continue
            agent = IsmctsAgent(300, seed=i)
            start = time.process_time()
            choice = agent.choose(state)
            cpu += time.process_time() - start
            iterations += agent.last_iterations
            digest.update(choice.text.encode())
        return {"iterations": iterations, "cpu_s": cpu, "rate": iterations / cpu,
                "digest": digest.hexdigest()}  # fmt: skip
    count = max(1, round(NORMAL[game_id] * scale))
    moves = 0
    start = time.process_time()
    for seed in range(count):
        state = game.new_state(None, 1000 + seed)
        agents = [_normal(2 * seed + k, game) for k in range(state.num_players)]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].choose(state))
            moves += 1
        digest.update(state.fingerprint().encode())
    cpu = time.process_time() - start
    return {"games": count, "moves": moves, "cpu_s": cpu, "rate": 60 * count / cpu,
            "digest": digest.hexdigest()}  # fmt: skip


def _normal(seed: int, game: Any) -> Any:
    """``normal`` as the levels build it (a game's own level where it has one), without the
    wall-clock cap of a generic level's search."""
    from cyberdeck.agents import IsmctsAgent, make_agent

    agent = make_agent("normal", seed, game)
    if isinstance(agent, IsmctsAgent):
        agent.seconds = None
    return agent


WHATS = {"random": "decisions/s", "clone": "clone µs", "ismcts": "IS-MCTS it/s",
         "normal": "normal games/min"}  # fmt: skip


def _worker(src: str, what: str, game: str, scale: float) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(Path(src).resolve()))
    done = subprocess.run(
        [sys.executable, __file__, "_one", what, game, str(scale)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def compare(
    trees: dict[str, str], games: list[str], whats: list[str], rounds: int, scale: float
) -> dict[str, Any]:
    runs: dict[str, dict[str, dict[str, list[dict[str, Any]]]]] = {}
    for _ in range(rounds):
        for game in games:
            for what in whats:
                for label, src in trees.items():
                    row = _worker(src, what, game, scale)
                    runs.setdefault(game, {}).setdefault(what, {}).setdefault(label, []).append(row)
                    print(game, what, label, json.dumps(row), flush=True)
    return runs


def summarise(runs: dict[str, Any], labels: list[str]) -> dict[str, Any]:
    """The best round of each tree (the least disturbed by the machine's other work), its ratio
    to the first tree, and whether the trees played the same games."""
    summary: dict[str, Any] = {}
    for game, whats in runs.items():
        for what, by_label in whats.items():
            best = {
                label: (min if what == "clone" else max)(r["rate"] for r in by_label[label])
                for label in labels
            }
            base = best[labels[0]]
            ratio = {
                label: round(base / v if what == "clone" else v / base, 2) if v and base else None
                for label, v in best.items()
            }
            digests = {r.get("digest") for rows in by_label.values() for r in rows}
            # Trees that played the same games as each other (a tree with other rules, an
            # older card set say, plays other games): each tree's first such tree.
            played = {label: tuple(sorted({str(r.get("digest")) for r in by_label[label]}))
                      for label in labels}  # fmt: skip
            summary.setdefault(game, {})[what] = {
                "best": {k: round(v, 2) for k, v in best.items()},
                "speedup": ratio,
                "same_games": len(digests) == 1,
                "same_games_as": {
                    label: next(k for k in labels if played[k] == played[label]) for label in labels
                },
            }
    return summary


def table(summary: dict[str, Any], labels: list[str]) -> str:
    rows = [f"{'game':<17}{'measure':<18}" + "".join(f"{k:>12}" for k in labels) + "  speed-up"]
    for game, whats in summary.items():
        for what, row in whats.items():
            cells = "".join(f"{row['best'][k]:>12,.1f}" for k in labels)
            ups = " ".join(f"{row['speedup'][k]}x" for k in labels[1:])
            groups = row.get("same_games_as", {})
            flag = (
                ""
                if row["same_games"]
                else "  (games differ: " + ", ".join(f"{k} as {v}" for k, v in groups.items()) + ")"
            )
            rows.append(f"{game:<17}{WHATS[what]:<18}{cells}  {ups}{flag}")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    cmp = sub.add_parser("compare")
    cmp.add_argument("--tree", action="append", required=True, help="NAME=SRC, first is the base")
    cmp.add_argument("--game", action="append", choices=GAMES, help="default: every game")
    cmp.add_argument("--what", action="append", choices=list(WHATS), help="default: all")
    cmp.add_argument("--rounds", type=int, default=2)
    cmp.add_argument("--scale", type=float, default=1.0, help="more or fewer games a measurement")
    cmp.add_argument("--out", default=str(ROOT / "bench/results/lean.json"))
    one = sub.add_parser("_one")
    one.add_argument("what", choices=list(WHATS))
    one.add_argument("game", choices=GAMES)
    one.add_argument("scale", type=float)
    args = parser.parse_args()
    if args.cmd == "_one":
        print(json.dumps(measure(args.what, args.game, args.scale)))
        return
    trees = dict(t.split("=", 1) for t in args.tree)
    labels = list(trees)
    runs = compare(trees, args.game or list(GAMES), args.what or list(WHATS), args.rounds,
                   args.scale)  # fmt: skip
    summary = summarise(runs, labels)
    print(table(summary, labels))
    report = {"command": " ".join(sys.argv), "trees": trees, "summary": summary, "runs": runs}
    write_result(args.out, report, ensure_ascii=False)


if __name__ == "__main__":
    main()
