"""A player's own files, for the terminal and the server alike: where they live (the data
directory: records, statistics, settings, the arcade's database by default) and the statistics
kept of their games. Neither belongs to one way of playing, so both live here, beside ``play/``
and ``server/``, which read them."""

from .datadir import data_dir, records_dir
from .stats import GameStats, describe, load_stats, record_result

__all__ = ["GameStats", "data_dir", "describe", "load_stats", "record_result", "records_dir"]
