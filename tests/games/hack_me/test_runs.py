"""Runs: firewalls from the top down, activation by the defender, paying or suffering, boosts,
accessing each resource with each card family, destroying or returning the accessed card."""

import pytest

from cyberdeck.engine import IllegalAction
from cyberdeck.games.hack_me.position import cards, play, position


def phase(state):
    return state.view(None)["phase"]


def column(state, seat, res):
    return [(w["card"], w["active"]) for w in state.view(seat)["players"][seat]["firewalls"][res]]


def test_a_firewall_goes_face_down_at_the_lowest_free_level_three_at_most():
    state = position(hands=("2S 3S 4S 5S", ""), stock=(0, 0))
    play(state, "firewall 2S deck", "firewall 3S deck", "firewall 4S deck")
    assert column(state, 0, "deck") == [("2S", False), ("3S", False), ("4S", False)]
    assert [w["card"] for w in state.view(1)["players"][0]["firewalls"]["deck"]] == [None] * 3
    with pytest.raises(IllegalAction, match="three firewalls"):
        play(state, "firewall 5S deck")


def test_firewalls_are_accessed_from_the_highest_level_down_and_the_defender_decides():
    state = position(firewalls=({}, {"hand": "2S 3S"}), stock=(0, 5), hands=("", "9H"))
    play(state, "run hand")
    assert state.current_player == 1 and phase(state) == "activate"
    assert state.view(None)["run"]["level"] == 2


def test_an_inactive_firewall_not_activated_is_passed():
    state = position(firewalls=({}, {"hand": "2S"}), hands=("", "9H"))
    play(state, "run hand", "pass")
    assert phase(state) == "trash" or state.stock[0] == 9


def test_activation_costs_0_1_2_by_level_and_needs_the_credits():
    state = position(firewalls=({}, {"deck": "2S 3S 4S"}), stock=(0, 2), decks=("", "9H"))
    play(state, "run deck", "activate")
    assert state.stock[1] == 0 and column(state, 0 + 1, "deck")[2] == ("4S", True)
    poor = position(firewalls=({}, {"deck": "2S 3S"}), stock=(0, 0), decks=("", "9H"))
    play(poor, "run deck")  # level 2 costs 1: the defender cannot pay, the attacker slips past
    assert poor.view(None)["run"]["level"] == 1 and phase(poor) == "activate"


def test_paying_the_strength_destroys_the_firewall_and_the_run_goes_on():
    state = position(firewalls=({}, {"hand": "+4S"}), stock=(3, 0), hands=("", "7H"))
    play(state, "run hand", "pay")  # no boost: the defender's deck is empty
    assert state.stock[0] == 0 + 7 and column(state, 1, "hand") == []
    assert state.archives[1] == cards("4S")


def test_level_one_effect_stops_the_run():
    state = position(firewalls=({}, {"deck": "+2S"}), decks=("", "9H"))
    play(state, "run deck", "pass", "suffer")
    assert phase(state) == "action" and state.actions_left == 3 and state.stock[0] == 0


def test_level_two_effect_is_a_tag_then_destroying_one_of_your_own_firewalls():
    state = position(firewalls=({"deck": "2H", "hand": "3H"}, {"deck": "2S +3S"}), decks=("", "9H"))
    play(state, "run deck", "pass", "suffer", "scrap hand 1")
    assert state.tags[0] == 1 and column(state, 0, "hand") == []
    assert state.view(None)["run"]["level"] == 1  # on to level 1


def test_level_two_effect_without_a_firewall_to_destroy_stops_the_run():
    state = position(firewalls=({}, {"deck": "2S +3S"}), decks=("", "9H"))
    play(state, "run deck", "pass", "suffer")
    assert state.tags[0] == 1 and phase(state) == "action" and state.stock[0] == 0


def test_level_three_effect_is_a_shock_then_destroying_a_finalized_agenda():
    state = position(firewalls=({}, {"deck": "2S 3S +4S"}), decks=("", "9H"),
                     hands=("5H 6H", ""), finalized=("AS 10S", ""))  # fmt: skip
    play(state, "run deck", "pass", "suffer")
    assert state.current_player == 1 and phase(state) == "pick"  # the defender picks
    play(state, "pick 1", "forfeit 10S")
    assert len(state.hands[0]) == 1 and state.finalized[0] == cards("AS")
    assert cards("10S")[0] in state.archives[0]
    # On down: level 2 costs 1 to activate and the defender has none, so level 1 is next.
    assert state.view(None)["run"]["level"] == 1 and phase(state) == "activate"


def test_level_three_effect_without_a_finalized_agenda_stops_the_run():
    state = position(firewalls=({}, {"deck": "2S 3S +4S"}), decks=("", "9H"), hands=("5H", ""))
    play(state, "run deck", "pass", "suffer")
    assert state.hands[0] == [] and phase(state) == "action" and state.stock[0] == 0


def test_level_three_shock_with_an_empty_hand_loses():
    state = position(firewalls=({}, {"deck": "2S 3S +4S"}), decks=("", "9H"))
    play(state, "run deck", "pass", "suffer")
    assert state.outcome.winners == (1,) and "shock" in state.outcome.reason


def test_a_boost_with_a_firewall_card_adds_its_strength_and_goes_to_the_archive():
    state = position(firewalls=({}, {"deck": "+3S"}), decks=("", "5H 9H"), stock=(6, 0))
    play(state, "run deck", "boost")
    assert state.strength() == 2 + 4 and state.archives[1] == cards("5H")
    play(state, "pay")
    assert state.stock[0] == 0 + 9


def test_a_boost_with_another_card_has_no_effect_and_only_one_boost_per_run():
    state = position(firewalls=({}, {"deck": "+2S +3S"}), decks=("", "7H 9H"), stock=(9, 0))
    play(state, "run deck", "boost")
    assert state.strength() == 2 and state.archives[1] == cards("7H")
    play(state, "pay")
    assert phase(state) == "pay"  # level 1: no boost offered a second time


def test_accessing_the_deck_takes_its_top_card_and_returns_it_on_top():
    state = position(decks=("", "8H 2S"), stock=(0, 0))
    play(state, "run deck", "pass")
    assert state.stock[0] == 8 and state.decks[1][-1] == cards("8H")[0]
    assert state.view(0)["players"][1]["deck_top"] == ["8H"]


def test_accessing_a_firewall_card_gives_tags_equal_to_its_value():
    state = position(archives=("", "4D"))
    play(state, "run archive")
    assert state.tags[0] == 4 and state.archives[1] == cards("4D")


def test_accessing_an_agenda_card_draws_two():
    state = position(archives=("", "QD"), decks=("2S 3S", ""))
    play(state, "run archive")
    assert sorted(state.hands[0]) == sorted(cards("2S 3S"))


def test_accessing_a_joker_deals_a_shock():
    state = position(decks=("", "JK"), hands=("2S 3S", ""))
    play(state, "run deck", "pick 2")
    assert len(state.hands[0]) == 1 and len(state.archives[0]) == 1


def test_accessing_the_hand_takes_a_random_card_from_the_state_rng():
    seen = set()
    for seed in range(12):
        state = position(hands=("", "6H 7H 8H"), seed=seed)
        play(state, "run hand", "pass")
        seen.add(state.stock[0])
        assert len(state.hands[1]) == 3  # it goes back to the hand
    assert seen == {6, 7, 8}


def test_accessing_the_current_agenda_takes_its_credits_and_it_goes_on_top_of_the_deck():
    state = position(agenda=("", "KS"), invest=(0, 3), decks=("", "2S"))
    play(state, "run agenda", "pass")
    assert state.stock[0] == 3 and state.agenda[1] == 0 and state.decks[1][-1] == cards("KS")[0]


def test_paying_two_destroys_the_accessed_card_under_the_owners_archive():
    state = position(archives=("", "7H 2C"), stock=(0, 0))
    play(state, "run archive", "trash")
    assert state.stock[0] == 7 - 2 and state.archives[1] == cards("7H")[::-1] + cards("2C")
    assert state.archives[1][0] == cards("7H")[0]


def test_an_archive_card_that_stays_goes_under_the_archive():
    state = position(archives=("", "7H 2C"))
    play(state, "run archive", "pass")
    assert state.archives[1] == cards("7H 2C")


def test_nothing_to_access_ends_the_run_after_the_last_firewall():
    state = position(firewalls=({}, {"hand": "2S"}))
    play(state, "run hand", "pass")
    assert phase(state) == "action" and state.actions_left == 3


def test_firewalls_above_a_destroyed_one_move_down():
    state = position(firewalls=({}, {"deck": "+2S 3S"}), stock=(1, 0), decks=("", "9H"))
    play(state, "run deck", "pass", "pay")  # level 2 cannot be activated; no boost
    assert column(state, 1, "deck") == [("3S", False)]


def test_a_shock_discard_is_a_face_down_pick_by_the_opponent():
    state = position(stock=(2, 0), tags=(0, 1), hands=("", "2S 3S 4S"))
    play(state, "shock")
    assert state.current_player == 0 and [a.text for a in state.legal_actions()] == [
        "pick 1",
        "pick 2",
        "pick 3",
    ]
    assert state.view(0)["players"][1]["hand"] is None


def test_a_shock_with_an_empty_hand_loses():
    state = position(stock=(2, 0), tags=(0, 1))
    play(state, "shock")
    assert state.outcome.winners == (0,)


@pytest.mark.parametrize("resource", ["deck", "hand", "archive"])
@pytest.mark.parametrize(
    ("card", "tags", "credits", "drawn", "shocked"),
    [("5C", 5, 0, 0, 0), ("9C", 0, 9, 0, 0), ("JC", 0, 0, 2, 0), ("JK", 0, 0, 0, 1)],
)
def test_each_family_has_its_effect_from_each_resource(
    resource, card, tags, credits, drawn, shocked
):
    piles = {"decks": ["2S 3S", ""], "hands": ["4S 4H", ""], "archives": ["", ""]}
    piles[{"deck": "decks", "hand": "hands", "archive": "archives"}[resource]][1] = card
    state = position(**piles)
    play(state, f"run {resource}", *(["pick 1"] if shocked else []))
    assert state.tags[0] == tags and state.stock[0] == credits
    assert len(state.hands[0]) == 2 + drawn - shocked
