"""``cyberdeck lab train``, ``lab imitate``, ``lab export``, ``lab blend``, ``lab stage`` and
``lab ladder``: the learned players, from self-play training (or an apprentice of a search) to the
policy file that plays, and the ladder that rates them beside the other agents.

Training and imitating need the ``train`` extra (PyTorch, sb3-contrib); exporting reads a
checkpoint with it; the ladder and every learned player need numpy alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Annotated

import typer

from ..agents.policy import PolicyNet, check_out, staged
from ..agents.policy import blend as policy_blend
from ..engine import CyberdeckError
from ..lab.progress import ProgressBar
from ..userdata import data_dir
from .common import Dask, Workers, fail, find_game, parse_options, stopped_exit, stopped_note

app = typer.Typer()

Option = Annotated[list[str], typer.Option("--option", "-o", help="name=value")]
Players = Annotated[int | None, typer.Option(help="Number of players")]


def _training() -> ModuleType:
    try:
        from ..lab import training
    except ImportError as err:
        raise fail(
            f"Training needs the train extra (pip install 'cyberdeck[train]'): {err}."
        ) from None
    return training


def _imitation() -> ModuleType:
    _training()
    from ..lab import imitation

    return imitation


@app.command()
def train(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    steps: Annotated[int, typer.Option(help="Train until the learner has made this many moves")] = (
        100_000
    ),
    seed: Annotated[int, typer.Option(help="Seed of the network and the deals")] = 0,
    every: Annotated[
        int, typer.Option(help="Steps between checkpoints (and points of the learning curve)")
    ] = 10_000,
    opponent: Annotated[
        str | None,
        typer.Option(
            help="The other seats: 'self' (the learner's last checkpoint) or any agent; a pool "
            "separated by commas ('self,greedy') draws one for each game [self]"
        ),
    ] = None,
    judges: Annotated[
        str, typer.Option(help="Fixed opponents of the learning curve, e.g. 'random,greedy'")
    ] = "random,greedy",
    eval_games: Annotated[
        int, typer.Option(help="Games against each fixed opponent at every checkpoint")
    ] = 100,
    score_weight: Annotated[
        float | None,
        typer.Option(
            help="Add this times the learner's final score to its reward (MATR1X: 0.1) [0]"
        ),
    ] = None,
    draw_reward: Annotated[
        float | None,
        typer.Option(help="The learner's reward for a game with no winner, e.g. -0.5 [0]"),
    ] = None,
    width: Annotated[int | None, typer.Option(help="Width of each hidden layer [64]")] = None,
    option: Option = [],  # noqa: B006
    players: Players = None,
    out: Annotated[
        Path | None, typer.Option(help="The run's folder (an existing run there carries on)")
    ] = None,
) -> None:
    """Self-play training (MaskablePPO), resumable from its checkpoints, with a learning curve."""
    game = find_game(game_id)
    options = parse_options(game, None, option, players)
    folder = out or data_dir() / "training" / f"{game.id}-{seed}"
    training = _training()
    names = tuple(w for w in judges.replace(",", " ").split() if w)
    try:
        with ProgressBar("steps") as bar:
            rows = training.train(
                game,
                folder,
                steps,
                seed,
                options,
                every,
                opponent,
                names,
                eval_games,
                bar.update,
                score_weight,
                draw_reward,
                width,
            )
    except CyberdeckError as err:
        raise fail(str(err)) from None
    for row in rows:
        typer.echo(
            f"  {row['steps']:>9} steps  {row['opponent']:<8} {100 * row['win_rate']:5.1f}% "
            f"({100 * row['low']:.1f}–{100 * row['high']:.1f}%)  {row['cpu_seconds']:.0f} CPU s"
        )
    typer.echo(f"  policy: {folder / 'policy.npz'}  curve: {folder / 'curve.csv'}")


@app.command()
def imitate(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    teacher: Annotated[str, typer.Option(help="The agent to learn from, e.g. 'hard'")] = "hard",
    games_: Annotated[
        int, typer.Option("--games", help="Games the teacher plays against itself")
    ] = 1000,
    seed: Annotated[int, typer.Option(help="The first deal, and the network's seed")] = 0,
    workers: Annotated[int, typer.Option(help="Processes playing the teacher's games")] = 1,
    epochs: Annotated[int, typer.Option(help="Passes over the recorded positions")] = 30,
    width: Annotated[int, typer.Option(help="Width of each hidden layer")] = 64,
    value_mix: Annotated[
        float, typer.Option(help="Share of the search's value in the value target (0 to 1)")
    ] = 1.0,
    option: Option = [],  # noqa: B006
    players: Players = None,
    out: Annotated[
        Path | None, typer.Option(help="The run's folder (games already there are kept)")
    ] = None,
    also: Annotated[
        list[Path],
        typer.Option(
            "--with", help="Also fit on an earlier run's games (same game and options); repeatable"
        ),
    ] = [],  # noqa: B006
) -> None:
    """Teach a policy file to play as a search does: record the teacher's games, then fit (on
    them and on the games of the earlier runs given with --with)."""
    game = find_game(game_id)
    options = parse_options(game, None, option, players)
    label = "".join(c if c.isalnum() else "-" for c in teacher.lower())
    folder = out or data_dir() / "imitation" / f"{game.id}-{label}"
    imitation = _imitation()
    if games_ < imitation.HELD_OUT:
        raise fail(
            f"Record at least {imitation.HELD_OUT} games: one in ten is held out of the fit."
        )
    try:
        imitation.check_fit(epochs, width, value_mix)
        imitation.earlier_runs(folder, game.id, game.resolve_options(options), also)
        with ProgressBar("games") as bar:
            imitation.record(game, folder, teacher, games_, seed, options, workers, bar.update)
        with ProgressBar("epochs") as bar:
            rows = imitation.fit(folder, epochs, seed, width, value_mix, bar.update, also)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    meta = PolicyNet.load(folder / imitation.POLICY).meta
    best = rows[meta["epoch"] - 1]
    earlier = "".join(f" and {e['games']} of {e['teacher']}" for e in meta["also"])
    typer.echo(
        f"{game.title}: {games_} games of {teacher}{earlier}, {best['positions']} positions "
        f"fitted; epoch {best['epoch']} "
        f"kept: first choice the teacher's in {100 * best['held_out_agreement']:.1f}% of "
        f"held-out positions, value error {best['held_out_value_error']:.3f}"
    )
    typer.echo(f"  policy: {folder / 'policy.npz'}  curve: {folder / 'curve.csv'}")


@app.command()
def export(
    checkpoint: Annotated[Path, typer.Argument(help="A checkpoint, RUN/checkpoints/step-N.zip")],
    out: Annotated[Path, typer.Option(help="The policy file to write (.npz)")] = Path("policy.npz"),
) -> None:
    """Export a training checkpoint to the numpy policy file that `policy:PATH` and expert play."""
    training = _training()
    try:
        net = training.export(checkpoint, out)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    size = out.stat().st_size
    typer.echo(f"{net.game.title}: {net.meta['steps']} steps -> {out} ({size / 1e6:.2f} MB)")


def _written(
    policies: list[Path],
    out: Path,
    verb: str,
    noun: str,
    combine: Callable[[list[PolicyNet]], PolicyNet],
) -> PolicyNet:
    """Read the policy files, combine them into one and write it to ``out``: an ``out`` that is
    one of them or a file of another kind, a bad file and a file that cannot be written are each
    refused in a sentence."""
    if out.resolve() in {path.resolve() for path in policies}:
        raise fail(f"'{out}' is one of the policies {verb}: write the {noun} to another file.")
    try:
        check_out(out)
        net = combine([PolicyNet.load(path) for path in policies])
        net.save(out)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    return net


@app.command()
def blend(
    policies: Annotated[list[Path], typer.Argument(help="Two policy files or more (.npz)")],
    weight: Annotated[
        list[float] | None,
        typer.Option(help="Each policy's weight, in order (default: equal); they sum to 1"),
    ] = None,
    value_weight: Annotated[
        list[float] | None,
        typer.Option(
            help="Each policy's weight in the value, if not its --weight; 0 leaves it out"
        ),
    ] = None,
    out: Annotated[Path, typer.Option(help="The policy file to write (.npz)")] = Path("policy.npz"),
) -> None:
    """One policy file that plays as several together: its move scores and its value are the
    weighted sums of theirs, as wide as they are together."""
    weights = weight or [1 / len(policies)] * len(policies)
    values = value_weight or weights
    net = _written(
        policies, out, "blended", "blend", lambda nets: policy_blend(nets, weights, values)
    )
    parts = ", ".join(
        f"{path.name} × {w:g}" + (f" (value × {v:g})" if v != w else "")
        for path, w, v in zip(policies, weights, values, strict=True)
    )
    width = (net.layers["trunk"] or net.layers["pi"])[0][0].shape[1]
    typer.echo(
        f"{net.game.title}: {parts} -> {out} ({width} wide, {out.stat().st_size / 1e6:.2f} MB)"
    )


@app.command()
def stage(
    policies: Annotated[
        list[Path], typer.Argument(help="Two policy files or more (.npz), in the game's order")
    ],
    from_turn: Annotated[
        list[int],
        typer.Option(help="The turn from which each policy after the first plays, in order"),
    ],
    out: Annotated[Path, typer.Option(help="The policy file to write (.npz)")] = Path("policy.npz"),
) -> None:
    """One policy file that plays as the first policy, then from a turn on as the next: every
    position, in play and in the expert's search, is judged by the policy for its turn."""
    net = _written(policies, out, "staged", "result", lambda nets: staged(nets, from_turn))
    later = "".join(
        f", then {path.name} from turn {turn}"
        for path, turn in zip(policies[1:], from_turn, strict=False)
    )
    size = out.stat().st_size / 1e6
    typer.echo(f"{net.game.title}: {policies[0].name}{later} -> {out} ({size:.2f} MB)")


@app.command()
def ladder(
    game_id: Annotated[str, typer.Argument(help="Game id")],
    agents: Annotated[
        str, typer.Option(help="Agents, e.g. 'random,easy,normal,expert,policy:runs/p.npz'")
    ],
    games_: Annotated[int, typer.Option("--games", help="Games per pair of agents")] = 20,
    seed: Annotated[int, typer.Option(help="Seed of the first game of each pair")] = 0,
    option: Option = [],  # noqa: B006
    players: Players = None,
    out: Annotated[
        Path | None, typer.Option(help="The ladder's folder (games already there are kept)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object")] = False,
    workers: Workers = None,
    dask: Dask = None,
) -> None:
    """Rate agents from games between them: Bradley–Terry and Elo with 95% intervals."""
    from ..lab.ladder import run_ladder

    game = find_game(game_id)
    options = parse_options(game, None, option, players)
    specs = [a for a in agents.replace(",", " ").split() if a]
    folder = out or data_dir() / "ladders" / f"{game.id}-{seed}"
    try:
        with ProgressBar("games") as bar:
            table = run_ladder(game, specs, games_, folder, seed, options, bar, workers, dask)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    stopped_note(table, f"--out {folder}")
    stopped_exit(table)
    if as_json:
        typer.echo(json.dumps(table))
        return
    width = max(len(s) for s in specs) + 2
    typer.echo(f"{game.title}: {table['games']} games, {games_} a pair; Elo (95% interval)")
    for row in table["ranking"]:
        low, high = row["elo_ci95"]
        typer.echo(
            f"  {row['rank']}. {row['entry']:<{width}} {row['elo']:+6.0f}  "
            f"({low:+.0f} to {high:+.0f})  score {row['score']:g} of {row['games']}"
        )
    typer.echo(f"  games: {folder}")
