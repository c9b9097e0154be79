"""The four steps: play (with the area limit), draw (with the Display), pass, discard."""

from cyberdeck.games.cypher.position import act, area, deck, hand, table
from cyberdeck.games.cypher.rules import DISCARD, DRAW, PASS, ROOM


def test_play_puts_a_card_from_hand_into_your_play_area():
    state = table(3, hands={0: "coder hacker fixer"})
    act(state, "play hacker")
    assert area(state, 0) == ["hacker"] and hand(state, 0) == ["coder", "fixer"]
    assert state.phase == DRAW


def test_a_fourth_card_forces_a_discard_from_play_to_the_bottom_of_the_deck():
    state = table(3, hands={0: "coder hacker"}, areas={0: "data-runner fixer extractor"})
    act(state, "play hacker")
    assert state.phase == ROOM and state.current_player == 0
    act(state, "bump fixer")
    assert area(state, 0) == ["data-runner", "extractor", "hacker"]
    assert deck(state)[-1] == "fixer"


def test_a_card_discarded_from_play_is_known_to_everyone_at_the_deck_bottom():
    state = table(3, hands={0: "coder hacker"}, areas={0: "data-runner fixer extractor"})
    act(state, "play hacker", "bump fixer")
    bottom = {"from_top": len(state.deck) - 1, "card": "fixer"}
    assert all(bottom in state.view(s)["deck_known"] for s in (None, 0, 1, 2))


def test_draw_one_from_the_top():
    state = table(3, hands={0: "coder executive"}, deck="fixer", display="bodyguard")
    act(state, "play executive", "draw top")
    assert "fixer" in hand(state, 0) and state.phase == PASS


def test_taking_the_display_refills_it_at_once_from_the_top():
    state = table(3, hands={0: "coder hacker"}, deck="fixer archivist", display="bodyguard")
    act(state, "play hacker", "draw display")
    assert "bodyguard" in hand(state, 0)
    assert area(state, 0) == ["hacker"] and deck(state)[0] == "archivist"
    assert state.view(1)["display"] == "fixer"


def test_the_display_refills_in_the_middle_of_a_multi_card_draw():
    state = table(
        2, hands={0: "coder hacker fixer"}, deck="executive archivist", display="bodyguard"
    )
    act(state, "play hacker", "draw display")
    assert state.phase == DRAW and state.view(0)["display"] == "executive"
    act(state, "draw display")
    assert {"bodyguard", "executive"} <= set(hand(state, 0))
    assert state.view(0)["display"] == "archivist"


def test_two_players_draw_two():
    state = table(
        2, hands={0: "coder hacker fixer"}, deck="executive archivist", display="bodyguard"
    )
    act(state, "play hacker", "draw top", "draw top")
    assert hand(state, 0) == ["archivist", "coder", "executive", "fixer"]
    assert state.phase == PASS


def test_pass_one_card_left_then_one_right():
    state = table(
        4,
        hands={0: "coder hacker fixer", 1: "bodyguard", 3: "executive"},
        deck="archivist",
        display="extractor",
    )
    act(state, "play fixer", "add none", "draw top")
    assert state.view(0)["ask"] == {"to": 1, "direction": "left"}
    act(state, "pass hacker")
    assert state.view(0)["ask"] == {"to": 3, "direction": "right"}
    act(state, "pass coder")
    assert hand(state, 1) == ["bodyguard", "hacker"] and hand(state, 3) == ["coder", "executive"]
    assert hand(state, 0) == ["archivist"]


def test_two_players_pass_one_card_to_the_other_player():
    state = table(2, hands={0: "coder hacker fixer", 1: "bodyguard"}, deck="archivist executive")
    act(state, "play hacker", "draw top", "draw top", "pass coder")
    assert hand(state, 1) == ["bodyguard", "coder"] and state.phase == DISCARD


def test_discard_down_to_one_card():
    state = table(
        3,
        hands={0: "technomancer hacker bodyguard"},
        areas={0: "coder"},
        deck="archivist executive",
        display="fixer",
    )
    act(state, "play hacker", "draw top", "draw top", "pass archivist", "pass executive")
    assert state.phase == DISCARD and state.view(0)["ask"] == {"keep": 1}
    act(state, "discard bodyguard")
    assert hand(state, 0) == ["technomancer"] and deck(state)[-1] == "bodyguard"
    assert state.turn == 1


def test_two_players_keep_two_cards():
    state = table(
        2,
        hands={0: "technomancer hacker bodyguard"},
        areas={0: "coder"},
        deck="archivist executive fixer",
        display="extractor",
    )
    act(state, "play hacker", "draw top", "draw top", "draw top", "pass archivist")
    assert state.view(0)["ask"] == {"keep": 2}
    act(state, "discard bodyguard", "discard fixer")
    assert hand(state, 0) == ["executive", "technomancer"] and state.turn == 1


def test_a_hand_discard_is_known_only_to_its_owner():
    state = table(
        3,
        hands={0: "technomancer hacker bodyguard"},
        areas={0: "coder"},
        deck="archivist executive",
        display="fixer",
    )
    act(state, "play hacker", "draw top", "draw top", "pass archivist", "pass executive")
    act(state, "discard bodyguard")
    assert any(d["card"] == "bodyguard" for d in state.view(0)["deck_known"])
    assert not any(d["card"] == "bodyguard" for d in state.view(1)["deck_known"])


def test_a_forced_single_choice_is_asked_and_the_table_answers_it():
    """Seat 2 holds only the Archivist when the Executive's swap asks for a card to pass: the
    engine asks anyway (the table answers for the player, visibly: ``autoanswer``)."""
    state = table(3, hands={0: "executive hacker"}, deck="archivist", display="fixer")
    for move in ("play executive", "draw top", "pass hacker"):
        state.apply(state.game.parse_action(move))
    asked = state.current_player
    assert asked is not None and len(state.legal_actions()) == 1 and state.turn == 0
    act(state)  # the table answers the lone question(s)
    assert hand(state, 2) == ["archivist"] and state.turn == 1


# --- the Display is refilled whenever it is empty and the deck is not ----------------------------


def turned_up(events):
    """The cards turned face up as the Display, in order."""
    return [e.data["card"] for e in events if e.kind == "display"]


def test_a_hand_discard_under_an_empty_deck_goes_straight_to_the_display_and_ends_the_game():
    state = table(3, hands={0: "executive hacker fixer coder bodyguard"}, rest="removed")
    assert state.display < 0 and not state.deck
    events = act(state, "play executive", "pass hacker", "pass fixer", "discard coder")
    assert turned_up(events) == ["coder"]
    assert state.trigger == 0 and state.trigger_kind == "deck-empty"


def test_a_fourth_card_bumped_under_an_empty_deck_goes_straight_to_the_display():
    state = table(
        3, hands={0: "hacker coder"}, areas={0: "data-runner fixer extractor"}, rest="removed"
    )
    events = act(state, "play hacker", "bump fixer")
    # Taking the Display is then the only draw, so it is made for the player.
    assert turned_up(events) == ["fixer"] and hand(state, 0) == ["coder", "fixer"]
    assert any(e.kind == "draw" and e.data["source"] == "display" for e in events)


def test_an_aristocrats_discard_under_an_empty_deck_refills_the_display():
    state = table(3, hands={0: "aristocrat fixer"}, areas={0: "hacker"}, rest="removed")
    assert turned_up(act(state, "play aristocrat")) == ["hacker"]


def test_a_technomancers_discards_refill_the_display_with_the_first_card_under():
    state = table(
        3,
        hands={0: "technomancer fixer"},
        areas={1: "executive", 2: "corp-overseer"},
        rest="removed",
    )
    events = act(state, "play technomancer")
    assert turned_up(events) == ["executive"] and deck(state) == ["corp-overseer"]
    assert state.phase == DRAW and state.view(0)["display"] == "executive"
