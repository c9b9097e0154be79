"""Runs the match server with the tests' own game registered beside the installed ones, and,
when ``timetravel.CLOCK_FILE`` names a file, with a wall clock the test moves on."""

from __future__ import annotations

import os
import sys
from functools import partial
from pathlib import Path

from cyberdeck.engine import register
from cyberdeck.server import app
from cyberdeck.server.__main__ import main

from .duel import DUEL
from .timetravel import CLOCK_FILE, FileClock

if __name__ == "__main__":
    register(DUEL)
    if CLOCK_FILE in os.environ:
        app.create_app = partial(app.create_app, clock=FileClock(Path(os.environ[CLOCK_FILE])))
    main(sys.argv[1:])
