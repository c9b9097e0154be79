"""Open/Locked/Overflow, control and contested vaults, breach, deck-out and the safety cap."""

import pytest

from cyberdeck.games.cipher_run.state import node_state

from .conftest import play, position


@pytest.mark.parametrize(
    ("total", "state"), [(20, "open"), (21, "locked"), (26, "locked"), (27, "overflow")]
)
def test_node_states_by_total(total, state):
    assert node_state(total) == state


@pytest.mark.parametrize(
    ("mine", "theirs", "controller", "contested"),
    [
        ("10H 9H 3H", "10C 8C", 0, False),  # 22 Locked against 18 Open
        ("10H 9H 4H", "10C 9C 3C", 0, False),  # both Locked, 23 beats 22
        ("10H 9H 3H", "10C 9C 3C", None, True),  # both Locked at 22: contested
        ("10H 9H 8H", "10C 9C 2C", 1, False),  # 27 Overflow against 21 Locked
        ("10H 9H", "10C 8C", None, False),  # nobody Locked
    ],
)
def test_control(mine, theirs, controller, contested):
    s = position(mine={1: mine}, theirs={1: theirs})
    vault = s.view(None)["vaults"][0]
    assert (vault["controller"], vault["contested"]) == (controller, contested)


def test_overflow_is_not_permanent():
    s = position(mine={1: "10H 9H 8H"}, hand="JS")
    assert s.view(0)["vaults"][0]["nodes"][0]["state"] == "overflow"
    play(s, "deploy JS vault1 own 3")
    assert s.view(0)["vaults"][0]["nodes"][0]["state"] == "open"


def breach_position(breach="start", opp_hand="2D"):
    return position(mine={1: "10H 9H 2H", 2: "10C 9C"}, hand="4C", opp_hand=opp_hand, breach=breach)


def test_breach_at_the_start_of_your_turn_after_the_opponents_reply():
    s = breach_position()
    play(s, "deploy 4C vault2")
    assert not s.is_terminal  # the opponent gets a reply
    play(s, "deploy 2D vault3")
    assert s.outcome.winners == (0,)
    assert s.outcome.reason == "Breach: Player 1 controls vault1 and vault2"


def test_a_reply_that_breaks_a_vault_stops_the_breach():
    s = breach_position(opp_hand="JS")
    play(s, "deploy 4C vault2", "deploy JS vault1 opp 3")
    assert not s.is_terminal and s.current_player == 0


def test_breach_end_wins_at_the_end_of_your_own_turn():
    s = breach_position(breach="end")
    play(s, "deploy 4C vault2")
    assert s.outcome.winners == (0,)
    assert s.outcome.returns == (1.0, -1.0)


def test_holding_two_vaults_wins_at_the_start_of_the_holders_turn():
    s = position(theirs={1: "10H 9H 2H", 2: "10C 9C 4C"}, hand="3D", opp_hand="3S")
    play(s, "deploy 3D vault1")
    assert s.outcome.winners == (1,)


def test_breach_end_checks_only_the_player_whose_turn_ends():
    s = position(theirs={1: "10H 9H 2H", 2: "10C 9C 4C"}, hand="3D", opp_hand="3S", breach="end")
    play(s, "deploy 3D vault1")
    assert not s.is_terminal and s.current_player == 1
    play(s, "deploy 3S vault3")
    assert s.outcome.winners == (1,)


def deck_out_position(theirs=None):
    return position(
        mine={1: "10H 9H 2H"}, theirs=theirs or {}, hand="2S 3S", opp_hand="2C 3C 4C",
        deck="5S", opp_deck="5C",
    )  # fmt: skip


def test_deck_out_gives_each_player_one_more_turn_then_more_vaults_wins():
    s = deck_out_position()
    play(s, "compile 2S", "compile 2C")  # both decks are now empty
    assert s.view(None)["final_turns"] == 2 and not s.is_terminal
    play(s, "deploy 3S vault2")
    assert not s.is_terminal
    play(s, "deploy 3C vault2")
    assert s.outcome.winners == (0,)
    assert s.outcome.reason == "Deck-out: Player 1 controls 1 vault, Player 2 0"


def test_deck_out_with_equal_control_is_a_draw():
    s = deck_out_position(theirs={3: "10D 9D 2D"})
    play(s, "compile 2S", "compile 2C", "deploy 3S vault2", "deploy 3C vault2")
    assert (s.outcome.winners, s.outcome.returns) == ((), (0.0, 0.0))
    assert s.outcome.reason.endswith("a draw")


def test_the_safety_cap_ends_the_run_as_a_draw():
    s = position(hand="7H", turn=399)
    play(s, "deploy 7H vault1")
    assert s.outcome.winners == ()
    assert s.outcome.reason == "Safety cap: 400 turns without a winner, a draw"


def test_a_contested_vault_does_not_count_towards_a_breach():
    s = position(
        mine={1: "10H 9H 3H", 2: "10C 9C"}, theirs={1: "10S 9S 3S"}, hand="4C", breach="end"
    )
    play(s, "deploy 4C vault2")
    assert not s.is_terminal
    assert (s.controller(0), s.controller(1)) == (-1, 0)
