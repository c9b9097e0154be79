"""The lab for designers, as a Python API for notebooks: every function here returns data frames
or JSON-ready data, and the commands of ``cyberdeck lab`` are thin shells around them.

    from cyberdeck import load_game
    from cyberdeck.lab import make_entries, simulate, summarize

    game = load_game("cipher-run")
    results = simulate(game, make_entries(game, ["greedy", "greedy"], ["cold-boot", "redline"]), 200)
    results.games.groupby("kind").size()      # pandas
    summarize(results)["first_player"]

The data packages (pandas, pyarrow, choix, ribs, matplotlib, Dask) are the ``lab`` extra; they are
imported where they are used, so the arena and the rest of cyberdeck work without them.
"""

from .cards import card_metrics
from .entries import Entry, make_entries
from .optimize import optimize, regions
from .report import report
from .results import Results
from .simulate import simulate, summarize
from .tournament import standings, tournament
from .whatif import whatif

__all__ = [
    "Entry",
    "Results",
    "card_metrics",
    "make_entries",
    "optimize",
    "regions",
    "report",
    "simulate",
    "standings",
    "summarize",
    "tournament",
    "whatif",
]
