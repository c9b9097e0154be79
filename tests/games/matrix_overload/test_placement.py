"""Where each card may go: royals, number cards, aces, the 0, and ICE."""

import pytest

from cyberdeck.engine import Action, IllegalAction
from cyberdeck.games.matrix_overload.position import position

EIGHT = {p: "9C" for p in ("a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3")}


def places(state):
    return [a.args[0] for a in state.legal_actions()]


def test_royal_goes_beside_the_highest_card_of_its_suit():
    state = position(piles={"a2": "3D", "b1": "8D", "c2": "10S"}, card="QD")
    assert places(state) == ["w2"]


def test_royal_falls_back_to_its_colour_then_to_any_card():
    assert places(position(piles={"a2": "3H", "b1": "8S", "c2": "10S"}, card="QD")) == ["n2"]
    assert places(position(piles={"a2": "3C", "b1": "8S"}, card="QD")) == ["w2"]


def test_only_piles_facing_an_empty_slot_count():
    state = position(piles={"a2": "9D", "b1": "4D"}, slots={"n2": "KD"}, card="QD")
    assert places(state) == ["w2"]


def test_ties_and_corner_sides_are_the_players_choice():
    assert places(position(piles={"a1": "7H", "c3": "7H"}, card="JH")) == ["n1", "e3", "s3", "w1"]
    assert places(position(piles={"a1": "7H"}, slots={"n1": "KS"}, card="JH")) == ["w1"]


def test_the_zero_counts_as_every_suit_when_placing_a_royal():
    state = position(piles={"a2": "0", "b1": "9C"}, card="KH")
    assert places(state) == ["n2"]


def test_a_preventative_ice_slot_counts_as_empty_and_the_royal_absorbs_it():
    state = position(piles={"a2": "9D"}, slots={"n2": "+4S"}, card="JD", deck="2C")
    assert places(state) == ["n2"]
    state.apply(Action("place", ("n2",)))
    assert state.view(0)["slots"]["n2"]["health"] == 15


def test_number_cards_go_on_piles_with_a_top_value_no_higher():
    state = position(piles={**EIGHT, "a1": "7H", "c3": "8S"}, card="8D")
    assert places(state) == ["a1", "b2", "c3"]  # b2 is empty: value 0


def test_an_ace_goes_anywhere_and_resets_the_pile_under_the_deck_in_order():
    state = position(piles={**EIGHT, "a1": "2H 5S 9D"}, card="AS", deck="3C")
    assert len(places(state)) == 9
    state.apply(Action("place", ("a1",)))
    view = state.view(0)
    assert view["piles"]["a1"] == ["AS"]
    # The pile's bottom card went under first; they will be drawn in the order they lay.
    assert view["deck_bottom"] == ["2H", "5S", "9D"]
    assert view["card"] == "3C"


def test_the_zero_goes_on_a_lowest_pile_and_resets_it():
    state = position(piles={**EIGHT, "b2": "5S", "a1": "3H", "c3": "2S 3D"}, card="0", deck="4C")
    assert places(state) == ["a1", "c3"]
    state.apply(Action("place", ("c3",)))
    assert state.view(0)["piles"]["c3"] == ["0"]
    assert state.view(0)["deck_bottom"] == ["2S", "3D"]


def test_a_number_that_fits_nowhere_becomes_ice_on_the_same_suit_first():
    nine = {**EIGHT, "b2": "9C"}
    slots = {"n1": "JD", "n2": "JS", "n3": "KS"}
    assert places(position(piles=nine, slots=slots, card="5S", deck="2C")) == ["n2"]
    assert places(position(piles=nine, slots=slots, card="5C", deck="2C")) == ["n2"]  # colour
    assert places(position(piles=nine, slots={"n1": "JD"}, card="5C", deck="2C")) == ["n1"]


def test_ice_prefers_the_lowest_health_and_ties_are_a_choice():
    nine = {**EIGHT, "b2": "9C"}
    slots = {"n1": "JS", "n2": "JS +2C", "n3": "QS", "e1": "JS"}
    assert places(position(piles=nine, slots=slots, card="5S", deck="2C")) == ["n1", "e1"]


def test_ice_adds_its_value_and_never_returns():
    nine = {**EIGHT, "b2": "9C"}
    state = position(piles=nine, slots={"n2": "JS"}, card="5S", deck="2C 3C")
    state.apply(Action("place", ("n2",)))
    assert state.view(0)["slots"]["n2"] == {
        "royal": "JS",
        "status": "living",
        "ice": ["5S"],
        "health": 16,
    }


def test_with_no_living_royal_ice_is_preventative_placed_as_a_royal_would_be():
    nine = {**EIGHT, "b2": "9C", "a2": "9S"}
    state = position(piles=nine, slots={"n1": "xJS"}, card="5S", deck="2C")
    assert places(state) == ["n2"]
    state.apply(Action("place", ("n2",)))
    assert state.view(0)["slots"]["n2"]["ice"] == ["5S"]
    assert state.view(0)["slots"]["n2"]["status"] == "empty"


def test_an_illegal_placement_is_refused_with_a_reason_and_changes_nothing():
    state = position(piles={**EIGHT, "a1": "9H"}, card="8D", deck="2C")
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="top card 9C is higher"):
        state.apply(Action("place", ("a2",)))
    with pytest.raises(IllegalAction, match="neither a pile"):
        state.apply(Action("place", ("z9",)))
    with pytest.raises(IllegalAction, match="becomes ICE only when it fits no pile"):
        state.apply(Action("place", ("n1",)))
    assert state.fingerprint() == before
