"""The tutorials: every script plays through the real engine to a win; a wrong move is taken back."""

from __future__ import annotations

import pytest

from cyberdeck.engine import BadRecord, IllegalAction, games, load_game
from cyberdeck.engine.tutorial import Tutorial, check_script, load_script, read_script

SCRIPTED = [g for g in games() if load_script(g) is not None]


def test_every_game_has_a_tutorial():
    assert {g.id for g in SCRIPTED} == {g.id for g in games()}


@pytest.mark.parametrize("game", SCRIPTED, ids=lambda g: g.id)
def test_the_script_plays_to_a_win_through_the_engine(game):
    script = load_script(game)
    tutorial = check_script(game, script)
    assert tutorial.finished and tutorial.won
    assert tutorial.total >= 5
    for step in script.steps:
        assert step.text and (step.auto or step.highlight)


@pytest.mark.parametrize("game", SCRIPTED, ids=lambda g: g.id)
def test_a_wrong_legal_move_at_every_step_is_taken_back(game):
    tutorial = Tutorial(game, load_script(game))
    wrong_moves = 0
    while not tutorial.finished:
        state = tutorial.match.state
        before, index = state.fingerprint(), tutorial.index
        suggested = tutorial.suggested
        other = next((a for a in state.legal_actions() if a != suggested), None)
        if other is not None:
            said = tutorial.move(other.text)
            assert "taken back" in said.word and "legal move" in said.word
            assert tutorial.match.state.fingerprint() == before and tutorial.index == index
            wrong_moves += 1
        tutorial.move(suggested.text)
    assert tutorial.won and wrong_moves > 0


@pytest.mark.parametrize("game", SCRIPTED, ids=lambda g: g.id)
def test_an_illegal_move_gets_the_game_error_and_changes_nothing(game):
    tutorial = Tutorial(game, load_script(game))
    before = tutorial.match.state.fingerprint()
    legal = {a.text for a in tutorial.match.state.legal_actions()}
    suggested = tutorial.suggested
    # The suggested move of a later step of the learner's, illegal now (or a made-up one).
    later = [m for s in tutorial.script.steps[tutorial.index + 1 :] for m in s.moves]
    text = next((m for m in later if m not in legal), None)
    if text is None:
        pytest.skip("every later move is legal now")
    with pytest.raises(IllegalAction):
        tutorial.move(text)
    assert tutorial.match.state.fingerprint() == before and tutorial.suggested == suggested


def test_the_tutorial_is_over_once_played_out():
    game = load_game("matrix-overload")
    tutorial = check_script(game, load_script(game))
    with pytest.raises(IllegalAction, match="tutorial is over"):
        tutorial.move("place a1")


def test_a_script_with_a_move_the_rules_refuse_is_refused():
    game = load_game("matrix-overload")
    script = read_script(
        '[deal]\nseed = 3\n[[step]]\nmove = "place e1"\nhighlight = "e1"\ntext = "No."\n', game
    )
    with pytest.raises(BadRecord, match=r"Step 1 .* 'place e1', which the rules refuse"):
        check_script(game, script)


def test_a_script_that_ends_without_a_win_is_refused():
    game = load_game("matrix-overload")
    script = read_script(
        '[deal]\nseed = 3\n[[step]]\nmove = "place b1"\nhighlight = "b1"\ntext = "Go."\n', game
    )
    with pytest.raises(BadRecord, match="without the learner winning"):
        check_script(game, script)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[[step]]\nmove = 'place b1'\n", "needs a move and a text"),
        ("[[step]]\nmoves = ['place b1', 'place c1']\ntext = 'x'\n", "mark it auto"),
        ("[[step]\n", "does not read as TOML"),
    ],
)
def test_a_malformed_script_is_a_clear_error(text, problem):
    with pytest.raises(BadRecord, match=problem):
        read_script(text, load_game("matrix-overload"))
