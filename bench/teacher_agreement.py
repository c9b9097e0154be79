"""How far an apprentice is from its teacher, measured against the teacher's own consistency: the
teacher plays itself, and at every decision with a choice a second copy of the teacher (other
seeds) and the policy's most likely move are each compared with the move the teacher made.

A search level does not agree with itself on every move (its sampled worlds and playouts differ
from seed to seed), so the second copy's agreement is the most an apprentice of it can reach; the
gap between the two, seat by seat, is what more of the teacher's games could still teach.

    python bench/teacher_agreement.py cyberpunk-ccg --teacher hard \\
        --policy src/cyberdeck/agents/policies/cyberpunk-ccg.npz --games 10 --seed 20000 \\
        --workers 2 --out bench/results/learned/cyberpunk-ccg-teacher-agreement.json

Writes one row per game and the totals by seat; a game's CPU seconds are its process's own.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from provenance import write_result

from cyberdeck.agents import make_agent
from cyberdeck.agents.policy import read_policy
from cyberdeck.engine import load_game


def play(job: tuple[str, str, str, int]) -> dict[str, Any]:
    """One game of the teacher against itself; per seat: decisions with a choice, the second
    copy's agreements with the teacher, the policy's."""
    game_id, teacher, policy, deal = job
    began = time.process_time()
    game = load_game(game_id)
    net = read_policy(policy)
    state = game.new_state(net.options, deal)
    seats = state.num_players
    playing = [make_agent(teacher, deal * 7 + s, game) for s in range(seats)]
    second = [make_agent(teacher, deal * 7 + seats + s, game) for s in range(seats)]
    counts = [{"decisions": 0, "teacher_again": 0, "policy": 0} for _ in range(seats)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        move = playing[seat].choose(state)
        if len(legal) > 1:
            priors, _ = net.priors(state, seat, legal)
            likeliest = legal[max(range(len(legal)), key=priors.__getitem__)]
            row = counts[seat]
            row["decisions"] += 1
            row["teacher_again"] += second[seat].choose(state) == move
            row["policy"] += likeliest == move
        state.apply(move)
    outcome = state.outcome
    assert outcome is not None
    return {"deal": deal, "returns": list(outcome.returns), "seats": counts,
            "cpu_seconds": round(time.process_time() - began, 1)}  # fmt: skip


def totals(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per seat: decisions, and the share of them where the second copy and the policy agreed."""
    rows = []
    for seat in range(len(games[0]["seats"])):
        decisions = sum(g["seats"][seat]["decisions"] for g in games)
        again = sum(g["seats"][seat]["teacher_again"] for g in games)
        learned = sum(g["seats"][seat]["policy"] for g in games)
        rows.append({
            "seat": seat,
            "decisions": decisions,
            "teacher_again": round(again / decisions, 4),
            "policy": round(learned / decisions, 4),
            "won": sum(g["returns"][seat] > 0 for g in games),
        })  # fmt: skip
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--teacher", default="hard")
    parser.add_argument("--policy", required=True, help="the apprentice's policy file")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=20000, help="the first deal")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    read_policy(args.policy).check(load_game(args.game))
    jobs = [(args.game, args.teacher, args.policy, args.seed + i) for i in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        games = []
        for game in pool.map(play, jobs):
            games.append(game)
            print(f"deal {game['deal']}: {game['cpu_seconds']} CPU s", flush=True)
    rows = totals(games)
    for row in rows:
        print(
            f"seat {row['seat']}: {row['decisions']} decisions, the teacher again "
            f"{row['teacher_again']:.1%}, the policy {row['policy']:.1%}"
        )
    write_result(args.out, {"game": args.game, "teacher": args.teacher, "policy": args.policy,
                            "seats": rows, "games": games})  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
