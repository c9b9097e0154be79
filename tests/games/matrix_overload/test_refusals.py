"""Every kind of refused placement gives the rule that really forbids it, and changes nothing."""

import pytest

from cyberdeck.engine import Action, IllegalAction
from cyberdeck.games.matrix_overload.position import position

EIGHT = {p: "9C" for p in ("a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3")}
NINE = {**EIGHT, "b2": "9C"}  # every top card is 9: a 2-8 fits no pile


def refusal(state, target):
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action("place", (target,)))
    assert state.fingerprint() == before
    return str(refused.value)


def test_ice_aimed_at_a_royal_of_another_suit_names_the_royal_it_must_go_on():
    state = position(piles=NINE, slots={"w1": "QS", "n3": "JD"}, card="2S", deck="3C")
    reason = refusal(state, "n3")
    assert reason.startswith("2S cannot go to n3: JD is not of its suit; it must go as ICE on QS")
    assert "QS in w1, the lowest health (12) among the living royals of its suit" in reason
    assert "only becomes ICE" not in reason


def test_ice_falls_back_to_the_colour_and_the_reason_says_so():
    state = position(piles=NINE, slots={"w1": "QS", "n3": "JD"}, card="2C", deck="3C")
    reason = refusal(state, "n3")
    assert "JD is not of its colour; it must go as ICE on QS in w1" in reason
    assert "among the living royals of its colour (none is of its suit)" in reason


def test_ice_aimed_at_a_royal_of_its_suit_with_more_health_names_the_lowest():
    state = position(piles=NINE, slots={"w1": "QS", "n1": "JS"}, card="2S", deck="3C")
    reason = refusal(state, "w1")
    assert "QS has health 12; it must go as ICE on JS in n1, the lowest health (11)" in reason


def test_ice_aimed_at_an_empty_slot_while_a_royal_lives():
    state = position(piles=NINE, slots={"w1": "QS"}, card="2S", deck="3C")
    reason = refusal(state, "n3")
    assert "while a royal lives, ICE goes onto a living royal; it must go as ICE on QS" in reason


def test_ice_aimed_at_a_killed_royal_says_the_slot_is_closed():
    state = position(piles=NINE, slots={"w1": "QS", "n3": "xJS"}, card="2S", deck="3C")
    reason = refusal(state, "n3")
    assert "slot n3 is closed for good (JS was killed there); it must go as ICE on QS" in reason


def test_ice_aimed_at_a_pile_says_it_fits_no_pile():
    state = position(piles=NINE, slots={"w1": "QS"}, card="2S", deck="3C")
    reason = refusal(state, "b2")
    assert "its top card 9C is higher, as on every pile, so it must go as ICE on QS in w1" in reason


def test_preventative_ice_in_the_wrong_empty_slot_names_the_card_it_goes_beside():
    state = position(piles={**NINE, "a2": "9S"}, slots={"n1": "xJS"}, card="5S", deck="2C")
    reason = refusal(state, "e3")
    assert (
        "it must go as preventative ICE (no royal lives) in an empty slot beside the highest"
        " top card of its suit, 9S on a2. It can go to: n2." in reason
    )


def test_a_number_that_fits_a_pile_aimed_at_a_slot_names_the_piles_it_fits():
    state = position(piles={**EIGHT, "a1": "7H", "c3": "8S"}, slots={"n1": "JS"}, card="8D")
    reason = refusal(state, "n1")
    assert "becomes ICE only when it fits no pile, and it fits on a1, b2 and c3" in reason


def test_a_number_aimed_at_a_higher_pile():
    state = position(piles={**EIGHT, "a1": "7H"}, card="8D", deck="2C")
    assert "8D cannot go to a2: its top card 9C is higher than 8." in refusal(state, "a2")


def test_the_zero_aimed_at_a_slot_gets_the_zeros_reason():
    state = position(piles={**EIGHT, "a1": "3H"}, slots={"n1": "JS"}, card="0", deck="2C")
    reason = refusal(state, "n1")
    assert "the 0 goes on a pile with the lowest top value (0), never into a slot" in reason
    assert "ICE" not in reason


def test_a_classic_joker_aimed_at_a_slot_is_called_a_joker():
    state = position(piles=EIGHT, slots={"n1": "JS"}, card="JK", deck="2C", variant="classic")
    assert "JK cannot go to n1: the joker goes on a pile with the lowest top value" in refusal(
        state, "n1"
    )


def test_the_zero_aimed_at_a_pile_that_is_not_lowest():
    state = position(piles={**NINE, "a1": "3H"}, card="0", deck="2C")
    reason = refusal(state, "a2")
    assert "the lowest top value (3), and a2's top card 9C is 9. It can go to: a1." in reason


def test_an_ace_aimed_at_a_slot():
    state = position(piles=EIGHT, slots={"n1": "JS"}, card="AS", deck="2C")
    assert "an ace goes on a pile (any pile, which it resets), never into a slot" in refusal(
        state, "n1"
    )


def test_a_firewall_aimed_at_a_pile():
    state = position(piles=EIGHT, card="QD")
    assert "a firewall goes in an empty outer slot, never on a pile" in refusal(state, "a1")


def test_a_firewall_aimed_at_a_taken_slot_or_a_closed_one():
    state = position(piles={"b1": "8D"}, slots={"w2": "KS", "w1": "xJH"}, card="QD")
    assert "slot w2 already holds KS" in refusal(state, "w2")
    assert "slot w1 is closed for good (JH was killed there)" in refusal(state, "w1")


def test_a_firewall_aimed_at_an_empty_slot_beside_a_less_similar_card():
    state = position(piles={"a2": "3D", "b1": "8D", "c2": "10S"}, card="QD")
    reason = refusal(state, "s2")
    assert reason == (
        "QD cannot go to s2: a firewall goes in an empty slot beside the highest top card of its "
        "suit, 8D on b1. It can go to: w2."
    )
    other = position(piles={"a2": "3H", "b1": "8S", "c2": "10S"}, card="QD")
    assert (
        "beside the highest top card of its colour, 3H on a2 (no top card of its suit faces "
        "an empty slot)" in refusal(other, "w2")
    )
    last = position(piles={"a2": "3C", "b1": "8S"}, card="QD")
    assert (
        "beside the highest top card, 8S on b1 (none of its suit or colour faces an empty "
        "slot)" in refusal(last, "n2")
    )


def test_a_malformed_move_and_an_unknown_place():
    state = position(piles=EIGHT, card="8D", deck="2C")
    assert refusal(state, "z9").startswith("'z9' is neither a pile")
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="Every move is 'place'"):
        state.apply(Action("deploy", ("a1",)))
    assert state.fingerprint() == before


def test_after_the_game_a_move_is_refused_as_over():
    state = position(piles=EIGHT, slots={"n1": "JS"}, card="9D", deck="")
    state.apply(Action("place", ("b2",)))
    assert state.is_terminal
    assert state.why_illegal(Action("place", ("a1",))).startswith("The game is over")


def test_every_refusal_along_seeded_games_is_a_sentence_naming_the_card_and_the_way_out():
    from cyberdeck import load_game
    from cyberdeck.engine import Rng
    from cyberdeck.games.matrix_overload.state import ACTIONS

    game = load_game("matrix-overload")
    for seed in range(12):
        state, rng = game.new_state(None, seed), Rng(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            card = state.view(0)["card"]
            for action in ACTIONS:
                if action not in legal:
                    reason = state.why_illegal(action)
                    assert reason.startswith(f"{card} cannot go to {action.args[0]}: ")
                    assert reason.endswith(f"It can go to: {', '.join(a.args[0] for a in legal)}.")
            state.apply(legal[rng.below(len(legal))])
