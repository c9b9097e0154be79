"""What-if: the same games played with the shipped cards and decks and with a designer's changes.

Both sides play the same plan — the same seeds, so the same deals and the same agents' dice, and
the same entries in the same seats (common random numbers) — so a game of the changed side differs
from its twin only by the change. Each entry's win in a game is paired with its win in the twin,
and the change in win rate is read from the discordant pairs: its 95% interval is Agresti and
Min's for a paired difference (a half added to each cell of the 2x2 table), its test McNemar's
asymptotic one — the pair Fagerland, Lydersen and Laake (2013, 2014) recommend for paired
proportions; the exact test is far more conservative on the few discordant games a what-if has,
and would call a change "not significant" whose interval excludes zero. Many rows mean many tests, so every p-value is corrected for their number (Holm's
step-down by default, or Benjamini–Hochberg's false discovery rate).

A folder keeps both runs (``base/`` and ``changed/``, each resumable like any run) and
``whatif.json`` with the changes and the comparisons.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import BadOption, Game
from ..engine.edits import Edit, edit_card_set, edit_deck, parse_edit
from .entries import Entry
from .executors import Progress, check_executor
from .playing import Planned, plan_games
from .results import Results
from .simulate import check_seats, run_plan
from .stats import Z95
from .store import WHATIF, claim, read_run, write_json
from .tournament import round_robin

CORRECTIONS = ("holm", "bh")
ALPHA = 0.05


@dataclass
class WhatIf:
    """The two runs and the paired comparisons (JSON-ready rows)."""

    changes: list[str]
    base: Results
    changed: Results | None
    correction: str
    rows: list[dict[str, Any]] = field(default_factory=list)

    @property
    def interrupted(self) -> bool:
        return self.changed is None or bool(self.changed.run.get("interrupted"))

    def to_json(self) -> dict[str, Any]:
        return {"changes": self.changes, "correction": self.correction,
                "games": len(self.base.games), "interrupted": self.interrupted,
                "comparisons": self.rows}  # fmt: skip


def changed_side(
    game: Game, entries: list[Entry], edits: list[Edit], base: dict[str, Any] | None = None
) -> tuple[list[Entry], dict[str, Any] | None]:
    """The entries with their decks changed and the edited card set (``base``, a card-set file's,
    or the shipped one; ``base`` itself when no card edits); every edit checked, each problem a
    sentence."""
    decks = {e.deck.lower() for e in entries if e.cards is not None}
    for edit in edits:
        if edit.of_deck and edit.target.lower() not in decks:
            named = ", ".join(sorted(decks)) or "none: give entries as AGENT@DECK"
            raise BadOption(f"'{edit.text}': no entry plays a deck '{edit.target}' ({named}).")
    cards = base
    stats = [e for e in edits if not e.of_deck]
    if stats:
        document = base or game.card_set()
        if document is None:
            raise BadOption(
                f"{game.title}'s cards are fixed by its rules: change its decks instead "
                "('DECK: +1 CARD', 'DECK: -1 CARD')."
            )
        cards = edit_card_set(game, document, stats)
    counts = [e for e in edits if e.of_deck]
    changed = [
        Entry(e.agent, e.deck, tuple(edit_deck(game, e.deck, e.cards, counts)))
        if e.cards is not None and any(c.target.lower() == e.deck.lower() for c in counts)
        else e
        for e in entries
    ]
    return changed, cards


def whatif_plan(
    game: Game, players: int, entries: list[Entry], games: int, seed: int
) -> list[Planned]:
    """A round robin for 2-player games (``games`` per pair); else one entry per seat, rotated."""
    if players == 2 and len(entries) > 2:
        return round_robin(len(entries), games, seed)
    check_seats(game, players, entries)
    return plan_games(players, len(entries), games, seed)


def whatif(
    game: Game,
    entries: list[Entry],
    changes: list[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    dask: str | None = None,
    progress: Progress | None = None,
    out: Path | None = None,
    resume: bool = False,
    correction: str = "holm",
    cards: dict[str, Any] | None = None,
) -> WhatIf:
    """Play the base and the changed game on the same plan; the paired comparisons. ``cards``:
    the base side's card set (a card-set file's), the changes made on top of it."""
    if not changes:
        raise BadOption("Name at least one change (--change 'CARD: STAT +N' or 'DECK: +N CARD').")
    if correction not in CORRECTIONS:
        raise BadOption(f"Correct with one of {', '.join(CORRECTIONS)}, not '{correction}'.")
    if games < 1:
        raise BadOption("Play at least one game.")
    check_executor(workers, dask)
    edits = [parse_edit(text) for text in changes]
    changed_entries, changed_cards = changed_side(game, entries, edits, cards)
    resolved = game.resolve_options(options)
    plan = whatif_plan(game, game.table_size(resolved), entries, games, seed)
    settings = {"game": game.id, "changes": changes, "seed": seed, "games": games,
                "correction": correction, "cards": cards}  # fmt: skip
    if out is not None:
        claim(out, resume)
        if resume and read_run(out, WHATIF).get("settings") != settings:
            raise BadOption(
                f"The what-if in {out} was started with other changes or settings; resume it "
                "with the same command."
            )
        if not resume:
            write_json(out / WHATIF, {"settings": settings})
    run = {"command": "whatif", "seed": seed, "games": games, "changes": changes}
    where = {side: (out / side if out is not None else None) for side in ("base", "changed")}
    base = run_plan(game, entries, plan, resolved, {**run, "side": "base"}, workers, dask,
                    progress, where["base"], _resumes(where["base"], resume), cards)  # fmt: skip
    result = WhatIf(changes, base, None, correction)
    if base.run.get("interrupted"):
        return result
    result.changed = run_plan(
        game, changed_entries, plan, resolved, {**run, "side": "changed"}, workers, dask,
        progress, where["changed"], _resumes(where["changed"], resume), changed_cards,
    )  # fmt: skip
    result.rows = compare(base, result.changed, correction)
    if out is not None:
        write_json(out / WHATIF, {"settings": settings, **result.to_json()})
    return result


def _resumes(folder: Path | None, resume: bool) -> bool:
    """Resume a side only where it was begun (a stop in the base run never began the other)."""
    return resume and folder is not None and (folder / "run.json").is_file()


def compare(base: Results, changed: Results, correction: str = "holm") -> list[dict[str, Any]]:
    """Per matchup (the entries at a table) and entry, and per entry over all its games when it
    meets several matchups: the paired change in win rate, its interval and corrected p-value."""
    return compare_games(
        base.entries, base.games.to_dict("records"), changed.games.to_dict("records"), correction
    )


def compare_games(
    labels: list[str],
    base: list[dict[str, Any]],
    changed: list[dict[str, Any]],
    correction: str = "holm",
) -> list[dict[str, Any]]:
    """``compare`` over the games' rows as ``play_game`` makes them (``number``, ``entries``,
    ``winners``), whoever played them: a run's results, or the arcade's lab jobs."""
    twin = {int(r["number"]): set(r["winners"]) for r in changed}
    cells: dict[tuple[str, int], list[int]] = {}
    for row in base:
        number = int(row["number"])
        if number not in twin:
            continue
        seats = [int(e) for e in row["entries"]]
        table = " v ".join(labels[i] for i in sorted(set(seats)))
        before = set(row["winners"])
        for seat, entry in enumerate(seats):
            pair = (int(seat in before), int(seat in twin[number]))
            for key in ((table, entry), ("all games", entry)):
                cell = cells.setdefault(key, [0, 0, 0, 0])
                cell[2 * pair[0] + pair[1]] += 1
    tables = {key[0] for key in cells if key[0] != "all games"}
    keys = sorted((k for k in cells if k[0] != "all games" or len(tables) > 1),
                  key=lambda k: (k[0] == "all games", k[0], k[1]))  # fmt: skip
    rows = [paired(table, labels[entry], *cells[table, entry]) for table, entry in keys]
    for row, adjusted in zip(rows, corrected([r["p"] for r in rows], correction), strict=True):
        row["p_adjusted"] = round(adjusted, 4)
        row["significant"] = adjusted < ALPHA
    return rows


def paired(
    matchup: str, entry: str, both_lost: int, gained: int, lost: int, both_won: int
) -> dict[str, Any]:
    """One row: ``gained`` pairs the change turned into wins, ``lost`` the wins it took away."""
    n = both_lost + gained + lost + both_won
    # Agresti–Min: a half added to each of the four cells, then the Wald interval.
    m = n + 2
    d = (gained - lost) / m
    spread = (gained + lost + 1) / m - d * d
    half = Z95 * math.sqrt(max(spread, 0.0) / m)
    discordant = gained + lost
    p = math.erfc(abs(gained - lost) / math.sqrt(2 * discordant)) if discordant else 1.0
    return {
        "matchup": matchup, "entry": entry, "games": n,
        "base": round((lost + both_won) / n, 4), "changed": round((gained + both_won) / n, 4),
        "change": round((gained - lost) / n, 4),
        "ci95": [round(max(-1.0, d - half), 4), round(min(1.0, d + half), 4)],
        "gained": gained, "lost": lost, "p": round(float(p), 4),
    }  # fmt: skip


def corrected(pvalues: list[float], correction: str) -> list[float]:
    """Holm's step-down adjusted p-values, or Benjamini–Hochberg's (scipy)."""
    if not pvalues:
        return []
    if correction == "bh":
        from scipy.stats import false_discovery_control

        return [float(p) for p in false_discovery_control(pvalues)]
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    out = [0.0] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[i]))
        out[i] = running
    return out
