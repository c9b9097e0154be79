"""Optional Game hooks default to 'nothing special': no decks, menus grouped by action kind."""

import pytest

from cyberdeck.engine import ASCII, Action, BadDeck, load_game


def test_a_game_without_decks_says_so():
    game = load_game("matrix-overload")
    assert not game.has_decks
    assert game.starter_decks() == []
    assert game.validate_deck([]) == ["MATR1X 0VERL0AD is not played with decks of your own."]
    assert game.deck_cards() == []
    assert game.check_deck("2x 7H") == ([], game.validate_deck([]))
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


DECK_GAMES = ("cipher-run", "cyberpunk-ccg")


@pytest.mark.parametrize("game_id", DECK_GAMES)
def test_the_card_catalogue_reads_back_and_agrees_with_the_deck_rules(game_id):
    game = load_game(game_id)
    catalogue = game.deck_cards()
    assert len({c.code for c in catalogue}) == len(catalogue)
    for entry in catalogue:
        (card,) = game.read_deck(f"1x {entry.code}")
        assert str(card) == entry.code
        # ``copies`` is the validator's own limit: one more copy breaks one more rule.
        allowed = game.validate_deck([card] * entry.copies)
        assert len(game.validate_deck([card] * (entry.copies + 1))) == len(allowed) + 1, entry
    every = {str(c) for d in game.starter_decks() for c in d.cards}
    assert every <= {c.code for c in catalogue}


@pytest.mark.parametrize("game_id", DECK_GAMES)
def test_a_deck_check_names_bad_lines_and_broken_rules_together(game_id):
    game = load_game(game_id)
    deck = game.starter_decks()[0]
    text = game.deck_text(list(deck.cards), deck.name)
    assert game.check_deck(text) == (game.read_deck(text), [])
    cards, problems = game.check_deck(text + "1x no-such-card\n7x " + str(deck.cards[-1]) + "\n")
    assert problems[0].startswith(f"Line {text.count(chr(10)) + 1}: 'no-such-card' is not")
    assert len(problems) >= 2 and len(cards) == len(deck.cards) + 7
