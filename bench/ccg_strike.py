"""Cyberpunk CCG: how often Militech's strike is even possible, turn by turn.

`python bench/ccg_strike.py [--games N] [--seed S] [--bonus B] [--level L] [--workers W] [--json
FILE]` plays `greedy` against `greedy` (or level L against itself; W processes play the same
games), Militech's starter against each of the other five in turn (seats alternate),
and reads the table at the start of each of Militech's Hits steps: whether the opponent's Stash
holds a card (an empty Stash cannot be hit), whether Militech's unused runners carry 120 SR in
all, and whether some force of one to four of them would beat the Stash's ATTACK (its offense
plus ``--bonus``, what a card that adds attack would give) while 120 SR stays home outside it
("strict": the condition as the end of the turn counts it), counting a force that can exhaust
a vehicle and press on after the hit as home ("pressing on", `goals.holds_home`: what the
evaluation counts), or counting the force too ("force back": as if its runners were unused again
by the end of the turn, which Militech's Exfiltration does since v18). A defending team is not
counted: its Defense comes off the force's offense, and the Stash's ATTACK is 75 a card.

`ccg_goal_reach.py` says how far the SR gets; this says how often the strike is on the table, and
how often greedy makes it ("by its strike").
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ccg_goal_reach import deal
from provenance import write_result

from cyberdeck.games.cyberpunk_ccg import goals
from cyberdeck.games.cyberpunk_ccg.decks import STARTERS
from cyberdeck.games.cyberpunk_ccg.rules import HITS
from cyberdeck.games.cyberpunk_ccg.state import CyberState
from cyberdeck.games.cyberpunk_ccg.victory import MILITECH_SR


def strike_forces(st: CyberState, p: int, bonus: int) -> tuple[bool, bool, bool]:
    """(strict, pressing on, force back): whether some force of unused runners beats the Stash
    with 120 SR home outside it; with 120 SR home counting a force that can exhaust a vehicle
    and stay unused (``goals.holds_home``, what the strike really needs); and whether one does
    with 120 SR on all of them."""
    ready = [r for r in st.runners(p) if not st.used[r]]
    sr = {r: st.runner_stat(r, "sr") for r in ready}
    total = sum(sr.values())
    security = st.stash_security(1 - p)
    strict = pressing = back = False
    for size in range(1, 5):
        for force in itertools.combinations(ready, size):
            if st.force_attack(force) + bonus <= security:
                continue
            back = back or total >= MILITECH_SR
            strict = strict or total - sum(sr[r] for r in force) >= MILITECH_SR
            pressing = pressing or goals.holds_home(st, p, force)
    return strict, pressing, back


def play(rival: str, seed: int, seat: int, bonus: int, level: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    state, agents = deal(list(STARTERS["militech"][2]), rival, seed, seat, level)
    seen: set[int] = set()
    while not state.is_terminal:
        if state.active == seat and state.step == HITS and state.turn not in seen:
            seen.add(state.turn)
            counts["turns"] += 1
            ready_sr = sum(state.runner_stat(r, "sr") for r in state.runners(seat))
            counts["120 SR on unused runners"] += ready_sr >= MILITECH_SR
            if state.stash[1 - seat]:
                counts["opponent's Stash holds a card"] += 1
                strict, pressing, back = strike_forces(state, seat, bonus)
                counts["strike possible, strict"] += strict
                counts["strike possible, pressing on"] += pressing
                counts["strike possible, force back"] += back
        mover = state.current_player
        assert mover is not None
        state.apply(agents[mover].choose(state))
    outcome = state.outcome
    assert outcome is not None
    counts["games"] += 1
    counts["Militech wins"] += outcome.winners == (seat,)
    counts["by its strike"] += outcome.winners == (seat,) and outcome.kind == "sponsor"
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--bonus", type=int, default=0, help="attack added to every force")
    parser.add_argument("--level", default="greedy", help="both seats' agent (greedy, normal...)")
    parser.add_argument("--workers", type=int, default=1, help="processes (the same games)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rivals = [k for k in STARTERS if k != "militech"]
    games = range(args.games)
    counts: Counter[str] = Counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for game in pool.map(
            play,
            [rivals[g % len(rivals)] for g in games],
            [args.seed + g for g in games],
            [g % 2 for g in games],
            itertools.repeat(args.bonus),
            itertools.repeat(args.level),
        ):
            counts.update(game)
    print(json.dumps(dict(counts), indent=1))
    if args.json:
        write_result(args.json, dict(counts))


if __name__ == "__main__":
    main()
