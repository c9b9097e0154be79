"""Digests of every view and observation along seeded random games, per game: run it on two
checkouts to show that a change to the views or encoders left what they contain as it was.

    PYTHONPATH=OLD/src python bench/views_same.py --out old.json  # (this script, run from here)
    PYTHONPATH=src python bench/views_same.py --out new.json --against old.json

Each position of seeded random games (deals 0, 1, ..., moves picked by ``Rng(deal)``, whole
games until ``--positions`` are seen per game, shared among its configurations) contributes
every seat's view and the spectator's, as JSON text in the views' own key order, and
every seat's sparse encoding. ``--against`` compares with an earlier run's digests and exits 1
when any differ. The result is written to ``--out``; numbers, never asserted in the test suite.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from cyberdeck.engine import Game, Rng, games, load_game


def digest(game: Game, wanted: int) -> dict[str, Any]:
    views = hashlib.sha256()
    observations = hashlib.sha256()
    positions = 0
    configurations = game.configurations()
    for done, options in enumerate(configurations, 1):
        encoding = game.observation_encoding(game.resolve_options(options))
        deal = 0
        while positions < wanted * done // len(configurations):
            state = game.new_state(options, deal)
            rng = Rng(deal)
            while True:
                positions += 1
                for seat in (*range(state.num_players), None):
                    view = state.view(seat)
                    views.update(json.dumps(view).encode())
                    if seat is not None:
                        numbers = sorted(encoding.sparse(view, seat).items())
                        observations.update(repr(numbers).encode())
                if state.is_terminal:
                    break
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
            deal += 1
    return {
        "positions": positions,
        "views": views.hexdigest(),
        "observations": observations.hexdigest(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--positions", type=int, default=10_000, help="at least, per game")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--against", type=Path)
    args = parser.parse_args()
    chosen = [load_game(g) for g in args.games] if args.games else games()
    result = {game.id: digest(game, args.positions) for game in chosen}
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    for game_id, row in result.items():
        print(f"{game_id:<18}{row['positions']:>9,} positions  {row['views'][:12]}  "
              f"{row['observations'][:12]}")  # fmt: skip
    if args.against is not None:
        before = json.loads(args.against.read_text())
        differ = [g for g in result if before.get(g) != result[g]]
        print("identical" if not differ else f"DIFFERENT: {', '.join(differ)}")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
