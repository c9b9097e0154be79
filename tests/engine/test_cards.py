import pytest
from hypothesis import given
from hypothesis import strategies as st

from cyberdeck.engine import CARDS, JOKER, SUITED, ZERO, BadCard, Card, Suit, standard_deck


def test_text_forms():
    assert Card.parse("7H") is Card.of(7, Suit.HEARTS)
    assert Card.parse("10s") is Card.parse("TS") is Card.parse("10♠")
    assert Card.parse("7♥").text == "7H" and Card.parse("7H").symbol == "7♥"
    assert Card.parse("JK") is JOKER and Card.parse("joker") is JOKER
    assert Card.parse("0") is ZERO
    assert Card.parse("AC").rank == 1 and Card.parse("KD").rank == 13


def test_colour_suit_and_names():
    assert Card.parse("QD").is_red and Card.parse("QD").colour == "red"
    assert Card.parse("QS").colour == "black"
    assert JOKER.suit is None and JOKER.colour is None and JOKER.rank == 0
    assert Card.parse("7H").name == "seven of hearts"


def test_standard_deck():
    deck = standard_deck(jokers=2)
    assert len(deck) == 54 and len(set(deck)) == 53
    assert len(SUITED) == 52 and len({c.text for c in SUITED}) == 52


@pytest.mark.parametrize("text", ["", "1", "11H", "7X", "H7", "JKK", "10", "Z"])
def test_bad_card_text_is_a_clear_error(text):
    with pytest.raises(BadCard, match="is not a card"):
        Card.parse(text)


@given(st.sampled_from((*SUITED, JOKER, ZERO)))
def test_every_card_round_trips_through_both_text_forms(card):
    assert Card.parse(card.text) is card
    assert Card.parse(card.symbol) is card
    assert Card.parse(card.text.lower()) is card
    assert CARDS[int(card)] is card
