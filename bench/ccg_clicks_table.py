"""Where a person's clicks go in Cyberpunk CCG, without a browser: the twin of ``ccg_clicks.py``.

The same scripted person (``tests/web/ccg_person.py``) plays the easy AI, and the table answers for
the person exactly as the server's match hub does (``engine.autoanswer`` with the default stops);
the proposal is taken with one click wherever it is offered at a pay prompt. Nothing is timed and
nothing waits on a page, so a game takes seconds and the deals come from ``--seed``: the same
seeds before and after a change to the table compare like with like, which the browser bench (the
server draws each match's seed) cannot. The person uses the table's gestures (several moves as
one click) where they make the decisions it would make one at a time; ``--no-gestures`` plays
as before them, and ``--compare`` plays every game both ways and checks that every move of the
game is the same (the gestures save clicks, never change a decision). It prints the same summary as ``ccg_clicks.py``, and where
the clicks go: per whose turn, per step or prompt kind, per move kind, and the table's answers per
step. The browser bench stays the measure of record; this one says where to look.

    PYTHONPATH=src python bench/ccg_clicks_table.py --games 10 --seed 1
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from provenance import write_result  # noqa: E402
from tests.web.ccg_person import choose, gesture_for  # noqa: E402

from cyberdeck.agents.levels import make_agent  # noqa: E402
from cyberdeck.engine import Game, load_game  # noqa: E402
from cyberdeck.engine.autoanswer import Stops, answer  # noqa: E402

#: Decisions a game may take at most (a safety net; a game ends long before).
LIMIT = 20_000


def play_game(
    game: Game, seed: int, person: int, where: Counter[str], gestures: bool = True
) -> dict[str, Any]:
    """One game; the person sits at ``person``. ``where`` gathers the clicks by kind."""
    state = game.new_state({}, seed)
    ai = make_agent("easy", seed, game)
    stops = Stops.defaults(game)
    per_turn: Counter[tuple[int, str]] = Counter()
    draws = passes = clicks = decisions = 0
    moves: list[str] = []
    for _ in range(LIMIT):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        if seat != person:
            action = ai.choose(state)
            moves.append(action.text)
            state.apply(action)
            continue
        view = state.view(seat)
        legal = state.legal_actions()
        found = answer(game, view, legal, stops)
        if found is not None:
            where[f"table {view['step']}: {found.reason}"] += 1
            moves.append(found.action.text)
            state.apply(found.action)
            continue
        whose = "setup" if view["step"] == "setup" else "own" if view["active"] == seat else "opp"
        prompt = view.get("prompt")
        asked = prompt["kind"] if prompt else f"{view['step']} step"
        offer = game.propose(view, legal)
        text = choose([a.text for a in legal], draws)
        offered = [[a.text for a in g.actions] for g in game.gestures(state)] if gestures else []
        plan = gesture_for(text, offered, draws)
        if offer is not None and any(a.kind == "pay" for a in legal):
            plan, move = [a.text for a in offer.actions], "accept"
        elif plan is not None:
            move = f"gesture {text.split()[0]}"
        else:
            plan, move = [text], text.split()[0]
            passes += text == "pass"
        # A gesture is one click and a decision per move: an accepted proposal counts one, as
        # it did before there were gestures.
        decisions += 1 if move == "accept" else len(plan)
        for step in plan:
            if state.current_player != seat or game.parse_action(step) not in state.legal_actions():
                break
            draws += step.startswith("draw ")
            moves.append(step)
            state.apply(game.parse_action(step))
        clicks += 1
        where[f"{whose} {asked}: {move}"] += 1
        per_turn[(view["turn"], whose)] += 1
    played = max((t for t, _ in per_turn), default=0)
    mine = {t for t, w in per_turn if w == "own"}
    return {
        "clicks": clicks,
        "decisions": decisions,
        "passes": passes,
        "own_turns": [per_turn[(t, "own")] for t in sorted(mine)],
        "opp_turns": [per_turn[(t, "opp")] for t in range(1, played + 1) if t not in mine],
        "finished": state.is_terminal,
        "moves": moves,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--out", help="write the figures as JSON here")
    parser.add_argument("--no-gestures", action="store_true", help="click every move one by one")
    parser.add_argument(
        "--compare", action="store_true", help="check that gestures change no move of any game"
    )
    args = parser.parse_args()
    game = load_game("cyberpunk-ccg")
    where: Counter[str] = Counter()
    # The person takes each seat in turn, so both the first and the second player are measured.
    games = [
        play_game(game, args.seed + n, n % 2, where, not args.no_gestures)
        for n in range(args.games)
    ]
    if args.compare:
        for n, played in enumerate(games):
            plain = play_game(game, args.seed + n, n % 2, Counter(), gestures=False)
            same = plain["moves"] == played["moves"]
            print(f"seed {args.seed + n}: {'the same moves' if same else 'MOVES DIFFER'}")
            if not same:
                raise SystemExit(1)
    own = [n for g in games for n in g["own_turns"]]
    opp = [n for g in games for n in g["opp_turns"]]
    clicks = sum(g["clicks"] for g in games)
    decisions = sum(g["decisions"] for g in games)
    summary = {
        "games": len(games),
        "median_clicks_own_turn": statistics.median(own) if own else None,
        "mean_clicks_own_turn": round(statistics.mean(own), 2) if own else None,
        "median_clicks_opponent_turn": statistics.median(opp) if opp else None,
        "pass_share": round(sum(g["passes"] for g in games) / clicks, 4) if clicks else None,
        "pass_share_of_decisions": round(sum(g["passes"] for g in games) / decisions, 4)
        if decisions
        else None,
        "clicks": clicks,
        "decisions": decisions,
    }
    print(json.dumps(summary, indent=2))
    for key, n in where.most_common():
        print(f"{n:6d}  {key}")
    if args.out:
        kept = [{k: v for k, v in g.items() if k != "moves"} for g in games]
        figures = {"summary": summary, "where": dict(where.most_common()), "games": kept}
        write_result(args.out, figures)


if __name__ == "__main__":
    main()
