"""Tournaments: a round robin of entries, a win matrix, and a Bradley–Terry strength ranking.

Every pair plays the same seeds with seats alternated (common random numbers: two pairings differ
by their entries, not their luck). Strengths are fitted with ``choix``; a draw counts half a win
to each side. Intervals come from the fit's Fisher information, the usual large-sample bounds.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ..engine import BadOption, Game
from .entries import Entry
from .executors import Progress
from .playing import Planned
from .results import Results
from .simulate import players_of, run_plan
from .stats import Z95, wilson

#: A light prior (as if every pair had shared a tenth of a game) keeps a strength finite when an
#: entry won every game it played.
PRIOR = 0.1
ELO = 400 / math.log(10)
#: Strengths closer than this are a tie (the fit converges to about 1e-8).
TIE = 1e-6


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
    if players_of(game, resolved) != 2:
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
    import choix
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
    theta = choix.ilsr_pairwise_dense(score, alpha=PRIOR)
    theta = theta - theta.mean()
    # Fisher information of the fit: a graph Laplacian weighted by n p (1 - p); its pseudo-inverse
    # is the covariance of the strengths under the sum-to-zero constraint.
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    weight = played * p * (1 - p)
    info = np.diag(weight.sum(axis=1)) - weight
    cov = np.linalg.pinv(info)
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    matrix = []
    for i in range(k):
        cells = []
        for j in range(k):
            n = float(played[i, j])
            low, high = wilson(float(score[i, j]), n)
            cells.append({
                "against": labels[j], "games": int(n), "score": float(score[i, j]),
                "rate": round(float(score[i, j]) / n, 4) if n else None,
                "ci95": [round(low, 4), round(high, 4)] if n else None,
            })  # fmt: skip
        matrix.append({"entry": labels[i], "cells": cells})
    order = sorted(range(k), key=lambda i: -theta[i])
    # Competition ranking: entries of equal strength (equal records) share a rank.
    rank = {i: 1 + sum(1 for j in range(k) if theta[j] > theta[i] + TIE) for i in range(k)}
    ranking = [
        {
            "rank": rank[i],
            "entry": labels[i],
            "strength": round(float(theta[i]), 4),
            "ci95": [
                round(float(theta[i] - Z95 * se[i]), 4),
                round(float(theta[i] + Z95 * se[i]), 4),
            ],
            "elo": round(float(ELO * theta[i]), 1),
            "score": float(score[i].sum()),
            "games": int(played[i].sum()),
        }
        for i in order
    ]
    return {"game": results.run.get("game"), "games": len(results.games), "matrix": matrix,
            "ranking": ranking}  # fmt: skip
