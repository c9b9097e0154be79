"""``cyberdeck replay`` and ``stats``: the games already played, step by step or in sum."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..engine import CyberdeckError, Record, load_game, replay_steps
from ..engine.seats import name_seats, name_table, unique_names
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
        int | None, typer.Option(help="Watch from this seat (default: spectator)")
    ] = None,
    plain: Annotated[bool, typer.Option(help="Line mode")] = False,
    colour: Annotated[bool | None, typer.Option("--colour/--no-colour")] = None,
) -> None:
    """Replay a recorded game step by step, from a seat's view or a spectator's."""
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
