"""Every card's effect and every clarification of the rulebook, one scenario each."""

import pytest

from cyberdeck.engine import Action, IllegalAction
from cyberdeck.games.cypher.position import act, area, deck, hand, table
from cyberdeck.games.cypher.rules import DRAW, EXTRACT, GUARD, ORDER, PASS, ROOM

# --- Aristocrat -------------------------------------------------------------------------------


def test_aristocrat_when_played_discards_your_middle_class_cards():
    state = table(
        3, hands={0: "aristocrat fixer"}, areas={0: "hacker data-runner"}, display="coder"
    )
    act(state, "play aristocrat")
    assert area(state, 0) == ["data-runner", "aristocrat"] and deck(state)[-1] == "hacker"


def test_aristocrat_with_several_middle_cards_lets_its_owner_choose_the_order():
    state = table(3, hands={0: "aristocrat fixer"}, areas={0: "hacker bodyguard"}, display="coder")
    act(state, "play aristocrat")
    assert state.phase == ORDER and state.current_player == 0
    act(state, "bump bodyguard")
    assert area(state, 0) == ["aristocrat"] and deck(state)[-2:] == ["bodyguard", "hacker"]


def test_playing_a_middle_class_card_beside_the_aristocrat_discards_it():
    state = table(
        3, hands={0: "hacker fixer"}, areas={0: "aristocrat data-runner"}, display="coder"
    )
    act(state, "play hacker")
    assert area(state, 0) == ["data-runner", "hacker"] and deck(state)[-1] == "aristocrat"


def test_the_archivist_is_played_so_it_discards_the_aristocrat_and_the_coder_still_comes():
    state = table(3, hands={0: "archivist fixer"}, areas={0: "aristocrat", 1: "coder"})
    act(state, "play archivist")
    assert area(state, 0) == ["archivist", "coder"] and deck(state)[-1] == "aristocrat"


def test_aristocrat_discards_middle_cards_only_when_it_is_itself_played():
    state = table(3, hands={0: "executive fixer"}, areas={0: "aristocrat hacker"}, display="coder")
    # The Aristocrat discards the Hacker only when the Aristocrat itself is played.
    act(state, "play executive")
    assert area(state, 0) == ["aristocrat", "hacker", "executive"]


# --- Corp Overseer ----------------------------------------------------------------------------


def test_corp_overseer_lets_its_owner_keep_one_more_card():
    state = table(
        3,
        hands={0: "fixer hacker extractor"},
        areas={0: "corp-overseer coder"},
        deck="archivist executive",
        display="bodyguard",
    )
    act(state, "play hacker", "draw top", "draw top", "pass fixer", "pass archivist")
    assert state.turn == 1 and len(state.hands[0]) == 2


def test_corp_overseer_helps_only_its_owner():
    state = table(
        3,
        hands={0: "fixer hacker extractor"},
        areas={0: "coder", 1: "corp-overseer"},
        deck="archivist executive",
        display="bodyguard",
    )
    act(state, "play hacker", "draw top", "draw top", "pass fixer", "pass archivist")
    assert state.view(0)["ask"] == {"keep": 1}


# --- Executive -------------------------------------------------------------------------------------


def test_executive_swaps_with_the_overseer_in_another_players_area():
    state = table(3, hands={0: "executive fixer"}, areas={2: "corp-overseer data-runner"})
    act(state, "play executive")
    assert area(state, 0) == ["corp-overseer"] and area(state, 2) == ["executive", "data-runner"]


def test_executive_swaps_with_the_overseer_on_the_display():
    state = table(3, hands={0: "executive fixer"}, display="corp-overseer")
    act(state, "play executive")
    assert area(state, 0) == ["corp-overseer"] and state.view(1)["display"] == "executive"


def test_executive_has_no_effect_without_an_overseer_elsewhere():
    state = table(3, hands={0: "executive fixer"}, areas={0: "corp-overseer"}, display="coder")
    act(state, "play executive")
    assert area(state, 0) == ["corp-overseer", "executive"]


def test_the_executive_landing_in_another_area_does_not_fire_there():
    state = table(3, hands={0: "executive fixer"}, areas={1: "corp-overseer"}, display="coder")
    act(state, "play executive")
    assert area(state, 1) == ["executive"] and area(state, 0) == ["corp-overseer"]
    assert state.current_player == 0 and state.phase in (DRAW, PASS)


def test_the_overseer_arriving_by_the_executive_works_while_in_play():
    state = table(
        3, hands={0: "executive fixer"}, areas={1: "corp-overseer"}, deck="hacker", display="coder"
    )
    act(state, "play executive", "draw top", "pass fixer")
    assert state.turn == 1 and len(state.hands[0]) == 0


# --- Technomancer --------------------------------------------------------------------------------


def test_technomancer_makes_every_other_player_discard_upper_class_cards_clockwise():
    state = table(
        4,
        hands={0: "technomancer fixer", 2: "aristocrat"},
        areas={0: "executive", 1: "corp-overseer coder"},
        display="hacker",
    )
    act(state, "play technomancer")
    assert area(state, 0) == ["executive", "technomancer"] and area(state, 1) == ["coder"]
    assert hand(state, 2) == ["aristocrat"]


def test_technomancer_discards_go_clockwise_and_each_player_orders_their_own():
    state = table(
        4,
        hands={0: "technomancer fixer"},
        areas={1: "corp-overseer hacker", 2: "data-runner", 3: "aristocrat executive"},
        display="coder",
    )
    act(state, "play technomancer")
    assert deck(state)[-1] == "corp-overseer"
    assert state.phase == ORDER and state.current_player == 3
    act(state, "bump executive")
    assert deck(state)[-3:] == ["corp-overseer", "executive", "aristocrat"]
    assert state.current_player == 0


def test_data_runner_protects_from_the_technomancer():
    state = table(
        3, hands={0: "technomancer fixer"}, areas={1: "aristocrat data-runner", 2: "executive"}
    )
    act(state, "play technomancer")
    assert area(state, 1) == ["aristocrat", "data-runner"] and area(state, 2) == []


def test_technomancer_does_not_touch_its_players_own_upper_cards():
    state = table(3, hands={0: "technomancer fixer"}, areas={0: "executive"}, display="coder")
    act(state, "play technomancer")
    assert area(state, 0) == ["executive", "technomancer"]


# --- Coder, Hacker ---------------------------------------------------------------------------------


def test_coder_draws_one_more():
    state = table(3, hands={0: "fixer executive"}, areas={0: "coder"}, deck="hacker archivist")
    act(state, "play executive", "draw top")
    assert state.phase == DRAW and state.view(0)["ask"] == {"draws_left": 1}


def test_coder_in_two_players_draws_three():
    state = table(2, hands={0: "fixer executive"}, areas={0: "coder"}, deck="hacker archivist")
    act(state, "play executive")
    assert state.view(0)["ask"] == {"draws_left": 3}


def test_hacker_draws_from_the_bottom_of_the_deck():
    state = table(3, hands={0: "hacker executive"}, deck="archivist", display="coder")
    bottom = deck(state)[-1]
    act(state, "play hacker", "draw bottom")
    assert bottom in hand(state, 0)


def test_the_hacker_cannot_draw_from_the_bottom_of_a_one_card_deck():
    state = table(
        3, hands={0: "hacker executive"}, deck="archivist", display="coder", rest="removed"
    )
    act(state, "play hacker")
    assert "draw bottom" not in [a.text for a in state.legal_actions()]
    assert "at least two cards" in state.why_illegal(Action.parse("draw bottom"))


def test_without_the_hacker_there_is_no_bottom_draw():
    state = table(3, hands={0: "fixer executive"}, deck="archivist", display="coder")
    act(state, "play executive")
    assert [a.text for a in state.legal_actions()] == ["draw top", "draw display"]


# --- Archivist -------------------------------------------------------------------------------------


def test_archivist_takes_the_coder_from_another_area():
    state = table(3, hands={0: "archivist fixer"}, areas={2: "coder hacker"}, display="bodyguard")
    act(state, "play archivist")
    assert area(state, 0) == ["archivist", "coder"] and area(state, 2) == ["hacker"]


def test_archivist_takes_the_coder_from_the_display_which_refills():
    state = table(3, hands={0: "archivist fixer"}, deck="hacker", display="coder")
    act(state, "play archivist")
    assert area(state, 0) == ["archivist", "coder"] and state.view(0)["display"] == "hacker"


def test_the_coder_taken_by_the_archivist_works_at_once():
    state = table(3, hands={0: "archivist fixer"}, deck="hacker executive", display="coder")
    act(state, "play archivist", "draw top")
    assert state.view(0)["ask"] == {"draws_left": 1}


def test_archivist_into_a_full_area_makes_room_for_the_coder():
    state = table(
        3,
        hands={0: "archivist fixer"},
        areas={0: "hacker bodyguard", 1: "coder"},
        display="extractor",
    )
    act(state, "play archivist")
    assert state.phase == ROOM
    act(state, "bump archivist")
    assert area(state, 0) == ["hacker", "bodyguard", "coder"]


# --- Bodyguard ---------------------------------------------------------------------------------------


def test_bodyguard_may_ignore_the_technomancer():
    state = table(
        3, hands={0: "technomancer fixer"}, areas={1: "aristocrat bodyguard", 2: "executive"}
    )
    act(state, "play technomancer")
    assert state.phase == GUARD and state.current_player == 1
    act(state, "guard")
    assert area(state, 1) == ["aristocrat", "bodyguard"] and area(state, 2) == []


def test_bodyguard_is_optional():
    state = table(3, hands={0: "technomancer fixer"}, areas={1: "aristocrat bodyguard"})
    act(state, "play technomancer", "allow")
    assert area(state, 1) == ["bodyguard"]


def test_bodyguard_may_ignore_the_executive_and_the_archivist():
    state = table(3, hands={0: "executive archivist"}, areas={1: "corp-overseer coder bodyguard"})
    act(state, "play executive", "guard")
    assert area(state, 1) == ["corp-overseer", "coder", "bodyguard"]
    state = table(3, hands={0: "executive archivist"}, areas={1: "corp-overseer coder bodyguard"})
    act(state, "play archivist", "guard")
    assert area(state, 1) == ["corp-overseer", "coder", "bodyguard"]


def test_bodyguard_does_not_ignore_its_owners_own_effects():
    state = table(3, hands={0: "aristocrat fixer"}, areas={0: "bodyguard hacker"}, display="coder")
    act(state, "play aristocrat")
    assert state.phase == ORDER  # no Bodyguard question: the owner's own Aristocrat


def test_bodyguard_is_asked_only_when_its_area_is_affected():
    state = table(
        3, hands={0: "technomancer fixer"}, areas={1: "bodyguard hacker"}, display="coder"
    )
    act(state, "play technomancer")
    assert state.phase != GUARD


# --- Syndicate Chief ---------------------------------------------------------------------------------


def test_syndicate_chief_alone_is_worth_three():
    state = table(3, hands={0: "fixer hacker"}, areas={1: "syndicate-chief coder"})
    assert state.influence(1) == 3 + 2


def test_syndicate_chief_with_another_lower_card_is_worth_six():
    state = table(3, hands={0: "fixer hacker"}, areas={1: "syndicate-chief data-runner"})
    assert state.influence(1) == 6 + 2


def test_both_syndicate_chiefs_count_each_other():
    state = table(3, hands={0: "fixer hacker"}, areas={1: "syndicate-chief syndicate-chief"})
    assert state.influence(1) == 12
    state = table(
        3, hands={0: "fixer hacker"}, areas={1: "syndicate-chief syndicate-chief extractor"}
    )
    assert state.influence(1) == 13


# --- Extractor --------------------------------------------------------------------------------------


def test_extractor_draws_three_then_may_remove_any_card_in_hand_unseen():
    state = table(
        3, hands={0: "extractor technomancer"}, deck="hacker archivist executive", display="coder"
    )
    act(state, "play extractor", "draw top", "draw top", "draw top")
    assert state.phase == EXTRACT and hand(state, 0) == [
        "archivist",
        "executive",
        "hacker",
        "technomancer",
    ]
    act(state, "extract technomancer")
    assert "technomancer" not in hand(state, 0) and len(state.removed) == 1
    assert state.view(0)["removed_known"] == ["technomancer"]
    assert state.view(1)["removed_known"] == [] and state.view(None)["removed_count"] == 1


def test_extractor_removal_is_optional():
    state = table(3, hands={0: "extractor technomancer"}, deck="hacker archivist executive")
    act(state, "play extractor", "draw top", "draw top", "draw top", "extract none")
    assert len(state.hands[0]) == 4 and state.removed == ()


# --- Fixer -----------------------------------------------------------------------------------------


def test_fixer_adds_a_card_whose_effect_fires():
    state = table(
        3, hands={0: "fixer technomancer hacker"}, areas={1: "executive"}, display="coder"
    )
    act(state, "play fixer", "add technomancer")
    assert area(state, 0) == ["fixer", "technomancer"] and area(state, 1) == []


def test_fixer_may_add_nothing():
    state = table(3, hands={0: "fixer technomancer"}, display="coder")
    act(state, "play fixer", "add none")
    assert area(state, 0) == ["fixer"] and hand(state, 0) == ["technomancer"]


def test_a_fixer_already_in_play_may_be_the_card_discarded_to_make_room():
    state = table(
        3,
        hands={0: "fixer technomancer"},
        areas={0: "hacker bodyguard data-runner"},
        display="coder",
    )
    act(state, "play fixer", "bump data-runner", "add technomancer")
    assert state.phase == ROOM and "bump fixer" in [a.text for a in state.legal_actions()]
    act(state, "bump fixer")
    assert area(state, 0) == ["hacker", "bodyguard", "technomancer"]


def test_a_fixer_played_into_a_full_area_cannot_make_room_for_itself():
    state = table(
        3,
        hands={0: "fixer technomancer"},
        areas={0: "hacker bodyguard data-runner"},
        display="coder",
    )
    act(state, "play fixer")
    legal = [a.text for a in state.legal_actions()]
    assert legal == ["bump hacker", "bump bodyguard", "bump data-runner"]
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="play area"):
        act(state, "bump fixer")
    assert state.fingerprint() == before


def test_a_card_added_by_the_fixer_counts_as_played_for_the_aristocrat():
    state = table(3, hands={0: "fixer hacker"}, areas={0: "aristocrat"}, display="coder")
    act(state, "play fixer", "add hacker")
    assert area(state, 0) == ["fixer", "hacker"]


# --- Cypher Anomaly ----------------------------------------------------------------------------------


def test_cypher_anomaly_triggers_the_end():
    state = table(3, hands={0: "cypher-anomaly fixer"}, display="coder")
    act(state, "play cypher-anomaly")
    assert state.trigger == 0 and state.view(1)["end"]["turns_left"] == 3


def test_a_cypher_anomaly_played_into_a_full_area_cannot_make_room_for_itself():
    state = table(3, hands={0: "cypher-anomaly fixer"}, areas={0: "hacker bodyguard coder"})
    act(state, "play cypher-anomaly")
    assert "bump cypher-anomaly" not in [a.text for a in state.legal_actions()]
    act(state, "bump coder")
    assert area(state, 0) == ["hacker", "bodyguard", "cypher-anomaly"] and state.trigger == 0


def test_a_cypher_anomaly_in_play_may_be_the_card_discarded_to_make_room():
    state = table(3, hands={0: "fixer hacker"}, areas={0: "cypher-anomaly bodyguard coder"})
    act(state, "play fixer", "bump coder", "add hacker", "bump cypher-anomaly")
    assert area(state, 0) == ["bodyguard", "fixer", "hacker"]


def test_a_second_cypher_anomaly_does_not_extend_the_game():
    state = table(3, hands={0: "cypher-anomaly fixer", 1: "cypher-anomaly fixer"}, display="coder")
    act(state, "play cypher-anomaly", "draw top", "pass fixer")
    assert state.turn == 1 and state.trigger == 0
    act(state, "play cypher-anomaly")
    assert state.trigger == 0 and state.view(0)["end"]["turns_left"] == 3
