"""Bad input: every refused move leaves the state as it was and says why in plain words;
the fixed action space, clone independence and replay."""

import pytest

from cyberdeck.engine import ASCII, PLAIN, BadAction, IllegalAction, Record, Rng, load_game, replay

GAME = load_game("cypher")


def positions():
    for players in (2, 3, 4):
        state = GAME.new_state({"players": players}, seed=players)
        rng = Rng(players)
        while not state.is_terminal:
            yield state
            state.apply(rng.choice(state.legal_actions()))


def test_every_illegal_action_changes_nothing_and_explains():
    for n, state in enumerate(positions()):
        if n % 3:
            continue
        legal = state.legal_actions()
        before = state.fingerprint()
        for action in GAME.action_space.actions:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert state.fingerprint() == before
            message = str(err.value)
            assert message.endswith(".") and len(message) > 15


def test_nonsense_is_refused():
    state = GAME.new_state({"players": 3}, seed=1)
    before = state.fingerprint()
    for text in ("play", "play dragon", "draw sideways", "guard now", "dance"):
        with pytest.raises(IllegalAction):
            state.apply(GAME.parse_action(text))
    assert state.fingerprint() == before
    with pytest.raises(BadAction):
        GAME.parse_action("")


def test_the_game_over_refuses_moves():
    state = list(positions())[-1]  # the generator plays one state to its end
    assert state.is_terminal
    with pytest.raises(IllegalAction, match="over"):
        state.apply(GAME.action_space.actions[0])


def test_legal_actions_are_in_the_action_space_and_stable():
    for state in positions():
        legal = state.legal_actions()
        assert legal == state.clone().legal_actions()
        assert all(GAME.action_space.index(a) >= 0 for a in legal)


def test_clone_is_independent():
    for n, state in enumerate(positions()):
        if n % 5 == 0 and state.legal_actions():
            copy = state.clone()
            before = state.fingerprint()
            copy.apply(copy.legal_actions()[-1])
            assert state.fingerprint() == before


def test_a_record_replays_to_the_same_fingerprint():
    state = GAME.new_state({"players": 4, "burn": True}, seed=8)
    record = Record("cypher", 8, {"players": 4, "burn": True})
    rng = Rng(2)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        record.actions.append(action.text)
        state.apply(action)
    assert replay(record).fingerprint() == state.fingerprint()


def test_render_shows_the_table_for_every_seat_and_in_line_mode():
    for n, state in enumerate(positions()):
        if n % 7:
            continue
        for seat in (None, *range(state.n)):
            view = state.view(seat)
            text = GAME.render(view, ASCII)
            assert "Deck" in text and "influence" in text
            assert "The deck has" in GAME.render(view, PLAIN)
            for action in state.legal_actions() if seat == state.current_player else []:
                assert GAME.describe_action(action, view)


def test_end_screen_explains_the_tie_break():
    state = list(positions())[-1]
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    text = GAME.render(state.view(0), ASCII)
    assert "GAME OVER" in text and "ties go clockwise" in text


def test_menus_name_the_pass_target_and_a_known_bottom_card():
    from cyberdeck.games.cypher.position import act, table

    state = table(2, hands={0: "hacker executive fixer"}, areas={0: "data-runner bodyguard coder"})
    act(state, "play hacker", "bump data-runner")
    bottom = GAME.parse_action("draw bottom")
    assert "you know it is the Data Runner" in GAME.describe_action(bottom, state.view(0))
    state = table(2, hands={0: "executive fixer"}, display="coder")
    act(state, "play executive", "draw top", "draw top")
    assert GAME.describe_action(state.legal_actions()[0], state.view(0)).endswith("to Player 2")


def test_look_shows_a_cards_text():
    view = GAME.new_state({"players": 3}, seed=1).view(0)
    assert "Technomancer does not" in GAME.inspect(view, "data runner", ASCII)
    assert GAME.inspect(view, "dragon", ASCII) is None


def test_a_bodyguard_question_takes_a_plain_answer():
    from cyberdeck.games.cypher.position import act, table

    state = table(3, hands={0: "technomancer fixer"}, areas={1: "aristocrat bodyguard"})
    act(state, "play technomancer")
    with pytest.raises(IllegalAction, match=r"'guard' .* or 'allow'"):
        state.apply(GAME.parse_action("guard now"))
    with pytest.raises(IllegalAction, match="Player 2 must decide whether their Bodyguard"):
        state.apply(GAME.parse_action("play fixer"))
