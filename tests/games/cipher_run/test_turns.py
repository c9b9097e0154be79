"""One action per turn: Deploy (draw after), Compile, Hard Reset, Pass."""

import pytest

from cyberdeck.engine import IllegalAction

from .conftest import play, position, stack


def test_deploy_draws_one_card():
    s = position(hand="7H", deck="8C 9C")
    play(s, "deploy 7H vault1")
    me = s.view(0)["players"][0]
    assert (me["hand"], me["deck_count"]) == (["8C"], 1)


def test_deploy_from_an_empty_deck_draws_nothing():
    s = position(hand="7H 2C", deck=0)
    play(s, "deploy 7H vault1")
    assert s.view(0)["players"][0]["hand"] == ["2C"]


def test_compile_discards_and_draws():
    s = position(hand="7H", deck="8C")
    play(s, "compile 7H")
    view = s.view(0)["players"][0]
    assert (view["hand"], view["discard"], view["deck_count"]) == (["8C"], ["7H"], 0)


def test_compile_needs_cards_in_the_deck():
    s = position(hand="7H", deck=0)
    assert "compile 7H" not in [a.text for a in s.legal_actions()]
    with pytest.raises(IllegalAction, match="Your deck is empty, so you cannot compile"):
        play(s, "compile 7H")


def test_hard_reset_sends_everything_to_its_owners_discard_and_draws_nothing():
    s = position(mine={2: "3C+KH' 9C+KS 10D"}, hand="4D", deck=5)
    play(s, "reset vault2")
    assert stack(s, 0, 2) == ""
    assert s.view(0)["players"][0]["discard"] == ["3C", "9C", "KS", "10D"]
    assert s.view(0)["players"][1]["discard"] == ["KH"]
    assert (len(s.hands[0]), len(s.decks[0])) == (1, 5)


def test_hard_reset_needs_a_non_empty_node():
    s = position(hand="4D")
    with pytest.raises(IllegalAction, match="already empty"):
        play(s, "reset vault1")


def test_pass_only_when_nothing_else_is_legal():
    s = position(hand="", deck=0)
    assert [a.text for a in s.legal_actions()] == ["pass"]
    play(s, "pass")
    assert s.current_player == 1
    s = position(hand="7H", deck=0)
    with pytest.raises(IllegalAction, match="only pass when no other move is legal"):
        play(s, "pass")


def test_each_move_ends_the_turn():
    s = position(hand="7H", opp_hand="2C")
    play(s, "deploy 7H vault1")
    assert (s.current_player, s.turn) == (1, 1)
