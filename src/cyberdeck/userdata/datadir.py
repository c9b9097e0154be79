"""Where cyberdeck keeps a player's files: statistics and game records.

``CYBERDECK_DATA_DIR`` overrides the platform's user data directory (tests use it)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir


def data_dir() -> Path:
    override = os.environ.get("CYBERDECK_DATA_DIR")
    path = Path(override) if override else Path(user_data_dir("cyberdeck", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def records_dir() -> Path:
    return data_dir() / "records"
