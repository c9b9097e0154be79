"""Jobs the arcade's Lab page starts on a saved card set: a what-if (the set against the game's
shipped cards, on the same seeds and seats: common random numbers, ``lab.whatif``) or a small
tournament (a round robin of the entries with the set, each entry's win rate with its Wilson
interval), a few games a pair.

A game is seconds of CPU. It is played in a worker process of the lab's own pool (the AI seats'
``Thinkers``, a second instance: its fair turns between users, its limit per question, its
workers replaced when one dies), never on the event loop and never in the AI seats' workers, so a
what-if cannot slow a move anyone is waiting for. Each game is one question: the job's progress
is the games answered, and cancelling it asks no more (the game under way finishes in its
worker and is dropped). Jobs live in the server's memory; the result of a finished one is kept
with its card set.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..engine import Game
from ..lab.entries import Entry
from ..lab.playing import Planned, Setup, play_game
from ..lab.stats import wilson
from ..lab.whatif import compare_games, whatif_plan
from .thinking import NoAnswer, Thinkers

#: The agents a job may seat: the fast ones (a search level's game is minutes, not seconds).
AGENTS = ("random", "greedy")
#: The most games per pair of entries, and the most entries, a job may ask for.
MAX_GAMES = 20
MAX_ENTRIES = 6
log = logging.getLogger(__name__)

#: Runs remembered after they end (their results are kept with their sets too): the oldest
#: ended ones are forgotten past this, so the memory stays bounded however many sets are run.
KEEP = 1000
RUNNING, FINISHED, CANCELLED, FAILED = "running", "finished", "cancelled", "failed"
WHATIF, TOURNAMENT = "whatif", "tournament"


def outcome(setup: Setup, planned: Planned) -> dict[str, Any]:
    """In the lab's worker: one game played, and only what a run reads of it comes back (its
    record and card uses would be kilobytes to pickle and unpickle for nothing)."""
    row = play_game(setup, planned)
    return {k: row[k] for k in ("number", "entries", "winners", "draw")}


class JobRefused(Exception):
    """A job that may not start now (a cap reached): the sentence says which."""


@dataclass
class Job:
    """One run: ``plan`` played with ``cards`` (a tournament), and with the shipped cards too
    (a what-if)."""

    user_id: int
    set_id: int
    game: Game
    cards: dict[str, Any]
    entries: list[Entry]
    games: int
    seed: int
    kind: str = WHATIF
    plan: list[Planned] = field(default_factory=list)
    id: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    done: int = 0
    status: str = RUNNING
    result: dict[str, Any] | None = None
    error: str | None = None
    task: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        options = self.game.resolve_options(None)
        players = self.game.table_size(options)
        self.plan = whatif_plan(self.game, players, self.entries, self.games, self.seed)

    @property
    def total(self) -> int:
        return (2 if self.kind == WHATIF else 1) * len(self.plan)

    def setup(self, edited: bool) -> Setup:
        options = self.game.resolve_options(None)
        return Setup(self.game.id, options, tuple(self.entries), self.cards if edited else None)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "set": self.set_id, "kind": self.kind, "status": self.status,
            "done": self.done, "total": self.total, "error": self.error, "result": self.result,
        }  # fmt: skip


class LabJobs:
    """The jobs under way and the latest of each card set; at most ``per_user`` running for one
    user and ``at_once`` for the whole server."""

    def __init__(self, workers: int, game_seconds: float, per_user: int, at_once: int) -> None:
        self.workers = Thinkers(workers, game_seconds)
        self.per_user = per_user
        self.at_once = at_once
        self.latest: OrderedDict[tuple[int, int], Job] = OrderedDict()

    def running(self, user_id: int | None = None) -> int:
        return sum(
            1
            for job in self.latest.values()
            if job.status == RUNNING and (user_id is None or job.user_id == user_id)
        )

    def of(self, user_id: int, set_id: int) -> Job | None:
        return self.latest.get((user_id, set_id))

    def start(self, job: Job, keep: Callable[[Job], Awaitable[None]]) -> None:
        """Start ``job``; ``keep`` stores its result once it is finished. ``JobRefused`` when a
        cap is reached."""
        if self.running(job.user_id) >= self.per_user:
            raise JobRefused(
                f"You have {self.per_user} lab run going already; wait for it or cancel it."
            )
        if self.running() >= self.at_once:
            raise JobRefused("The lab is busy with other designers' runs; try again shortly.")
        self.latest.pop((job.user_id, job.set_id), None)
        self.latest[job.user_id, job.set_id] = job
        ended = [key for key, old in self.latest.items() if old.status != RUNNING]
        for key in ended[: max(0, len(self.latest) - KEEP)]:
            del self.latest[key]
        job.task = asyncio.get_running_loop().create_task(self._run(job, keep))

    async def _run(self, job: Job, keep: Callable[[Job], Awaitable[None]]) -> None:
        sides: list[tuple[Setup, list[dict[str, Any]]]] = [(job.setup(True), [])]
        if job.kind == WHATIF:
            sides.insert(0, (job.setup(False), []))
        try:
            for planned in job.plan:
                for setup, rows in sides:
                    rows.append(await self.workers.run(job.user_id, outcome, setup, planned))
                    job.done += 1
        except asyncio.CancelledError:
            job.status = CANCELLED
            return
        except NoAnswer:
            job.status = FAILED
            job.error = (
                f"A game took longer than {self.workers.limit:g} s to play; "
                "choose faster agents or fewer entries."
            )
            return
        labels = [e.label for e in job.entries]
        job.result = {
            "kind": job.kind,
            "entries": labels,
            "games": job.games,
            "seed": job.seed,
            "played": len(sides[0][1]),
            "finished_at": datetime.now(UTC).isoformat(),
        }
        if job.kind == WHATIF:
            job.result["correction"] = "holm"
            job.result["comparisons"] = compare_games(labels, sides[0][1], sides[1][1], "holm")
        else:
            job.result["standings"] = standings(labels, sides[0][1])
        job.status = FINISHED
        try:
            await keep(job)
        except Exception:  # the result stays here; the set just does not keep it
            log.exception("a lab run's result could not be kept with its card set")

    def cancel(self, job: Job) -> bool:
        """Stop ``job``; ``False`` when it was not running."""
        if job.status != RUNNING or job.task is None:
            return False
        job.task.cancel()
        job.status = CANCELLED
        return True

    def forget(self, user_id: int, set_id: int) -> None:
        """A deleted set: its job stops and is forgotten."""
        job = self.latest.pop((user_id, set_id), None)
        if job is not None:
            self.cancel(job)

    def close(self) -> None:
        for job in list(self.latest.values()):
            self.cancel(job)
        self.workers.close()


def standings(labels: list[str], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each entry's games, wins (a draw half a win) and win rate with its 95% Wilson interval,
    best first."""
    games = [0] * len(labels)
    wins = [0.0] * len(labels)
    for row in rows:
        for seat, entry in enumerate(row["entries"]):
            games[entry] += 1
            wins[entry] += 1.0 if seat in row["winners"] else 0.5 if row["draw"] else 0.0
    out = []
    for entry, label in enumerate(labels):
        low, high = wilson(wins[entry], games[entry])
        rate = wins[entry] / games[entry] if games[entry] else 0.0
        out.append({"entry": label, "games": games[entry], "wins": wins[entry],
                    "rate": round(rate, 4), "ci95": [round(low, 4), round(high, 4)]})  # fmt: skip
    return sorted(out, key=lambda r: -r["rate"])
