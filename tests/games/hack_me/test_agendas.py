"""Agendas: one face-down current agenda, investment, finalization and every benefit."""

import pytest

from cyberdeck.engine import Action, IllegalAction, load_game
from cyberdeck.games.hack_me.position import cards, play, position

GAME = load_game("hack-me")
COST = {"AH": 3, "10H": 4, "JH": 5, "QH": 5, "KH": 5}


def walls(state, seat, res):
    return [(w["card"], w["active"]) for w in state.view(seat)["players"][seat]["firewalls"][res]]


def test_an_agenda_goes_face_down_and_only_one_may_be_current():
    state = position(hands=("AS KS", ""))
    play(state, "agenda AS")
    assert state.view(1)["players"][0]["agenda"] == {
        "present": True,
        "card": None,
        "cost": None,
        "invested": 0,
    }
    assert state.view(0)["players"][0]["agenda"]["card"] == "AS"
    with pytest.raises(IllegalAction, match="already a current agenda"):
        play(state, "agenda KS")


def test_investing_moves_credits_and_finalizes_at_the_cost_with_credits_to_the_bank():
    state = position(agenda=("10S", ""), invest=(3, 0), stock=(1, 0))
    play(state, "invest")
    assert state.finalized[0] == cards("10S") and state.agenda[0] == 0
    assert state.invest[0] == 0 and state.stock[0] == 0


def test_investing_needs_a_current_agenda_and_a_credit():
    with pytest.raises(IllegalAction, match="no current agenda"):
        play(position(stock=(3, 0)), "invest")
    with pytest.raises(IllegalAction, match="costs 1 credit"):
        play(position(agenda=("AS", "")), "invest")


def test_ace_gains_three_credits():
    state = position(agenda=("AH", ""), invest=(2, 0), stock=(1, 0))
    play(state, "invest")
    assert state.stock[0] == 3


def test_ten_gives_the_opponent_a_tag():
    state = position(agenda=("10H", ""), invest=(3, 0), stock=(1, 0))
    play(state, "invest")
    assert state.tags == [0, 1]


def test_jack_puts_the_top_three_back_in_an_order_of_the_owners_choice():
    state = position(agenda=("JH", ""), invest=(4, 0), stock=(1, 0), decks=("2S 3S 4S 5S", ""))
    play(state, "invest")
    assert state.current_player == 0 and state.view(0)["pending"]["cards"] == ["2S", "3S", "4S"]
    assert "cards" not in state.view(1)["pending"]
    play(state, "stack 4S", "stack 2S")
    assert state.decks[0][::-1] == cards("4S 2S 3S 5S")
    assert state.view(0)["players"][0]["deck_top"] == ["4S", "2S", "3S"]
    assert state.view(1)["players"][0]["deck_top"] == []


def test_queen_moves_every_credit_of_one_generator_to_the_stock():
    state = position(agenda=("QH", ""), invest=(4, 0), stock=(1, 0), generators=("7S:5 8S:2", ""))
    play(state, "invest", "drain 7S")
    assert state.stock[0] == 5 and state.archives[0] == cards("7S")
    assert state.view(0)["players"][0]["generators"] == [{"card": "8S", "credits": 2}]


def test_king_rearranges_the_firewalls_in_play_level_by_level():
    state = position(agenda=("KH", ""), invest=(4, 0), stock=(1, 0),
                     firewalls=({"deck": "2S +3S", "hand": "4S"}, {}))  # fmt: skip
    play(state, "invest")
    assert state.view(None)["phase"] == "rewire"
    assert (
        GAME.describe_action(Action.parse("rewire 4S"), state.view(0))
        == "Place firewall 4S on your deck at level 1"
    )
    play(state, "next", "rewire 4S", "rewire 3S", "rewire 2S")
    assert walls(state, 0, "deck") == []
    assert walls(state, 0, "hand") == [("4S", False), ("3S", True), ("2S", False)]
    assert state.view(None)["phase"] == "action"


def test_king_cannot_leave_firewalls_without_room():
    state = position(agenda=("KH", ""), invest=(4, 0), stock=(1, 0),
                     firewalls=({"deck": "2S 3S 4S", "hand": "5S 2H 3H", "archive": "4H"}, {}))  # fmt: skip
    play(state, "invest", "next")  # 7 firewalls, 9 slots left
    assert "next" not in {a.kind for a in state.legal_actions()}  # skipping the hand leaves 6


def test_finalizing_the_fifth_different_agenda_wins_at_once():
    state = position(agenda=("KH", ""), invest=(4, 0), stock=(1, 0), finalized=("AS 10S JS QS", ""))
    play(state, "invest")
    assert state.outcome.winners == (0,) and "A, 10, J, Q and K" in state.outcome.reason


def test_two_agendas_of_the_same_rank_do_not_make_five_different():
    state = position(agenda=("AH", ""), invest=(2, 0), stock=(1, 0), finalized=("AS 10S JS QS", ""))
    play(state, "invest")
    assert not state.is_terminal


BENEFITS = {
    "ace": ("AH", {}, ()),
    "ten": ("10H", {}, ()),
    "jack, three to order": ("JH", {"decks": ("2S 3S 4S 5S", "")}, ("stack 4S", "stack 2S")),
    "jack, one card": ("JH", {"decks": ("2S", "")}, ()),
    "jack, empty deck": ("JH", {}, ()),
    "queen, two generators": ("QH", {"generators": ("7S:5 8S:2", "")}, ("drain 7S",)),
    "queen, one generator": ("QH", {"generators": ("7S:5", "")}, ()),
    "queen, no generator": ("QH", {}, ()),
    "king, a firewall to place": ("KH", {"firewalls": ({"deck": "2S"}, {})}, ("rewire 2S",)),
    "king, no firewall": ("KH", {}, ()),
}


@pytest.mark.parametrize("action", [1, 2, 3, 4])
@pytest.mark.parametrize("benefit", BENEFITS)
def test_an_invest_that_finalizes_is_one_action_whatever_the_benefit(benefit, action):
    agenda, setup, choices = BENEFITS[benefit]
    state = position(actions_left=5 - action, agenda=(agenda, ""), invest=(COST[agenda] - 1, 0),
                     stock=(1, 0), hands=("2C", ""), **setup)  # fmt: skip
    play(state, "invest", *choices)
    assert state.finalized[0] == cards(agenda) and state.current_player == 0
    assert state.actions_left == 4 - action
    assert state.view(None)["phase"] == ("action" if action < 4 else "recycle")


@pytest.mark.parametrize("agenda", ["AH", "10H", "QH"])
def test_the_fifth_agenda_wins_before_its_benefit_is_carried_out(agenda):
    others = {"AH": "10S JS QS KS", "10H": "AS JS QS KS", "QH": "AS 10S JS KS"}[agenda]
    state = position(agenda=(agenda, ""), invest=(COST[agenda] - 1, 0), stock=(1, 0),
                     finalized=(others, ""), generators=("7S:5 8S:2", ""))  # fmt: skip
    play(state, "invest")
    assert state.outcome.winners == (0,)
    assert state.stock[0] == 0 and state.tags == [0, 0] and len(state.gens[0]) == 2
