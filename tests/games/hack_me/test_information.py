"""Information: the opponent never sees a hand, a deck, an inactive firewall's card or the current
agenda's identity — not in a view, an event or an error message."""

import pytest

from cyberdeck.engine import Action, IllegalAction
from cyberdeck.games.hack_me.position import play, position, texts


def test_the_opponent_view_hides_hand_deck_inactive_firewalls_and_agenda():
    state = position(hands=("KH 7C", ""), decks=("QS", ""), agenda=("JD", ""), invest=(2, 0),
                     firewalls=({"deck": "3S +4S"}, {}))  # fmt: skip
    for seat in (1, None):
        me = state.view(seat)["players"][0]
        assert me["hand"] is None and me["hand_count"] == 2 and me["deck_count"] == 1
        assert me["agenda"] == {"present": True, "card": None, "cost": None, "invested": 2}
        assert [w["card"] for w in me["firewalls"]["deck"]] == [None, "4S"]
        assert not {"KH", "7C", "QS", "JD", "3S"} & set(str(state.view(seat)).split("'"))


def test_secrets_go_only_to_their_owner_in_events():
    state = position(hands=("3S AH", ""), decks=("KC", ""))
    events = play(state, "firewall 3S hand", "agenda AH", "draw")
    public = " ".join(texts(events, 1))
    assert not any(card in public for card in ("3S", "AH", "KC"))
    assert "KC" in " ".join(texts(events, 0))


def test_activation_reveals_the_firewall_only_when_the_defender_chooses_it():
    state = position(firewalls=({}, {"hand": "5S"}), hands=("", "9H"))
    events = play(state, "run hand")
    assert "5S" not in " ".join(texts(events, 0))
    assert "5S" in " ".join(texts(play(state, "activate"), 0))


def test_error_messages_do_not_tell_whether_a_card_is_held():
    held = position(hands=("", "3S"), seat=0)
    not_held = position(hands=("", ""), seat=0)
    messages = []
    for state in (held, not_held):
        state.seat = state.decider = 1
        with pytest.raises(IllegalAction) as caught:
            play(state, "generator 3S")
        messages.append(str(caught.value))
    assert messages[0] == messages[1]


def test_an_illegal_move_leaves_the_state_untouched_with_a_readable_reason():
    state = position(hands=("3S", ""), stock=(0, 0), turns=(1, 1))
    before = state.fingerprint()
    for text, words in [("run deck", "first turn"), ("invest", "no current agenda"),
                        ("shock", "no tag"), ("pay", "action phase"), ("untag", "no tag"),
                        ("agenda KS", "needs that card"), ("fly away", "not a Hack-Me move")]:  # fmt: skip
        with pytest.raises(IllegalAction, match=words):
            state.apply(Action.parse(text))
        assert state.fingerprint() == before


def test_the_defenders_decision_belongs_to_the_defenders_seat():
    state = position(firewalls=({}, {"deck": "+3S"}), decks=("", "9H"), stock=(5, 0))
    play(state, "run deck")
    assert state.current_player == 1 and state.view(1)["legal_actions"] == ["boost", "pass"]
    assert state.view(0)["legal_actions"] == []


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest():
    from cyberdeck.engine import Rng

    state = position(hands=("KH 7C", "2D"), decks=("QS 9S", "3D"), agenda=("JD", ""),
                     firewalls=({"deck": "3S +4S"}, {}), archives=("8C", ""))  # fmt: skip
    from cyberdeck.games.hack_me.cards import AGENDA, FAMILY, FIREWALL

    agendas = set()
    for salt in range(12):
        world = state.determinize(1, Rng(salt))
        assert world.view(1) == state.view(1)
        assert world.fws[0][1] == state.fws[0][1]  # the active firewall is public
        assert FAMILY[world.agenda[0]] == AGENDA and FAMILY[world.fws[0][0]] == FIREWALL
        assert world.hands[1] == state.hands[1] and world.archives[0] == state.archives[0]
        agendas.add(world.agenda[0])
    assert len(agendas) > 1  # the face-down agenda really is re-dealt


def test_a_card_shown_from_a_hand_stays_known_there_until_it_leaves():
    from cyberdeck.engine import Rng
    from cyberdeck.games.hack_me.position import cards

    state = position(hands=("", "6H"), decks=("", "2S 3S"), stock=(0, 0))
    play(state, "run hand")  # 6 credits: the trash offer comes
    play(state, "pass")
    assert state.view(0)["players"][1]["hand_known"] == ["6H"]
    for salt in range(4):
        assert cards("6H")[0] in state.determinize(0, Rng(salt)).hands[1]


def test_the_opening_reveal_is_known_in_the_hand_that_drew_it():
    from cyberdeck.games.hack_me.position import opening

    state, _ = opening("KS 2S 2H 2D 2C 3S 3H", "QS 4S 4H 4D 4C 5S 5H")
    assert state.view(1)["players"][0]["hand_known"] == ["KS"]
    assert state.view(0)["players"][1]["hand_known"] == ["QS"]


def test_a_move_of_another_moment_says_what_is_being_decided():
    state = position()
    with pytest.raises(IllegalAction, match="action phase"):
        play(state, "pass")
    play(state, "run deck")
    assert state.view(None)["phase"] == "action"  # nothing to reach: the run is over at once
