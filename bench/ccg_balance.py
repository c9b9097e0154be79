"""Cyberpunk CCG: the starters' balance targets, read from a lab tournament's results.

`python bench/ccg_balance.py FOLDER... [--json FILE]` reads the games that `cyberdeck lab
tournament cyberpunk-ccg` runs saved in the FOLDERs and prints what the targets ask of the six
starters, each with its 95% Wilson interval: every starter's win rate against the field (target
40-60%); the share of games that deck-out points decide (target at most 20%); the first player's
win rate (45-55%); and, per starter, the share of its wins that its sponsor's own condition gave
(at least 2%).

"Deck-out points decide" a game that was won on points when the winner's total, less the points it
was given for its opponent's missing cards, would not have reached 100: every record is replayed to
count them (the lab keeps only the ending).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pandas as pd
from provenance import write_result

from cyberdeck.engine import Record, load_game
from cyberdeck.engine.playback import parse_actions
from cyberdeck.lab.stats import wilson

WIN_POINTS = 100


def deck_out_decided(record: Record, kind: str, winner: int) -> bool:
    """Whether the winner needed the Ops or Style its opponent's deck-out gave it."""
    if kind not in ("ops", "style"):
        return False
    game = load_game(record.game)
    state = game.new_state(record.options, record.seed, record.decks)
    given = 0
    for action in parse_actions(list(record.actions), game):
        if action.kind == "take" and state.current_player == winner and action.args == (kind,):
            given += 5
        state.apply(action)
    total = int(state.view(None)["players"][winner][kind])  # Style: in play, cards included
    return given > 0 and total - given < WIN_POINTS


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"wins": wins, "games": n, "rate": wins / n if n else 0.0, "ci95": [lo, hi]}


def summarize(*folders: Path) -> dict[str, Any]:
    """The targets over the games of every folder together (a tournament continued in a second
    run: ``--games 14 --seed 9006`` plays games 7-20 of each pair of ``--games 20 --seed 9000``,
    the same deals and seats, as the lab seeds game k of every pair ``seed + k``)."""
    games = pd.concat(
        [pd.read_parquet(folder / "games.parquet") for folder in folders], ignore_index=True
    )
    field: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    own: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    endings: dict[str, int] = defaultdict(int)
    first_wins = 0.0
    decided = 0
    for row in games.itertuples():
        decks = list(row.decks)
        winners = list(row.winners)
        endings[str(row.kind)] += 1
        for seat, deck in enumerate(decks):
            field[deck][1] += 1
            if seat in winners:
                field[deck][0] += 1 / len(winners)
        if not winners:
            continue
        winner = int(winners[0])
        first_wins += 1 if winner == int(row.first) else 0
        own[decks[winner]][1] += 1
        if row.kind == "sponsor":
            own[decks[winner]][0] += 1
        record = Record.from_json(json.loads(str(row.record)))
        decided += deck_out_decided(record, str(row.kind), winner)
    n = len(games)
    decisive = sum(1 for w in games.winners if len(w))
    return {
        "games": n,
        "starters": {deck: _rate(w, int(g)) for deck, (w, g) in sorted(field.items())},
        "deck_out_decided": _rate(decided, n),
        "first_player": _rate(first_wins, decisive),
        "own_condition_share_of_wins": {deck: _rate(w, g) for deck, (w, g) in sorted(own.items())},
        "endings": dict(endings),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folders", type=Path, nargs="+", help="one or more tournaments' --out")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    out = summarize(*args.folders)

    def pct(r: dict[str, Any]) -> str:
        lo, hi = r["ci95"]
        return f"{r['wins']:g} of {r['games']}  {100 * r['rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%)"

    print(f"{out['games']} games; endings {out['endings']}")
    print("starter vs the field (target 40-60%):")
    for deck, r in out["starters"].items():
        print(f"  {deck:<16}{pct(r)}")
    print(f"deck-out points decide (target <= 20%): {pct(out['deck_out_decided'])}")
    print(f"first player wins (target 45-55%): {pct(out['first_player'])}")
    print("wins by the sponsor's own condition (target >= 2% of the starter's wins):")
    for deck, r in out["own_condition_share_of_wins"].items():
        print(f"  {deck:<16}{pct(r)}")
    if args.json:
        write_result(args.json, out)


if __name__ == "__main__":
    main()
