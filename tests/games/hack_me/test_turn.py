"""The turn: income, the Joker search, four actions from seven kinds, recycling, the hand limit."""

import pytest

from cyberdeck.engine import IllegalAction
from cyberdeck.games.hack_me.position import cards, play, position


def kinds(state):
    return {a.kind for a in state.legal_actions()}


def end_turn(state, *moves):
    """Spend the remaining actions on credits, then pass through recycling."""
    play(state, *["credit"] * state.actions_left, *moves)


def test_income_takes_one_credit_from_each_generator_and_destroys_an_empty_one():
    state = position(generators=("", "7H:4 6S:1"), decks=("", "2S 2H 2D"))
    end_turn(state, "pass")
    assert state.seat == 1 and state.stock[1] == 2
    assert state.view(1)["players"][1]["generators"] == [{"card": "7H", "credits": 3}]
    assert state.archives[1] == cards("6S")


def test_a_generator_enters_play_with_its_value_in_credits():
    state = position(hands=("8D", ""))
    play(state, "generator 8D")
    assert state.view(0)["players"][0]["generators"] == [{"card": "8D", "credits": 8}]


def test_a_joker_searches_the_deck_before_the_first_action_and_goes_to_the_archive():
    state = position(hands=("JK", ""), decks=("2S 3S KH 4S", ""), fresh=True)
    play(state, "tutor KH")
    assert cards("KH")[0] in state.hands[0] and state.archives[0] == cards("JK")
    assert sorted(state.decks[0]) == sorted(cards("2S 3S 4S"))
    assert state.actions_left == 4 and "tutor" not in kinds(state)


def test_the_joker_search_is_gone_once_an_action_is_taken():
    state = position(hands=("JK", ""), decks=("2S KH", ""), fresh=True)
    play(state, "draw")
    assert "tutor" not in kinds(state)
    with pytest.raises(IllegalAction, match="start of the turn"):
        play(state, "tutor KH")


def test_four_actions_of_any_kind_then_recycling():
    state = position(hands=("3S 8D", ""), decks=("2S 2H", ""))
    play(state, "draw", "credit", "firewall 3S deck", "generator 8D")
    assert state.view(None)["phase"] == "recycle"
    assert state.stock[0] == 1 and len(state.hands[0]) == 1


def test_the_same_action_may_be_repeated():
    state = position()
    play(state, "credit", "credit", "credit", "credit")
    assert state.stock[0] == 4


def test_no_run_in_a_hackers_own_first_turn():
    state = position(turns=(1, 1))
    assert "run" not in kinds(state)
    with pytest.raises(IllegalAction, match="first turn"):
        play(state, "run deck")
    assert "run" in kinds(position(turns=(2, 1)))


def test_paying_one_credit_removes_one_tag():
    state = position(stock=(1, 0), tags=(2, 0))
    play(state, "untag")
    assert state.tags[0] == 1 and state.stock[0] == 0


def test_a_shock_costs_two_needs_a_tag_and_removes_every_tag():
    state = position(stock=(2, 0), tags=(0, 3), hands=("", "2S 3S"))
    play(state, "shock", "pick 2")
    assert state.tags[1] == 0 and state.stock[0] == 0
    assert len(state.hands[1]) == 1 and len(state.archives[1]) == 1
    assert "shock" not in kinds(position(stock=(2, 0)))


def test_recycling_discards_up_to_two_for_two_credits_each_and_draws_as_many():
    state = position(actions_left=1, hands=("7H 8H 9H", ""), decks=("2S 3S 4S", ""))
    play(state, "credit", "recycle 7H", "recycle 8H")
    assert state.stock[0] == 5 and sorted(state.hands[0]) == sorted(cards("9H 2S 3S"))
    assert state.archives[0] == cards("7H 8H")


def test_recycling_may_stop_after_one_card():
    state = position(actions_left=1, hands=("7H 8H", ""), decks=("2S 3S", ""))
    play(state, "credit", "recycle 7H", "pass")
    assert sorted(state.hands[0]) == sorted(cards("8H 2S"))


def test_then_two_credits_destroy_one_of_your_firewalls_and_the_ones_above_move_down():
    state = position(actions_left=1, stock=(1, 0), firewalls=({"hand": "2S 3S 4S"}, {}))
    play(state, "credit", "pass", "dismantle hand 1")
    assert state.view(0)["players"][0]["firewalls"]["hand"][0]["card"] == "3S"
    assert len(state.view(0)["players"][0]["firewalls"]["hand"]) == 2 and state.stock[0] == 0


def test_the_hand_limit_is_five_at_the_end_of_the_turn():
    state = position(actions_left=1, hands=("2S 3S 4S 5S 6S 7S 8S", ""))
    play(state, "credit", "pass")
    assert state.view(None)["phase"] == "discard"
    play(state, "discard 2S", "discard 3S")
    assert len(state.hands[0]) == 5 and state.seat == 1


def test_drawing_from_an_empty_deck_does_nothing():
    state = position()
    play(state, "draw")
    assert state.hands[0] == [] and state.actions_left == 3 and not state.is_terminal


def test_recycling_runs_in_order_recycle_then_dismantle_then_discard():
    state = position(actions_left=1, stock=(1, 0), hands=("2S 3S 4S 5S 6S 7S 8S", ""),
                     decks=("9S", ""), firewalls=({"deck": "2H"}, {}))  # fmt: skip
    seen = []
    for move in ("credit", "recycle 2S", "pass", "dismantle deck 1", "discard 3S", "discard 4S"):
        seen.append(state.view(None)["phase"])
        play(state, move)
    assert seen == ["action", "recycle", "recycle", "dismantle", "discard", "discard"]
    assert len(state.hands[0]) == 5 and state.seat == 1


def test_every_joker_in_hand_may_be_revealed_before_the_first_action():
    state = position(hands=("JK JK", ""), decks=("2S 3S KH 4S", ""), fresh=True)
    play(state, "tutor KH", "tutor 2S")
    assert sorted(state.hands[0]) == sorted(cards("KH 2S"))
    assert state.archives[0] == cards("JK JK") and state.actions_left == 4


def test_a_joker_just_searched_for_may_be_revealed_too():
    state = position(hands=("JK", ""), decks=("2S JK KH", ""), fresh=True)
    play(state, "tutor JK")
    assert "tutor" in kinds(state)
    play(state, "tutor KH")
    assert state.hands[0] == cards("KH") and state.archives[0] == cards("JK JK")


def test_a_second_joker_waits_for_the_next_turn_once_an_action_is_taken():
    state = position(hands=("JK JK", ""), decks=("2S 3S 4S", ""), fresh=True)
    play(state, "tutor 4S", "draw")
    assert "tutor" not in kinds(state)
