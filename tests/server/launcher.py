"""Runs the match server with the tests' own game registered beside the installed ones, and,
when ``timetravel.CLOCK_FILE`` names a file, with a wall clock the test moves on; when
``WORKER_DELAY`` gives seconds, each worker of a cluster waits that long before it serves."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from cyberdeck.engine import register
from cyberdeck.server import app
from cyberdeck.server.__main__ import main
from cyberdeck.server.config import ServerConfig

from .duel import DUEL
from .timetravel import CLOCK_FILE, FileClock

WORKER_DELAY = "CYBERDECK_TEST_WORKER_DELAY"

Serve = Callable[[ServerConfig, str, int], None]


def delayed(serve: Serve, seconds: float) -> Serve:
    def run(config: ServerConfig, host: str, port: int) -> None:
        time.sleep(seconds)
        serve(config, host, port)

    return run


if __name__ == "__main__":
    register(DUEL)
    if CLOCK_FILE in os.environ:
        app.create_app = partial(app.create_app, clock=FileClock(Path(os.environ[CLOCK_FILE])))
    delay = os.environ.get(WORKER_DELAY)
    main(sys.argv[1:], run_worker=None if delay is None else delayed(app.serve, float(delay)))
