"""What every command of ``cyberdeck`` shares: its error exit, finding a game, reading options
and decks, and the terminal's style. The command modules import this one and never each other."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from ..engine import BadDeck, CyberdeckError, Game, Style, counted, load_game
from ..engine.decklist import split_decklist


def fail(message: str) -> typer.Exit:
    """How every command refuses: the sentence on stderr and exit status 2, never a traceback."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


#: How many of a long list of problems a command prints (a 10 MB file has tens of thousands):
#: the first ones and a count of the rest say enough to start fixing it.
SHOWN_PROBLEMS = 20


def list_problems(problems: Sequence[str], err: bool = True) -> None:
    """Each problem on its own line, the first ``SHOWN_PROBLEMS`` only and then how many more."""
    for problem in problems[:SHOWN_PROBLEMS]:
        typer.echo(f"  - {problem}", err=err)
    rest = len(problems) - SHOWN_PROBLEMS
    if rest > 0:
        typer.echo(f"  ... and {counted(rest, 'more problem')}.", err=err)


def fail_problems(heading: str, problems: Sequence[str]) -> typer.Exit:
    """How a command refuses with a list of problems: a lone problem as the error's one
    sentence, several under ``heading`` (the first ones and a count of the rest)."""
    if len(problems) == 1:
        return fail(problems[0])
    typer.echo(f"error: {heading}:", err=True)
    list_problems(problems)
    return typer.Exit(2)


#: ``--workers`` and ``--dask``: where the lab's games are played (``lab.executors``).
Workers = Annotated[int | None, typer.Option(help="Local processes (default: all cores)")]
Dask = Annotated[
    str | None,
    typer.Option(help="'local' for a Dask LocalCluster, or a scheduler address tcp://HOST:8786"),
]


def stopped_note(run: dict[str, Any], again: str) -> None:
    """A stopped run's games are kept: how many, and the options that play the rest."""
    if run.get("interrupted"):
        typer.echo(
            f"Stopped: {run['played']} of {run['planned']} games finished and kept; "
            f"the same command with {again} plays the rest.",
            err=True,
        )


def stopped_exit(run: dict[str, Any]) -> None:
    """A stopped run exits 1, so that a script never takes it for a whole one."""
    if run.get("interrupted"):
        raise typer.Exit(1)


def check_workers(workers: int | None) -> int | None:
    """``--workers``: a number of processes, at least one (left out: all cores)."""
    if workers is not None and workers < 1:
        raise fail("--workers is a number of processes, 1 or more.")
    return workers


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
    """``--variant``, ``--players`` and ``-o name=value`` as the game's resolved options."""
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


def with_decks(game: Game) -> Game:
    """``game``, when players bring their own decks to it; a clear exit otherwise."""
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
        list_problems(err.problems)
        raise typer.Exit(1) from None
    return cards, head.name, head.about
