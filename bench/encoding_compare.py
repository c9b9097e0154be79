"""One game's encoder, old against new, in one process and on the very same views (docs/envs.md,
"Speed"): a change to an encoder is a few µs in a step, below what two whole runs minutes apart
on this shared machine can tell apart.

The old encoder is the game's ``encoding.py`` from OLD_CHECKOUT, loaded beside this checkout's
(it imports this checkout's engine). Each round empties every memo (``clear_memos``), then for
each seeded random game draws the mover's view at every position in order, as a step meets them
(parts shared with the position before), and times each encoder over that game's views, the two
taking turns in which goes first. Per game the best round per side counts; CPU time. The first
round also checks that both give the same numbers.

    python bench/encoding_compare.py OLD_CHECKOUT GAME [--positions N] [--rounds R]

Prints CPU µs per encoding, old and new; measured, never asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

from cyberdeck.engine import Action, Game, Rng, load_game
from cyberdeck.engine.encoding import Encoding
from cyberdeck.engine.shared import clear_memos


def old_encoding(game: Game, checkout: Path, options: dict[str, Any]) -> Encoding:
    package = type(game).__module__.rsplit(".", 1)[0]
    path = checkout / "src" / Path(*package.split(".")) / "encoding.py"
    spec = importlib.util.spec_from_file_location(f"{package}.encoding_old", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    encoding: Encoding = module.encoding(options)
    return encoding


def seeded_games(game: Game, positions: int) -> list[tuple[int, list[Action]]]:
    """Deals 0, 1, ... and their random moves (``Rng(1)``) until ``positions`` are seen."""
    rng = Rng(1)
    played: list[tuple[int, list[Action]]] = []
    seen = 0
    for deal in range(100_000):
        state = game.new_state(None, deal)
        moves = []
        while not state.is_terminal:
            legal = state.legal_actions()
            move = legal[rng.below(len(legal))]
            moves.append(move)
            state.advance(move)
        played.append((deal, moves))
        seen += len(moves)
        if seen >= positions:
            break
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old", type=Path, help="a checkout of the old code (git worktree add)")
    parser.add_argument("game")
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    game = load_game(args.game)
    options = game.resolve_options(None)
    encoders = {"old": old_encoding(game, args.old, options)}
    encoders["new"] = game.observation_encoding(options)
    played = seeded_games(game, args.positions)
    best = {side: [float("inf")] * len(played) for side in encoders}
    for round_ in range(args.rounds):
        clear_memos()
        for i, (deal, moves) in enumerate(played):
            state = game.new_state(None, deal)
            views = []
            for move in moves:
                mover = state.current_player
                assert mover is not None
                views.append((state.view(mover), mover))
                state.advance(move)
            for side in ("old", "new") if (round_ + i) % 2 == 0 else ("new", "old"):
                sparse = encoders[side].sparse
                start = time.process_time()
                for view, seat in views:
                    sparse(view, seat)
                best[side][i] = min(best[side][i], time.process_time() - start)
            if round_ == 0:
                for view, seat in views:
                    if encoders["old"].sparse(view, seat) != encoders["new"].sparse(view, seat):
                        raise SystemExit(f"deal {deal}: the encoders disagree")
    positions = sum(len(moves) for _, moves in played)
    old, new = (sum(best[side]) / positions * 1e6 for side in ("old", "new"))
    print(
        f"{game.id}: {positions:,} positions, CPU µs per encoding: old {old:.2f}, new {new:.2f} "
        f"(old / new {old / new:.2f})"
    )


if __name__ == "__main__":
    main()
