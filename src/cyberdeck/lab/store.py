"""A run's folder, written as the games finish, so that no finished game is ever lost.

Every batch of finished games becomes one Parquet file under ``parts/`` the moment it comes back,
written beside its final name and renamed into place: a run killed at any instant (Ctrl-C,
``kill -TERM``, ``-HUP`` or even ``-9``) leaves whole parts only. ``run.json`` is written before the
first game, with the settings that fix the run's plan, so ``--resume`` can check it goes on with
the same run and play only the games no part holds. ``games.parquet`` and ``cards.parquet`` are
rewritten from the parts whenever the run stops or ends: the files DuckDB and pandas read.

A folder is never reused by accident: a new run refuses a folder that holds a run, and the
default folder is a new one per run.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from ..engine import BadOption, BadRecord

PARTS = "parts"
RUN = "run.json"
GAMES = "games.parquet"
CARDS = "cards.parquet"
#: What a deck search keeps (``optimize``): a folder holding it holds a run too.
SEARCH = "optimize.json"
#: What a what-if keeps beside its two runs (``whatif``).
WHATIF = "whatif.json"


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` at ``path`` whole or not at all: a kill mid-write leaves only a ``.tmp`` file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".tmp")
    with open(part, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(part, path)


def write_json(path: Path, data: dict[str, Any]) -> None:
    write_atomically(path, (json.dumps(data, indent=1) + "\n").encode())


def holds_run(folder: Path) -> bool:
    return any((folder / name).exists() for name in (RUN, PARTS, GAMES, SEARCH, WHATIF))


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


def _plain(value: Any) -> Any:
    return value.tolist() if hasattr(value, "tolist") else value


class RunStore:
    """The parts of one run's folder: what is done, and each new batch as it finishes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.parts = folder / PARTS
        #: The games written to parts by this process (a stop may cut a write short).
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
        self.folder.mkdir(parents=True, exist_ok=True)
        self.parts.mkdir(exist_ok=True)
        if not resume:
            write_json(self.folder / RUN, {"settings": settings, "finished": False})

    def done(self) -> list[dict[str, Any]]:
        """Every game the parts hold, by number."""
        rows: dict[int, dict[str, Any]] = {}
        if not self.parts.is_dir():
            return []
        for path in sorted(self.parts.glob("part-*.parquet")):
            for row in read_parquet(path).to_dict("records"):
                plain = {k: _plain(v) for k, v in row.items()}
                rows[int(plain["number"])] = plain
        self.kept.update(rows)
        return [rows[n] for n in sorted(rows)]

    def add(self, rows: list[dict[str, Any]]) -> None:
        """Keep a finished batch: one part named by its first game, written atomically."""
        import io

        import pandas as pd

        if not rows:
            return
        buffer = io.BytesIO()
        pd.DataFrame(rows).to_parquet(buffer, index=False)
        first = min(int(r["number"]) for r in rows)
        write_atomically(self.parts / f"part-{first:07d}.parquet", buffer.getvalue())
        self.kept.update(int(r["number"]) for r in rows)

    def add_missing(self, rows: list[dict[str, Any]]) -> None:
        """Write the rows a stop kept from their part (it came while the part was written)."""
        self.add([r for r in rows if int(r["number"]) not in self.kept])


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))
