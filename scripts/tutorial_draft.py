"""Draft a tutorial script: search seeds for a game the learner wins, and print its line of play.

    PYTHONPATH=src python scripts/tutorial_draft.py cipher-run --seeds 0-50 --learner greedy \
        --opponent random --want deploy:J --want deploy:Q

Plays each seed with the learner's agent at ``--seat`` and the opponent's agent elsewhere, keeps the
first seed the learner wins whose moves match every ``--want`` (a substring of a move's text, or
``kind:card-rank`` for a move of that kind whose first argument has that rank), and prints every
move with the events the learner saw, then a TOML skeleton: the deal and every move as one ``auto``
step. An author splits it into the learner's steps and writes their texts (docs/tutorials.md).
"""

from __future__ import annotations

import argparse
import sys

from cyberdeck.agents import make_agent
from cyberdeck.engine import Match, load_game


def wanted(text: str, want: str) -> bool:
    kind, _, rank = want.partition(":")
    if rank:
        words = text.split()
        return words[0] == kind and len(words) > 1 and words[1].startswith(rank)
    return want in text


def play(
    game_id: str,
    seed: int,
    seat: int,
    learner: str,
    opponent: str,
    options: dict[str, str],
    decks: list[str] | None,
):
    game = load_game(game_id)
    match = Match(game, options, seed, decks)
    players = max(1, match.state.num_players)
    agents = [
        make_agent(learner if i == seat else opponent, seed + i, game) for i in range(players)
    ]
    lines = []
    while not match.state.is_terminal and len(match.record.actions) < 3000:
        mover = match.state.current_player
        assert mover is not None
        action = agents[mover].choose(match.state)
        events = match.play(action)
        seen = " / ".join(e.text for e in events if e.visible_to(seat))
        lines.append((mover, action.text, seen))
    outcome = match.state.outcome
    return lines, outcome is not None and seat in outcome.winners


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--seeds", default="0-20")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--learner", default="greedy")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--want", action="append", default=[])
    parser.add_argument("--option", action="append", default=[], help="name=value")
    parser.add_argument("--deck", action="append", default=None, help="once per seat")
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    low, _, high = args.seeds.partition("-")
    options = dict(o.split("=", 1) for o in args.option)
    for seed in range(int(low), int(high or low) + 1):
        lines, won = play(
            args.game, seed, args.seat, args.learner, args.opponent, options, args.deck
        )
        mine = [text for mover, text, _ in lines if mover == args.seat]
        if not won or len(lines) > args.max_moves:
            continue
        if not all(any(wanted(t, w) for t in mine) for w in args.want):
            continue
        for number, (mover, text, seen) in enumerate(lines, start=1):
            who = "you" if mover == args.seat else f"seat {mover}"
            print(f"{number:>3} {who:>7}: {text:<28} | {seen}")
        print(f"\n# seed {seed}: {len(lines)} moves, won by seat {args.seat}\n")
        deal = f"[deal]\nseed = {seed}\nseat = {args.seat}\noptions = {options!r}\n"
        print(deal + (f"decks = {args.deck!r}\n" if args.deck else ""))
        moves = ", ".join(f'"{t}"' for _, t, _ in lines)
        print(f'[[step]]\nmoves = [{moves}]\nauto = true\ntext = "..."')
        return 0
    print("No seed in the range gives such a game.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
