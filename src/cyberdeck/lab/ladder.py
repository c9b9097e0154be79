"""The ladder: a set of agents rated from games between them (Bradley–Terry, Elo scale, 95%
intervals), kept in a folder so that a long ladder can be stopped and carried on.

Every pair of agents plays ``games`` games from the seeds ``seed``, ``seed + 1``, ... with seats
alternated (the tournament's round robin: two pairs differ by their agents, not their luck). In a
solitaire every agent plays the same deals, and a pair's game on a deal is won by the higher
return, then the higher score where the game keeps one (MATR1X's royals killed: a deal lost with
eleven royals down beats one lost with three); equal: a draw. Each finished game is one line of ``games.jsonl`` in the folder,
keyed by the agents' specs and the game's place in the pair, so a run that was stopped carries on
where it stopped, and a ladder given one more agent plays only that agent's pairs. The games are
played where the lab plays any run's (``executors``: this process, worker processes or Dask); a
game depends on its seed and seats alone, so the ladder is the same on one worker or many.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from ..engine import BadOption, CyberdeckError, Game, Record, load_game
from ..engine.playback import replay
from .entries import Entry
from .executors import Progress, check_executor, run_games
from .playing import Planned, Setup
from .store import LOG, RUN, check_folder, make_folder
from .strengths import rank, win_matrix

#: The games, one line each, under the name every lab run gives them (other runs refuse the folder).
GAMES_FILE = LOG


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of the ladder: the specs in seat order and its place among the pair's games."""

    seats: tuple[str, ...]
    seed: int

    @property
    def key(self) -> str:
        return json.dumps([*self.seats, self.seed])


def schedule(agents: list[str], players: int, games: int, seed: int) -> list[Pairing]:
    """Every pair's ``games`` games (seats alternated), or in a solitaire each agent's deals."""
    if players == 1:
        return [Pairing((a,), seed + k) for k in range(games) for a in agents]
    plan = []
    for a, b in combinations(agents, 2):
        for k in range(games):
            plan.append(Pairing((a, b) if k % 2 == 0 else (b, a), seed + k))
    return plan


def read_games(folder: Path) -> dict[str, dict[str, Any]]:
    """The games already played in ``folder``, by key (a line cut short by a stop is dropped)."""
    path = folder / GAMES_FILE
    done: dict[str, dict[str, Any]] = {}
    if not path.is_file():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if not isinstance(row, dict) or not isinstance(row.get("key"), str):
            raise BadOption(
                f"'{folder}' holds games that are not a ladder's: name a folder of its own for "
                "the ladder."
            )
        done[row["key"]] = row
    return done


def claim_folder(folder: Path, game: Game, options: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The games of the ladder in ``folder``, made if need be; a sentence, and the folder left as
    it was, where it is a file, holds another kind of run, or a ladder of another game or other
    options (their games would be counted as this ladder's)."""
    check_folder(folder, "a ladder's", RUN, "a run of the lab, not a ladder")
    done = read_games(folder)
    for row in done.values():
        try:
            record = Record.from_json(json.loads(row["record"]))
            played = load_game(record.game)
            same = played.id == game.id and played.resolve_options(record.options) == options
        except (KeyError, TypeError, ValueError, CyberdeckError):
            raise BadOption(
                f"'{folder}' holds games that are not a ladder's: name a folder of its own for "
                "the ladder."
            ) from None
        if not same:
            raise BadOption(
                f"'{folder}' holds a ladder of {played.title} with {record.options or 'no options'}"
                f": carry it on with the same game and options, or name another folder."
            )
    make_folder(folder, "a ladder's")
    return done


def run_ladder(
    game: Game,
    agents: list[str],
    games: int,
    folder: Path,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    progress: Progress | None = None,
    workers: int | None = 1,
    dask: str | None = None,
) -> dict[str, Any]:
    """Play the ladder's missing games into ``folder`` and rate the agents from all of them.
    Stopped (Ctrl-C, a signal), it keeps the games finished and says so in ``interrupted``."""
    from ..agents import make_agent
    from ..agents.levels import spec_text

    resolved = game.resolve_options(options)
    players = game.table_size(resolved)
    if players > 2:
        raise BadOption(f"A ladder pairs agents off: play {game.title} with 2 players (or 1).")
    specs = [spec_text(a) for a in agents]
    if len(set(specs)) != len(specs) or len(specs) < 2:
        raise BadOption("A ladder needs at least two different agents.")
    if games < 1:
        raise BadOption("Play at least one game per pair.")
    check_executor(workers, dask)
    for spec in specs:
        make_agent(spec, 0, game, players=players)  # a bad spec fails here, before any game
    done = claim_folder(folder, game, resolved)
    plan = schedule(specs, players, games, seed)
    todo = [p for p in plan if p.key not in done]
    setup = Setup(game.id, resolved, tuple(Entry(spec) for spec in specs))
    index = {spec: i for i, spec in enumerate(specs)}
    path = folder / GAMES_FILE
    cut = path.is_file() and not path.read_bytes().endswith(b"\n") and path.stat().st_size > 0
    planned = [
        Planned(number, p.seed, tuple(index[s] for s in p.seats)) for number, p in enumerate(todo)
    ]
    with path.open("a", encoding="utf-8") as out:
        if cut:  # a line cut short by a stop: the next game starts a line of its own
            out.write("\n")

        def keep(rows: list[dict[str, Any]]) -> None:
            for row in rows:
                pairing = todo[row["number"]]
                line = {"key": pairing.key, "seats": list(pairing.seats), "seed": pairing.seed,
                        "returns": row["returns"], "winners": row["winners"], "draw": row["draw"],
                        "scores": scores(row["record"]) if players == 1 else [],
                        "record": row["record"]}  # fmt: skip
                out.write(json.dumps(line) + "\n")
                done[pairing.key] = line
            out.flush()

        played = run_games(setup, planned, workers, dask, progress, keep)
    if played.interrupted:
        return {"interrupted": True, "played": len(plan) - len(todo) + len(played.rows),
                "planned": len(plan)}  # fmt: skip
    table = standings(specs, [done[p.key] for p in plan], players)
    table.update(game=game.id, seed=seed, games_per_pair=games, options=resolved)
    (folder / "ladder.json").write_text(json.dumps(table, indent=1), encoding="utf-8")
    return table


def scores(record: str) -> list[int]:
    """The finished game's scores (``Outcome.scores``), read back from its record."""
    outcome = replay(Record.from_json(json.loads(record))).outcome
    return list(outcome.scores) if outcome is not None else []


def standings(specs: list[str], rows: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """The win matrix and the Bradley–Terry ranking of ``specs`` from the ladder's games."""
    import numpy as np

    k = len(specs)
    index = {spec: i for i, spec in enumerate(specs)}
    score = np.zeros((k, k))
    played = np.zeros((k, k))

    def tally(a: int, b: int, a_score: float) -> None:
        played[a, b] += 1
        played[b, a] += 1
        score[a, b] += a_score
        score[b, a] += 1 - a_score

    if players == 1:
        deals: dict[int, dict[int, tuple[float, int]]] = {}
        for row in rows:
            score_of = (row["returns"][0], (row.get("scores") or [0])[0])
            deals.setdefault(row["seed"], {})[index[row["seats"][0]]] = score_of
        for results in deals.values():
            for a, b in combinations(sorted(results), 2):
                ra, rb = results[a], results[b]
                tally(a, b, 1.0 if ra > rb else 0.0 if ra < rb else 0.5)
    else:
        for row in rows:
            a, b = (index[s] for s in row["seats"])
            winners = set(row["winners"])
            tally(a, b, 0.5 if row["draw"] or not winners else 1.0 if 0 in winners else 0.0)
    return {
        "games": len(rows),
        "matrix": win_matrix(specs, score, played),
        "ranking": rank(specs, score, played),
    }
