"""Tournaments: a round robin of entries, a win matrix, and a Bradley–Terry strength ranking.

Every pair plays the same seeds with seats alternated (common random numbers: two pairings differ
by their entries, not their luck). Strengths are fitted with ``choix``; a draw counts half a win
to each side (``strengths``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine import BadOption, Game
from .entries import Entry
from .executors import Progress
from .playing import Planned
from .results import Results
from .simulate import run_plan
from .strengths import rank, win_matrix


def round_robin(entries: int, games: int, seed: int) -> list[Planned]:
    """``games`` games per pair of entries, seeds shared across pairs, seats alternated."""
    plan: list[Planned] = []
    for i in range(entries):
        for j in range(i + 1, entries):
            for k in range(games):
                seats = (i, j) if k % 2 == 0 else (j, i)
                plan.append(Planned(len(plan), seed + k, seats))
    return plan


def tournament(
    game: Game,
    entries: list[Entry],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    dask: str | None = None,
    progress: Progress | None = None,
    out: Path | None = None,
    resume: bool = False,
    cards: dict[str, Any] | None = None,
) -> Results:
    """A round robin of ``games`` games for every pair of ``entries`` (2-player games)."""
    resolved = game.resolve_options(options)
    if game.table_size(resolved) != 2:
        raise BadOption(
            f"A tournament pairs entries off: {game.title} is not a 2-player game here."
        )
    if len(entries) < 2:
        raise BadOption("A tournament needs at least two entries.")
    if games < 1:
        raise BadOption("Play at least one game per pair.")
    plan = round_robin(len(entries), games, seed)
    run = {"command": "tournament", "seed": seed, "games": games}
    return run_plan(game, entries, plan, resolved, run, workers, dask, progress, out, resume, cards)


def standings(results: Results) -> dict[str, Any]:
    """The win matrix (a row's wins against a column, draws as halves) and the ranking."""
    import numpy as np

    labels = results.entries
    k = len(labels)
    score = np.zeros((k, k))
    played = np.zeros((k, k))
    for row in results.games.itertuples():
        a, b = (int(x) for x in row.entries)
        winners = set(row.winners)
        played[a, b] += 1
        played[b, a] += 1
        if row.draw:
            score[a, b] += 0.5
            score[b, a] += 0.5
        elif 0 in winners:
            score[a, b] += 1
        elif 1 in winners:
            score[b, a] += 1
    matrix = win_matrix(labels, score, played)
    ranking = rank(labels, score, played)
    return {"game": results.run.get("game"), "games": len(results.games), "matrix": matrix,
            "ranking": ranking}  # fmt: skip
