"""Ship the AI levels' ladder ratings with the package: each ladder result (a file
``cyberdeck lab ladder GAME --agents random,easy,normal,hard,... --json`` printed, as kept in
``bench/results/ladder/``) becomes ``src/cyberdeck/agents/ladders/GAME.json``, random play at 0.

    python scripts/ship_ladders.py bench/results/ladder/cypher.json [...]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from cyberdeck.agents.ladders import SHIPPED, anchored  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ladders", nargs="+", type=Path)
    args = parser.parse_args()
    for path in args.ladders:
        shipped = anchored(json.loads(path.read_text(encoding="utf-8")))
        out = SHIPPED / f"{shipped['game']}.json"
        out.write_text(json.dumps(shipped, indent=1) + "\n", encoding="utf-8")
        levels = ", ".join(f"{k} {v['elo']:+d}" for k, v in shipped["ratings"].items())
        print(f"{out.relative_to(ROOT)}: {levels}")


if __name__ == "__main__":
    main()
