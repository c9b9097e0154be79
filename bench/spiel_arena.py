"""`cyberdeck arena` with OpenSpiel's IS-MCTS bot seated (``spiel-ismcts:N``).

The bot reaches the arena through the ``cyberdeck.agents`` entry point once the package is
installed with the ``rl`` extra; this script loads the adapter first, so it also runs from a
checkout (``PYTHONPATH=src python bench/spiel_arena.py cipher-run --agents normal,spiel-ismcts:4``).
The results are in docs/strength.md.
"""

from __future__ import annotations

import sys

import cyberdeck.envs.openspiel  # noqa: F401  (registers spiel-ismcts)
from cyberdeck.cli import main

if __name__ == "__main__":
    sys.argv = ["cyberdeck", "arena", *sys.argv[1:]]
    main()
