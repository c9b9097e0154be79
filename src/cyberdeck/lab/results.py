"""A run's results as data frames, and as a folder of Parquet files any tool can query.

``games.parquet`` has one row per game (seed, seats, decks, agents, outcome, lengths, per-seat
figures, the full record as JSON); ``cards.parquet`` one row per card a seat drew or played in a
game; ``run.json`` says what was run. While a run plays, its finished games are appended to
``games.jsonl`` (``store``), from which these files are rewritten whenever it stops. DuckDB reads them as they are::

    duckdb -c "SELECT kind, count(*) FROM 'results/games.parquet' GROUP BY kind"
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import BadRecord, CyberdeckError, Record, load_game
from ..engine.files import write_atomically
from .store import (
    CARDS,
    GAMES,
    RUN,
    WHATIF,
    RunStore,
    holds_run,
    read_parquet,
    read_run,
)
from .store import write_json as _write_json

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CARDS", "GAMES", "RUN", "Results", "lab_packages"]
_CARD_COLUMNS = ("card_seat", "card", "card_drawn", "card_played")


def lab_packages() -> None:
    """A clear sentence, not a traceback, where the lab's extra packages are missing."""
    try:
        import pandas  # noqa: F401
        import pyarrow  # noqa: F401
    except ImportError as err:
        from ..engine import BadOption

        raise BadOption(
            f"The lab needs its extra packages (pip install 'cyberdeck[lab]'): {err}."
        ) from None


def cut_short(settings: dict[str, Any]) -> dict[str, Any]:
    """What ``run.json`` would say of a run that ``kill -9`` stopped, from its settings."""
    labels = [f"{a}/{d}" if d else str(a) for a, d, *_ in settings.get("entries", [])]
    return {**settings, "entries": labels, "interrupted": True}


@dataclass
class Results:
    """The games of one run (``games``) and their per-card uses (``cards``), with what was run."""

    games: pd.DataFrame
    cards: pd.DataFrame
    run: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def from_rows(rows: list[dict[str, Any]], run: dict[str, Any]) -> Results:
        lab_packages()
        import pandas as pd

        games = pd.DataFrame([{k: v for k, v in r.items() if k not in _CARD_COLUMNS} for r in rows])
        card_rows = []
        for r in rows:
            for seat, card, drawn, played in zip(*(r[c] for c in _CARD_COLUMNS), strict=True):
                card_rows.append({
                    "number": r["number"], "seat": seat, "entry": r["entries"][seat],
                    "card": card, "drawn": drawn, "played": played,
                    "won": seat in r["winners"], "draw": r["draw"],
                })  # fmt: skip
        columns = ["number", "seat", "entry", "card", "drawn", "played", "won", "draw"]
        cards = pd.DataFrame(card_rows, columns=columns)
        return Results(games, cards, run)

    @property
    def entries(self) -> list[str]:
        return [str(e) for e in self.run.get("entries", [])]

    def save(self, folder: Path) -> None:
        """The two Parquet files and ``run.json``, each written whole or not at all."""
        folder.mkdir(parents=True, exist_ok=True)
        for frame, name in ((self.games, GAMES), (self.cards, CARDS)):
            buffer = io.BytesIO()
            frame.to_parquet(buffer, index=False)
            write_atomically(folder / name, buffer.getvalue())
        _write_json(folder / RUN, self.run)

    @staticmethod
    def load(folder: Path, game: str | None = None) -> Results:
        """The results in ``folder`` (read from its ``games.jsonl``, which a run cut short by
        ``kill -9`` still has); ``game``: refuse the results of another game."""
        lab_packages()
        if (folder / WHATIF).is_file() and not (folder / RUN).is_file():
            raise BadRecord(
                f"{folder} holds a what-if: name its base or changed folder ({folder / 'base'})."
            )
        if not holds_run(folder) or not (folder / RUN).is_file():
            raise BadRecord(
                f"{folder} holds no lab results ({GAMES} and {RUN} are written by a run)."
            )
        run = read_run(folder)
        played = str(run.get("game") or run.get("settings", {}).get("game", ""))
        if game is not None and played != game:
            try:
                title = load_game(played).title
            except CyberdeckError:
                title = played or "an unknown game"
            raise BadRecord(f"{folder} holds games of {title}, not of {load_game(game).title}.")
        store = RunStore(folder)
        if store.log.is_file():
            rows = store.done()
            if "entries" not in run:  # killed before it could say what it played
                run = {**cut_short(run.get("settings", {})), **run, "played": len(rows)}
            return Results.from_rows(rows, run)
        if not (folder / GAMES).is_file():
            raise BadRecord(f"{folder} holds no games yet ({GAMES} is missing).")
        return Results(read_parquet(folder / GAMES), read_parquet(folder / CARDS), run)

    def record(self, number: int) -> Record:
        """The record of game ``number``, to replay it."""
        found = self.games[self.games["number"] == number]
        if found.empty:
            last = len(self.games) - 1
            raise BadRecord(f"There is no game {number} in these results (games 0 to {last}).")
        return Record.from_json(json.loads(found.iloc[0]["record"]))
