"""Cyberpunk CCG: where each starter's games are won and lost, read from a lab run's records.

`python bench/ccg_diagnose.py FOLDER [--json FILE]` replays every game a `cyberdeck lab
tournament cyberpunk-ccg` run saved in FOLDER and sums, per starter: where its Ops came from
(runs on its own Operations, hits on the opponent's Locations and opened Operations, Stash hits,
the opponent's deck-out), how its hits and runs ended (scored, failed, its force DEFEATED), the
Events it played (on its own turn and on the opponent's), and how many of its runners were
trashed or busted. `ccg_balance.py` says which starters win too often; this says how, so that a
change of cards aims at the cause.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pandas as pd
from provenance import write_result

from cyberdeck.engine import Record, load_game
from cyberdeck.engine.playback import parse_actions
from cyberdeck.games.cyberpunk_ccg.cards import LOCATION
from cyberdeck.games.cyberpunk_ccg.cardset import BY_SLUG
from cyberdeck.games.cyberpunk_ccg.rules import STASH, num
from cyberdeck.games.cyberpunk_ccg.state import CyberState


def _blank() -> dict[str, Any]:
    return {
        "games": 0,
        "wins": 0,
        "ops": Counter(),
        "forces": Counter(),
        "events_own_turn": Counter(),
        "events_their_turn": Counter(),
        "lost_cards": Counter(),
        "busts_made": Counter(),
        "bought": Counter(),
        "draws": Counter(),
        "endings": Counter(),
        "turns": 0,
    }


def _target_kind(st: CyberState, target: int, mode: str) -> str:
    if mode == "run":
        return "run"
    if target == STASH:
        return "stash"
    return "location" if st.defs[target].kind == LOCATION else "operation"


def diagnose(folder: Path) -> dict[str, dict[str, Any]]:
    games = pd.read_parquet(folder / "games.parquet")
    out: dict[str, dict[str, Any]] = defaultdict(_blank)
    for row in games.itertuples():
        decks = [str(d) for d in row.decks]
        winners = [int(w) for w in row.winners]
        record = Record.from_json(json.loads(str(row.record)))
        game = load_game(record.game)
        st = game.new_state(record.options, record.seed, record.decks)
        assert isinstance(st, CyberState)
        bought: list[tuple[str, str] | None] = [None, None]
        for seat, deck in enumerate(decks):
            out[deck]["games"] += 1
            if seat in winners:
                out[deck]["wins"] += 1
                out[deck]["endings"][str(row.kind)] += 1
        for action in parse_actions(list(record.actions), game):
            before = list(st.ops)
            h = st.hit
            kind = _target_kind(st, h[3], h[0]) if h is not None else ""
            mover = st.current_player
            if h is None and action.kind in ("hit", "run") and mover is not None:
                # A force sent where nobody answers is resolved by the same move.
                target = STASH if action.args[0] == "stash" else num(action.args[0])
                h = (action.kind, mover, (), target)
                kind = _target_kind(st, target, action.kind)
            events = st.apply(action)
            for seat in (0, 1):
                gained = st.ops[seat] - before[seat]
                if gained:
                    source = kind if kind and h is not None and h[1] == seat else "other"
                    if action.kind == "take":
                        source = "deck-out"
                    out[decks[seat]]["ops"][source] += gained
            if action.kind == "draw" and mover is not None:
                out[decks[mover]]["draws"][str(action.args[0])] += 1
            if action.kind == "cancel" and mover is not None and bought[mover]:
                # Backing out of a purchase or an Event before it commits undoes it.
                out[decks[mover]][bought[mover][0]][bought[mover][1]] -= 1
            bought = [None, None]
            for e in events:
                if e.kind == "buy" and "seat" in e.data:
                    seat = int(e.data["seat"])
                    bought[seat] = ("bought", st.defs[BY_SLUG[str(e.data["card"])]].kind)
                    out[decks[seat]]["bought"][bought[seat][1]] += 1
                elif e.kind == "play" and mover is not None:
                    when = "events_own_turn" if st.active == mover else "events_their_turn"
                    card = str(e.data.get("card", "?"))
                    bought[mover] = (when, card)
                    out[decks[mover]][when][card] += 1
                elif e.kind in ("attack", "skirmish", "defeated", "fizzle") and h is not None:
                    attacker = decks[h[1]]
                    out[attacker]["forces"][f"{kind} {e.kind}"] += 1
                elif e.kind == "score" and h is not None:
                    out[decks[h[1]]]["forces"][f"{kind} scored"] += 1
                elif e.kind == "destroy" and "seat" in e.data:
                    out[decks[int(e.data["seat"])]]["lost_cards"][e.text.split(" is ")[0]] += 1
                elif e.kind == "bust" and "seat" in e.data:
                    out[decks[int(e.data["seat"])]]["busts_made"]["bust"] += 1
            if st.is_terminal:
                break
        for seat in (0, 1):
            out[decks[seat]]["turns"] += st.turn
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    out = diagnose(args.folder)
    for deck, d in sorted(out.items()):
        n = d["games"]
        print(f"== {deck}: {d['wins']} of {n} won; endings {dict(d['endings'])}")
        print(f"   Ops a game by source: { {k: round(v / n, 1) for k, v in d['ops'].items()} }")
        drawn = d["draws"]
        share = drawn["runs"] / max(1, drawn["runs"] + drawn["gear"])
        print(f"   draws: {dict(drawn)}, {100 * share:.0f}% from the Runs deck")
        print(
            f"   bought (a game): { {k: round(v / n, 1) for k, v in sorted(d['bought'].items())} }"
        )
        print(
            f"   forces (a game): { {k: round(v / n, 2) for k, v in sorted(d['forces'].items())} }"
        )
        top = d["events_own_turn"].most_common(8)
        print(f"   Events on its own turn (a game): { {k: round(v / n, 2) for k, v in top} }")
        top = d["events_their_turn"].most_common(8)
        print(f"   Events on the other's turn (a game): { {k: round(v / n, 2) for k, v in top} }")
        top = d["lost_cards"].most_common(6)
        print(f"   its cards trashed or burned (a game): { {k: round(v / n, 2) for k, v in top} }")
        print(f"   busts made (a game): {round(d['busts_made']['bust'] / n, 2)}")
    if args.json:
        write_result(args.json, out, default=dict)


if __name__ == "__main__":
    main()
