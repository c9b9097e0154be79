"""``cyberdeck lab``: the designer's commands (simulate, tournament, cards, optimize, report).

Each prints a summary and keeps its games as Parquet under ``--out`` (by default a new folder per
run in the user's data directory; a folder that holds a run is refused unless ``--resume`` goes on
with it), written as they finish, so that ``cyberdeck lab report`` and any data tool can read them again and
``cyberdeck replay FOLDER --game N`` can show any game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from ..engine import BadDeck, BadOption, CyberdeckError, Game
from ..lab.entries import Entry, make_entries
from ..lab.executors import check_executor
from ..lab.progress import ProgressBar
from ..lab.simulate import check_seats
from ..userdata import data_dir
from .common import (
    Dask,
    Workers,
    check_workers,
    fail,
    fail_problems,
    find_game,
    parse_options,
    stopped_exit,
    stopped_note,
)

app = typer.Typer(
    help="The lab for designers: simulations with intervals, tournaments, per-card impact, deck "
    "search and reports.",
    no_args_is_help=True,
)

Games = Annotated[int, typer.Option("--games", help="How many games (per pair, in a tournament)")]
Seed = Annotated[int, typer.Option(help="Seed of the first game")]
Options = Annotated[list[str], typer.Option("--option", "-o", help="name=value")]
Players = Annotated[int | None, typer.Option(help="Number of players")]
Out = Annotated[
    Path | None,
    typer.Option(help="Folder for the results (Parquet; default: a new folder per run)"),
]
Resume = Annotated[
    bool, typer.Option(help="Go on with the run stopped in --out: play only the games it lacks")
]
AsJson = Annotated[bool, typer.Option("--json", help="One JSON object")]
CardSet = Annotated[
    Path | None,
    typer.Option(
        "--card-set",
        help="Play with this card-set file (JSON, as 'cyberdeck lab cardset GAME' writes it)",
    ),
]


def card_set_of(game: Game, path: Path | None) -> dict[str, Any] | None:
    """The checked card-set file, or ``None`` for the shipped cards."""
    from ..engine.edits import load_card_set

    return None if path is None else load_card_set(game, path)


def words(text: str) -> list[str]:
    """``a,b`` or ``"a b"``: the names of a list option."""
    return [w for w in text.replace(",", " ").split() if w]


def fail_on(err: CyberdeckError) -> typer.Exit:
    if isinstance(err, BadDeck):
        return fail_problems("a deck cannot be used", err.problems)
    return fail(str(err))


def setup(game_id: str, option: list[str], players: int | None) -> tuple[Game, dict[str, Any]]:
    game = find_game(game_id)
    return game, parse_options(game, None, option, players)


def out_folder(out: Path | None, command: str, game: Game, seed: int, resume: bool) -> Path:
    """``--out`` checked (a run is never written over; ``--resume`` needs one), or a new folder."""
    from ..lab.store import claim, fresh_folder

    try:
        if out is None:
            if resume:
                raise BadOption("Name the folder of the run to resume with --out.")
            return fresh_folder(data_dir() / "lab", command, game.id, seed)
        claim(out, resume)
    except CyberdeckError as err:
        raise fail_on(err) from None
    return out


def played(run: Any, game: Game, entries: list[Entry], *how: Any) -> Any:
    """``run(game, entries, games, seed, options, workers, dask, progress, folder, resume,
    cards)`` (a lab run) under a progress bar; a clear sentence for a bad option, and a note when
    stopped."""
    try:
        with ProgressBar("games") as bar:
            games_, seed, options, workers, dask, folder, resume, cards = how
            results = run(
                game, entries, games_, seed, options, workers, dask, bar, folder, resume, cards
            )
    except CyberdeckError as err:
        raise fail_on(err) from None
    stopped_note(results.run, f"--resume --out {how[5]}")
    return results


def parse_entries(game: Game, text: str) -> list[Entry]:
    """``AGENT@DECK`` entries (``@DECK`` left out: the game's default deck)."""
    agents, decks = [], []
    items = words(text)
    with_decks = [i for i in items if "@" in i]
    if with_decks and len(with_decks) != len(items):
        raise typer.BadParameter("Give every entry a deck (AGENT@DECK), or none.")
    for item in items:
        agent, at, deck = item.partition("@")
        if at and not deck:
            raise BadOption(f"The entry '{item}' names no deck after its @ (AGENT@DECK).")
        if not agent:
            raise BadOption(f"The entry '{item}' names no agent before its @ (AGENT@DECK).")
        agents.append(agent)
        if deck:
            decks.append(deck)
    return make_entries(game, agents, decks)


@app.command()
def simulate(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    seats: Annotated[str, typer.Option(help="An agent per seat, e.g. 'greedy random'")],
    decks: Annotated[str, typer.Option(help="A deck per seat: starter names or files")] = "",
    games_: Games = 100,
    seed: Seed = 0,
    option: Options = [],  # noqa: B006
    players: Players = None,
    workers: Workers = None,
    dask: Dask = None,
    out: Out = None,
    resume: Resume = False,
    card_set: CardSet = None,
    as_json: AsJson = False,
) -> None:
    """Play entries against each other, seats rotated: win rates, draws, the first player's edge
    (95% intervals), endings, lengths and think time."""
    from ..lab.simulate import simulate as run_simulation
    from ..lab.simulate import summarize

    game, options = setup(game_id, option, players)
    try:
        table = game.table_size(game.resolve_options(options))
        entries = make_entries(game, words(seats), words(decks), players=table)
        check_seats(game, table, entries)
        check_executor(workers, dask)
        cards_ = card_set_of(game, card_set)
    except CyberdeckError as err:
        raise fail_on(err) from None
    folder = out_folder(out, "simulate", game, seed, resume)
    results = played(
        run_simulation, game, entries, games_, seed, options, workers, dask, folder, resume, cards_
    )
    summary = summarize(results)
    if as_json:
        typer.echo(json.dumps(summary))
        stopped_exit(results.run)
        return
    typer.echo(f"{game.title}: {summary['games']} games")
    for row in summary.get("entries", []):
        low, high = row["win"]["ci95"]
        typer.echo(
            f"  {row['entry']:<24} won {row['wins']:>5} of {row['games']:<5} "
            f"{100 * row['win']['rate']:5.1f}%  (95% CI {100 * low:.1f}–{100 * high:.1f}%)  "
            f"draws {row['draws']}  {row['mean_decision_ms']:.2f} ms/decision"
        )
    first = summary.get("first_player")
    if first:
        low, high = first["advantage_ci95"]
        typer.echo(
            f"  first player won {100 * first['win']['rate']:.1f}% of {first['decided_games']} "
            f"decided games: {100 * first['advantage']:+.1f} points over a fair share "
            f"(95% CI {100 * low:+.1f} to {100 * high:+.1f})"
        )
    if len(summary.get("turn_order", [])) > 2:
        places = ", ".join(
            f"{100 * r['win']['rate']:.1f}% ({100 * r['win']['ci95'][0]:.1f}–"
            f"{100 * r['win']['ci95'][1]:.1f})"
            for r in summary["turn_order"]
        )
        typer.echo(f"  win rate by turn order (1st, 2nd, ...): {places}")
    if summary.get("turns"):
        t, d = summary["turns"], summary["decisions"]
        typer.echo(
            f"  length: {t['mean']} turns (10–90%: {t['p10']}–{t['p90']}), "
            f"{d['mean']} decisions (10–90%: {d['p10']}–{d['p90']})"
        )
        typer.echo(f"  endings: {summary['endings']}")
    typer.echo(f"  results: {folder}")
    stopped_exit(results.run)


@app.command()
def tournament(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    entries: Annotated[
        str, typer.Option(help="Entries AGENT@DECK, e.g. 'greedy@cold-boot greedy@redline'")
    ],
    games_: Games = 20,
    seed: Seed = 0,
    option: Options = [],  # noqa: B006
    players: Players = None,
    workers: Workers = None,
    dask: Dask = None,
    out: Out = None,
    resume: Resume = False,
    card_set: CardSet = None,
    as_json: AsJson = False,
) -> None:
    """A round robin of entries: a win matrix and a Bradley–Terry ranking with 95% intervals."""
    from ..lab.tournament import standings
    from ..lab.tournament import tournament as run_tournament

    game, options = setup(game_id, option, players)
    try:
        chosen = parse_entries(game, entries)
        check_executor(workers, dask)
        cards_ = card_set_of(game, card_set)
    except CyberdeckError as err:
        raise fail_on(err) from None
    folder = out_folder(out, "tournament", game, seed, resume)
    results = played(
        run_tournament, game, chosen, games_, seed, options, workers, dask, folder, resume, cards_
    )
    table = standings(results)
    if as_json:
        typer.echo(json.dumps(table))
        stopped_exit(results.run)
        return
    labels = [row["entry"] for row in table["matrix"]]
    width = max(len(label) for label in labels) + 2
    typer.echo(f"{game.title}: {table['games']} games; a row's score against a column")
    typer.echo(" " * width + "".join(f"{i + 1:>8}" for i in range(len(labels))))
    for i, row in enumerate(table["matrix"]):
        cells = "".join(
            f"{'—':>8}" if c["rate"] is None else f"{100 * c['rate']:7.1f}%" for c in row["cells"]
        )
        typer.echo(f"{i + 1}. {row['entry']:<{width - 3}}{cells}")
    typer.echo("Ranking (Bradley–Terry strength, 95% CI; Elo scale):")
    for row in table["ranking"]:
        low, high = row["ci95"]
        typer.echo(
            f"  {row['rank']}. {row['entry']:<{width}} {row['strength']:+.2f} "
            f"({low:+.2f} to {high:+.2f})  Elo {row['elo']:+.0f}"
        )
    typer.echo(f"  results: {folder}")
    stopped_exit(results.run)


@app.command()
def cards(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    seats: Annotated[str, typer.Option(help="An agent per seat, e.g. 'greedy greedy'")] = "",
    decks: Annotated[str, typer.Option(help="A deck per seat: starter names or files")] = "",
    results_: Annotated[
        Path | None, typer.Option("--results", help="Read the games of an earlier run instead")
    ] = None,
    entry: Annotated[str | None, typer.Option(help="Only this entry's seats (AGENT/DECK)")] = None,
    min_games: Annotated[int, typer.Option(help="Only cards held in this many games")] = 1,
    sort: Annotated[
        str, typer.Option(help="improvement, drawn, played, win_drawn or card")
    ] = "improvement",
    top: Annotated[int, typer.Option(help="Show this many cards (0: all)")] = 0,
    games_: Games = 100,
    seed: Seed = 0,
    option: Options = [],  # noqa: B006
    players: Players = None,
    workers: Workers = None,
    dask: Dask = None,
    out: Out = None,
    resume: Resume = False,
    card_set: CardSet = None,
    as_json: AsJson = False,
) -> None:
    """Per card: how often drawn and played, win rate when drawn and when not, and the
    improvement when drawn, each with a 95% interval."""
    from ..lab.cards import SORTS, card_metrics
    from ..lab.results import Results
    from ..lab.simulate import simulate as run_simulation

    game, options = setup(game_id, option, players)
    if sort not in SORTS:
        raise typer.BadParameter(f"Sort by one of {', '.join(SORTS)}.", param_hint="--sort")
    try:
        if results_ is not None:
            results = Results.load(results_, game.id)
        else:
            if not seats:
                raise typer.BadParameter("Give --seats to simulate, or --results to read a run.")
            table = game.table_size(game.resolve_options(options))
            entries = make_entries(game, words(seats), words(decks), players=table)
            check_seats(game, table, entries)
            check_executor(workers, dask)
            cards_ = card_set_of(game, card_set)
            folder = out_folder(out, "cards", game, seed, resume)
            results = played(run_simulation, game, entries, games_, seed, options, workers, dask,
                             folder, resume, cards_)  # fmt: skip
        if entry is not None and entry not in results.entries:
            raise typer.BadParameter(
                f"No entry '{entry}' in these games (entries: {', '.join(results.entries)})."
            )
        frame = card_metrics(results, entry, min_games, sort)
    except CyberdeckError as err:
        raise fail_on(err) from None
    if top:
        frame = frame.head(top)
    if as_json:
        typer.echo(frame.to_json(orient="records"))
    elif frame.empty:
        typer.echo(f"No card statistics: {game.title} names no cards drawn or played here.")
    else:
        _card_table(frame)
    stopped_exit(results.run)


def _card_table(frame: Any) -> None:
    wide = max(16, *(len(str(c)) + 1 for c in frame["card"]))
    typer.echo(f"{'card':<{wide}}{'games':>6}{'drawn':>7}{'played':>7}  {'win drawn':<19}"
               f"{'win not drawn':<19}{'improvement when drawn'}")  # fmt: skip
    for r in frame.itertuples():
        typer.echo(
            f"{r.card:<{wide}}{r.games:>6}{100 * r.drawn:6.0f}%{100 * r.played:6.0f}%  "
            f"{_pct(r.win_drawn, r.win_drawn_low, r.win_drawn_high):<19}"
            f"{_pct(r.win_not_drawn, r.win_not_drawn_low, r.win_not_drawn_high):<19}"
            f"{_signed(r.improvement, r.improvement_low, r.improvement_high)}"
        )


def _pct(rate: float, low: float, high: float) -> str:
    if rate != rate:
        return "—"
    return f"{100 * rate:.0f}% ({100 * low:.0f}–{100 * high:.0f})"


def _signed(gain: float, low: float, high: float) -> str:
    if gain != gain:
        return "—"
    return f"{100 * gain:+.1f} ({100 * low:+.1f} to {100 * high:+.1f})"


@app.command()
def optimize(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    against: Annotated[
        str, typer.Option(help="The gauntlet: entries AGENT@DECK, e.g. 'greedy@cold-boot'")
    ],
    agent: Annotated[str, typer.Option(help="The agent that plays the decks searched")] = "greedy",
    generations: Annotated[int, typer.Option(help="Generations of the search")] = 10,
    batch: Annotated[int, typer.Option(help="New decks per generation")] = 8,
    games_: Annotated[
        int, typer.Option("--games", help="Games against each gauntlet entry per deck")
    ] = 10,
    bins: Annotated[str, typer.Option(help="Bins per measure, e.g. '6 5 5' (default 5 each)")] = "",
    top: Annotated[int, typer.Option(help="Show and write this many decks (0: all)")] = 10,
    seed: Seed = 0,
    option: Options = [],  # noqa: B006
    resume: Annotated[bool, typer.Option(help="Go on with the search saved in --out")] = False,
    workers: Workers = None,
    dask: Dask = None,
    out: Out = None,
    as_json: AsJson = False,
) -> None:
    """Search the legal deck space for strong decks of every style (MAP-Elites over the game's
    behaviour measures; fitness: the score against the gauntlet); the best decks per region
    with intervals, written as deck lists."""
    from ..lab.optimize import deck_lists, regions
    from ..lab.optimize import optimize as run_search

    game, options = setup(game_id, option, None)
    try:
        check_executor(workers, dask)
    except CyberdeckError as err:
        raise fail_on(err) from None
    try:
        dims = [int(b) for b in words(bins)] if bins else None
    except ValueError:
        raise typer.BadParameter(
            "Bins are whole numbers, e.g. '6 5 5'.", param_hint="--bins"
        ) from None
    folder = out_folder(out, "optimize", game, seed, resume)
    try:
        gauntlet = parse_entries(game, against)
        with ProgressBar("games") as bar:
            search = run_search(
                game, agent, gauntlet, generations, batch, games_, dims, seed, options, folder,
                resume, check_workers(workers), dask, bar,
            )  # fmt: skip
        paths = deck_lists(search, game, folder / "decks", top)
        found = regions(search, game)[: top or None]
    except CyberdeckError as err:
        raise fail_on(err) from None
    if as_json:
        typer.echo(json.dumps({"generation": search.generation, "decks": found}))
        return
    if search.generation < generations:
        typer.echo(f"Stopped after generation {search.generation}; --resume goes on.", err=True)
    typer.echo(f"{game.title}: {len(search.elites)} regions filled after {search.generation} "
               f"generations; the best decks against {against}:")  # fmt: skip
    for row, path in zip(found, paths, strict=True):
        low, high = row["ci95"]
        measures = ", ".join(f"{k} {v:.3g}" for k, v in row.items()
                             if k not in ("win", "ci95", "games", "cell"))  # fmt: skip
        typer.echo(f"  {100 * row['win']:5.1f}% (95% CI {100 * low:.1f}–{100 * high:.1f}%, "
                   f"{row['games']} games)  {measures}  {path.name}")  # fmt: skip
    typer.echo(f"  deck lists: {folder / 'decks'}")


@app.command()
def whatif(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    change: Annotated[
        list[str],
        typer.Option(
            "--change",
            help="'CARD: STAT +N', 'CARD: STAT = N' or 'DECK: +N CARD' / 'DECK: -N CARD'",
        ),
    ],
    entries: Annotated[
        str, typer.Option(help="Entries AGENT@DECK, e.g. 'greedy@cold-boot greedy@redline'")
    ],
    games_: Games = 100,
    seed: Seed = 0,
    option: Options = [],  # noqa: B006
    players: Players = None,
    correction: Annotated[
        str, typer.Option(help="holm (family-wise error) or bh (false discovery rate)")
    ] = "holm",
    workers: Workers = None,
    dask: Dask = None,
    out: Out = None,
    resume: Resume = False,
    card_set: CardSet = None,
    as_json: AsJson = False,
) -> None:
    """The same games with and without changes to card data (common random numbers): per
    matchup and entry, the change in win rate with its 95% interval and a p-value corrected for
    the number of comparisons."""
    from ..lab.whatif import whatif as run_whatif

    game, options = setup(game_id, option, players)
    try:
        chosen = parse_entries(game, entries)
        check_executor(workers, dask)
        cards_ = card_set_of(game, card_set)
    except CyberdeckError as err:
        raise fail_on(err) from None
    folder = out_folder(out, "whatif", game, seed, resume)
    try:
        with ProgressBar("games") as bar:
            found = run_whatif(game, chosen, change, games_, seed, options, workers, dask, bar,
                               folder, resume, correction, cards_)  # fmt: skip
    except CyberdeckError as err:
        raise fail_on(err) from None
    if found.interrupted:
        typer.echo(
            f"Stopped: the games finished are kept in {folder}; the same command with --resume "
            "--out FOLDER plays the rest.",
            err=True,
        )
        raise typer.Exit(1)
    if as_json:
        typer.echo(json.dumps(found.to_json()))
        return
    rows = found.rows
    how = "Holm" if correction == "holm" else "Benjamini–Hochberg"
    typer.echo(f"{game.title} what-if: {len(found.base.games)} games a side on the same seeds "
               f"and seats; changes: {'; '.join(change)}")  # fmt: skip
    wide = max(len(r["matchup"]) for r in rows) + 2
    entry_wide = max(len(r["entry"]) for r in rows) + 2
    typer.echo(f"  {'matchup':<{wide}}{'entry':<{entry_wide}}{'base':>7}{'changed':>9}  "
               f"{'change (95% CI)':<26}{'p':>7}{'p ' + how:>{len(how) + 4}}")  # fmt: skip
    for r in rows:
        low, high = r["ci95"]
        mark = " *" if r["significant"] else ""
        shift = f"{100 * r['change']:+.1f} ({100 * low:+.1f} to {100 * high:+.1f})"
        typer.echo(
            f"  {r['matchup']:<{wide}}{r['entry']:<{entry_wide}}{100 * r['base']:6.1f}%"
            f"{100 * r['changed']:8.1f}%  {shift:<26}"
            f"{r['p']:7.3f}{r['p_adjusted']:>{len(how) + 4}.3f}{mark}"
        )
    typer.echo(f"  {len(rows)} comparisons: p corrected by {how}; * below {0.05}. Points of win "
               "rate; the interval is Agresti–Min's for paired games, the test McNemar's.")  # fmt: skip
    typer.echo(f"  results: {folder}")


@app.command()
def balance(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    entries: Annotated[
        str, typer.Option(help="Entries AGENT@DECK, e.g. 'greedy@ncpd greedy@the-mob ...'")
    ],
    band: Annotated[
        str, typer.Option(help="The win rates to reach, in percent: low-high")
    ] = "40-60",
    budget: Annotated[
        float | None, typer.Option(help="Core-hours for the whole search (default: --trials)")
    ] = None,
    bounds: Annotated[
        Path | None,
        typer.Option(help="A file of knobs, a line each: 'CARD: STAT -A..+B', 'DECK: -A..+B CARD'"),
    ] = None,
    trials: Annotated[int, typer.Option(help="At most this many candidates screened")] = 100,
    screen_games: Annotated[
        int, typer.Option("--screen-games", help="Games per pair to screen a candidate")
    ] = 10,
    games_: Annotated[
        int, typer.Option("--games", help="Games per pair to confirm a candidate")
    ] = 200,
    confirm: Annotated[int, typer.Option(help="At most this many candidates confirmed")] = 3,
    leads: Annotated[
        bool,
        typer.Option(
            help="Try the card the entries outside the band lean on most before TPE's guesses"
        ),
    ] = True,
    margin: Annotated[
        float,
        typer.Option(help="Points inside the band a screening must put every entry (luck's room)"),
    ] = 0.0,
    seed: Seed = 0,
    option: Options = [],  # noqa: B006
    workers: Workers = None,
    dask: Dask = None,
    out: Out = None,
    resume: Resume = False,
    card_set: CardSet = None,
    as_json: AsJson = False,
) -> None:
    """Search card edits (stats and deck counts, within bounds) for the fewest, smallest that put
    every entry's win rate in the band: screened at a few games a pair, the best confirmed at
    full samples with 95% intervals."""
    from ..lab.balance import balance as run_balance
    from ..lab.balance import parse_band, read_knobs

    game, options = setup(game_id, option, None)
    try:
        chosen = parse_entries(game, entries)
        wanted = parse_band(band)
        knobs, most = read_knobs(bounds) if bounds is not None else (None, 3)
        check_executor(workers, dask)
        cards_ = card_set_of(game, card_set)
    except CyberdeckError as err:
        raise fail_on(err) from None
    folder = out_folder(out, "balance", game, seed, resume)
    try:
        with ProgressBar("trials") as bar:

            def confirming(done: int, total: int, elapsed: float) -> None:
                bar.update(done, total, "games of a confirmation")

            found = run_balance(
                game, chosen, wanted, folder, knobs, most, trials, budget, screen_games, games_,
                confirm, seed, options, check_workers(workers), dask, bar, confirming, resume,
                cards_, leads=leads, margin=margin / 100,
            )  # fmt: skip
    except CyberdeckError as err:
        raise fail_on(err) from None
    if found.interrupted:
        typer.echo(f"Stopped: the search is kept in {folder}; the same command with --resume "
                   "--out FOLDER goes on.", err=True)  # fmt: skip
        raise typer.Exit(1)
    if as_json:
        typer.echo(json.dumps(found.to_json()))
        return
    low, high = (round(100 * b) for b in wanted)
    typer.echo(f"{game.title} balance search: {found.trials} candidates screened at "
               f"{screen_games} games a pair in {found.spent_s / 3600:.2f} hours; "
               f"band {low}–{high}%.")  # fmt: skip
    for candidate in found.confirmed:
        verdict = "all in the band" if candidate.in_band else "not all in the band"
        typer.echo(f"  {'; '.join(candidate.changes) or 'no change'} — {verdict} at "
                   f"{games_} games a pair:")  # fmt: skip
        for row in candidate.confirmed:
            a, b = row["ci95"]
            typer.echo(f"    {row['entry']:<28}{100 * row['win']:5.1f}% (95% CI "
                       f"{100 * a:.1f}–{100 * b:.1f}%, {row['games']} games)")  # fmt: skip
    answer = found.answer
    if answer is None:
        typer.echo("  No candidate put every entry in the band at full samples: widen the "
                   "bounds, allow more edits or give a bigger budget.")  # fmt: skip
    else:
        typer.echo(f"  Answer: {'; '.join(answer.changes) or 'the set as it is'} "
                   f"(in {folder / 'changes.txt'}).")  # fmt: skip
    typer.echo(f"  results: {folder}")


@app.command()
def cardset(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    out: Annotated[
        Path | None, typer.Option(help="Write it to this file (default: print it)")
    ] = None,
    check: Annotated[
        Path | None, typer.Option(help="Check this card-set file instead, every problem at once")
    ] = None,
) -> None:
    """The game's shipped card set as a JSON file to edit and play with --card-set FILE; or a
    file checked."""
    from ..engine.edits import load_card_set

    game = find_game(game_id)
    try:
        if check is not None:
            load_card_set(game, check)
            typer.echo(f"{check}: a card set {game.title} can be played with.")
            return
        document = game.card_set()
        if document is None:
            raise BadOption(
                f"{game.title}'s cards are fixed by its rules: change its decks instead."
            )
    except CyberdeckError as err:
        raise fail_on(err) from None
    text = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    out.write_text(text, encoding="utf-8")
    typer.echo(f"card set: {out}")


@app.command()
def report(
    results: Annotated[Path, typer.Argument(help="A results folder written by a lab command")],
    out: Annotated[
        Path | None, typer.Option(help="The HTML file (default: FOLDER/report.html)")
    ] = None,
) -> None:
    """One self-contained HTML file of a run's tables and plots, to open or mail."""
    from ..lab.report import report as write_report

    try:
        path = write_report(results, out)
    except CyberdeckError as err:
        raise fail_on(err) from None
    typer.echo(f"report: {path}")
