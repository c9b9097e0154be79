"""Runs the match server with the tests' own game registered beside the installed ones."""

from __future__ import annotations

import sys

from cyberdeck.engine import register
from cyberdeck.server.__main__ import main

from .duel import DUEL

if __name__ == "__main__":
    register(DUEL)
    main(sys.argv[1:])
