"""A state rebuilt from a seat's view (``Game.state_from_view``) in the positions random games
seldom reach: a card arriving in a full area beside a copy of itself, a Bodyguard's answer to a
Technomancer, an edited card set; and views that do not add up, refused with a sentence."""

import json

import pytest

from cyberdeck.engine import BadView, Rng, load_game
from cyberdeck.games.cypher.position import act, table

GAME = load_game("cypher")


def rebuilt_as_dealt(state, seat, salt=5):
    """The state rebuilt from ``seat``'s view (through JSON) deals the world the real one does."""
    view = json.loads(json.dumps(state.view(seat)))
    rebuilt = GAME.state_from_view(view, seat, Rng(salt))
    assert rebuilt.legal_actions() == state.legal_actions()
    assert rebuilt.fingerprint() == state.determinize(seat, Rng(salt)).fingerprint()
    return view


def test_a_fixer_arriving_beside_a_fixer_makes_room_in_a_rebuilt_state():
    state = table(
        3, hands={0: "fixer coder"}, areas={0: "fixer data-runner extractor"}, display="hacker"
    )
    act(state, "play fixer")
    assert state.view(0)["phase"] == "make-room"
    view = rebuilt_as_dealt(state, 0)
    assert view["steps"]["asked"] == [0, "fixer", True]


def test_a_bodyguards_answer_to_the_technomancer_is_rebuilt_with_the_cards_it_would_save():
    state = table(
        3,
        hands={0: "technomancer coder", 1: "hacker"},
        areas={1: "bodyguard aristocrat"},
        display="extractor",
    )
    act(state, "play technomancer")
    assert state.current_player == 1 and state.view(1)["phase"] == "bodyguard"
    view = rebuilt_as_dealt(state, 1)
    assert view["steps"]["asked"] == [1, ["shed", 1, ["aristocrat"]]]


def test_an_edited_card_set_is_rebuilt_from_the_views_glossary():
    document = GAME.card_set()
    document["cards"][0]["influence"] += 2
    state = GAME.new_state({"players": 3}, 4, {"cards": document})
    rng = Rng(4)
    for step in range(40):
        if state.is_terminal:
            break
        seat = state.current_player
        view = rebuilt_as_dealt(state, seat, step)
        assert view["cards"]["aristocrat"]["influence"] == 8
        state.apply(rng.choice(state.legal_actions()))


def test_a_view_that_does_not_add_up_is_refused_with_a_sentence():
    state = GAME.new_state({"players": 3}, 2)
    seat = state.current_player
    view = json.loads(json.dumps(state.view(seat)))
    other = (seat + 1) % 3
    too_many = json.loads(json.dumps(view))
    too_many["seats"][other]["known_in_hand"] = ["coder", "coder"]
    with pytest.raises(BadView, match="more of the coder than the card set has"):
        GAME.state_from_view(too_many, seat, Rng(0))
    beyond = json.loads(json.dumps(view))
    beyond["everyone_knows"]["hands"][other] = ["coder"]
    with pytest.raises(BadView, match="Everyone knows of the coder"):
        GAME.state_from_view(beyond, seat, Rng(0))
    hidden = json.loads(json.dumps(view))
    hidden["deck_count"] += 1
    with pytest.raises(BadView, match="hides"):
        GAME.state_from_view(hidden, seat, Rng(0))
