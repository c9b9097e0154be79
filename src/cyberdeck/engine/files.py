"""Files written whole or not at all."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` at ``path`` whole or not at all: a failed write leaves what was there, and a kill
    at most a ``.tmp`` file beside it. (No fsync: a killed process's writes are in the page
    cache and stay; what fsync adds, a machine losing power, cost a third of a fast game's time
    per part when it was there.)"""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".tmp")
    try:
        part.write_bytes(data)
        os.replace(part, path)
    except OSError:
        if part.is_file():
            part.unlink()
        raise


def archive_holds(path: Path, *names: str) -> bool:
    """Whether ``path`` is a zip archive (a ``.npz``, a training checkpoint) holding every one of
    ``names``: what a file is, told without loading it."""
    try:
        with zipfile.ZipFile(path) as archive:
            return set(names) <= set(archive.namelist())
    except (OSError, zipfile.BadZipFile):
        return False
