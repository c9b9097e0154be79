"""What Cipher Run tells the lab: which cards reach a hand and which are played; deck measures."""

from cyberdeck.engine import DRAWN, PLAYED, CardUse
from cyberdeck.games.cipher_run.decks import starter

from .conftest import GAME, play, position


def test_the_opening_hands_count_as_drawn():
    state = GAME.new_state(seed=3)
    uses = GAME.opening_cards(state)
    for seat in (0, 1):
        hand = sorted(u.card for u in uses if u.seat == seat)
        assert hand == sorted(GAME.new_state(seed=3).view(seat)["players"][seat]["hand"])
        assert len(hand) == 8
    assert {u.use for u in uses} == {DRAWN}


def test_a_deploy_plays_its_card_and_the_draw_after_it_names_the_card_drawn():
    s = position(mine={1: "3H"}, hand="8H", deck="KC 2S")
    uses = GAME.card_uses(play(s, "deploy 8H vault1"))
    assert uses == [CardUse(0, "8H", PLAYED), CardUse(0, "KC", DRAWN)]


def test_programs_and_seeds_are_played_cards_a_compile_is_not():
    s = position(theirs={1: "9C 4C"}, hand="QS 5D", opp_hand="7C", deck="2S 3S")
    assert GAME.card_uses(play(s, "deploy QS vault1 opp"))[0] == CardUse(0, "QS", PLAYED)
    s = position(hand="5D 6D", deck="2S 3S")
    assert GAME.card_uses(play(s, "compile 5D")) == [CardUse(0, "2S", DRAWN)]
    state = GAME.new_state(seed=1)
    seat = state.current_player
    seed = state.legal_actions()[0]
    uses = GAME.card_uses(state.apply(seed))
    assert uses == [CardUse(seat, seed.args[0], PLAYED)]


def test_deck_measures_of_the_starters():
    measures = {m.name: m for m in GAME.deck_measures()}
    cold, red = starter("cold-boot"), starter("redline")
    assert measures["programs"].measure(list(cold.cards)) == 6
    assert measures["programs"].measure(list(red.cards)) == 7
    # Cold Boot: 6 modules of each suit, J in every suit, KS KH -> spades 8, hearts 8, 7, 7.
    assert measures["suit spread"].measure(list(cold.cards)) == 1
    assert measures["mean module value"].measure(list(cold.cards)) == 7.5
