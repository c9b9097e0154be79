"""The card data file: shipped as data, validated with the entry named, replaceable."""

import json

import pytest

from cyberdeck.engine import BadDeck, load_game
from cyberdeck.games.cypher.catalog import (
    RECONSTRUCTED_NOTE,
    Catalog,
    default_catalog,
    default_document,
    load_card_file,
)

GAME = load_game("cypher")


def changed(index, **fields):
    doc = default_document()
    doc["cards"][index].update(fields)
    return doc


def problems(doc):
    with pytest.raises(BadDeck) as err:
        Catalog(doc)
    return " ".join(err.value.problems)


def test_the_shipped_file_has_19_cards_and_says_it_is_reconstructed():
    catalog = default_catalog()
    assert len(catalog.kind) == 19 and default_document()["note"] == RECONSTRUCTED_NOTE
    assert catalog.names[catalog.kind[0]] == "Aristocrat"


def test_an_unknown_class_is_reported_with_the_entry():
    assert "Entry 4 (technomancer): class 'mid'" in problems(changed(3, **{"class": "mid"}))


def test_an_unknown_effect_kind_is_reported():
    assert "effect 'teleport'" in problems(changed(0, effect="teleport"))


def test_copies_must_add_up_to_19():
    assert "add up to 20" in problems(changed(4, copies=2))


def test_a_missing_field_and_a_bad_number_are_reported_together():
    doc = changed(1, influence="five")
    del doc["cards"][2]["text"]
    text = problems(doc)
    assert "Entry 2 (corp-overseer): influence" in text and "Entry 3 (executive) lacks text" in text


def test_a_corrected_file_changes_the_game(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(changed(4, influence=4)), encoding="utf-8")
    document = load_card_file(path)
    state = GAME.new_state({"players": 2}, seed=1, decks={"cards": document})
    assert state.view(0)["cards"]["coder"]["influence"] == 4
    again = GAME.new_state({"players": 2}, seed=1, decks=GAME.read_card_file(str(path)))
    assert again.fingerprint() == state.fingerprint()


def test_an_unreadable_card_file_is_a_clear_error(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(BadDeck, match="not JSON"):
        load_card_file(path)
    with pytest.raises(BadDeck, match="Cannot read"):
        load_card_file(tmp_path / "missing.json")


def test_a_bad_card_document_in_new_state_is_refused():
    with pytest.raises(BadDeck, match="Entry 1"):
        GAME.new_state({"players": 2}, decks={"cards": changed(0, copies=-1)})
