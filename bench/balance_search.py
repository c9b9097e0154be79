"""The balance search's acceptance experiment: plant an imbalance in the CCG's shipped set, run
`cyberdeck lab balance` on the six starters at greedy without telling it the edits, and record
what it found within the budget run, beside the planted edits.

The search runs in ``--folder`` (or resumes there: a folder holding the same search, e.g. one the
`cyberdeck lab balance` command began with the same settings, is read back without replaying a
game), so the figures here are the search's own.

    PYTHONPATH=src python bench/balance_search.py --folder /tmp/balance-planted \
        --trials 40 --screen-games 20 --games 200 --confirm 2 --workers 2 --budget 2 --margin 2 \
        --planted-run /tmp/planted-200 --out bench/results/ccg-balance-search-leads.json

``--planted-run`` reads the planted set's own round robin at the confirmation's size (the set
written with `cyberdeck lab cardset` and the PLANTED edits below), played with
`cyberdeck lab tournament cyberpunk-ccg --entries "greedy@ncpd ..." --card-set planted.json
--games 200 --seed 0 --out /tmp/planted-200`. ``--no-leads`` leaves the search to TPE alone.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from provenance import write_result

from cyberdeck import load_game
from cyberdeck.engine.edits import edit_card_set, parse_edit
from cyberdeck.lab.balance import balance
from cyberdeck.lab.entries import make_entries
from cyberdeck.lab.store import holds_run

#: Edits that strengthen Ganger (in The Mob's, the Nomads' and the Gangs' decks) and cut Arasaka's
#: income.
PLANTED = ["Ganger: sr +10", "Ganger: df +10", "Arasaka: income -2"]
STARTERS = ["ncpd", "the-mob", "militech", "the-nomads", "friendly-gangs", "arasaka"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--trials", type=int, default=16)
    parser.add_argument("--screen-games", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--confirm", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None, help="core-hours for the search")
    parser.add_argument(
        "--no-leads", dest="leads", action="store_false", help="TPE alone, without the leads"
    )
    parser.add_argument(
        "--margin", type=float, default=0.0, help="points inside the band a screening must reach"
    )
    parser.add_argument(
        "--planted-run", type=Path,
        help="a `lab tournament --card-set` run of the planted set at --games a pair, same seed",
    )  # fmt: skip
    args = parser.parse_args()

    import optuna

    game = load_game("cyberpunk-ccg")
    shipped = game.card_set()
    assert shipped is not None
    planted = edit_card_set(game, shipped, [parse_edit(e) for e in PLANTED])
    entries = make_entries(game, ["greedy"] * len(STARTERS), STARTERS)
    found = balance(
        game, entries, (0.4, 0.6), args.folder, trials=args.trials,
        screen_games=args.screen_games, games=args.games, confirm=args.confirm, seed=args.seed,
        workers=args.workers, resume=holds_run(args.folder), base=planted,
        budget_hours=args.budget, leads=args.leads, margin=args.margin / 100,
    )  # fmt: skip
    study = optuna.load_study(
        study_name="balance", storage=f"sqlite:///{(args.folder / 'balance.db').resolve()}"
    )
    start = study.trials[0].user_attrs.get("rates", {})
    answer = found.answer
    planted_full = {}
    if args.planted_run is not None:
        from cyberdeck.lab.balance import win_rates
        from cyberdeck.lab.results import Results
        from cyberdeck.lab.stats import wilson

        run = Results.load(args.planted_run)
        assert run.run.get("seed") == args.seed and run.run.get("games") == args.games
        planted_full = {
            label: {"win": round(rate, 4), "games": n,
                    "ci95": [round(x, 4) for x in wilson(rate * n, n)]}
            for label, (rate, n) in win_rates(run).items()
        }  # fmt: skip
    touched = sorted({c.split(":")[0] for c in answer.changes}) if answer else []
    write_result(args.out, {
        "game": game.id, "entries": [e.label for e in entries], "band": [0.4, 0.6],
        "planted": PLANTED,
        "settings": {"trials": args.trials, "screen_games": args.screen_games,
                     "games": args.games, "confirm": args.confirm, "workers": args.workers,
                     "seed": args.seed, "budget_core_hours": args.budget, "leads": args.leads,
                     "margin_points": args.margin,
                     "knobs": "default (half of each number)"},
        "screening_core_hours": round(found.spent_s * args.workers / 3600, 3),
        "trials": [
            {"number": t.number, "lead": t.user_attrs.get("lead"),
             "changes": t.user_attrs.get("changes"), "rates": t.user_attrs.get("rates"),
             "games_played": t.user_attrs.get("played"),
             "seconds": round(float(t.user_attrs.get("seconds", 0.0)), 1)}
            for t in study.trials if "rates" in t.user_attrs
        ],
        "planted_screened": start,
        "planted_out_of_band": sorted(k for k, v in start.items() if not 0.4 <= v <= 0.6),
        "planted_at_full_games": planted_full,
        "search": found.to_json(),
        "answer_cards": touched,
        "planted_cards": sorted({e.split(":")[0] for e in PLANTED}),
    })  # fmt: skip


if __name__ == "__main__":
    main()
