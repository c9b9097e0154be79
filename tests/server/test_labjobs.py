"""The Lab page's runs without a server: a tournament's standings (a draw half a win, Wilson
intervals, best first) and the runs remembered after they end, bounded."""

from __future__ import annotations

import asyncio

import pytest

from cyberdeck import load_game
from cyberdeck.lab.entries import Entry
from cyberdeck.server import labjobs
from cyberdeck.server.labjobs import CANCELLED, FINISHED, Job, LabJobs, standings

from .harness import run


def test_standings_count_a_draw_as_half_a_win_with_an_interval() -> None:
    # ``winners`` are seats: the last game's winner, seat 1, is entry 0 ("a").
    rows = [
        {"entries": [0, 1], "winners": [0], "draw": False},
        {"entries": [1, 0], "winners": [], "draw": True},
        {"entries": [0, 1], "winners": [1], "draw": False},
        {"entries": [1, 0], "winners": [1], "draw": False},
    ]
    table = standings(["a", "b"], rows)
    assert [(r["entry"], r["games"], r["wins"], r["rate"]) for r in table] == [
        ("a", 4, 2.5, 0.625),
        ("b", 4, 1.5, 0.375),
    ]
    for row in table:
        assert 0 < row["ci95"][0] < row["rate"] < row["ci95"][1] < 1


def test_ended_runs_are_forgotten_past_the_bound_and_running_ones_never(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(labjobs, "KEEP", 3)
    game = load_game("cypher")
    lab = LabJobs(workers=1, game_seconds=1.0, per_user=1, at_once=10)

    async def keep(_: Job) -> None:
        return None

    async def scenario() -> None:
        jobs = []
        for user in range(6):
            job = Job(user, 1, game, game.card_set(), [Entry("random"), Entry("greedy")], 1, 0)
            lab.start(job, keep)
            jobs.append(job)
            if user < 5:
                lab.cancel(job)
        assert [j.status for j in jobs[:5]] == [CANCELLED] * 5
        assert len(lab.latest) == 3 and lab.of(5, 1) is jobs[5]
        assert [key[0] for key in lab.latest] == [3, 4, 5]
        lab.cancel(jobs[5])
        await asyncio.sleep(0)
        assert jobs[5].status in (CANCELLED, FINISHED)

    try:
        run(scenario())
    finally:
        lab.close()
