"""Cyberpunk CCG: why Arasaka's fortress stands, read turn by turn from a lab run's records.

`python bench/ccg_fortress.py FOLDER [--json FILE]` replays every game of a `cyberdeck lab
tournament cyberpunk-ccg` run in FOLDER that has Arasaka in it, and reads each of the opponent's
turns at its end (the fortress is checked at the end of Arasaka's next turn, and only a hit on
Arasaka's Locations or Stash during the opponent's turn keeps it down): Arasaka's Defense as if
every runner were straightened (the wall the opponent faces), whether the opponent hit Arasaka,
and how many of the opponent's runners were in play and unused when its Hits step began (what it
could have sent). It sums those turns by how close the wall stood, and for every game the
fortress won, says what the opponent had on the turn before.

`bench/ccg_diagnose.py` says where each starter's points come from; this answers the narrower
question its figures raised: at `normal`, does the opponent fail to deny the fortress because it
cannot hit, or because it will not?
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pandas as pd

from cyberdeck.engine import Record, load_game
from cyberdeck.engine.playback import parse_actions
from cyberdeck.games.cyberpunk_ccg.rules import HITS
from cyberdeck.games.cyberpunk_ccg.state import CyberState
from cyberdeck.games.cyberpunk_ccg.victory import ARASAKA_DEFENSE

#: Bands of Arasaka's wall (Defense as if straightened) at the end of an opponent's turn.
BANDS = ((0, "under 60"), (60, "60-89"), (90, "90-119"), (ARASAKA_DEFENSE, "120 and over"))


def _band(df: int) -> str:
    return [name for low, name in BANDS if df >= low][-1]


def _wall(st: CyberState, p: int) -> int:
    return sum(st.runner_stat(r, "df", even_used=True) for r in st.runners(p))


def _unused(st: CyberState, p: int) -> int:
    return sum(1 for r in st.runners(p) if not st.used[r])


def fortress(folder: Path) -> dict[str, Any]:
    games = pd.read_parquet(folder / "games.parquet")
    turns: dict[str, Counter[str]] = {name: Counter() for _, name in BANDS}
    wins: list[dict[str, Any]] = []
    played = 0
    for row in games.itertuples():
        decks = [str(d) for d in row.decks]
        if "arasaka" not in decks or decks == ["arasaka", "arasaka"]:
            continue
        played += 1
        a = decks.index("arasaka")
        o = 1 - a
        record = Record.from_json(json.loads(str(row.record)))
        game = load_game(record.game)
        st = game.new_state(record.options, record.seed, record.decks)
        assert isinstance(st, CyberState)
        sendable = -1  # the opponent's unused runners as its Hits step began, this turn
        last: dict[str, Any] = {}
        for action in parse_actions(list(record.actions), game):
            before_turn, before_active, before_step = st.turn, st.active, st.step
            st.apply(action)
            if st.active == o and st.step == HITS and before_step != HITS:
                sendable = _unused(st, o)
            if before_active == o and (st.turn != before_turn or st.is_terminal):
                df = _wall(st, a)
                band = turns[_band(df)]
                band["turns"] += 1
                band["hit"] += st.sitehit[a]
                band["could not send"] += sendable == 0
                band["runners in play"] += len(st.runners(o))
                last = {
                    "wall": df,
                    "hit": bool(st.sitehit[a]),
                    "unused at hits": sendable,
                    "runners": len(st.runners(o)),
                    "opponent": decks[o],
                    "turn": before_turn,
                }
                sendable = -1
            if st.is_terminal:
                break
        if a in [int(w) for w in row.winners] and str(row.kind) == "sponsor":
            wins.append(last)
    return {"games": played, "opponent_turns": turns, "fortress_wins": wins}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    out = fortress(args.folder)
    print(
        f"{out['games']} games with Arasaka; the opponent's turns by Arasaka's wall at their end:"
    )
    for name, c in out["opponent_turns"].items():
        n = c["turns"]
        if n:
            print(
                f"  wall {name:>12}: {n:4} turns, hit Arasaka in {c['hit']} "
                f"({100 * c['hit'] / n:.0f}%), no unused runner at Hits in {c['could not send']}, "
                f"runners in play {c['runners in play'] / n:.1f}"
            )
    print(f"{len(out['fortress_wins'])} fortress wins; the opponent's turn before each:")
    for w in out["fortress_wins"]:
        print(f"  {w}")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, default=dict) + "\n")


if __name__ == "__main__":
    main()
