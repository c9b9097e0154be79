"""Optional Game hooks default to 'nothing special': no decks, menus grouped by action kind."""

import pytest

from cyberdeck.engine import ASCII, Action, BadDeck, load_game


def test_a_game_without_decks_says_so():
    game = load_game("matrix-overload")
    assert not game.has_decks
    assert game.starter_decks() == []
    assert game.validate_deck([]) == ["MATR1X 0VERL0AD is not played with decks of your own."]
    with pytest.raises(BadDeck, match="not played with decks of your own"):
        game.read_deck("2x 7H")


def test_menus_group_by_action_kind_by_default():
    game = load_game("matrix-overload")
    assert game.action_group(Action("place", ("b2",))) == "Place"


def test_a_game_with_decks_reads_shows_and_checks_them():
    game = load_game("cipher-run")
    deck = game.starter_decks()[0]
    text = game.deck_text(list(deck.cards), deck.name, deck.about)
    assert sorted(game.read_deck(text)) == sorted(deck.cards)
    assert game.validate_deck(list(deck.cards)) == []
    assert game.describe_deck(list(deck.cards), ASCII).startswith("30 cards")
