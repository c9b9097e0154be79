"""Cipher Run's JAX twin against the reference engine, move for move, both ways.

The engine plays games (deal and moves: ``random``, ``greedy`` and a few ``normal``); the twin,
started from each game's deal and fed its actions, must show the same legal mask, both seats'
observations bit for bit, the same public view fields and the same outcome at every step. Then
the twin deals and plays games itself (random legal actions inside ``jit``, under ``vmap``) and
the engine replays each from the twin's deal with the same checks. The first difference stops the
run with the configuration, direction, seed and step (``cyberdeck.envs.jax.cipher_run_check``).

Configurations: the starters under each option set, and two more legal decks built to reach the
rules the starters seldom do (two Zero-Days, four Overclocks, aces for suit purges; two copies of
cards for equal values and repeated Overclocks).

    python bench/jax_verify_cipher_run.py [--scale F]

``--scale 1`` is 10,000 engine games and 10,000 twin games; the CI test runs a few dozen. Writes
bench/results/jax-verify-cipher-run.json.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

# The twin compiles for one core of this shared two-core machine.
os.environ.setdefault(
    "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
)

from provenance import write_result

from cyberdeck.envs.jax.cipher_run import CipherRun
from cyberdeck.envs.jax.cipher_run_check import Checker

PURGE = """# Two Zero-Days, four Overclocks, every ace
1x AS
1x AH
1x AD
1x AC
1x 2S
1x 2H
1x 2D
1x 3D
1x 3C
1x 4S
1x 5H
1x 5S
1x 6D
1x 7C
1x 7H
1x 8S
1x 9H
1x 9C
1x 10D
1x 10C
2x JK
1x KS
1x KH
1x KD
1x KC
1x QS
1x QH
1x JS
1x JH
"""
DOUBLES = """# Two of each card
2x AS
2x 2H
2x 3C
2x 4D
2x 5H
2x 6S
2x 7H
2x 8D
2x 9C
2x 10S
2x JS
1x JC
2x QD
2x KC
2x KH
1x JK
"""
#: (name, decks, options, share of the games, players taking the seeds in turn)
CONFIGS: list[tuple[str, Any, dict[str, str], float, tuple[str, ...]]] = [
    ("starters", None, {}, 0.4, ("random", "greedy", "random", "greedy") * 12 + ("normal",)),
    ("starters pivot=keep", None, {"pivot": "keep"}, 0.15, ("random", "greedy")),
    ("starters breach=end", None, {"breach": "end"}, 0.15, ("random", "greedy")),
    ("purge v cold-boot", [PURGE, "cold-boot"], {}, 0.15, ("random", "greedy")),
    ("doubles v purge", [DOUBLES, PURGE], {}, 0.15, ("random", "greedy")),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="1: 10,000 games each way")
    parser.add_argument("--out", default="bench/results/jax-verify-cipher-run.json")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    began = time.time()
    for name, decks, options, share, players in CONFIGS:
        games = max(1, round(10_000 * args.scale * share))
        checker = Checker(CipherRun(decks, options), decks)
        base = len(rows) * 1_000_000
        engine = checker.engine_games(range(base, base + games), players)
        twin = checker.twin_games(range(base, base + games))
        for what, tally in (("engine", engine), ("twin", twin)):
            row = {
                "config": name,
                "direction": what,
                "games": tally.games,
                "decisions": tally.decisions,
                "outcomes": tally.kinds,
                "cpu_s": round(tally.seconds, 1),
            }
            rows.append(row)
            print(json.dumps(row), flush=True)
    total = {
        what: sum(r["games"] for r in rows if r["direction"] == what) for what in ("engine", "twin")
    }
    print(f"all equal: {total['engine']} engine games and {total['twin']} twin games, "
          f"{time.time() - began:.0f} s")  # fmt: skip
    write_result(args.out, {"rows": rows, "games": total})


if __name__ == "__main__":
    main()
