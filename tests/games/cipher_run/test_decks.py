"""The 53 generated cards, deck rules (all problems at once), deck lists, starter decks."""

import pytest

from cyberdeck.engine import ASCII, BadCard, BadDeck
from cyberdeck.games.cipher_run.cards import CARD_SET, NUMBERS, PROGRAMS, read_card
from cyberdeck.games.cipher_run.decks import starter_decks

from .conftest import GAME


def deck(text):
    return GAME.read_deck(text)


def test_53_cards_generated_from_rank_and_suit_plus_the_joker():
    assert len(CARD_SET) == len(set(CARD_SET)) == 53
    assert (len(NUMBERS), len(PROGRAMS)) == (40, 13)
    assert [c.text for c in CARD_SET[:5]] == ["AS", "AH", "AD", "AC", "2S"]
    assert CARD_SET[-1].text == "JK"


@pytest.mark.parametrize(
    ("text", "card"), [("7♥", "7H"), ("qd", "QD"), ("TS", "10S"), ("jk", "JK")]
)
def test_card_text_forms(text, card):
    assert read_card(text).text == card


def test_the_zero_card_is_not_part_of_cipher_run():
    with pytest.raises(BadCard, match="not a Cipher Run card"):
        read_card("0")


def test_starter_decks_are_legal_and_have_names_and_character():
    decks = GAME.starter_decks()
    assert [d.name for d in decks] == ["Cold Boot", "Redline"]
    for d in decks:
        assert GAME.validate_deck(list(d.cards)) == [], d.name
        assert d.about.startswith(("Steady", "Aggressive"))
    assert starter_decks()[0].handle == "cold-boot"


LEGAL = "\n".join(
    ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "AH", "2H", "3H", "4H", "5H", "6H", "7H",
     "AD", "2D", "3D", "4D", "5D", "6D", "JC", "QC", "KC", "JK", "8C", "9C", "10C", "8S",
     "8H", "8D"]
)  # fmt: skip


def test_a_legal_deck_has_no_problems():
    assert GAME.validate_deck(deck(LEGAL)) == []


def swap(text, old, new):
    words = text.split("\n")
    news = new.split() or [""] * len(old.split())
    for o, n in zip(old.split(), news, strict=True):
        words[words.index(o)] = n
    return "\n".join(words)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("AS", "", "A deck has exactly 30 cards; this one has 29."),
        ("AS 2S", "JK JK", "2 Jokers allowed, deck has 3."),
        ("AS 2S 3S 4S", "JS JH JD JC", "4 Kill-Switches (J) allowed, deck has 5."),
        ("AS 2S 3S 4S", "QS QH QD QC", "4 Revectors (Q) allowed, deck has 5."),
        ("AS 2S 3S 4S", "KS KH KD KC", "4 Overclocks (K) allowed, deck has 5."),
        ("AH 2H", "AS AS", "2 copies of one card allowed, deck has 3 of AS."),
        ("AD 2D 3D", "9S 10S 9S", "10 cards of one suit allowed, deck has 11 spades ♠."),
    ],
)
def test_each_rule_alone(old, new, problem):
    assert GAME.validate_deck(deck(swap(LEGAL, old, new))) == [problem]


def test_programs_and_numbers_are_both_reported():
    cards = deck(swap(LEGAL, "AS 2S 3S 4S 5S 6S 7S", "JS JH JD QS QD KS KD"))
    assert GAME.validate_deck(cards) == [
        "At least 20 Number Modules (A-10) needed, deck has 19.",
        "10 programs allowed, deck has 11.",
    ]


def test_every_broken_rule_is_reported_at_once():
    bad = "4x 10H\n3x JK\n5x JS\n5x QS\n5x KS\n2x 9H\n"  # 24 cards, all spades and hearts
    assert GAME.validate_deck(deck(bad)) == [
        "A deck has exactly 30 cards; this one has 24.",
        "At least 20 Number Modules (A-10) needed, deck has 6.",
        "10 programs allowed, deck has 18.",
        "2 Jokers allowed, deck has 3.",
        "4 Kill-Switches (J) allowed, deck has 5.",
        "4 Revectors (Q) allowed, deck has 5.",
        "4 Overclocks (K) allowed, deck has 5.",
        "2 copies of one card allowed, deck has 4 of 10H.",
        "2 copies of one card allowed, deck has 5 of JS.",
        "2 copies of one card allowed, deck has 5 of QS.",
        "2 copies of one card allowed, deck has 5 of KS.",
        "At least 3 suits needed, deck has 2 (spades ♠, hearts ♥).",
        "10 cards of one suit allowed, deck has 15 spades ♠.",
    ]


def test_a_malformed_deck_list_names_each_line_and_what_was_expected():
    with pytest.raises(BadDeck) as err:
        deck("# my deck\n2x 7H\n\n2y 7H\n3x 0\n7Z\n")
    assert err.value.problems == [
        "Line 4: '2y 7H' does not read as a count and a card; expected something like "
        "'2x 7H', '2 7H' or '7H'.",
        "Line 5: '0' is not a Cipher Run card (no 0 card in this game).",
        "Line 6: '7Z' is not a card; write a rank and a suit such as 7H, 10S, QD or 7♥, "
        "or JK for a joker.",
    ]


def test_export_and_import_round_trip_with_name():
    cards = list(starter_decks()[1].cards)
    text = GAME.deck_text(cards, name="Redline", about="fast")
    assert text.startswith("# name: Redline\n# about: fast\n1x 4C\n1x 5C\n")
    assert sorted(GAME.read_deck(text)) == sorted(cards)


def test_new_state_refuses_a_bad_deck_listing_every_problem():
    with pytest.raises(BadDeck) as err:
        GAME.new_state(seed=1, decks=[None, "2x 7H\n2x 7S\n"])
    assert err.value.problems[0] == "Player 2's deck: A deck has exactly 30 cards; this one has 4."
    assert len(err.value.problems) == 3


def test_new_state_takes_starter_names_texts_and_card_lists():
    cold, red = starter_decks()
    s = GAME.new_state(seed=1, decks=["redline", [c.text for c in cold.cards]])
    assert sorted(s.hands[0] + s.decks[0]) == sorted(red.cards)
    assert sorted(s.hands[1] + s.decks[1]) == sorted(cold.cards)
    with pytest.raises(BadDeck, match="There is no starter deck 'nope'"):
        GAME.new_state(seed=1, decks=["nope", None])
    with pytest.raises(BadDeck, match="one deck per player"):
        GAME.new_state(seed=1, decks=[None])


def test_describe_deck_summarises_kinds_and_suits():
    text = GAME.describe_deck(list(starter_decks()[0].cards), ASCII)
    assert text.splitlines()[0] == "30 cards: 24 Number Modules, 6 programs."
    assert "Programs by kind: Kill-Switch 4, Overclock 2." in text
    assert "Suits: spades 8, hearts 8, diamonds 7, clubs 7." in text
