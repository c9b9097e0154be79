"""Quiet draws explained with the limit worked out: the sentence's parts are the cards the engine's
recursion limit counts (deck, piles, a number card to place), so "2 × (...) = N" always adds up."""

import random

from cyberdeck import load_game
from cyberdeck.engine import PLAIN
from cyberdeck.games.matrix_overload.position import position
from cyberdeck.games.matrix_overload.render import circulation, quiet_draws

GAME = load_game("matrix-overload")


def test_the_limit_is_twice_the_cards_counted_along_whole_games():
    for seed in (1, 2, 3):
        state, picker = GAME.new_state({"variant": "classic"}, seed), random.Random(seed)
        while not state.is_terminal:
            view = state.view(0)
            assert 2 * sum(circulation(view)) == view["recursion_limit"], seed
            state.apply(picker.choice(state.legal_actions()))


def test_the_sentence_works_the_limit_out():
    state = position(piles={"a1": "2S", "b2": "5H"}, slots={"n1": "JS"}, card="3C", deck="2C 4D")
    view = state.view(0)
    assert view["recursion_limit"] == 2 * (2 + 2 + 1)
    assert quiet_draws(view).startswith(
        f"Quiet draws: {view['idle']} of 10 — a draw that kills nothing and places no royal or ICE"
    )
    assert "2 × (2 in the deck + 2 on the piles + 1 to place) = 10." in quiet_draws(view)
    assert quiet_draws(view) in GAME.render(view, PLAIN)


def test_a_royal_to_place_is_not_in_circulation():
    view = position(piles={"a1": "2S"}, card="QH", deck="2C").view(0)
    assert circulation(view) == (1, 1, 0)
    assert "2 × (1 in the deck + 1 on the piles) = 4." in quiet_draws(view)
