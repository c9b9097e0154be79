"""A terminal player's settings, kept in the data directory between games: their stops per game.

One small JSON file (``settings.json``); a file that cannot be read gives the defaults, so a
damaged file never keeps anyone from playing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..engine import Game
from ..engine.autoanswer import Stops
from ..engine.files import write_atomically
from ..userdata import data_dir


def settings_path() -> Path:
    return data_dir() / "settings.json"


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def load_stops(game: Game, path: Path | None = None) -> Stops:
    data = _read(path or settings_path())
    stops = data.get("stops")
    return Stops.from_json(game, stops.get(game.id) if isinstance(stops, dict) else None)


def save_stops(game: Game, stops: Stops, path: Path | None = None) -> None:
    path = path or settings_path()
    data = _read(path)
    every = data.get("stops")
    if not isinstance(every, dict):
        every = {}
    every[game.id] = stops.to_json()
    data["stops"] = every
    write_atomically(path, json.dumps(data, indent=2, sort_keys=True).encode("utf-8"))
