"""``cyberdeck games``, ``rules``, ``learn`` and ``play``: finding a game, reading its rules,
a guided first game, and playing in the terminal (hot-seat, against the AI, a campaign, or going
on with an unfinished game)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from ..agents import DEFAULT_LEVEL, make_agent
from ..engine import BadDeck, CyberdeckError, Game, Match, Series, Style, counted, games
from ..engine.tutorial import Tutorial, load_script
from ..play.learn import LearnSession
from ..play.resume import last_unfinished
from ..play.rules import NoRules, draw, headings, rules_markdown, section
from ..play.screen import Screen, page
from ..play.settings import load_stops, save_stops
from ..play.terminal import Seat, TerminalSession
from ..userdata import describe, load_stats, record_result, records_dir
from .common import (
    fail,
    fail_problems,
    find_game,
    load_deck,
    parse_options,
    player_range,
    terminal_style,
    with_decks,
)

app = typer.Typer()

#: The greeting of a player's first game, who may not know the guided game or the commands.
FIRST_GAME = (
    "First game? 'cyberdeck learn {id}' teaches {title} on a real deal, a rule at a time; in a "
    "game, 'help' lists the commands and 'rules' explains the part of the turn you are in."
)


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
    screen = Screen.of_terminal()
    typer.echo(
        screen.fit(
            f"{game.title} campaign — seed {series.seed}, first to "
            f"{counted(series.target, 'point')} wins. Type 'help' for commands."
        )
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
        session = TerminalSession(
            game, match, seats, style, input, typer.echo, records_dir(), screen=screen
        )
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
def rules(
    game_id: Annotated[str, typer.Argument(help="Game id, e.g. matrix-overload")],
    wanted: Annotated[
        str | None,
        typer.Argument(metavar="SECTION", help="One section, e.g. 'paying' (left out: all)"),
    ] = None,
    colour: Annotated[bool | None, typer.Option("--colour/--no-colour")] = None,
) -> None:
    """Print a game's rules (or one section of them), laid out for the terminal."""
    game = find_game(game_id)
    style = terminal_style(False, colour)
    screen = Screen.of_terminal()
    try:
        markdown = rules_markdown(game)
        if wanted is not None:
            markdown = section(game, markdown, wanted)
    except NoRules as err:
        raise fail(str(err)) from None
    text = draw(markdown, screen.width, style.colour)
    if sys.stdin.isatty() and sys.stdout.isatty():
        page(screen, text, typer.echo, input)
    else:
        typer.echo(text)
    if wanted is None:
        typer.echo(screen.fit(f"Sections: {'; '.join(headings(rules_markdown(game)))}."))


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
    style = terminal_style(plain, colour)
    session = LearnSession(tutorial, style, input, typer.echo, Screen.of_terminal())
    raise typer.Exit(session.run())


def play_decks(game: Game, sources: list[str], seats: int) -> list[Any] | None:
    """Decks for ``new_state``: one per seat, in seat order (None: the game's default)."""
    if not sources:
        return None
    with_decks(game)
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
    plain: Annotated[
        bool | None,
        typer.Option("--plain/--drawn", help="Line mode: sentences, no drawing (default: drawn)"),
    ] = None,
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
        raise typer.Exit(resume_game(game_id, plain, colour))
    if game_id is None:
        raise fail("Name the game to play ('cyberdeck games' lists them), or give --resume.")
    game = find_game(game_id)
    if sponsor is not None:
        option = [*option, f"sponsor={sponsor}"]
    options = parse_options(game, variant, option, players)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    count = game.table_size(options)
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
            meta = {
                "seats": [s.name for s in seats],
                "ai": ai,
                "hotseat": hotseat,
                # The player's way of reading the table, kept for --resume.
                "plain": bool(plain),
                "colour": colour,
            }
            match = Match(game, options, seed, setup, meta=meta)
    except BadDeck as err:
        heading = "the card file cannot be used" if cards is not None else "a deck is not legal"
        raise fail_problems(heading, err.problems) from None
    except CyberdeckError as err:
        raise fail(str(err)) from None
    style = terminal_style(bool(plain), colour)
    if campaign:
        raise typer.Exit(play_series(game, series, seats, style))
    screen = Screen.of_terminal()
    first = first_game()
    # The seed rebuilds every hidden card, so it is shown only once the game is over.
    typer.echo(f"{game.title}. Type 'help' for commands.")
    if first:
        typer.echo(screen.fit(FIRST_GAME.format(id=game.id, title=game.title)))
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
        screen=screen,
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
        typer.echo(session.screen.fit(describe(game.id, entry)))
    return status


def first_game() -> bool:
    """Whether the player has never played in this terminal: no finished game in the
    statistics and no record saved."""
    folder = records_dir()
    return not load_stats() and not (folder.is_dir() and any(folder.glob("*.json")))


def resume_game(game_id: str | None, plain: bool | None, colour: bool | None) -> int:
    """Go on with the newest unfinished game in the records folder (of ``game_id``, if given),
    with the opponents it was started with and the way the player read it (line mode,
    colour), unless they say otherwise now; the exit status."""
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
    kept_colour = record.meta.get("colour")
    style = terminal_style(
        bool(record.meta.get("plain", False)) if plain is None else plain,
        colour if colour is not None else kept_colour if isinstance(kept_colour, bool) else None,
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
        screen=Screen.of_terminal(),
    )
    return finish_session(session)
