import pytest

from cyberdeck.engine import BadDeck, Card
from cyberdeck.engine.decklist import format_decklist, read_decklist, split_decklist


def read(text: str) -> list[str]:
    return [c.text for c in read_decklist(text, Card.parse)]


def test_counts_comments_and_blank_lines():
    text = "# name: Test\n\n2x 7H\n3 10S  # heavy\nQD\n# a comment\n1× AC\n"
    assert read(text) == ["7H", "7H", "10S", "10S", "10S", "QD", "AC"]


def test_name_and_about_are_read_from_comments():
    split = split_decklist("# name: Cold Boot\n# about: slow and steady\n2x 7H\n")
    assert (split.name, split.about) == ("Cold Boot", "slow and steady")


def test_every_bad_line_is_reported_with_its_number():
    with pytest.raises(BadDeck) as err:
        read("2x 7H\n2y 7H\n0x 3C\nZZ\n")
    problems = err.value.problems
    assert len(problems) == 3
    assert problems[0].startswith("Line 2: '2y 7H' does not read as a count and a card")
    assert problems[1].startswith("Line 3: '0x 3C' has a count of 0")
    assert "expected a count from 1" in problems[1]


def test_a_card_the_game_does_not_know_names_its_line():
    with pytest.raises(BadDeck) as err:
        read("2x 7H\n\n2x 7Z\n")
    assert err.value.problems == [
        "Line 3: '7Z' is not a card; write a rank and a suit such as 7H, 10S, QD or 7♥, "
        "or JK for a joker."
    ]


def test_format_reads_back():
    cards = [Card.parse(t) for t in ["7H", "QD", "7H", "JK"]]
    text = format_decklist(cards, lambda c: c.text, name="Mine", about="a test")
    assert text == "# name: Mine\n# about: a test\n2x 7H\n1x QD\n1x JK\n"
    assert read_decklist(text, Card.parse) == cards[:1] + cards[2:3] + cards[1:2] + cards[3:]
