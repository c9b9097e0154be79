"""The ``cyberdeck`` command."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from .agents import DEFAULT_LEVEL, make_agent
from .engine import (
    BadDeck,
    CyberdeckError,
    Game,
    Match,
    Record,
    Series,
    Style,
    counted,
    games,
    load_game,
    replay_steps,
)
from .engine.decklist import split_decklist
from .engine.registry import rules_path
from .engine.seats import name_seats, name_table, unique_names
from .engine.tutorial import Tutorial, load_script
from .lab.arena import run_arena
from .lab.bench import bench_game
from .lab.fuzz import run_fuzz
from .lab.progress import ProgressBar
from .play.learn import LearnSession
from .play.resume import last_unfinished
from .play.settings import load_stops, save_stops
from .play.terminal import Seat, TerminalSession
from .userdata import describe, load_stats, record_result, records_dir

app = typer.Typer(
    help="cyberdeck: cyberpunk hacker card games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
)


def fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def find_game(game_id: str) -> Game:
    try:
        return load_game(game_id)
    except CyberdeckError as err:
        raise fail(str(err)) from None


def terminal_style(plain: bool, colour: bool | None) -> Style:
    dumb = os.environ.get("TERM", "") in ("", "dumb") or "NO_COLOR" in os.environ
    use_colour = colour if colour is not None else (sys.stdout.isatty() and not dumb)
    return Style(colour=use_colour and not plain, plain=plain)


def parse_options(
    game: Game, variant: str | None, pairs: list[str], players: int | None
) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if variant is not None:
        if not any(o.name == "variant" for o in game.options):
            raise fail(f"{game.title} has no variants.")
        options["variant"] = variant
    if players is not None:
        if any(o.name == "players" for o in game.options):
            options["players"] = players
        elif not game.min_players <= players <= game.max_players:
            raise fail(f"{game.title} is for {player_range(game)} players.")
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise fail(f"Write options as name=value, not '{pair}'.")
        options[name.strip()] = value.strip()
    try:
        return game.resolve_options(options)
    except CyberdeckError as err:
        raise fail(str(err)) from None


def player_range(game: Game) -> str:
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}–{game.max_players}"


def make_seats(game: Game, count: int, hotseat: bool, ai: str, seed: int) -> list[Seat]:
    """Seat 1 is you; the others are built-in opponents, or more humans in hot-seat."""
    if count == 1:
        return [Seat("You")]
    try:
        return [
            Seat(f"Player {i + 1}" if hotseat else "You")
            if hotseat or i == 0
            else Seat(f"{ai.capitalize()} AI", make_agent(ai, seed + i, game))
            for i in range(count)
        ]
    except CyberdeckError as err:
        raise fail(str(err)) from None


def play_series(game: Game, series: Series, seats: list[Seat], style: Style) -> int:
    """A campaign in the terminal: each game its own match and record, a score line between
    games, until a seat reaches the target or the player leaves."""
    names = [s.name for s in seats]
    typer.echo(
        f"{game.title} campaign — seed {series.seed}, first to "
        f"{counted(series.target, 'point')} wins. "
        "Type 'help' for commands."
    )
    while series.victor is None:
        number = len(series.winners) + 1
        seed, setup = series.next_game(game)
        meta = {"seats": names, "series": {"seed": series.seed, "game": number}}
        try:
            match = Match(game, series.options, seed, setup, meta=meta)
        except CyberdeckError as err:
            raise fail(str(err)) from None
        starter = "" if series.starter is None else f"; {names[series.starter]} starts"
        typer.echo(f"\nGame {number} of the campaign (seed {seed}{starter}).")
        session = TerminalSession(game, match, seats, style, input, typer.echo, records_dir())
        session.run()
        outcome = match.state.outcome
        if outcome is None:
            typer.echo("Campaign left. " + series.standings(names))
            return 0
        series.score(outcome)
        typer.echo(series.standings(names))
    typer.echo(
        f"{names[series.victor]} wins the campaign with "
        f"{counted(series.points[series.victor], 'point')}."
    )
    return 0


@app.command("games")
def list_games() -> None:
    """List the games: ids, titles and player counts."""
    for game in games():
        count = player_range(game)
        typer.echo(f"{game.id:<16} {game.title:<24} {count} player{'' if count == '1' else 's'}")


@app.command()
def rules(game_id: Annotated[str, typer.Argument(help="Game id, e.g. matrix-overload")]) -> None:
    """Print a game's rules."""
    game = find_game(game_id)
    path = rules_path(game.id)
    if path is None:
        raise fail(f"The rules of {game.title} are not installed.")
    typer.echo(path.read_text(encoding="utf-8"))


def game_by_name(name: str) -> Game:
    """A game by its id or its title, however it is spelled ("Cipher Run", "MATR1X 0VERL0AD")."""
    key = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
    for game in games():
        if key in (game.id, re.sub(r"[^a-z0-9]+", "-", game.title.lower()).strip("-")):
            return game
    known = ", ".join(g.id for g in games())
    raise fail(f"There is no game '{name}'. Games: {known}.")


@app.command()
def learn(
    game_name: Annotated[str, typer.Argument(help="The game, by id or title: cipher-run")],
    plain: Annotated[bool, typer.Option(help="Line mode: sentences, no drawing")] = False,
    colour: Annotated[bool | None, typer.Option("--colour/--no-colour")] = None,
) -> None:
    """Learn a game: a guided first game, one rule at a time, on a real deal."""
    game = game_by_name(game_name)
    try:
        script = load_script(game)
        if script is None:
            raise fail(
                f"{game.title} has no tutorial yet; 'cyberdeck rules {game.id}' explains it."
            )
        tutorial = Tutorial(game, script)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    session = LearnSession(tutorial, terminal_style(plain, colour), input, typer.echo)
    raise typer.Exit(session.run())


deck_app = typer.Typer(help="Build decks: check a deck list against a game's rules, or show it.")
app.add_typer(deck_app, name="deck")


def deck_game(game_id: str) -> Game:
    game = find_game(game_id)
    if not game.has_decks:
        raise fail(f"{game.title} is not played with decks of your own.")
    return game


def load_deck(game: Game, source: str) -> tuple[list[Any], str, str]:
    """A deck's cards, name and line of character: from a deck-list file, or a starter's name."""
    path = Path(source)
    if not path.is_file():
        for deck in game.starter_decks():
            if source.strip().lower() in (deck.handle, deck.name.lower()):
                return list(deck.cards), deck.name, deck.about
        starters = ", ".join(d.handle for d in game.starter_decks()) or "none"
        raise fail(f"There is no deck file '{source}' (starter decks of {game.title}: {starters}).")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise fail(f"Cannot read the deck file {source}: {err}.") from None
    try:
        cards = game.read_deck(text)
        head = split_decklist(text)
    except BadDeck as err:
        typer.echo(f"{source} cannot be read:", err=True)
        for problem in err.problems:
            typer.echo(f"  - {problem}", err=True)
        raise typer.Exit(1) from None
    return cards, head.name, head.about


@deck_app.command("validate")
def deck_validate(
    game_id: Annotated[str, typer.Argument(help="Game id, e.g. cipher-run")],
    file: Annotated[str, typer.Argument(help="A deck-list file (or a starter deck's name)")],
) -> None:
    """Check a deck against every deck-building rule; list every problem at once."""
    game = deck_game(game_id)
    cards, name, _ = load_deck(game, file)
    problems = game.validate_deck(cards)
    label = name or file
    if problems:
        typer.echo(f"{label} is not a legal {game.title} deck:")
        for problem in problems:
            typer.echo(f"  - {problem}")
        raise typer.Exit(1)
    typer.echo(f"{label} is a legal {game.title} deck ({len(cards)} cards).")


@deck_app.command("show")
def deck_show(
    game_id: Annotated[str, typer.Argument(help="Game id, e.g. cipher-run")],
    file: Annotated[str, typer.Argument(help="A deck-list file (or a starter deck's name)")],
    export: Annotated[
        bool, typer.Option("--export", help="Print the deck as a deck-list text instead")
    ] = False,
    plain: Annotated[bool, typer.Option(help="Line mode: words, no symbols")] = False,
    colour: Annotated[bool | None, typer.Option("--colour/--no-colour")] = None,
) -> None:
    """Show a deck: its cards by kind, counts at a glance, and whether it is legal."""
    game = deck_game(game_id)
    cards, name, about = load_deck(game, file)
    if export:
        typer.echo(game.deck_text(cards, name, about), nl=False)
        return
    if name:
        typer.echo(f"{name}: {about}" if about else name)
    typer.echo(game.describe_deck(cards, terminal_style(plain, colour)))
    problems = game.validate_deck(cards)
    if problems:
        typer.echo("Not legal:")
        for problem in problems:
            typer.echo(f"  - {problem}")
    else:
        typer.echo("Legal.")


@deck_app.command("list")
def deck_list(game_id: Annotated[str, typer.Argument(help="Game id, e.g. cipher-run")]) -> None:
    """The starter decks a game ships with: the name to use in place of a file, and a line each."""
    game = deck_game(game_id)
    for deck in game.starter_decks():
        typer.echo(f"{deck.handle:<14} {deck.name}: {deck.about}")


def play_decks(game: Game, sources: list[str], seats: int) -> list[Any] | None:
    """Decks for ``new_state``: one per seat, in seat order (None: the game's default)."""
    if not sources:
        return None
    if not game.has_decks:
        raise fail(f"{game.title} is not played with decks of your own.")
    if len(sources) > seats:
        raise fail(f"{game.title} seats {seats} players; give at most {seats} --deck options.")
    decks: list[Any] = []
    for source in sources:
        cards, _, _ = load_deck(game, source)
        decks.append([str(c) for c in cards])
    return decks + [None] * (seats - len(decks))


@app.command()
def play(
    game_id: Annotated[
        str | None, typer.Argument(help="Game id, e.g. matrix-overload (or --resume)")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the shuffle (random if left out)")
    ] = None,
    variant: Annotated[str | None, typer.Option(help="The game's variant")] = None,
    option: Annotated[list[str], typer.Option("--option", "-o", help="name=value")] = [],  # noqa: B006
    players: Annotated[int | None, typer.Option(help="Number of players")] = None,
    sponsor: Annotated[
        str | None, typer.Option(help="Your sponsor, in games that have one (option 'sponsor')")
    ] = None,
    hotseat: Annotated[bool, typer.Option(help="Every seat is a human at this keyboard")] = False,
    campaign: Annotated[
        bool,
        typer.Option(help="A series of games, a point per win, the winner starting the next"),
    ] = False,
    ai: Annotated[
        str, typer.Option(help="Opponents: easy, normal, hard or an agent")
    ] = DEFAULT_LEVEL,
    cards: Annotated[Path | None, typer.Option(help="Corrected card data for the game")] = None,
    plain: Annotated[bool, typer.Option(help="Line mode: sentences, no drawing")] = False,
    colour: Annotated[bool | None, typer.Option("--colour/--no-colour")] = None,
    deck: Annotated[
        list[str],
        typer.Option(
            "--deck", help="A deck-list file or starter deck, once per seat in seat order"
        ),
    ] = [],  # noqa: B006
    resume: Annotated[
        bool, typer.Option(help="Go on with your last unfinished game (of GAME_ID, if named)")
    ] = False,
) -> None:
    """Play a game in the terminal against built-in opponents, or hot-seat."""
    if resume:
        raise typer.Exit(resume_game(game_id, terminal_style(plain, colour)))
    if game_id is None:
        raise fail("Name the game to play ('cyberdeck games' lists them), or give --resume.")
    game = find_game(game_id)
    if sponsor is not None:
        option = [*option, f"sponsor={sponsor}"]
    options = parse_options(game, variant, option, players)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    count = int(options.get("players", players or game.min_players))
    seats = make_seats(game, count, hotseat, ai, seed)
    decks = play_decks(game, deck, len(seats))
    try:
        if cards is not None and decks is not None:
            raise fail("Give either --cards or --deck, not both.")
        setup = game.read_card_file(str(cards)) if cards is not None else decks
        if campaign:
            series = Series.start(game, options, seed, setup)
        else:
            # The seats' opponents are kept, so that --resume seats the same ones again.
            meta = {"seats": [s.name for s in seats], "ai": ai, "hotseat": hotseat}
            match = Match(game, options, seed, setup, meta=meta)
    except BadDeck as err:
        typer.echo("error: a deck is not legal:", err=True)
        for problem in err.problems:
            typer.echo(f"  - {problem}", err=True)
        raise typer.Exit(2) from None
    except CyberdeckError as err:
        raise fail(str(err)) from None
    if campaign:
        raise typer.Exit(play_series(game, series, seats, terminal_style(plain, colour)))
    # The seed rebuilds every hidden card, so it is shown only once the game is over.
    typer.echo(f"{game.title}. Type 'help' for commands.")
    session = TerminalSession(
        game,
        match,
        seats,
        terminal_style(plain, colour),
        input,
        typer.echo,
        records_dir(),
        stops=load_stops(game),
        keep_stops=lambda stops: save_stops(game, stops),
    )
    raise typer.Exit(finish_session(session))


def finish_session(session: TerminalSession) -> int:
    """Play ``session`` out; a finished game's result goes into the statistics."""
    status = session.run()
    game, match = session.game, session.match
    outcome = match.state.outcome
    humans = session.humans
    if outcome is not None and len(humans) == 1:
        entry = record_result(
            game.id, outcome, humans[0], match.record.undos, match.record.hints(humans[0])
        )
        typer.echo(describe(game.id, entry))
    return status


def resume_game(game_id: str | None, style: Style) -> int:
    """Go on with the newest unfinished game in the records folder (of ``game_id``, if given),
    with the opponents it was started with; the exit status."""
    if game_id is not None:
        find_game(game_id)
    found = last_unfinished(records_dir(), game_id)
    if found is None:
        which = f"{find_game(game_id).title} game" if game_id else "game"
        raise fail(f"There is no unfinished {which} to resume in {records_dir()}.")
    match, record = found.match, found.match.record
    game = match.game
    seats = make_seats(
        game,
        match.state.num_players,
        bool(record.meta.get("hotseat", False)),
        str(record.meta.get("ai", DEFAULT_LEVEL)),
        record.seed,
    )
    typer.echo(
        f"{game.title}, resumed after {len(record.actions)} moves. Type 'help' for commands."
    )
    session = TerminalSession(
        game,
        match,
        seats,
        style,
        input,
        typer.echo,
        records_dir(),
        stops=load_stops(game),
        keep_stops=lambda stops: save_stops(game, stops),
        record_path=found.path,
    )
    return finish_session(session)


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(help="A record file saved by a game, or a lab results folder")
    ],
    number: Annotated[
        int | None, typer.Option("--game", help="Which game of a lab results folder")
    ] = None,
    seat: Annotated[
        int | None, typer.Option(help="Watch from this seat (default: spectator)")
    ] = None,
    plain: Annotated[bool, typer.Option(help="Line mode")] = False,
    colour: Annotated[bool | None, typer.Option("--colour/--no-colour")] = None,
) -> None:
    """Replay a recorded game step by step, from a seat's view or a spectator's."""
    try:
        if file.is_dir():
            from .lab.results import Results

            if number is None:
                raise fail("Name the game of the lab results to replay: --game N.")
            record = Results.load(file).record(number)
        else:
            record = Record.load(file)
        game = load_game(record.game)
        states = replay_steps(record, game)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    style = terminal_style(plain, colour)
    moves = [a for a in record.actions if a != "undo"]
    # Each seat by the name it played under (a terminal game keeps them), as the table said it;
    # the player's own "You" is theirs only, and reads as the seat's label to anyone else.
    labels = [game.seat_label(i) for i in range(states[0].num_players)]
    kept = record.meta.get("seats")
    played = kept if isinstance(kept, list) and len(kept) == len(labels) else labels
    names = unique_names(
        [label if n == "You" else str(n) for n, label in zip(played, labels, strict=True)]
    )
    # An unfinished game's seed would give away its hidden cards to whoever resumes it by hand.
    finished = states[-1].is_terminal
    seed_note = f", seed {record.seed}" if finished else ", unfinished (its seed stays hidden)"
    typer.echo(f"{game.title}{seed_note}, {len(states) - 1} moves.")
    for step, state in enumerate(states):
        if step:
            before = states[step - 1].view(seat)
            move = game.describe_action(game.parse_action(moves[step - 1]), before)
            typer.echo(f"\n--- move {step}: {name_seats(move, labels, names, seat)}")
        typer.echo(name_table(game.render(state.view(seat), style), labels, names, seat))
    outcome = states[-1].outcome
    if outcome is not None:
        typer.echo(f"\nEnded: {name_seats(outcome.reason, labels, names, seat)}.")


@app.command()
def bench(
    game_id: Annotated[str | None, typer.Argument(help="One game (default: all)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per game")] = False,
    seconds: Annotated[float, typer.Option(help="Seconds of random playouts per game")] = 2.0,
    quick: Annotated[
        bool, typer.Option(help="Small samples for the game-specific figures")
    ] = False,
) -> None:
    """Measure random-playout speed and clone time on one core."""
    chosen = [find_game(game_id)] if game_id else games()
    for game in chosen:
        result = bench_game(game, seconds=seconds, quick=quick)
        if as_json:
            typer.echo(json.dumps(result))
        else:
            typer.echo(f"{game.id}:")
            for key, value in result.items():
                if key != "game":
                    typer.echo(f"  {key:<28} {value}")


@app.command()
def arena(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    agents: Annotated[str, typer.Option(help="Comma-separated agents, e.g. hard,greedy")],
    games_: Annotated[int, typer.Option("--games", help="How many games")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game")] = 0,
    option: Annotated[list[str], typer.Option("--option", "-o", help="name=value")] = [],  # noqa: B006
    players: Annotated[int | None, typer.Option(help="Number of players")] = None,
    workers: Annotated[int | None, typer.Option(help="Processes (default: all cores)")] = None,
    records: Annotated[Path | None, typer.Option(help="Folder for the game records")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object")] = False,
) -> None:
    """Play agents against each other, seats rotated; win rates with 95% confidence intervals."""
    game = find_game(game_id)
    options = parse_options(game, None, option, players)
    specs = [a.strip() for a in agents.split(",") if a.strip()]
    if not specs:
        raise fail("Name at least one agent, such as --agents hard,greedy.")
    if games_ < 1:
        raise fail("Play at least one game.")
    folder = records or records_dir() / f"arena-{game.id}-{seed}"
    try:
        with ProgressBar("games") as bar:
            report = run_arena(game, specs, games_, seed, options, workers, bar.update, folder)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    summary = report.to_json()
    if as_json:
        typer.echo(json.dumps(summary))
        return
    typer.echo(f"{game.title}: {summary['games']} games, mean length {summary['mean_length']}")
    for row in summary["results"]:
        low, high = row["ci95"]
        typer.echo(
            f"  {row['agent']:<14} won {row['wins']:>5} of {row['games']:<5} "
            f"{100 * row['win_rate']:5.1f}%  (95% CI {100 * low:.1f}–{100 * high:.1f}%)  "
            f"draws {row['draws']}  {row['mean_decision_ms']:.1f} ms/move"
        )
    typer.echo(f"  endings: {summary['endings']}")
    typer.echo(f"  records: {folder}")


def _add_lab() -> None:
    from .cli_lab import app as lab_app

    app.add_typer(lab_app, name="lab")


_add_lab()


@app.command()
def fuzz(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    games_: Annotated[int, typer.Option("--games", help="How many games")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the first game")] = 0,
    agents: Annotated[str, typer.Option(help="Agents, rotated through the seats")] = "random",
    option: Annotated[list[str], typer.Option("--option", "-o", help="name=value")] = [],  # noqa: B006
    players: Annotated[int | None, typer.Option(help="Number of players")] = None,
    deep: Annotated[
        float, typer.Option(help="Share of steps that get every costly check too (1: all)")
    ] = 0.02,
    workers: Annotated[int | None, typer.Option(help="Processes (default: all cores)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object")] = False,
) -> None:
    """Play many seeded games checking the game contract at every step; print each failure's seed.

    Without -o or --players every configuration of the game takes its turn. Exits 1 when a game
    broke the contract."""
    game = find_game(game_id)
    options = parse_options(game, None, option, players) if option or players else None
    specs = [a.strip() for a in agents.split(",") if a.strip()]
    if not specs:
        raise fail("Name at least one agent, such as --agents random,greedy.")
    if games_ < 1:
        raise fail("Play at least one game.")
    if not 0.0 <= deep <= 1.0:
        raise fail("--deep is a share of the steps, from 0 to 1.")
    with ProgressBar("games") as bar:
        try:
            report = run_fuzz(
                game, games_, seed, specs, options, deep, workers,
                lambda done: bar.update(done.games, games_, f"{len(done.failures)} failed"),
            )  # fmt: skip
        except CyberdeckError as err:
            raise fail(str(err)) from None
    if as_json:
        typer.echo(json.dumps(report.to_json()))
    else:
        typer.echo(
            f"{game.title}: {report.games} games, {report.decisions:,} decisions "
            f"({report.deep_checks:,} checked in depth) in {report.seconds:.0f} s; "
            f"{len(report.failures)} failed{' (stopped early)' if report.stopped else ''}"
        )
        for failure in report.failures:
            typer.echo(f"  seed {failure.trial.seed}, step {failure.step}: {failure.problem}")
            typer.echo(f"    again: {failure.command(game.id)}")
    if report.failures:
        raise typer.Exit(1)


@app.command()
def stats(game_id: Annotated[str | None, typer.Argument(help="One game")] = None) -> None:
    """Your statistics across runs: games, wins, losses by reason, streaks."""
    table = load_stats()
    chosen = [game_id] if game_id else sorted(table)
    if game_id:
        find_game(game_id)
    if not any(g in table for g in chosen):
        typer.echo("No games played yet.")
        return
    for gid in chosen:
        if gid in table:
            typer.echo(describe(gid, table[gid]))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on")] = 8765,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL, e.g. postgresql+psycopg://user@host/db (default: SQLite)"),
    ] = None,
    grace: Annotated[
        float, typer.Option(help="Seconds a dropped player has before the game can be claimed")
    ] = 90.0,
    ai_delay: Annotated[
        float, typer.Option(help="Seconds an AI seat waits before it moves, so people can follow")
    ] = 0.6,
    guests_per_hour: Annotated[
        int,
        typer.Option(
            min=1, help="Guests one address may make in an hour (raise it for a LAN evening)"
        ),
    ] = 20,
    deal_seed: Annotated[
        int | None,
        typer.Option(
            help="Deal each account's Nth match the same in every run, for tests and demos "
            "(not for real play: whoever knows it can work out the deals)"
        ),
    ] = None,
) -> None:
    """Run the arcade: the browser front end, accounts, lobby and live games (HTTP, websockets)."""
    try:
        from .server import ServerConfig
        from .server import serve as run_server
    except ImportError as err:
        raise fail(
            f"The server needs the web extra (pip install 'cyberdeck[web]'): {err}."
        ) from None
    typer.echo(f"cyberdeck arcade on http://{host}:{port}/ (API docs at /docs)")
    config = ServerConfig(
        db_url=db,
        grace_seconds=grace,
        ai_delay=ai_delay,
        guests_per_hour=guests_per_hour,
        deal_seed=deal_seed,
    )
    run_server(config, host, port)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
