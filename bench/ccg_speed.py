"""The CCG's speed for machines, two versions side by side, and proof that they play alike.

`python bench/ccg_speed.py compare --before /tmp/old/src [--after src]` measures both source trees
in one run, alternating, each in its own process (CPU time, not wall time, so a busy machine
slows the clock less): random-playout decisions per second, ``clone`` microseconds, and greedy and
``normal`` games per minute per core. `python bench/ccg_speed.py prints --src DIR --random N
--greedy M --out FILE` appends each seeded game's trace (the text of every action, the state's
fingerprint every 25 steps and at the end) so two versions' traces can be compared with
`python bench/ccg_speed.py same A.json B.json`. Results go to bench/results/ as JSON.

``normal`` is measured without its 0.8 s cap a move (100 iterations, as it plays wherever the cap
is not reached; moves that took 0.79 s of wall clock or more are counted beside it).
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

GAME = "cyberpunk-ccg"
ROOT = Path(__file__).resolve().parent.parent


def _trace(state: Any, choose: Any) -> dict[str, Any]:
    """Play ``state`` to the end with ``choose``; a digest of everything that happened."""
    digest = hashlib.blake2b(digest_size=16)
    steps = 0
    while not state.is_terminal:
        action = choose(state)
        digest.update(action.text.encode() + b"\n")
        state.apply(action)
        steps += 1
        if steps % 25 == 0:
            digest.update(state.fingerprint().encode())
    digest.update(state.fingerprint().encode())
    return {"steps": steps, "trace": digest.hexdigest(), "reason": state.outcome.reason}


def prints(random_games: int, greedy_games: int, out: Path) -> None:
    """Append one line per game to ``out`` (JSON lines), random and greedy games taking turns,
    so that a run cut short still compares like with like."""
    from cyberdeck.agents import make_agent
    from cyberdeck.engine import Rng, load_game

    game = load_game(GAME)
    with out.open("a") as lines:
        for seed in range(max(random_games, greedy_games)):
            if seed < random_games:
                rng = Rng(seed ^ 0x5EED)

                def pick(state: Any, rng: Any = rng) -> Any:
                    actions = state.legal_actions()
                    return actions[rng.below(len(actions))]

                row = {"kind": "random", "seed": seed, **_trace(game.new_state(None, seed), pick)}
                lines.write(json.dumps(row) + "\n")
            if seed < greedy_games:
                agents = [make_agent("greedy", 2 * seed + k, game) for k in (0, 1)]
                row = {"kind": "greedy", "seed": seed, **_trace(
                    game.new_state(None, seed), lambda st, a=agents: a[st.current_player].choose(st)
                )}  # fmt: skip
                lines.write(json.dumps(row) + "\n")
            lines.flush()


def speed(what: str, count: int) -> dict[str, Any]:
    """One measurement in this process (the source tree is whatever is first on the path)."""
    from cyberdeck.engine import load_game
    from cyberdeck.lab.bench import mid_game_states, random_playout

    game = load_game(GAME)
    if what == "random":
        start = time.process_time()
        decisions = sum(random_playout(game, seed)[1] for seed in range(count))
        cpu = time.process_time() - start
        return {"decisions": decisions, "cpu_s": cpu, "decisions_per_s": decisions / cpu}
    if what == "clone":
        # CPU time, like the rest (``lab.bench.clone_microseconds`` reads the wall clock, which a
        # loaded machine stretches): the best of five mid-game positions.
        best = float("inf")
        for state in mid_game_states(game, 5):
            start = time.process_time()
            for _ in range(count):
                state.clone()
            best = min(best, (time.process_time() - start) / count)
        return {"clone_us": best * 1e6}
    capped = moves = 0
    start = time.process_time()
    for seed in range(count):
        state = game.new_state(None, 1000 + seed)
        agents = [_agent(what, 2 * seed + k, game) for k in (0, 1)]
        while not state.is_terminal:
            agent = agents[state.current_player]
            t0 = time.perf_counter()
            action = agent.choose(state)
            if time.perf_counter() - t0 >= 0.79:
                capped += 1
            moves += 1
            state.apply(action)
    cpu = time.process_time() - start
    return {"games": count, "cpu_s": cpu, "games_per_min": 60 * count / cpu,
            "moves": moves, "capped_moves": capped}  # fmt: skip


def _agent(what: str, seed: int, game: Any) -> Any:
    """``normal`` as the levels build it, less its 0.8 s cap: on a loaded machine the cap cuts
    searches short by the wall clock, and a faster engine would then search more instead of
    finishing sooner. Where no move reaches the cap the two play the same game."""
    from cyberdeck.agents import IsmctsAgent, make_agent

    if what == "normal":
        return IsmctsAgent(100, None, seed, name="normal", prior_weight=1.0, worlds=16, reuse=True)
    return make_agent(what, seed, game)


def _worker(src: str, args: list[str]) -> Any:
    env = dict(os.environ, PYTHONPATH=str(Path(src).resolve()))
    done = subprocess.run(
        [sys.executable, __file__, *args], env=env, check=True, capture_output=True, text=True
    )
    return json.loads(done.stdout)


def compare(before: str, after: str, rounds: int, sizes: dict[str, int]) -> dict[str, Any]:
    table: dict[str, dict[str, list[Any]]] = {"before": {}, "after": {}}
    for _ in range(rounds):
        for label, src in (("before", before), ("after", after)):
            for what, count in sizes.items():
                if count:
                    result = _worker(src, ["_speed", what, str(count)])
                    table[label].setdefault(what, []).append(result)
                    print(label, what, result, flush=True)
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    cmp = sub.add_parser("compare")
    cmp.add_argument("--before", required=True)
    cmp.add_argument("--after", default=str(ROOT / "src"))
    cmp.add_argument("--rounds", type=int, default=2)
    cmp.add_argument("--random", type=int, default=10, help="random games a round")
    cmp.add_argument("--clone", type=int, default=2000, help="clones a position")
    cmp.add_argument("--greedy", type=int, default=6, help="greedy games a round")
    cmp.add_argument("--normal", type=int, default=1, help="normal games a round")
    cmp.add_argument("--out", default=str(ROOT / "bench/results/ccg-speed.json"))
    pr = sub.add_parser("prints")
    pr.add_argument("--random", type=int, default=1000)
    pr.add_argument("--greedy", type=int, default=200)
    pr.add_argument("--out", required=True)
    same = sub.add_parser("same")
    same.add_argument("a")
    same.add_argument("b")
    sp = sub.add_parser("_speed")
    sp.add_argument("what")
    sp.add_argument("count", type=int)
    args = parser.parse_args()
    if args.cmd == "_speed":
        print(json.dumps(speed(args.what, args.count)))
    elif args.cmd == "prints":
        prints(args.random, args.greedy, Path(args.out))
    elif args.cmd == "same":
        a, b = (_games(Path(p)) for p in (args.a, args.b))
        for kind in ("random", "greedy"):
            both = sorted(k for k in set(a) & set(b) if k[0] == kind)
            differ = [k[1] for k in both if a[k] != b[k]]
            steps = sum(a[k]["steps"] for k in both)
            print(f"{kind}: {len(both)} games ({steps:,} moves) compared, {len(differ)} differ "
                  f"{differ[:10]}")  # fmt: skip
    else:
        sizes = {"random": args.random, "clone": args.clone, "greedy": args.greedy,
                 "normal": args.normal}  # fmt: skip
        table = compare(args.before, args.after, args.rounds, sizes)
        summary: dict[str, Any] = {}
        for label, rows in table.items():
            summary[label] = {
                "decisions_per_s": _mean(rows, "random", "decisions_per_s"),
                "clone_us": min(r["clone_us"] for r in rows.get("clone", [{"clone_us": 0}])),
                "greedy_games_per_min": _mean(rows, "greedy", "games_per_min"),
                "normal_games_per_min": _mean(rows, "normal", "games_per_min"),
                "normal_capped_moves": sum(r["capped_moves"] for r in rows.get("normal", [])),
            }
        ratios = {
            k: round(summary["after"][k] / summary["before"][k], 2)
            for k in ("decisions_per_s", "greedy_games_per_min", "normal_games_per_min")
            if summary["before"][k]
        }
        if summary["after"]["clone_us"]:
            ratios["clone_speedup"] = round(
                summary["before"]["clone_us"] / summary["after"]["clone_us"], 2
            )
        report = {"command": " ".join(sys.argv), "summary": summary, "ratios": ratios,
                  "runs": table}  # fmt: skip
        write_result(args.out, report)
        print(json.dumps({"summary": summary, "ratios": ratios}, indent=1))


def _games(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {(r.pop("kind"), r.pop("seed")): r for r in rows}


def _mean(rows: dict[str, list[Any]], what: str, key: str) -> float:
    """Pooled over the rounds: total work over total CPU time."""
    runs = rows.get(what, [])
    if not runs:
        return 0.0
    if key == "decisions_per_s":
        return sum(r["decisions"] for r in runs) / sum(r["cpu_s"] for r in runs)
    return 60 * sum(r["games"] for r in runs) / sum(r["cpu_s"] for r in runs)


if __name__ == "__main__":
    main()
