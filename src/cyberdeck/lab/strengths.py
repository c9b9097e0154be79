"""Bradley–Terry strengths from pairwise scores, with their 95% intervals: what the tournament and
the ladder both rank by.

Strengths are fitted with ``choix`` (a draw counts half a win to each side) and centred on 0 (the
average entry); they are log-odds, and ``ELO`` turns them into Elo points. Intervals come from the
fit's Fisher information, the usual large-sample bounds.
"""

from __future__ import annotations

import math
from typing import Any

from .stats import Z95, wilson

#: A light prior (as if every pair had shared a tenth of a game) keeps a strength finite when an
#: entry won every game it played.
PRIOR = 0.1
ELO = 400 / math.log(10)
#: Strengths closer than this are a tie (the fit converges to about 1e-8).
TIE = 1e-6


def bradley_terry(score: Any, played: Any) -> tuple[Any, Any]:
    """Strengths and their standard errors from ``score[i, j]`` (i's wins over j, draws as
    halves) and ``played[i, j]`` (games between them), both square numpy arrays."""
    import choix
    import numpy as np

    theta = choix.ilsr_pairwise_dense(score, alpha=PRIOR)
    theta = theta - theta.mean()
    # Fisher information of the fit: a graph Laplacian weighted by n p (1 - p); its pseudo-inverse
    # is the covariance of the strengths under the sum-to-zero constraint.
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    weight = played * p * (1 - p)
    info = np.diag(weight.sum(axis=1)) - weight
    cov = np.linalg.pinv(info)
    return theta, np.sqrt(np.clip(np.diag(cov), 0, None))


def rank(labels: list[str], score: Any, played: Any) -> list[dict[str, Any]]:
    """The entries strongest first: strength with its 95% interval, Elo, score and games. Entries
    of equal strength (equal records) share a rank (competition ranking)."""
    theta, se = bradley_terry(score, played)
    k = len(labels)
    order = sorted(range(k), key=lambda i: -theta[i])
    place = {i: 1 + sum(1 for j in range(k) if theta[j] > theta[i] + TIE) for i in range(k)}
    return [
        {
            "rank": place[i],
            "entry": labels[i],
            "strength": round(float(theta[i]), 4),
            "ci95": [
                round(float(theta[i] - Z95 * se[i]), 4),
                round(float(theta[i] + Z95 * se[i]), 4),
            ],
            "elo": round(float(ELO * theta[i]), 1),
            "elo_ci95": [
                round(float(ELO * (theta[i] - Z95 * se[i])), 1),
                round(float(ELO * (theta[i] + Z95 * se[i])), 1),
            ],
            "score": float(score[i].sum()),
            "games": int(played[i].sum()),
        }
        for i in order
    ]


def win_matrix(labels: list[str], score: Any, played: Any) -> list[dict[str, Any]]:
    """Each entry's score against each other one, with its 95% Wilson interval."""
    matrix = []
    for i, label in enumerate(labels):
        cells = []
        for j, other in enumerate(labels):
            n = float(played[i, j])
            low, high = wilson(float(score[i, j]), n)
            cells.append({
                "against": other, "games": int(n), "score": float(score[i, j]),
                "rate": round(float(score[i, j]) / n, 4) if n else None,
                "ci95": [round(low, 4), round(high, 4)] if n else None,
            })  # fmt: skip
        matrix.append({"entry": label, "cells": cells})
    return matrix
