"""Simulations: entries (an agent and a deck each) play many games, seats rotated; the summary a
designer reads (win rates and draws with intervals, the first player's and each seat's edge, how
games end, how long they last, how long agents think), as JSON-ready data."""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from ..engine import BadOption, Game
from .entries import Entry
from .executors import Progress, check_executor, run_games
from .playing import Planned, Setup, plan_games
from .results import Results, lab_packages
from .stats import wilson
from .store import RunStore


def check_seats(game: Game, players: int, entries: list[Entry]) -> None:
    """One entry per seat (a solitaire: any number, each playing the same deals)."""
    if players > 1 and len(entries) != players:
        raise BadOption(
            f"{game.title} here seats {players} players: name {players} agents, one per seat "
            f"(got {len(entries)})."
        )


def settings_of(
    game: Game,
    entries: list[Entry],
    options: dict[str, Any],
    run: dict[str, Any],
    planned: int,
    cards: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What fixes a run's games: ``--resume`` goes on only with the same."""
    return {
        **run, "game": game.id, "options": options, "planned": planned, "cards": cards,
        "entries": [[e.agent, e.deck, list(e.cards) if e.cards is not None else None]
                    for e in entries],
    }  # fmt: skip


def run_plan(
    game: Game,
    entries: list[Entry],
    plan: list[Planned],
    options: dict[str, Any],
    run: dict[str, Any],
    workers: int | None = None,
    dask: str | None = None,
    progress: Progress | None = None,
    out: Path | None = None,
    resume: bool = False,
    cards: dict[str, Any] | None = None,
) -> Results:
    """Play ``plan`` (with the edited card set ``cards``, if given), keeping each finished batch in ``out`` as it comes back (``resume``: only
    the games ``out`` does not hold yet); marked when a stop (Ctrl-C, SIGTERM, SIGHUP) cut it
    short. A resumed run gives the games an unbroken one would: a game depends on its plan only."""
    lab_packages()
    check_executor(workers, dask)
    setup = Setup(game.id, dict(options), tuple(entries), cards)
    settings = settings_of(game, entries, options, run, len(plan), cards)
    store = RunStore(out) if out is not None else None
    if store is None and resume:
        raise BadOption("Name the folder of the run to resume (--out).")
    done = []
    if store is not None:
        store.begin(settings, resume)
        done = store.done()
    finished = {int(r["number"]) for r in done}
    rest = [p for p in plan if p.number not in finished]
    started = time.time()
    played = run_games(setup, rest, workers, dask, progress, store.add if store else None)
    if store is not None:
        store.add_missing(played.rows)
    rows = sorted([*done, *played.rows], key=lambda r: int(r["number"]))
    run = {
        **run,
        "game": game.id,
        "options": options,
        "entries": [e.label for e in entries],
        "decks": {e.deck: list(e.cards) for e in entries if e.cards is not None},
        "planned": len(plan),
        "played": len(rows),
        "resumed_with": len(done),
        "interrupted": played.interrupted,
        "finished": not played.interrupted,
        "executor": (dask and f"dask {dask}") or f"{workers or 'all'} local processes",
        "wall_s": round(time.time() - started, 3),
        "settings": settings,
    }
    results = Results.from_rows(rows, run)
    if out is not None:
        results.save(out)
    return results


def simulate(
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
    """``games`` games between ``entries``, one per seat, seats rotated (a solitaire's entries
    each play the same deals in turn)."""
    if games < 1:
        raise BadOption("Play at least one game.")
    if not entries:
        raise BadOption("Name at least one seat's agent.")
    resolved = game.resolve_options(options)
    players = game.table_size(resolved)
    check_seats(game, players, entries)
    plan = plan_games(players, len(entries), games, seed)
    run = {"command": "simulate", "seed": seed, "games": games}
    return run_plan(game, entries, plan, resolved, run, workers, dask, progress, out, resume, cards)


def _interval(successes: float, n: float) -> dict[str, Any]:
    low, high = wilson(successes, n)
    rate = successes / n if n else 0.0
    return {"rate": round(rate, 4), "ci95": [round(low, 4), round(high, 4)]}


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    cut = statistics.quantiles(ordered, n=10) if len(ordered) > 1 else [ordered[0]] * 9
    return {
        "mean": round(statistics.fmean(ordered), 2),
        "median": float(statistics.median(ordered)),
        "p10": round(cut[0], 2),
        "p90": round(cut[-1], 2),
        "min": float(ordered[0]),
        "max": float(ordered[-1]),
    }


def summarize(results: Results) -> dict[str, Any]:
    """What a designer reads first. Rates count a draw as not a win. The first player is the seat
    that decided first (a game may draw who starts); its edge is its share of the decided games
    less the fair share."""
    games = results.games
    run = results.run
    labels = results.entries
    n = len(games)
    out: dict[str, Any] = {
        "game": run.get("game"),
        "games": n,
        "planned": run.get("planned", n),
        "interrupted": bool(run.get("interrupted", False)),
    }
    if n == 0:
        return out
    rows = games.to_dict("records")
    tallies = {label: {"games": 0, "wins": 0, "draws": 0, "think": 0.0, "decisions": 0}
               for label in labels}  # fmt: skip
    seats = len(rows[0]["returns"])
    seat_wins = [0] * seats
    place_games = [0] * seats
    place_wins = [0] * seats
    first_games = first_wins = 0
    for row in rows:
        winners = set(row["winners"])
        for seat, entry in enumerate(row["entries"]):
            tally = tallies[labels[entry]]
            tally["games"] += 1
            tally["wins"] += seat in winners
            tally["draws"] += bool(row["draw"])
            tally["think"] += row["seat_think_s"][seat]
            tally["decisions"] += row["seat_decisions"][seat]
            seat_wins[seat] += seat in winners
            place = int(row["order"][seat]) if "order" in row else -1
            if place >= 0:
                place_games[place] += 1
                place_wins[place] += seat in winners
        if row["first"] >= 0 and winners:
            first_games += 1
            first_wins += row["first"] in winners
    out["entries"] = [
        {
            "entry": label,
            "games": t["games"],
            "wins": t["wins"],
            "draws": t["draws"],
            "losses": t["games"] - t["wins"] - t["draws"],
            "win": _interval(t["wins"], t["games"]),
            "mean_decision_ms": round(1000 * t["think"] / t["decisions"], 3)
            if t["decisions"]
            else 0.0,
        }
        for label, t in tallies.items()
        if t["games"]
    ]
    draws = sum(1 for row in rows if row["draw"])
    out["draws"] = {"games": draws, **_interval(draws, n)} if seats > 1 else {"games": 0}
    if seats > 1:
        out["seats"] = [{"seat": s + 1, "wins": seat_wins[s], "win": _interval(seat_wins[s], n)}
                        for s in range(seats)]  # fmt: skip
        out["turn_order"] = [{"place": p + 1, "games": place_games[p], "wins": place_wins[p],
                              "win": _interval(place_wins[p], place_games[p])}
                             for p in range(seats) if place_games[p]]  # fmt: skip
        # The first player's share of the decided games, against the fair share 1/seats.
        fair = 1 / seats
        low, high = wilson(first_wins, first_games)
        rate = first_wins / first_games if first_games else fair
        out["first_player"] = {
            "decided_games": first_games,
            "wins": first_wins,
            "win": _interval(first_wins, first_games),
            "fair_share": round(fair, 4),
            "advantage": round(rate - fair, 4),
            "advantage_ci95": [round(low - fair, 4), round(high - fair, 4)],
        }
    endings = games["kind"].value_counts()
    out["endings"] = {str(k): int(v) for k, v in endings.items()}
    out["turns"] = _spread([float(v) for v in games["turns"]])
    out["decisions"] = _spread([float(v) for v in games["decisions"]])
    return out
