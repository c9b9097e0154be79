"""``cyberdeck bench``, ``arena`` and ``fuzz``: machines playing the games, for their speed,
the agents' strength, and rules bugs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..engine import CyberdeckError, games
from ..lab.arena import run_arena
from ..lab.bench import bench_game
from ..lab.fuzz import run_fuzz
from ..lab.progress import ProgressBar
from ..userdata import records_dir
from .common import check_workers, fail, find_game, parse_options

app = typer.Typer()


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
            report = run_arena(
                game, specs, games_, seed, options, check_workers(workers), bar.update, folder
            )
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
                game, games_, seed, specs, options, deep, check_workers(workers),
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
