"""CPU microseconds of one view (``state.view(seat)``) and of one encoding of it, per game, drawn
for consecutive positions of seeded random games, the way an environment or the server draws them.

    python bench/views_cost.py [GAME ...]

Steadier than ``envs_parts.py`` on a loaded machine, which reads each part as the difference of
two whole playouts: here only the view (or the encoding) is inside the timer. Each pass starts with
every shared-part memo empty (``engine.shared.clear_memos``, where the checkout has it), so a view
shares only with the positions before it in the same pass; best of five passes. Runs on older
checkouts too (``PYTHONPATH=OLD/src``), to compare. Prints a table; numbers, never asserted.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from cyberdeck.engine import Game, Rng, State, games, load_game

#: Positions per game (the CCG's are the dearest).
POSITIONS = {"cyberpunk-ccg": 1500}


def _clear() -> None:
    try:
        from cyberdeck.engine.shared import clear_memos
    except ImportError:  # a checkout from before shared parts
        return
    clear_memos()


def positions(game: Game, wanted: int) -> list[tuple[State, int]]:
    """Copies of every position of seeded random games, with the seat to move."""
    out: list[tuple[State, int]] = []
    deal = 0
    while len(out) < wanted:
        state = game.new_state(None, deal)
        rng = Rng(deal)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            out.append((state.clone(), seat))
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        deal += 1
    return out


def best(passes: int, run: Callable[[], float]) -> float:
    return min(run() for _ in range(passes))


def measure(game: Game, wanted: int) -> dict[str, Any]:
    seen = positions(game, wanted)
    encoding = game.observation_encoding(game.resolve_options(None))

    def views() -> float:
        fresh = [(state.clone(), seat) for state, seat in seen]
        for state, _ in fresh:
            state.legal_actions()  # a decision works these out anyway
            if hasattr(state, "_public"):
                state._public = None  # the CCG keeps its public view per position
        _clear()
        start = time.process_time()
        for state, seat in fresh:
            state.view(seat)
        return time.process_time() - start

    drawn = [(state.view(seat), seat) for state, seat in seen]

    def encodings() -> float:
        _clear()
        start = time.process_time()
        for view, seat in drawn:
            encoding.sparse(view, seat)
        return time.process_time() - start

    count = len(seen)
    return {
        "game": game.id,
        "positions": count,
        "view_us": round(best(5, views) / count * 1e6, 2),
        "encode_us": round(best(5, encodings) / count * 1e6, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    chosen = [load_game(g) for g in args.games] if args.games else games()
    print(f"{'game':<18}{'positions':>10}{'view µs':>10}{'encode µs':>11}")
    for game in chosen:
        row = measure(game, POSITIONS.get(game.id, 3000))
        print(
            f"{row['game']:<18}{row['positions']:>10,}{row['view_us']:>10.2f}{row['encode_us']:>11.2f}"
        )


if __name__ == "__main__":
    main()
