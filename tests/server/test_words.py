"""Every move and log line the server sends comes with its words (``words``): the game's own
``in_words`` read from the receiving seat's view, which the page gives as the move button's or
log line's accessible name. Words name no card the text does not: a seat hears nothing more than
it is shown."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

import pytest

from cyberdeck.engine import Card, load_game
from cyberdeck.games.cypher.catalog import default_document
from cyberdeck.server.protocol import server_messages
from cyberdeck.server.visibility import speller, table_for

from .drive import seat_count
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


class Secretive:
    """The part of a game the speller reads, with words that read each reader's own secret from
    its view (as a game might spell a face-down card only for its owner)."""

    def __init__(self, keyed: bool = True) -> None:
        self.keyed = keyed
        self.spelled: list[int] = []

    def words_key(self, view: dict[str, Any]) -> str | None:
        return view["secret"] if self.keyed else None

    def in_words(self, text: str, view: dict[str, Any]) -> str:
        self.spelled.append(view["seat"])
        return f"{text}, knowing the {view['secret']}"


def test_spelled_words_are_shared_only_by_readers_whose_views_give_one_words_key() -> None:
    game = Secretive()
    state = SimpleNamespace(game=game)
    ace = speller(state, {"seat": 0, "secret": "ace"})  # type: ignore[arg-type]
    king = speller(state, {"seat": 1, "secret": "king"})  # type: ignore[arg-type]
    also_ace = speller(state, {"seat": 2, "secret": "ace"})  # type: ignore[arg-type]
    assert [ace("Draw"), king("Draw"), also_ace("Draw")] == [
        "Draw, knowing the ace",
        "Draw, knowing the king",
        "Draw, knowing the ace",
    ]
    assert game.spelled == [0, 1], "the third reader shares the first's words, never the second's"


def test_a_game_that_names_no_words_key_is_spelled_for_every_reader_apart() -> None:
    game = Secretive(keyed=False)
    state = SimpleNamespace(game=game)
    for seat in (0, 1, 0):
        assert speller(state, {"seat": seat, "secret": "ace"})("Draw") == "Draw, knowing the ace"  # type: ignore[arg-type]
    assert game.spelled == [0, 1, 0]


@pytest.mark.parametrize(
    "game_id", ["cipher-run", "cyberpunk-ccg", "hack-me", "matrix-overload", "cypher"]
)
def test_each_games_words_key_holds_all_its_words_read_of_a_view(game_id: str) -> None:
    """Views with one words key spell every text alike (what lets readers share words), and the
    speller gives each reader exactly the game's own words for its view."""
    game = load_game(game_id)
    rng = random.Random(3)
    state = game.new_state(None, 3)
    views: list[dict[str, Any]] = []
    texts: set[str] = set()
    for _ in range(60):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        seat = state.current_player
        readers: list[int | None] = [*range(seat_count(game)), None]
        for reader in readers:
            view = state.view(reader)
            views.append(view)
            if reader == seat:
                texts.update(game.describe_action(a, view) for a in legal)
        texts.update(e.text for e in state.apply(rng.choice(legal)))
    assert len(views) > 20 and len(texts) > 20
    for view in views[::7]:
        spell = speller(state, view)
        key = game.words_key(view)
        assert key is not None, f"{game_id} shares no words"
        for text in texts:
            words = game.in_words(text, view)
            assert spell(text) == words
            assert all(
                game.in_words(text, other) == words
                for other in views
                if game.words_key(other) == key
            ), f"{text!r}: views with one words key spell it differently"


def test_a_corrected_cypher_card_file_gives_other_words_and_another_key() -> None:
    game = load_game("cypher")
    document = default_document()
    coder = next(c for c in document["cards"] if c["id"] == "coder")
    coder["influence"] = 4
    shipped = game.new_state({"players": 2}, 1).view(0)
    corrected = game.new_state({"players": 2}, 1, decks={"cards": document}).view(0)
    assert game.words_key(shipped) != game.words_key(corrected)
    state = SimpleNamespace(game=game)
    assert speller(state, shipped)("Play Coder M2") == "Play Coder (middle class, 2 influence)"  # type: ignore[arg-type]
    assert speller(state, corrected)("Play Coder M4") == "Play Coder (middle class, 4 influence)"  # type: ignore[arg-type]
