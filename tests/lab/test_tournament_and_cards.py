"""Tournament standings and per-card metrics, on games whose outcomes the test chooses."""

from __future__ import annotations

import json

import pytest

from cyberdeck import load_game
from cyberdeck.engine import BadOption
from cyberdeck.lab.cards import card_metrics
from cyberdeck.lab.entries import make_entries
from cyberdeck.lab.results import Results
from cyberdeck.lab.stats import difference, wilson
from cyberdeck.lab.tournament import round_robin, standings, tournament


def row(number, entries, winners, decks=None, cards=()):
    """A game row as a run writes it; ``cards`` are ``(seat, card, drawn, played)``."""
    return {
        "number": number, "seed": number, "entries": list(entries), "agents": ["a", "a"],
        "decks": ["", ""], "winners": list(winners), "draw": not winners,
        "returns": [1.0 if s in winners else 0.0 if not winners else -1.0 for s in (0, 1)], "kind": "k",
        "reason": "r", "first": 0, "order": [0, 1], "turns": 1, "decisions": 1, "seat_decisions": [1, 1],
        "seat_think_s": [0.0, 0.0],
        "card_seat": [c[0] for c in cards], "card": [c[1] for c in cards],
        "card_drawn": [c[2] for c in cards], "card_played": [c[3] for c in cards],
        "record": json.dumps({"game": "g", "seed": number, "decks": decks}),
    }  # fmt: skip


def test_intervals():
    low, high = wilson(75, 100)
    assert 0.65 < low < 0.75 < high < 0.83
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    # Newcombe's example (1998, method 10): 56/70 - 48/80 = 0.2, interval 0.0524 to 0.3339.
    d, low, high = difference(56, 70, 48, 80)
    assert (round(d, 4), round(low, 4), round(high, 4)) == (0.2, 0.0524, 0.3339)


def test_round_robin_shares_seeds_and_alternates_seats():
    plan = round_robin(3, 2, 5)
    assert [(p.seed, p.seats) for p in plan] == [
        (5, (0, 1)), (6, (1, 0)), (5, (0, 2)), (6, (2, 0)), (5, (1, 2)), (6, (2, 1)),
    ]  # fmt: skip


def test_bradley_terry_ranks_by_results_and_counts_a_draw_as_half():
    rows = []
    # Entry 0 beats 1 in 3 of 4; 1 and 2 draw every game; 0 beats 2 in 2 of 4, draws 2.
    for winner in (0, 0, 0, 1):
        rows.append(row(len(rows), (0, 1), [0] if winner == 0 else [1]))
    for _ in range(4):
        rows.append(row(len(rows), (1, 2), []))
    for outcome in ([0], [0], [], []):
        rows.append(row(len(rows), (2, 0), [1] if outcome else []))
    results = Results.from_rows(rows, {"entries": ["A", "B", "C"]})
    table = standings(results)
    strength = {r["entry"]: r["strength"] for r in table["ranking"]}
    assert table["ranking"][0]["entry"] == "A"
    assert strength["B"] == pytest.approx(strength["C"], abs=1e-6)  # 3 of 8 each, draws halved
    assert [r["rank"] for r in table["ranking"]] == [1, 2, 2]  # a tie shares its rank
    cells = {(m["entry"], c["against"]): c for m in table["matrix"] for c in m["cells"]}
    assert cells["A", "B"]["score"] == 3 and cells["B", "A"]["score"] == 1
    assert cells["B", "C"]["score"] == cells["C", "B"]["score"] == 2
    assert cells["A", "C"]["score"] == 3 and cells["A", "C"]["rate"] == 0.75
    top = table["ranking"][0]
    assert top["ci95"][0] < top["strength"] < top["ci95"][1]
    assert sum(r["strength"] for r in table["ranking"]) == pytest.approx(0, abs=1e-9)


def test_a_tournament_needs_two_players_and_two_entries():
    cypher = load_game("cypher")
    with pytest.raises(BadOption, match="not a 2-player game"):
        tournament(cypher, make_entries(cypher, ["random", "random"]), 1, options={"players": 3})
    cipher = load_game("cipher-run")
    with pytest.raises(BadOption, match="at least two entries"):
        tournament(cipher, make_entries(cipher, ["random"]), 1)


def test_card_metrics_win_rate_when_drawn_and_improvement():
    deck = ["7H", "JS", "2C"]
    rows = []
    # Seat 0 holds the deck in every game; it drew 7H in the 4 games it won, not in the 4 lost.
    for n in range(8):
        won = n < 4
        cards = [(0, "JS", 1, 1)] + ([(0, "7H", 2, 1)] if won else [])
        rows.append(row(n, (0, 1), [0] if won else [1], decks=[deck, None], cards=cards))
    results = Results.from_rows(rows, {"entries": ["me", "you"]})
    frame = card_metrics(results).set_index("card")
    assert frame.loc["7H", "games"] == 8
    assert frame.loc["7H", "drawn"] == 0.5 and frame.loc["7H", "copies_drawn"] == 1.0
    assert frame.loc["7H", "win_drawn"] == 1.0 and frame.loc["7H", "win_not_drawn"] == 0.0
    assert frame.loc["7H", "improvement"] == 1.0
    assert frame.loc["7H", "improvement_low"] > 0
    assert frame.loc["JS", "drawn"] == 1.0 and frame.loc["JS", "win_drawn"] == 0.5
    assert frame.loc["2C", "drawn"] == 0.0
    assert list(card_metrics(results).card[:1]) == ["7H"]  # sorted by improvement
    assert card_metrics(results, entry="you").empty  # seat 1 played the game's default deck
    assert list(card_metrics(results, sort="card").card) == ["2C", "7H", "JS"]
