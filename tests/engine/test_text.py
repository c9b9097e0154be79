"""Counts in the games' texts agree with their number: "1 card", never "1 cards"."""

from __future__ import annotations

from cyberdeck.engine import PLAIN, Outcome, Series, counted, load_game
from cyberdeck.userdata import GameStats, describe


def test_a_count_agrees_with_its_number() -> None:
    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert counted(1, "loss", "losses") == "1 loss"
    assert counted(3, "loss", "losses") == "3 losses"


def test_one_game_and_one_win_in_the_statistics() -> None:
    stats = GameStats()
    stats.add(Outcome((0,), (1.0,), "All twelve royals killed", "win"), 0, 0, 0)
    text = describe("matrix-overload", stats)
    assert "matrix-overload: 1 game, 1 won" in text
    assert "of 1 ranked game;" in text and "current streak: 1 win;" in text


def test_a_campaign_after_one_game() -> None:
    series = Series("cypher", {"players": 2}, 3, 4, None, [0, 0])
    series.score(Outcome((0,), (1.0, -1.0), "Most influence", "influence"))
    assert series.standings(["ada", "bob"]).startswith("Campaign after 1 game, ")


def test_line_mode_says_one_card_in_hand_and_in_the_deck() -> None:
    game = load_game("cypher")
    view = game.new_state(None, 5).view(0)
    view = {**view, "deck_count": 1, "seats": [{**s, "hand_count": 1} for s in view["seats"]]}
    text = game.render(view, PLAIN)
    assert "The deck has 1 card." in text and "1 card in hand." in text
    assert "1 cards" not in text
