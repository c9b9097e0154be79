"""Setup: the uneven deal, the Display, the burn variant, the starting player."""

from cyberdeck.engine import load_game

GAME = load_game("cypher")


def hand_sizes(state):
    return [len(h) for h in state.hands]


def test_four_players_deal_three_to_start_one_to_its_right_two_to_the_rest():
    state = GAME.new_state({"players": 4}, seed=3, decks={"start": 1})
    assert hand_sizes(state) == [1, 3, 2, 2]
    assert state.display >= 0 and len(state.deck) == 19 - 8 - 1


def test_three_players_deal():
    state = GAME.new_state({"players": 3}, seed=3, decks={"start": 0})
    assert hand_sizes(state) == [3, 2, 1]


def test_two_players_deal_three_and_two():
    state = GAME.new_state({"players": 2}, seed=3, decks={"start": 1})
    assert hand_sizes(state) == [2, 3]
    assert len(state.deck) == 19 - 5 - 1


def test_the_display_is_face_up_for_everyone():
    state = GAME.new_state({"players": 3}, seed=5)
    assert state.view(None)["display"] is not None
    assert all(state.view(s)["display"] == state.view(None)["display"] for s in range(3))


def test_burn_variant_sets_the_top_card_aside_unseen():
    state = GAME.new_state({"players": 3, "burn": True}, seed=3)
    assert len(state.removed) == 1 and len(state.deck) == 19 - 1 - 6 - 1
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["removed_count"] == 1 and view["removed_known"] == []


def test_starting_player_is_random_and_the_first_to_move():
    starts = {GAME.new_state({"players": 4}, seed=s).start for s in range(40)}
    assert starts == {0, 1, 2, 3}
    state = GAME.new_state({"players": 4}, seed=9, decks={"start": 2})
    assert state.current_player == 2 and len(state.hands[2]) == 3


def test_each_player_starts_their_turn_with_three_cards():
    state = GAME.new_state({"players": 4}, seed=11, decks={"start": 0})
    plain = [a for a in GAME.action_space.actions if a.text not in ("play fixer", "play extractor")]
    for seat in (0, 1, 2, 3):
        assert state.turn == seat and len(state.hands[seat]) == 3
        while state.turn == seat:
            state.apply(next(a for a in plain if a in state.legal_actions()))
