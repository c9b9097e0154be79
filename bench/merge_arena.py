"""Add up arena results run in consecutive chunks: the same games as one long arena.

`cyberdeck arena GAME --games 250 --seed S --json`, then `--seed S+250`, `--seed S+500`, … play
exactly the games of `--games 2000 --seed S` (the chunk size a multiple of the number of seats, so
that the seat rotation stays in step); a long arena on a busy machine can then be run, and checked,
a chunk at a time:

    python bench/merge_arena.py bench/results/cipher-run-hard-vs-greedy-seed*.json

prints one JSON object shaped like the arena's own, with the 95% Wilson intervals recomputed over
all the games.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from cyberdeck.lab.arena import merge_summaries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    print(json.dumps(merge_summaries([json.loads(f.read_text()) for f in args.files])))


if __name__ == "__main__":
    main()
