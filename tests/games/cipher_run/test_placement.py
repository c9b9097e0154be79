"""Placing Number Modules: empty node, the second module's profile, following it, overrides, pivots."""

import pytest

from cyberdeck.engine import IllegalAction

from .conftest import play, position, stack


def test_an_empty_node_takes_any_value_and_its_suit_becomes_the_protocol():
    s = position(hand="7H 2C")
    play(s, "deploy 7H vault1")
    assert stack(s, 0, 1) == "7H"
    assert s.protocol(0) == 1  # hearts
    assert s.view(0)["vaults"][0]["nodes"][0]["protocol"] == "H"


@pytest.mark.parametrize(("card", "profile"), [("9C", "asc"), ("3C", "desc")])
def test_the_second_module_sets_the_profile(card, profile):
    s = position(mine={1: "7H"}, hand=card)
    play(s, f"deploy {card} vault1")
    assert stack(s, 0, 1) == f"7H {card} {profile}"


def test_no_equal_values_on_the_second_module():
    s = position(mine={1: "7H"}, hand="7C")
    with pytest.raises(IllegalAction, match="same value"):
        play(s, "deploy 7C vault1")


def test_follow_the_profile():
    s = position(mine={1: "3H 5C"}, hand="8D 4D")
    assert "deploy 8D vault1" in [a.text for a in s.legal_actions()]
    assert "deploy 4D vault1" not in [a.text for a in s.legal_actions()]
    play(s, "deploy 8D vault1")
    assert stack(s, 0, 1) == "3H 5C 8D asc"


def test_against_the_profile_without_the_suit_is_refused_with_a_reason():
    s = position(mine={1: "3H 5C"}, hand="4D")
    with pytest.raises(IllegalAction) as err:
        play(s, "deploy 4D vault1")
    assert str(err.value) == (
        "4D cannot go on your vault1: the profile is ascending and the top module is 5C, so play "
        "higher than 5 or a card of suit C (Protocol Override)."
    )


def test_protocol_override_pivots_the_profile_by_default():
    s = position(mine={1: "5C 8S"}, hand="3S")  # 8♠ ascending, then 3♠
    play(s, "deploy 3S vault1")
    assert stack(s, 0, 1) == "5C 8S 3S desc"


def test_protocol_override_keeps_the_profile_with_pivot_keep():
    s = position(mine={1: "5C 8S"}, hand="3S", pivot="keep")
    play(s, "deploy 3S vault1")
    assert stack(s, 0, 1) == "5C 8S 3S asc"


def test_an_override_that_follows_the_profile_changes_nothing():
    s = position(mine={1: "5C 8S"}, hand="9S")
    play(s, "deploy 9S vault1")
    assert stack(s, 0, 1) == "5C 8S 9S asc"


def test_no_equal_values_even_with_the_suit():
    s = position(mine={1: "5C 8S"}, hand="8S")
    with pytest.raises(IllegalAction, match="same value"):
        play(s, "deploy 8S vault1")


def test_the_protocol_suit_is_always_the_top_modules_suit():
    s = position(mine={1: "5C 8S"}, hand="9D")
    play(s, "deploy 9D vault1")
    assert s.view(0)["vaults"][0]["nodes"][0]["protocol"] == "D"


def test_number_modules_only_go_on_your_own_nodes():
    s = position(hand="7H")
    assert all(len(a.args) == 2 for a in s.legal_actions() if a.kind == "deploy")
    with pytest.raises(IllegalAction, match="only go on your own nodes"):
        play(s, "deploy 7H vault1 opp")
