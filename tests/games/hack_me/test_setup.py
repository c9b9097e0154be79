"""Cards and setup: the four families, the reveal for the first turn, 5 and 6 cards, the mulligan."""

from cyberdeck.engine import load_game
from cyberdeck.games.hack_me.cards import AGENDA, COST, DECK_CODES, FAMILY, FIREWALL, GENERATOR
from cyberdeck.games.hack_me.position import cards, opening, play

FILLER = " ".join(["2S"] * 10)


def test_a_deck_holds_twenty_agendas_sixteen_firewalls_sixteen_generators_two_jokers():
    families = [FAMILY[c] for c in DECK_CODES]
    assert len(DECK_CODES) == 54
    assert (families.count(AGENDA), families.count(FIREWALL), families.count(GENERATOR)) == (
        20,
        16,
        16,
    )
    assert families.count(3) == 2


def test_agenda_costs_are_3_4_5_5_5():
    assert [COST[c] for c in cards("AS 10S JS QS KS")] == [3, 4, 5, 5, 5]


def test_the_higher_revealed_card_goes_first_and_the_joker_is_lowest():
    state, _ = opening("JK " + FILLER, "AS " + FILLER)
    assert state.first == 1 and state.current_player == 1
    state, _ = opening("KS " + FILLER, "QS " + FILLER)
    assert state.first == 0


def test_a_tie_sends_both_cards_under_their_decks_and_the_next_cards_decide():
    state, events = opening("7S 3H " + FILLER, "7H 9H " + FILLER)
    assert state.first == 1
    assert [e.kind for e in events].count("tie") == 1
    assert cards("7H")[0] in state.decks[1][:2]  # the tied 7 went to the bottom


def test_the_first_hacker_draws_five_and_the_second_six():
    state, _ = opening("KS " + FILLER, "QS " + FILLER)
    assert (len(state.hands[0]), len(state.hands[1])) == (5, 6)


def test_each_hacker_may_mulligan_once_in_turn_order_then_the_first_turn_begins():
    state = load_game("hack-me").new_state(seed=3)
    first = state.first
    before = sorted(state.hands[first])
    play(state, "mulligan")
    assert state.mulled[first] and len(state.hands[first]) == len(before)
    assert state.current_player == 1 - first and state.view(None)["phase"] == "mulligan"
    play(state, "keep")
    assert state.view(None)["phase"] == "action" and state.current_player == first
    assert "mulligan" not in [a.kind for a in state.legal_actions()]
