"""Time travel for a server under test: the server's wall clock reads the machine's time plus
an offset kept in a file, which a test moves on (a week in a moment, no sleeping). The launcher
(``launcher.py``) gives the server this clock when ``CLOCK_FILE`` names the file."""

from __future__ import annotations

import os
import time
from pathlib import Path

#: The environment variable that names the offset's file.
CLOCK_FILE = "CYBERDECK_TEST_CLOCK_FILE"


class FileClock:
    """The server's side: the machine's time plus the file's offset (seconds)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def now(self) -> float:
        try:
            offset = float(self.path.read_text() or 0)
        except (OSError, ValueError):
            offset = 0.0
        return time.time() + offset


class TimeTravel:
    """The test's side: ``advance`` moves the server's clock on."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0.0
        self._write()

    @property
    def env(self) -> dict[str, str]:
        return {CLOCK_FILE: str(self.path)}

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        self._write()

    def now(self) -> float:
        return time.time() + self.offset

    def _write(self) -> None:
        # Written whole and renamed, so the server never reads half a number.
        part = self.path.with_suffix(".part")
        part.write_text(repr(self.offset))
        os.replace(part, self.path)
