"""Cards reaching one archive at once: their owner chooses the order, a decision of its own."""

import pytest

from cyberdeck.engine import ASCII, PLAIN, Action, IllegalAction, Rng, load_game
from cyberdeck.games.hack_me.position import cards, play, position

GAME = load_game("hack-me")


def at_b_income(generators, hand_b=""):
    """Hacker A ends a turn; Hacker B's turn begins with ``generators`` paying out."""
    state = position(actions_left=1, generators=("", generators), hands=("", hand_b))
    play(state, "credit", "pass")
    return state


def test_generators_spent_together_wait_for_their_owner_to_order_them():
    state = at_b_income("6S:1 9H:1 7D:3")
    view = state.view(None)
    assert state.current_player == 1 and view["phase"] == "archive"
    assert view["pending"]["to_archive"] == ["6S", "9H"] and state.archives[1] == []
    assert [a.text for a in state.legal_actions()] == ["archive 6S", "archive 9H"]
    play(state, "archive 9H")
    assert state.archives[1] == cards("9H 6S")  # bottom first: 6S is the top
    assert state.view(None)["phase"] == "action" and state.actions_left == 4
    assert state.stock[1] == 3 and state.fresh


def test_the_top_card_chosen_is_what_an_archive_run_reaches():
    state = at_b_income("6S:1 9H:1")
    play(state, "archive 6S", "credit", "credit", "credit", "credit", "pass", "run archive")
    assert state.stock[0] == 1 + 9  # A's credit last turn, then 9H from the top


def test_three_cards_are_asked_while_their_order_can_matter():
    state = at_b_income("6S:1 7H:1 7D:1")
    play(state, "archive 7H")
    assert state.view(None)["phase"] == "archive"
    assert state.view(None)["pending"]["to_archive"] == ["6S", "7D"]
    play(state, "archive 7D")
    assert state.archives[1] == cards("7H 7D 6S")  # bottom first
    assert state.view(None)["phase"] == "action"


def test_cards_alike_to_every_rule_are_placed_without_asking():
    state = at_b_income("7S:1 7H:1")
    assert state.view(None)["phase"] == "action" and sorted(state.archives[1]) == cards("7S 7H")
    state = at_b_income("6S:1 7H:1 7D:1")
    play(state, "archive 6S")
    assert state.view(None)["phase"] == "action" and state.archives[1][0] == cards("6S")[0]


def test_a_single_card_is_not_asked():
    state = at_b_income("6S:1 9H:4")
    assert state.view(None)["phase"] == "action" and state.archives[1] == cards("6S")


def test_a_card_not_waiting_is_refused_in_a_sentence_and_nothing_changes():
    state = at_b_income("6S:1 9H:1")
    before = state.fingerprint()
    with pytest.raises(
        IllegalAction, match="8C is not waiting to go on the archive; these are: 6S, 9H"
    ):
        play(state, "archive 8C")
    with pytest.raises(IllegalAction, match="order of the cards going on the archive"):
        play(state, "draw")
    assert state.fingerprint() == before


def test_a_joker_may_still_be_revealed_after_the_order_is_chosen():
    state = at_b_income("6S:1 9H:1", hand_b="JK")
    state.decks[1] = cards("2S 3S")
    play(state, "archive 6S")
    assert "tutor" in {a.kind for a in state.legal_actions()}


def test_both_seats_see_the_cards_only_the_owner_has_the_moves():
    state = at_b_income("6S:1 9H:1", hand_b="KD")
    for seat in (0, 1, None):
        assert state.view(seat)["pending"] == {"to_archive": ["6S", "9H"]}
    assert state.view(0)["legal_actions"] == [] and state.view(1)["legal_actions"]
    twin = state.determinize(0, Rng(5))
    assert twin.view(0) == state.view(0) and twin.legal_actions() == state.legal_actions()


def test_the_terminal_says_the_decision_in_words():
    state = at_b_income("6S:1 9H:1 8C:1")
    view = state.view(1)
    text = GAME.render(view, ASCII)
    assert "Going on Hacker B's archive: 6S 8C 9H" in text
    assert "choose the order of the cards going on your archive" in text
    assert "in an order Hacker B chooses: six of spades" in GAME.render(view, PLAIN)
    assert GAME.describe_action(Action.parse("archive 8C"), view) == "Put 8C on your archive next"
    play(state, "archive 8C")
    assert (
        GAME.describe_action(Action.parse("archive 9H"), state.view(1))
        == "Put 9H on your archive, then 6S on top of it"
    )


def test_the_moves_are_in_the_fixed_action_space():
    space = GAME.action_space
    state = at_b_income("6S:1 9H:1")
    mask = space.mask(state.legal_actions())
    assert (
        sum(mask) == 2
        and space.action(space.index(Action.parse("archive 9H"))).text == "archive 9H"
    )
