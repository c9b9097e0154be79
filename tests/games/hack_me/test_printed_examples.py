"""The rulebook's pictured examples, as positions."""

from cyberdeck.engine import ASCII, load_game
from cyberdeck.games.hack_me.position import play, position

GAME = load_game("hack-me")
#: The firewall diagram: the current agenda behind three active firewalls, the deck behind an
#: inactive level 1 and an active level 2, the hand behind an active level 1 and an inactive
#: level 2, the archive open.
DIAGRAM = {"agenda": "+2S +3S +4S", "deck": "5S +2H", "hand": "+3H 4H"}


def test_the_firewall_diagram_as_the_attacker_sees_it():
    state = position(firewalls=({}, DIAGRAM), agenda=("", "KD"), decks=("", "7C 8C"), stock=(9, 4))
    mine = state.view(0)["players"][1]["firewalls"]
    assert [(w["level"], w["active"], w["card"]) for w in mine["deck"]] == [
        (1, False, None),
        (2, True, "2H"),
    ]
    assert [(w["level"], w["active"], w["card"]) for w in mine["hand"]] == [
        (1, True, "3H"),
        (2, False, None),
    ]
    assert [w["active"] for w in mine["agenda"]] == [True] * 3 and mine["archive"] == []


def test_the_firewall_diagram_runs():
    state = position(firewalls=({}, DIAGRAM), agenda=("", "KD"), archives=("", "6C"), stock=(0, 4))
    play(state, "run archive")  # no firewall in front of the archive: straight to its top card
    assert state.stock[0] == 6
    deck = position(firewalls=({}, DIAGRAM), decks=("", "7C"), stock=(0, 4))
    play(deck, "run deck")  # the active level 2 comes first: its owner may boost it
    assert deck.current_player == 1 and deck.view(None)["phase"] == "boost"


def test_the_pictured_play_area_one_tag_and_two_credits_invested():
    state = position(tags=(1, 0), agenda=("JS", ""), invest=(2, 0))
    shown = GAME.render(state.view(1), ASCII)
    assert "tags 1" in shown and "current agenda: face down, invested 2" in shown
