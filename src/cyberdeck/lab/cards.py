"""Per-card statistics over simulated games, after 17lands' card metrics.

For each card, over the seat-games whose deck held it: how often it was drawn (opening hand
included) and played, the win rate when drawn and when not, and the improvement when drawn (the
difference, with Newcombe's interval). A seat-game is one seat's side of one game; its deck comes
from the game's record, so the default decks a game deals count as well as named ones.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .results import Results
from .stats import difference, wilson

if TYPE_CHECKING:
    import pandas as pd

SORTS = ("improvement", "drawn", "played", "win_drawn", "card")


def card_metrics(
    results: Results,
    entry: str | None = None,
    min_games: int = 1,
    sort: str = "improvement",
) -> pd.DataFrame:
    """One row per card: counts, rates and intervals; only ``entry``'s seat-games when named
    (its label, e.g. ``greedy/cold-boot``), only cards held in at least ``min_games``."""
    import pandas as pd

    labels = results.entries
    held: dict[str, list[tuple[int, int, bool]]] = {}
    for row in results.games.itertuples():
        decks = json.loads(row.record).get("decks") or []
        winners = set(row.winners)
        for seat, index in enumerate(row.entries):
            if entry is not None and labels[int(index)] != entry:
                continue
            cards = set(decks[seat]) if seat < len(decks) and decks[seat] else set()
            for card in cards:
                held.setdefault(card, []).append((int(row.number), seat, seat in winners))
    uses = {
        (int(r.number), int(r.seat), str(r.card)): (int(r.drawn), int(r.played))
        for r in results.cards.itertuples()
    }
    rows: list[dict[str, Any]] = []
    for card, seat_games in held.items():
        n = len(seat_games)
        if n < min_games:
            continue
        drawn = won_drawn = played = won_played = copies = 0
        wins = 0
        for number, seat, won in seat_games:
            d, p = uses.get((number, seat, card), (0, 0))
            wins += won
            copies += d
            if d:
                drawn += 1
                won_drawn += won
            if p:
                played += 1
                won_played += won
        not_drawn, won_not = n - drawn, wins - won_drawn
        wd = wilson(won_drawn, drawn)
        wn = wilson(won_not, not_drawn)
        wp = wilson(won_played, played)
        gain, low, high = difference(won_drawn, drawn, won_not, not_drawn)
        rows.append({
            "card": card, "games": n,
            "drawn": drawn / n, "played": played / n, "copies_drawn": copies / n,
            "win_drawn": won_drawn / drawn if drawn else float("nan"),
            "win_drawn_low": wd[0], "win_drawn_high": wd[1],
            "win_not_drawn": won_not / not_drawn if not_drawn else float("nan"),
            "win_not_drawn_low": wn[0], "win_not_drawn_high": wn[1],
            "win_played": won_played / played if played else float("nan"),
            "win_played_low": wp[0], "win_played_high": wp[1],
            "improvement": gain, "improvement_low": low, "improvement_high": high,
        })  # fmt: skip
    frame = pd.DataFrame(rows)
    if frame.empty:
        return frame
    ascending = sort == "card"
    return frame.sort_values(sort, ascending=ascending, na_position="last").reset_index(drop=True)
