"""Setup: the deal, royals set aside, and their placement (with the printed setup example)."""

from cyberdeck import load_game
from cyberdeck.engine import Action
from cyberdeck.games.matrix_overload.position import dealt

GAME = load_game("matrix-overload")


def places(state):
    return [a.args[0] for a in state.legal_actions()]


def test_the_deal_fills_the_eight_outer_piles_and_leaves_the_centre_empty():
    for seed in range(50):
        view = GAME.new_state(None, seed).view(0)
        assert view["piles"]["b2"] == []
        assert all(len(view["piles"][p]) == 1 for p in view["piles"] if p != "b2")


def test_royals_dealt_are_set_aside_and_placed_first_in_the_order_drawn():
    state = dealt("2H KC 3H QD 4H 5H 6H 7H 8H 9H JS")
    view = state.view(0)
    assert view["piles"]["a1"] == ["2H"] and view["piles"]["a2"] == ["3H"]
    assert view["card"] == "KC" and view["pending"] == ["QD"]
    assert "JS" not in str(view["pending"])  # drawn after the deal was complete


def test_aces_and_the_zero_are_dealt_like_any_card():
    view = dealt("AH 0 3H 4H 5H 6H 7H 8H").view(0)
    assert view["piles"]["a1"] == ["AH"] and view["piles"]["a2"] == ["0"]


def test_printed_setup_example():
    # K♣ goes beside the 10♣, Q♦ beside the 6♥, J♠ beside the 7♣ (the 10♣'s only slot is taken).
    state = dealt("2H KC 10C 3H QD 7C JS 6H 4C 2C 5H")
    assert state.view(0)["card"] == "KC"
    assert places(state) == ["n2"]
    state.apply(Action("place", ("n2",)))
    assert places(state) == ["e2"]
    state.apply(Action("place", ("e2",)))
    assert places(state) == ["w2"]


def test_classic_has_two_jokers_and_digital_one_zero():
    digital = GAME.new_state({"variant": "digital"}, 1)
    classic = GAME.new_state({"variant": "classic"}, 1)

    def total(state):
        view = state.view(0)
        piles = sum(len(p) for p in view["piles"].values())
        return view["deck_count"] + piles + 1 + len(view["pending"])

    assert total(digital) == 53 and total(classic) == 54
    assert GAME.deck("digital").count(0) == 1 and GAME.deck("classic").count(1) == 2
