"""``cyberdeck deck``: check a deck list against a game's deck-building rules, show it, or list
the starter decks that may stand in for a file."""

from __future__ import annotations

from typing import Annotated

import typer

from ..engine import Game
from .common import find_game, list_problems, load_deck, terminal_style, with_decks

app = typer.Typer(help="Build decks: check a deck list against a game's rules, or show it.")


def deck_game(game_id: str) -> Game:
    return with_decks(find_game(game_id))


@app.command("validate")
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
        list_problems(problems, err=False)
        raise typer.Exit(1)
    typer.echo(f"{label} is a legal {game.title} deck ({len(cards)} cards).")


@app.command("show")
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
        list_problems(problems, err=False)
    else:
        typer.echo("Legal.")


@app.command("list")
def deck_list(game_id: Annotated[str, typer.Argument(help="Game id, e.g. cipher-run")]) -> None:
    """The starter decks a game ships with: the name to use in place of a file, and a line each."""
    game = deck_game(game_id)
    for deck in game.starter_decks():
        typer.echo(f"{deck.handle:<14} {deck.name}: {deck.about}")
