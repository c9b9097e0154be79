"""``cyberdeck replay`` and ``stats``: the games already played, step by step or in sum."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..engine import CyberdeckError, Record, load_game, replay_steps
from ..play.keys import key_reader
from ..play.replay import Replay
from ..play.screen import Screen
from ..userdata import describe, load_stats
from .common import fail, find_game, terminal_style

app = typer.Typer()


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(help="A record file saved by a game, or a lab results folder")
    ],
    number: Annotated[
        int | None, typer.Option("--game", help="Which game of a lab results folder")
    ] = None,
    seat: Annotated[
        int | None, typer.Option(help="Watch from this seat, counted from 0 (default: spectator)")
    ] = None,
    auto: Annotated[
        float | None,
        typer.Option(metavar="SECONDS", help="Play on by itself, a move every SECONDS"),
    ] = None,
    plain: Annotated[bool, typer.Option(help="Line mode")] = False,
    colour: Annotated[bool | None, typer.Option("--colour/--no-colour")] = None,
) -> None:
    """Replay a recorded game a move at a time (Enter for the next), from a seat's view or a
    spectator's; --auto plays it on by itself."""
    if auto is not None and not auto > 0:
        raise fail("--auto is the seconds between moves, more than 0.")
    try:
        if file.is_dir():
            from ..lab.results import Results

            if number is None:
                raise fail("Name the game of the lab results to replay: --game N.")
            record = Results.load(file).record(number)
        else:
            record = Record.load(file)
        game = load_game(record.game)
        states = replay_steps(record, game)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    seats = states[0].num_players
    if seat is not None and not 0 <= seat < seats:
        raise fail(
            f"This {game.title} game has seats 0 to {seats - 1}; --seat {seat} is not one of them."
        )
    watching = Replay(
        game, record, states, seat, terminal_style(plain, colour), Screen.of_terminal(),
        key_reader(typer.echo), typer.echo,
    )  # fmt: skip
    try:
        if auto is not None:
            watching.play(auto)
        else:
            watching.watch()
    except KeyboardInterrupt:
        typer.echo("\nReplay stopped.")


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
