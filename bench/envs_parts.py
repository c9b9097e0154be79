"""Where an environment step's time goes: per game, the CPU microseconds of one raw contract
decision beside those of each part of an observation (docs/envs.md, "Speed").

A learner's step costs a decision plus an observation, so an adapter can run at half the raw
contract's speed only while ``view`` + ``encode`` + ``array`` + ``mask`` stay under one decision.
``tensor`` is what OpenSpiel's ``observation_tensor`` adds on top (its list of floats, made from
the numbers already kept for the position); it is not counted in ``observation / decision``.

    python bench/envs_parts.py [GAME ...]

Each part is timed by what it adds to the same seeded random playouts (best of three passes), so
every view is drawn for a position just reached, as in a step. Prints a table and writes bench/results/envs_parts.json; measured, never asserted.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cyberdeck.engine import Game, Rng, State, games, load_game
from cyberdeck.envs.observe import Observation


def playouts(game: Game, games_played: int, extra: Callable[[State, int], object]) -> float:
    """CPU seconds of ``games_played`` seeded random games with ``extra(state, mover)`` before
    each decision, the best of three passes (every pass plays the very same games)."""
    best = float("inf")
    for _ in range(3):
        rng = Rng(1)
        start = time.process_time()
        for deal in range(games_played):
            state = game.new_state(None, deal)
            while not state.is_terminal:
                mover = state.current_player
                assert mover is not None
                extra(state, mover)
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
        best = min(best, time.process_time() - start)
    return best


def measure(game: Game, games_played: int) -> dict[str, Any]:
    """Each part's cost is what it adds to the same playouts: a view is then always drawn for a
    position reached just now, as in an environment's step (a game may cache it per position)."""
    obs = Observation(game)
    encoding = game.observation_encoding(obs.options)
    bare = playouts(game, games_played, lambda s, m: None)
    # Each part includes the ones before it; its own cost is the difference.
    parts = {
        "view": lambda s, m: s.view(m),
        "encode": lambda s, m: encoding.sparse(s.view(m), m),
        "array": lambda s, m: obs.array(s, m),
        "mask": lambda s, m: (obs.array(s, m), obs.mask(s, m)),
        # OpenSpiel's list of floats from the kept numbers (what observation_tensor returns).
        "tensor": lambda s, m: (obs.array(s, m), obs.mask(s, m), obs.tensor(s, m)),
    }
    totals = {name: playouts(game, games_played, part) for name, part in parts.items()}
    decisions = _decisions(game, games_played)
    previous = bare
    row: dict[str, Any] = {"game": game.id, "decision": round(bare / decisions * 1e6, 1)}
    for name, total in totals.items():
        row[name] = round(max(total - previous, 0.0) / decisions * 1e6, 1)
        previous = total
    row["observation / decision"] = round((totals["mask"] - bare) / bare, 2)
    return row


def _games_for(game: Game, decisions: int) -> int:
    """Enough seeded games for about ``decisions`` decisions (games differ in length tenfold)."""
    made = 0
    for played in range(1, 1000):
        state = game.new_state(None, played - 1)
        rng = Rng(1)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            made += 1
        if made >= decisions:
            return played
    return 1000


def _decisions(game: Game, games_played: int) -> int:
    counted = [0]

    def count(state: State, mover: int) -> None:
        counted[0] += 1

    playouts(game, games_played, count)
    return counted[0] // 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*")
    parser.add_argument(
        "--decisions", type=int, default=3000, help="about this many decisions a pass, per game"
    )
    args = parser.parse_args()
    chosen = [load_game(g) for g in args.games] if args.games else games()
    rows = [measure(game, _games_for(game, args.decisions)) for game in chosen]
    columns = list(rows[0])[1:]
    print(f"{'game (µs)':<18}" + "".join(f"{c:>24}" for c in columns))
    for row in rows:
        print(f"{row['game']:<18}" + "".join(f"{row[c]:>24}" for c in columns))
    out = Path(__file__).with_name("results") / "envs_parts.json"
    out.write_text(json.dumps({"rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
