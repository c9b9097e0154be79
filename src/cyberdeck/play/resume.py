"""Going on with a game left unfinished: its record, saved when the player quit or pressed
Ctrl-C, rebuilds the match move by move (the seed replays every hidden card exactly), so the
terminal continues where the player left, with the same opponents."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine import CyberdeckError, Match, Record, load_game
from ..engine.record import UNDO


@dataclass(frozen=True, slots=True)
class Unfinished:
    """A game to go on with: its record file and the match rebuilt from it."""

    path: Path
    match: Match


def rebuild(record: Record) -> Match:
    """The match after every move of ``record`` (taken-back moves taken back again);
    ``CyberdeckError`` when a move no longer applies."""
    game = load_game(record.game)
    match = Match(game, record.options, record.seed, record.decks, meta=dict(record.meta))
    for text in record.actions:
        if text == UNDO:
            match.undo()
        else:
            match.play(text)
    return match


def last_unfinished(folder: Path, game_id: str | None = None) -> Unfinished | None:
    """The newest record in ``folder`` of a game not over (of ``game_id`` only, if given) that
    still replays; a campaign's games are left out (a campaign goes on from its start)."""
    if not folder.is_dir():
        return None
    paths = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in paths:
        try:
            record = Record.load(path)
            if (game_id and record.game != game_id) or "series" in record.meta:
                continue
            match = rebuild(record)
        except CyberdeckError:
            continue  # a record of an older engine, or one edited by hand
        if not match.state.is_terminal:
            return Unfinished(path, match)
    return None
