"""The card data file: shipped as data, validated with the entry named, replaceable."""

import json
from pathlib import Path

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


#: The ruling's table (shared/rules/cypher.md): class, influence, copies per card.
RULING = {
    "aristocrat": ("upper", 6, 1),
    "corp-overseer": ("upper", 5, 1),
    "executive": ("upper", 3, 1),
    "technomancer": ("middle", 3, 1),
    "coder": ("middle", 2, 1),
    "archivist": ("middle", 2, 1),
    "hacker": ("middle", 2, 1),
    "bodyguard": ("middle", 2, 1),
    "data-runner": ("lower", 2, 2),
    "syndicate-chief": ("lower", 3, 2),
    "extractor": ("lower", 1, 2),
    "fixer": ("lower", 1, 2),
    "cypher-anomaly": ("none", 0, 3),
}


def test_the_shipped_file_is_the_rulings_table_with_three_anomalies():
    shipped = {
        c["id"]: (c["class"], c["influence"], c["copies"]) for c in default_document()["cards"]
    }
    assert shipped == RULING and sum(copies for _, _, copies in shipped.values()) == 19


def test_the_rules_doc_table_agrees_with_the_data_file():
    doc = Path(__file__).resolve().parents[3] / "docs" / "rules" / "cypher.md"
    rows = {}
    for line in doc.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 5 and cells[2].isdigit():
            rows[cells[0].lower().replace(" ", "-")] = (cells[1], int(cells[2]), int(cells[3]))
    assert rows == RULING


def test_a_file_with_only_two_anomalies_is_refused_for_its_count():
    doc = default_document()
    doc["cards"][-1]["copies"] = 2
    assert "The copies add up to 18; Cypher has 19 cards." in problems(doc)
