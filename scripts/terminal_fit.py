"""How much each game prints a move in a terminal of a given size: the most lines and columns
of any frame (all printed between two prompts) over a dozen moves of three deals, hot-seat and
against the AI, in the drawn layout and in line mode.

    PYTHONPATH=src python scripts/terminal_fit.py [--width 80] [--height 24]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.screens import SEEDS, play_frames

from cyberdeck.engine import games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=80)
    parser.add_argument("--height", type=int, default=24)
    args = parser.parse_args()
    print("| game | vs AI | hot-seat | line mode |")
    print("|---|---|---|---|")
    for game in games():
        cells = []
        for hotseat, plain in ((False, False), (True, False), (False, True)):
            runs = [
                play_frames(
                    game.id,
                    seed,
                    hotseat=hotseat,
                    plain=plain,
                    width=args.width,
                    height=args.height,
                )
                for seed in SEEDS
            ]
            lines = max(r.lines for r in runs)
            columns = max(r.columns for r in runs)
            cells.append(f"{lines}×{columns}")
        print(f"| {game.title} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
