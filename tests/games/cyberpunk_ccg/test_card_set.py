"""The CCG's card set as data: the shipped document builds the very same cards (so the shipped
game stays exact), an edit reaches the rules, is checked entry by entry, and replays anywhere."""

from __future__ import annotations

import json

import pytest

from cyberdeck import load_game
from cyberdeck.agents import make_agent
from cyberdeck.engine import BadDeck, Match, Record, replay
from cyberdeck.engine.edits import edit_card_set, parse_edit
from cyberdeck.games.cyberpunk_ccg import editing
from cyberdeck.games.cyberpunk_ccg.cardset import BY_SLUG, CARDS

CCG = load_game("cyberpunk-ccg")
NOMADS = {"sponsor": "the-nomads"}


def test_the_shipped_document_is_the_shipped_set() -> None:
    document = CCG.card_set()
    assert all(a is b for a, b in zip(editing.table(document), CARDS, strict=True))
    road = next(c for c in document["cards"] if c["slug"] == "road-warrior")
    assert road["sr"] == CARDS[BY_SLUG["road-warrior"]].sr  # printed numbers, scale applied


def test_an_edit_reaches_the_state_and_nothing_else() -> None:
    edited = edit_card_set(CCG, CCG.card_set(), [parse_edit("Road Warrior: SR +5")])
    state = CCG.new_state(NOMADS, 4, None, edited)
    roads = [d for d in state.defs if d.slug == "road-warrior"]
    assert roads and all(d.sr == CARDS[BY_SLUG["road-warrior"]].sr + 5 for d in roads)
    assert CARDS[BY_SLUG["road-warrior"]].sr == 30  # the module's set is untouched
    plain = CCG.new_state(NOMADS, 4)
    assert all(d is CARDS[c] for d, c in zip(plain.defs, plain.cards, strict=True))


def test_a_bad_document_gets_a_sentence_per_problem() -> None:
    with pytest.raises(BadDeck) as err:
        CCG.new_state(None, 0, None, {"cards": [
            {"slug": "road-warrior", "sr": -1, "text": "x"},
            {"slug": "nobody"},
            {"slug": "road-warrior", "name": "Road King"},
        ]})  # fmt: skip
    assert err.value.problems == [
        "Entry 1 (road-warrior): sr must be a whole number of 0 or more.",
        "Entry 1 (road-warrior): 'text' is not a number a card set may change.",
        "Entry 2: 'nobody' is not a card of the set (give its slug).",
        "Entry 3 (road-warrior) appears twice.",
        "Entry 3 (road-warrior): the name stays Road Warrior; only numbers change.",
    ]
    assert CCG.check_card_set({"cards": "all"}) == [
        "A card set is a JSON object with a 'cards' list."
    ]


def test_a_game_with_an_edited_set_replays_from_its_record() -> None:
    edited = edit_card_set(CCG, CCG.card_set(), [parse_edit("Road Warrior: SR = 60"),
                                                 parse_edit("Road Warrior: cost - 1")])  # fmt: skip
    match = Match(CCG, NOMADS, 9, None, cards=edited)
    agents = [make_agent("random", s, CCG) for s in (1, 2)]
    for _ in range(400):
        seat = match.state.current_player
        if seat is None:
            break
        match.play(agents[seat].choose(match.state))
    record = Record.from_json(json.loads(json.dumps(match.record.to_json())))
    assert record.edited and record.cards == edited
    again = replay(record)
    assert again.fingerprint() == match.state.fingerprint()
    assert {d.sr for d in again.defs if d.slug == "road-warrior"} == {60}
