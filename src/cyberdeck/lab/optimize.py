"""Deck search: MAP-Elites over the legal deck space (Fontaine et al., "Mapping Hearthstone Deck
Spaces through MAP-Elites", 2019), with ``ribs``' grid archive keeping the elites.

A deck is a vector of copies, one count per card the game lists (``Game.deck_cards``); its place in
the grid is the game's behaviour measures (``Game.deck_measures``); its fitness is its score (a draw
counts half) against a gauntlet of entries over fixed seeds, seats alternated, so every candidate
meets the same deals. New decks come from elites by a few swaps (one copy out, one in) that keep the
deck legal by the game's own validator; the first generation grows from the starter decks. Parents
are picked with a generator seeded by (seed, generation) and the archive is saved after every
generation, each generation's games kept as they finish in its own run folder, so a search stopped
anywhere (inside a generation too) and resumed finds exactly what an unbroken one would.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import BadOption, Game
from .entries import Entry
from .executors import Progress
from .playing import Planned
from .results import RUN, Results
from .simulate import run_plan
from .stats import wilson
from .store import SEARCH, claim, read_run, write_json

STATE = SEARCH
#: Tries at a legal mutant before an elite is passed over for this generation.
MUTATION_TRIES = 50


@dataclass
class Search:
    """What a search was asked, kept with its archive so that ``--resume`` goes on alike."""

    game: str
    options: dict[str, Any]
    agent: str
    gauntlet: list[Entry]
    bins: list[int]
    batch: int
    games: int
    seed: int
    generation: int = 0
    elites: list[dict[str, Any]] = field(default_factory=list)

    def settings(self) -> dict[str, Any]:
        return {
            "game": self.game, "options": self.options, "agent": self.agent,
            "gauntlet": [[e.agent, e.deck, list(e.cards or ())] for e in self.gauntlet],
            "bins": self.bins, "batch": self.batch, "games": self.games, "seed": self.seed,
        }  # fmt: skip

    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        data = {"settings": self.settings(), "generation": self.generation, "elites": self.elites}
        write_json(folder / STATE, data)

    def resume(self, folder: Path) -> None:
        """Take up the archive saved in ``folder``; ``BadOption`` if it was a different search."""
        path = folder / STATE
        if not path.is_file():
            raise BadOption(f"There is no search to resume in {folder} ({STATE} is missing).")
        data = read_run(folder, STATE)
        if data.get("settings") != json.loads(json.dumps(self.settings())):
            raise BadOption(
                f"The search in {folder} was run with other settings; resume it with the same "
                "game, options, agent, gauntlet, bins, batch, games and seed."
            )
        self.generation = int(data["generation"])
        self.elites = list(data["elites"])


class DeckSpace:
    """The legal decks of a game as count vectors, and the swaps between them."""

    def __init__(self, game: Game) -> None:
        if not game.has_decks or not game.deck_cards():
            raise BadOption(f"{game.title} has no deck space to search.")
        if not game.deck_measures():
            raise BadOption(f"{game.title} names no behaviour measures for a deck search.")
        self.game = game
        self.cards = game.deck_cards()
        self.codes = [c.code for c in self.cards]
        self.index = {c.upper(): i for i, c in enumerate(self.codes)}
        self.measures = game.deck_measures()

    def vector(self, codes: tuple[str, ...] | list[str]) -> list[int]:
        counts = [0] * len(self.codes)
        for code in codes:
            counts[self.index[code.upper()]] += 1
        return counts

    def deck(self, counts: list[int]) -> list[str]:
        return [code for code, n in zip(self.codes, counts, strict=True) for _ in range(n)]

    def game_cards(self, counts: list[int]) -> list[Any]:
        lines = "\n".join(f"{n}x {code}" for code, n in zip(self.codes, counts, strict=True) if n)
        return self.game.read_deck(lines)

    def legal(self, counts: list[int]) -> bool:
        return not self.game.validate_deck(self.game_cards(counts))

    def place(self, counts: list[int]) -> list[float]:
        cards = self.game_cards(counts)
        return [float(m.measure(cards)) for m in self.measures]

    def mutate(self, counts: list[int], rng: Any) -> list[int] | None:
        """A legal deck a few swaps away (1 more swap with probability 1/2, and so on)."""
        for _ in range(MUTATION_TRIES):
            child = list(counts)
            swaps = int(rng.geometric(0.5))
            for _ in range(swaps):
                held = [i for i, n in enumerate(child) if n]
                room = [i for i, n in enumerate(child) if n < self.cards[i].copies]
                child[held[int(rng.integers(len(held)))]] -= 1
                child[room[int(rng.integers(len(room)))]] += 1
            if child != counts and self.legal(child):
                return child
        return None


def optimize(
    game: Game,
    agent: str,
    gauntlet: list[Entry],
    generations: int,
    batch: int = 8,
    games: int = 10,
    bins: list[int] | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    out: Path | None = None,
    resume: bool = False,
    workers: int | None = None,
    dask: str | None = None,
    progress: Progress | None = None,
) -> Search:
    """Run MAP-Elites until ``generations`` generations are done (counting resumed ones)."""
    import numpy as np
    from ribs.archives import GridArchive

    space = DeckSpace(game)
    if not gauntlet:
        raise BadOption("Name the gauntlet: the entries (AGENT@DECK) a deck must beat.")
    if batch < 1 or games < 1:
        raise BadOption("A generation needs at least one deck and one game per gauntlet entry.")
    dims = bins or [5] * len(space.measures)
    if len(dims) != len(space.measures) or min(dims) < 1:
        names = ", ".join(m.name for m in space.measures)
        raise BadOption(f"Give one number of bins for each measure ({names}).")
    resolved = game.resolve_options(options)
    search = Search(game.id, resolved, agent, gauntlet, dims, batch, games, seed)
    if resume and out is None:
        raise BadOption("Name the folder of the search to resume (--out).")
    if out is not None:
        claim(out, resume)
    if resume and out is not None:
        search.resume(out)
    archive = GridArchive(
        solution_dim=len(space.codes),
        dims=dims,
        ranges=[(m.low, m.high) for m in space.measures],
        extra_fields={"games": ((), np.int64), "score": ((), np.float64)},
        seed=seed,
    )
    for elite in search.elites:
        _add(archive, [elite["counts"]], [elite["score"] / elite["games"]], [elite["measures"]],
             [elite["games"]], [elite["score"]])  # fmt: skip
    starters = [space.vector([str(c) for c in d.cards]) for d in game.starter_decks()]
    while search.generation < generations:
        rng = np.random.default_rng([seed, search.generation])
        parents = _elites(archive) or starters
        children = []
        for _ in range(batch):
            parent = parents[int(rng.integers(len(parents)))]
            child = space.mutate(parent, rng)
            if child is not None:
                children.append(child)
        if search.generation == 0:
            children = starters + children
        folder = out / "generations" / f"{search.generation:04d}" if out is not None else None
        run = {"command": "optimize", "seed": seed, "generation": search.generation}
        played = _play(space, agent, gauntlet, children, games, seed, resolved, workers, dask,
                       progress, folder, run)  # fmt: skip
        if played.run.get("interrupted"):
            break
        scores = _scores(played.games.to_dict("records"), len(children))
        n = games * len(gauntlet)
        _add(archive, children, [s / n for s in scores], [space.place(c) for c in children],
             [n] * len(children), scores)  # fmt: skip
        search.generation += 1
        search.elites = _elite_rows(archive, space)
        if out is not None:
            search.save(out)
    search.elites = _elite_rows(archive, space)
    return search


def _add(archive: Any, counts: Any, objective: Any, measures: Any, games: Any, score: Any) -> None:
    import numpy as np

    archive.add(
        np.asarray(counts, dtype=float), np.asarray(objective, dtype=float),
        np.asarray(measures, dtype=float), games=np.asarray(games), score=np.asarray(score),
    )  # fmt: skip


def _elites(archive: Any) -> list[list[int]]:
    """The archive's decks in cell order (so parent picks do not depend on insertion order)."""
    data = archive.data()
    order = sorted(range(len(data["index"])), key=lambda i: int(data["index"][i]))
    return [[_copies(x) for x in data["solution"][i]] for i in order]


def _copies(x: Any) -> int:
    """A count back from the archive's float vector."""
    return int(float(x) + 0.5)


def _elite_rows(archive: Any, space: DeckSpace) -> list[dict[str, Any]]:
    data = archive.data()
    rows: list[dict[str, Any]] = []
    for i in range(len(data["index"])):
        games, score = int(data["games"][i]), float(data["score"][i])
        low, high = wilson(score, games)
        rows.append({
            "cell": int(data["index"][i]),
            "counts": [_copies(x) for x in data["solution"][i]],
            "measures": [float(x) for x in data["measures"][i]],
            "games": games, "score": score,
            "win": round(score / games, 4), "ci95": [round(low, 4), round(high, 4)],
        })  # fmt: skip
    rows.sort(key=lambda r: (-r["win"], r["cell"]))
    return rows


def _play(
    space: DeckSpace,
    agent: str,
    gauntlet: list[Entry],
    children: list[list[int]],
    games: int,
    seed: int,
    options: dict[str, Any],
    workers: int | None,
    dask: str | None,
    progress: Progress | None,
    folder: Path | None,
    run: dict[str, Any],
) -> Results:
    """The games of each child against the gauntlet, kept in the generation's ``folder`` as they
    finish (a stopped generation resumes there with the games it lacks)."""
    entries = played_entries(space, agent, gauntlet, children)
    plan: list[Planned] = []
    for i in range(len(children)):
        for j in range(len(gauntlet)):
            for k in range(games):
                seats = (i, len(children) + j) if k % 2 == 0 else (len(children) + j, i)
                plan.append(Planned(len(plan), seed + k, seats))
    begun = folder is not None and (folder / RUN).is_file()
    return run_plan(space.game, entries, plan, options, run, workers, dask, progress, folder, begun)


def played_entries(
    space: DeckSpace, agent: str, gauntlet: list[Entry], children: list[list[int]]
) -> list[Entry]:
    """A generation's entries: its new decks first, then the gauntlet."""
    decks = [Entry(agent, f"candidate-{i}", tuple(space.deck(c))) for i, c in enumerate(children)]
    return decks + gauntlet


def _scores(rows: list[dict[str, Any]], children: int) -> list[float]:
    """Each child's score (a draw counts half)."""
    scores = [0.0] * children
    for row in rows:
        i = row["entries"][0] if row["entries"][0] < children else row["entries"][1]
        seat = list(row["entries"]).index(i)
        scores[i] += 1.0 if seat in row["winners"] else 0.5 if row["draw"] else 0.0
    return scores


def deck_lists(search: Search, game: Game, folder: Path, top: int = 0) -> list[Path]:
    """Each elite as a deck-list file that ``cyberdeck deck`` and the lab read back."""
    space = DeckSpace(game)
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("elite-*.txt"):
        stale.unlink()
    paths = []
    for rank, elite in enumerate(search.elites[: top or None], start=1):
        names = ", ".join(
            f"{m.name} {v:g}" for m, v in zip(space.measures, elite["measures"], strict=True)
        )
        low, high = elite["ci95"]
        about = (f"found by the lab's deck search: {100 * elite['win']:.1f}% against the gauntlet "
                 f"(95% CI {100 * low:.1f}-{100 * high:.1f}%, {elite['games']} games); {names}")  # fmt: skip
        path = folder / f"elite-{rank:03d}.txt"
        text = game.deck_text(space.game_cards(elite["counts"]), f"Elite {rank}", about)
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def regions(search: Search, game: Game) -> list[dict[str, Any]]:
    """The elites for people: the measures by name, and the win rate with its interval."""
    space = DeckSpace(game)
    return [
        {**{m.name: v for m, v in zip(space.measures, e["measures"], strict=True)},
         "win": e["win"], "ci95": e["ci95"], "games": e["games"], "cell": e["cell"]}
        for e in search.elites
    ]  # fmt: skip
