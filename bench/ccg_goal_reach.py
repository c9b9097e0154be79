"""Cyberpunk CCG: how far one starter's own sponsor condition gets, game by game.

`python bench/ccg_goal_reach.py SPONSOR [--rounds N] [--seed S] [--swap OLD=NEW ...] [--level L]
[--workers W] [--json FILE]` plays `greedy` against `greedy` (or level L against itself),
SPONSOR's starter against each of the other five starters N times (seats alternate game by
game; W processes play the same games), and reads the table at the Damage step of each of
SPONSOR's turns, the last step before the end-of-turn check (at the turn's last decision when no
one was asked anything at its Damage step): Defense and SR on its unused runners (what Arasaka's
and Militech's conditions count), the same as if every runner were straightened, runners in
play, bust points, the parts on a Punknaught Chassis and whether one is complete, and
`goals.progress`. Each figure's furthest value in a game is kept; the summary gives the median
and the largest, how many games the starter won and how many its own condition decided.

`--swap beat-cop=tactical-officer` plays a variant of the starter with every copy of one card
replaced by another (same positions, so the rest of each deal is unchanged): a card designed
for a sponsor's goal is measured before it goes into the starter.

The balance targets themselves come from `cyberdeck lab tournament` and `bench/ccg_balance.py`;
this script answers the question those cannot: when a condition never decides a game, how far
short it falls.
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path
from typing import Any

from provenance import write_result

from cyberdeck.agents import make_agent
from cyberdeck.engine import Agent, load_game
from cyberdeck.games.cyberpunk_ccg import equipping, goals
from cyberdeck.games.cyberpunk_ccg.cardset import BY_SLUG
from cyberdeck.games.cyberpunk_ccg.decks import STARTERS, check
from cyberdeck.games.cyberpunk_ccg.rules import DAMAGE
from cyberdeck.games.cyberpunk_ccg.state import CyberState

FIGURES = (
    "df",
    "sr",
    "df_straight",
    "sr_straight",
    "runners",
    "busts",
    "chassis_parts",
    "chassis_complete",
    "progress",
)


def reading(st: CyberState, p: int) -> dict[str, float]:
    """What ``p``'s table holds toward the sponsors' conditions right now."""
    rs = st.runners(p)
    ours = equipping.chassis(st, p)
    return {
        "df": sum(st.runner_stat(r, "df") for r in rs),
        "sr": sum(st.runner_stat(r, "sr") for r in rs),
        "df_straight": sum(st.runner_stat(r, "df", even_used=True) for r in rs),
        "sr_straight": sum(st.runner_stat(r, "sr", even_used=True) for r in rs),
        "runners": len(rs),
        "busts": st.busts[p],
        "chassis_parts": max((len(st.chassis_parts(ch)) for ch in ours), default=0),
        "chassis_complete": int(any(st.chassis_complete(ch) for ch in ours)),
        "progress": round(goals.progress(st, p), 3),
    }


def deck(sponsor: str, swaps: list[tuple[str, str]]) -> list[int]:
    cards = list(STARTERS[sponsor][2])
    for old, new in swaps:
        cards = [BY_SLUG[new] if c == BY_SLUG[old] else c for c in cards]
    check(cards)
    return cards


def deal(
    cards: list[int], rival: str, seed: int, seat: int, level: str
) -> tuple[CyberState, list[Agent]]:
    """Game ``seed`` of a gauntlet: ``cards`` at ``seat`` against ``rival``'s starter, both
    seats played by ``level`` (``ccg_strike.py`` plays the same games)."""
    game = load_game("cyberpunk-ccg")
    decks = [cards, list(STARTERS[rival][2])]
    if seat:
        decks.reverse()
    state = game.new_state({}, seed, decks)
    assert isinstance(state, CyberState)
    return state, [make_agent(level, seed * 2, game), make_agent(level, seed * 2 + 1, game)]


def play(cards: list[int], rival: str, seed: int, seat: int, level: str) -> dict[str, Any]:
    state, agents = deal(cards, rival, seed, seat, level)
    best = dict.fromkeys(FIGURES, 0.0)

    def keep(figures: dict[str, float]) -> None:
        for key, value in figures.items():
            best[key] = max(best[key], value)

    while not state.is_terminal:
        mover = state.current_player
        assert mover is not None
        before = reading(state, seat) if state.active == seat else None
        state.apply(agents[mover].choose(state))
        if state.outcome is None and state.step == DAMAGE and state.active == seat:
            keep(reading(state, seat))
        elif before is not None and state.active != seat:
            keep(before)  # the turn ended without a question at its Damage step
    outcome = state.outcome
    assert outcome is not None
    return {
        "rival": rival,
        "seed": seed,
        "seat": seat,
        "won": outcome.winners == (seat,),
        "kind": outcome.kind,
        "turns": state.view(None)["turn"],
        "furthest": best,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sponsor", choices=list(STARTERS))
    parser.add_argument("--rounds", type=int, default=4, help="games against each rival")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--swap", action="append", default=[], help="OLD=NEW card slugs")
    parser.add_argument("--level", default="greedy", help="both seats' agent (greedy, normal...)")
    parser.add_argument("--workers", type=int, default=1, help="processes (the same games)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    pairs = [swap.split("=", 1) for swap in args.swap]
    cards = deck(args.sponsor, [(old, new) for old, new in pairs])
    rivals = [k for k in STARTERS if k != args.sponsor]
    numbers = range(args.rounds * len(rivals))
    games = []
    with ProcessPoolExecutor(args.workers) as pool:
        rival_of = [rivals[g % len(rivals)] for g in numbers]
        seeds = [args.seed + g for g in numbers]
        seats = [g % 2 for g in numbers]
        for game in pool.map(play, repeat(cards), rival_of, seeds, seats, repeat(args.level)):
            games.append(game)
            print(json.dumps(game), flush=True)
    wins = [g for g in games if g["won"]]
    summary = {
        "sponsor": args.sponsor,
        "swaps": args.swap,
        "games": len(games),
        "wins": len(wins),
        "own_condition_wins": sum(1 for g in wins if g["kind"] == "sponsor"),
        "games_with_a_complete_chassis": sum(g["furthest"]["chassis_complete"] for g in games),
        "furthest": {
            key: {
                "median": statistics.median(g["furthest"][key] for g in games),
                "max": max(g["furthest"][key] for g in games),
            }
            for key in FIGURES
        },
    }
    print(json.dumps(summary, indent=1))
    if args.json:
        write_result(args.json, summary)


if __name__ == "__main__":
    main()
