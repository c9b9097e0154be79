"""A run's folder, written as the games finish, so that no finished game is ever lost.

Every batch of finished games is appended to ``games.jsonl`` (a line per game) the moment it comes
back: a run killed at any instant (Ctrl-C, ``kill -TERM``, ``-HUP`` or even ``-9``) leaves every
finished game but, at worst, a torn last line that reading skips. ``run.json`` is written before
the first game, with the settings that fix the run's plan, so ``--resume`` can check it goes on
with the same run and play only the games the folder lacks. ``games.parquet`` and ``cards.parquet``
are rewritten from the lines whenever the run stops or ends (each written beside its name and
renamed into place): the files DuckDB and pandas read.

A folder is never reused by accident: a new run refuses a folder that holds a run, and the
default folder is a new one per run.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from ..engine import BadOption, BadRecord
from ..engine.files import write_atomically

#: The games as they finish, one JSON line each.
LOG = "games.jsonl"
RUN = "run.json"
GAMES = "games.parquet"
CARDS = "cards.parquet"
#: What a deck search keeps (``optimize``): a folder holding it holds a run too.
SEARCH = "optimize.json"
#: What a what-if keeps beside its two runs (``whatif``).
WHATIF = "whatif.json"
#: What a balance search keeps beside its study and confirmation runs (``balance``).
BALANCE = "balance.json"


def write_json(path: Path, data: dict[str, Any]) -> None:
    write_atomically(path, (json.dumps(data, indent=1) + "\n").encode())


def holds_run(folder: Path) -> bool:
    return any((folder / name).exists() for name in (RUN, LOG, GAMES, SEARCH, WHATIF, BALANCE))


def check_folder(folder: Path, kind: str, foreign: str, holding: str) -> None:
    """Refuse, in a sentence, ``kind``'s folder (``"a ladder's"``) where it is a file, or where it
    holds ``foreign``, another kind of run's file (``holding`` says what that is): its games or
    settings would be taken for this run's. Nothing is written."""
    if folder.exists() and not folder.is_dir():
        raise BadOption(f"'{folder}' is a file, not {kind} folder: name a folder.")
    if (folder / foreign).exists():
        raise BadOption(f"'{folder}' holds {holding}: name a folder of its own for this run.")


def make_folder(folder: Path, kind: str) -> None:
    """Make ``kind``'s folder and the folders above it; a sentence where it cannot be made."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise BadOption(f"Cannot make {kind} folder '{folder}': {err.strerror}.") from None


def fresh_folder(base: Path, command: str, game: str, seed: int) -> Path:
    """A new folder under ``base`` for this run: the command, game and seed for people, the time
    and, where two runs start in the same second, a counter, so no run replaces another."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base.mkdir(parents=True, exist_ok=True)
    for n in range(1, 10_000):
        name = f"{command}-{game}-{seed}-{stamp}" + (f"-{n}" if n > 1 else "")
        try:
            (base / name).mkdir()
        except FileExistsError:
            continue
        return base / name
    raise BadOption(f"Cannot make a new results folder in {base}.")


def claim(folder: Path, resume: bool) -> None:
    """Refuse to write a new run over a folder that holds one, or to resume a folder with none."""
    if resume and not holds_run(folder):
        raise BadOption(f"There is no run to resume in {folder}.")
    if not resume and holds_run(folder):
        raise BadOption(
            f"{folder} already holds the results of a run: name a new folder, or add --resume "
            "to go on with that run."
        )


def read_run(folder: Path, name: str = RUN) -> dict[str, Any]:
    """``run.json`` (or another of the run's JSON files); a damaged one is named in a sentence."""
    path = folder / name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BadRecord(f"Cannot read {path}: {err.strerror}.") from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadRecord(f"{path} is damaged: it is not the JSON a run writes.") from None
    if not isinstance(data, dict):
        raise BadRecord(f"{path} is damaged: it is not the JSON a run writes.")
    return data


def read_parquet(path: Path) -> Any:
    """A Parquet file as a data frame; a damaged one is named in a sentence."""
    import pandas as pd

    try:
        return pd.read_parquet(path)
    except Exception as err:  # pyarrow raises several kinds for a damaged file
        raise BadRecord(f"{path} is damaged and cannot be read ({type(err).__name__}).") from None


class RunStore:
    """The games of one run's folder, kept as they finish: one JSON line per game, appended.

    Appending a line costs a fraction of a millisecond, where a Parquet file per batch cost more
    than a fast game. A kill in the middle of an append leaves at most a last line without its
    newline, which reading skips and ``begin`` cuts off before a resumed run appends."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.log = folder / LOG
        #: The games written by this process (a stop may cut a write short).
        self.kept: set[int] = set()

    def begin(self, settings: dict[str, Any], resume: bool) -> None:
        """Claim the folder (``resume``: check it is the same run) and write ``run.json``."""
        claim(self.folder, resume)
        if resume:
            kept = read_run(self.folder).get("settings")
            if kept != json.loads(json.dumps(settings)):
                differ = sorted(k for k in settings if (kept or {}).get(k) != _json(settings[k]))
                raise BadOption(
                    f"The run in {self.folder} was started with other settings "
                    f"({', '.join(differ) or 'all of them'}); resume it with the same command."
                )
            self._cut_torn_line()
        self.folder.mkdir(parents=True, exist_ok=True)
        if not resume:
            write_json(self.folder / RUN, {"settings": settings, "finished": False})
        self.log.touch()

    def _cut_torn_line(self) -> None:
        if not self.log.is_file():
            return
        data = self.log.read_bytes()
        whole = data.rfind(b"\n") + 1
        if whole < len(data):
            with open(self.log, "r+b") as file:
                file.truncate(whole)

    def done(self) -> list[dict[str, Any]]:
        """Every game the folder holds, by number (a torn last line is a game not finished)."""
        if not self.log.is_file():
            return []
        try:
            lines = self.log.read_bytes().split(b"\n")
        except OSError as err:
            raise BadRecord(f"Cannot read {self.log}: {err.strerror}.") from None
        rows: dict[int, dict[str, Any]] = {}
        for number, line in enumerate(lines[:-1], start=1):
            try:
                row = json.loads(line)
                rows[int(row["number"])] = row
            except (ValueError, KeyError, TypeError):
                raise BadRecord(
                    f"{self.log} is damaged at line {number}: it is not a game the lab wrote."
                ) from None
        self.kept.update(rows)
        return [rows[n] for n in sorted(rows)]

    def add(self, rows: list[dict[str, Any]]) -> None:
        """Keep a finished batch: its lines appended in one write."""
        if not rows:
            return
        data = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows).encode()
        with open(self.log, "ab") as file:
            file.write(data)
        self.kept.update(int(r["number"]) for r in rows)

    def add_missing(self, rows: list[dict[str, Any]]) -> None:
        """Write the rows a stop kept from the file (it came while they were written)."""
        self._cut_torn_line()
        self.add([r for r in rows if int(r["number"]) not in self.kept])


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))
