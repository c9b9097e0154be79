"""The end: both triggers, the final round that nothing extends, the clockwise tie-break."""

from cyberdeck.games.cypher.position import act, table
from cyberdeck.games.cypher.rules import ROUND_CAP


def finish_turn(state):
    seat = state.turn
    while state.turn == seat and not state.is_terminal:
        state.apply(state.legal_actions()[0])


def test_an_empty_deck_at_the_end_of_a_turn_triggers_the_end():
    state = table(
        3,
        hands={0: "executive fixer", 1: "hacker", 2: "bodyguard"},
        deck="data-runner",
        display="coder",
        rest="removed",
    )
    act(state, "play executive", "draw top", "pass fixer")
    assert state.trigger == 0 and state.turn == 1 and not state.is_terminal


def test_every_player_including_the_trigger_gets_one_last_turn():
    state = table(
        3,
        hands={0: "executive fixer", 1: "hacker", 2: "bodyguard"},
        deck="data-runner",
        display="coder",
        rest="removed",
    )
    act(state, "play executive", "draw top", "pass fixer")
    for seat in (1, 2, 0):
        assert state.turn == seat and not state.is_terminal
        finish_turn(state)
    assert state.is_terminal


def test_the_anomaly_ends_after_a_full_round_of_last_turns():
    state = table(
        4, hands={1: "cypher-anomaly fixer", 2: "hacker coder"}, turn=1, display="bodyguard"
    )
    act(state, "play cypher-anomaly")
    for seat in (1, 2, 3, 0, 1):
        assert state.turn == seat and not state.is_terminal
        finish_turn(state)
    assert state.is_terminal


def test_nothing_extends_the_final_round():
    state = table(3, hands={0: "cypher-anomaly hacker"}, display="bodyguard")
    act(state, "play cypher-anomaly")
    finish_turn(state)
    state.deck.append(state.deck.pop(0))  # whatever happens to the deck now changes nothing
    finish_turn(state)
    finish_turn(state)
    assert not state.is_terminal and state.turn == 0
    finish_turn(state)
    assert state.is_terminal


def test_most_influence_wins():
    state = table(
        3, areas={1: "aristocrat", 2: "coder"}, hands={0: "cypher-anomaly"}, rest="removed"
    )
    assert state.is_terminal and state.outcome.winners == (1,)
    assert state.outcome.returns == (-1.0, 1.0, -1.0)


def test_a_tie_goes_to_the_tied_player_closest_clockwise_from_the_triggers_left():
    state = table(3, areas={1: "hacker", 2: "coder"}, hands={0: "cypher-anomaly"}, rest="removed")
    assert state.trigger == 0 and state.outcome.winners == (1,)
    assert "closest clockwise" in state.outcome.reason


def test_the_triggers_player_ranks_last_among_the_tied():
    # The rulebook's example: you trigger the end and tie with the player on your left.
    state = table(
        3, turn=1, areas={1: "hacker", 2: "coder"}, hands={1: "cypher-anomaly"}, rest="removed"
    )
    assert state.trigger == 1 and state.outcome.winners == (2,)
    state = table(
        3, turn=1, areas={0: "hacker", 1: "coder"}, hands={1: "cypher-anomaly"}, rest="removed"
    )
    assert state.outcome.winners == (0,)


def test_the_round_limit_triggers_the_end_after_thirty_full_rounds():
    state = table(2, hands={0: "hacker fixer"}, display="coder")
    state.turns = ROUND_CAP * 2 - 2  # seat 0 is about to end turn 59 of 60
    finish_turn(state)
    assert state.trigger < 0 and state.turn == 1
    finish_turn(state)  # seat 1 completes the 30th round
    assert state.trigger == 1 and "round limit" in state.trigger_reason


def test_after_the_round_limit_every_player_gets_one_last_turn_as_for_an_empty_deck():
    state = table(3, hands={0: "hacker fixer", 1: "coder", 2: "bodyguard"}, display="executive")
    state.turns = ROUND_CAP * 3 - 1
    finish_turn(state)
    assert state.trigger == 0 and state.view(1)["end"]["turns_left"] == 3
    for seat in (1, 2, 0):
        assert state.turn == seat and not state.is_terminal
        finish_turn(state)
    assert state.is_terminal and state.outcome.kind.startswith("round-cap")
    # Ties are broken as for any end: clockwise from the left of the player who triggered it.
    assert state.view(None)["tie_order"] == [1, 2, 0]


def test_random_games_always_end():
    from cyberdeck.engine import Rng, load_game

    game = load_game("cypher")
    for players in (2, 3, 4):
        for seed in range(30):
            state = game.new_state({"players": players}, seed)
            rng = Rng(seed)
            for _ in range(3000):
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
            assert state.is_terminal
