"""Cyberpunk CCG: one line per seeded greedy game (pairing, seed, moves, a hash of every move's
text, the outcome), to compare two source trees move for move.

`PYTHONPATH=src python bench/ccg_trace.py GAMES > a.txt` in each tree, then `diff a.txt b.txt`.
A change that should not alter play (the combat scale with its thresholds scaled alike, a faster
evaluation) must leave every line the same.
"""

from __future__ import annotations

import hashlib
import sys

from cyberdeck.agents import make_agent
from cyberdeck.engine import load_game
from cyberdeck.games.cyberpunk_ccg.decks import STARTERS

PAIRINGS = (
    ("arasaka", "militech"),
    ("ncpd", "the-mob"),
    ("the-nomads", "friendly-gangs"),
    ("militech", "arasaka"),
    ("the-mob", "ncpd"),
    ("friendly-gangs", "the-nomads"),
)


def trace(first: str, second: str, seed: int) -> str:
    game = load_game("cyberpunk-ccg")
    state = game.new_state({}, seed, [list(STARTERS[first][2]), list(STARTERS[second][2])])
    agents = [make_agent("greedy", seed * 2, game), make_agent("greedy", seed * 2 + 1, game)]
    moves = []
    while not state.is_terminal:
        mover = state.current_player
        assert mover is not None
        action = agents[mover].choose(state)
        moves.append(str(action))
        state.apply(action)
    digest = hashlib.sha1("\n".join(moves).encode()).hexdigest()[:12]
    return f"{first} {second} {seed} {len(moves)} {digest} {state.outcome}"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    for g in range(games):
        first, second = PAIRINGS[g % len(PAIRINGS)]
        print(trace(first, second, 100 + g), flush=True)


if __name__ == "__main__":
    main()
