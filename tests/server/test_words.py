"""Every move and log line the server sends comes with its words (``words``): the game's own
``in_words`` read from the receiving seat's view, which the page gives as the move button's or
log line's accessible name. Words name no card the text does not: a seat hears nothing more than
it is shown."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cyberdeck.engine import Card, load_game
from cyberdeck.server.protocol import server_messages
from cyberdeck.server.visibility import table_for

from .harness import run
from .test_visibility import random_match

#: The codes a screen reader would spell letter by letter (as tests/test_cli_words.py).
CODES = {
    "card": re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b"),
    "vault": re.compile(r"\bvault[123]\b"),
    "badge": re.compile(r"\b[A-Z][a-z]+ [UML]\d\b"),
}
#: Every playing card's name ("five of hearts"), longest first so "ten" is not read in "ten of".
NAMES = re.compile(
    "|".join(
        Card.parse(f"{rank}{suit}").name
        for rank in ("10", "2", "3", "4", "5", "6", "7", "8", "9", "A", "J", "Q", "K")
        for suit in "SHDC"
    ),
    re.IGNORECASE,
)


def named_cards(text: str) -> set[str]:
    return {m.group(0).lower() for m in NAMES.finditer(text)}


def spoken(message: dict[str, Any]) -> list[tuple[str, str]]:
    """(text, words) of every move, gesture and event in a table message."""
    table = message["table"]
    pairs = [(m["label"], m["words"]) for m in table["moves"]]
    pairs += [(g["text"], g["words"]) for g in table["gestures"]]
    pairs += [(e["text"], e["words"]) for e in table["events"]]
    if table.get("proposal"):
        pairs.append((table["proposal"]["text"], table["proposal"]["words"]))
    return pairs


@pytest.mark.parametrize("game_id", ["cipher-run", "hack-me", "matrix-overload", "cypher"])
def test_every_move_and_log_line_comes_in_words_naming_only_what_its_text_names(
    game_id: str,
) -> None:
    messages: list[dict[str, Any]] = []
    run(random_match(game_id, 11, messages))
    pairs = [p for m in messages if m["type"] in ("welcome", "update") for p in spoken(m)]
    assert len(pairs) > 50
    for text, words in pairs:
        for what, code in CODES.items():
            assert not code.search(words), f"a {what} code in the words {words!r}"
        said = {Card.parse(m.group(0)).name for m in CODES["card"].finditer(text)}
        assert named_cards(words) <= said, f"{words!r} names more than {text!r}"
    for message in messages:
        if message["type"] in ("welcome", "update"):
            server_messages.validate_python(message)


def test_a_move_and_a_log_line_in_words_are_the_games_own() -> None:
    game = load_game("cipher-run")
    state = game.new_state(None, 5)
    events = state.apply(state.legal_actions()[0])
    seat = state.current_player
    table = table_for(state, seat, events)
    assert table["moves"][0]["words"].startswith("Seed ")
    assert all(m["words"] == game.in_words(m["label"], table["view"]) for m in table["moves"])
    assert [e["words"] for e in table["events"]] == [
        game.in_words(e["text"], table["view"]) for e in table["events"]
    ]
    first = load_game("cipher-run").new_state(None, 5)
    menu = table_for(first, first.current_player, [])["moves"]
    assert menu[0]["words"] == "Seed six of spades face down on your Vault 1"
    assert menu[0]["label"] == "Seed 6S face down on your vault1"
