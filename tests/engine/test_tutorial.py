"""The tutorials: every script plays through the real engine to a win; a wrong move is taken back."""

from __future__ import annotations

import pytest

from cyberdeck.engine import BadRecord, IllegalAction, games, load_game
from cyberdeck.engine.tutorial import (
    Highlight,
    Tutorial,
    check_script,
    length,
    load_script,
    read_script,
)

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
        before, index = state.fingerprint(), (tutorial.index, tutorial.turn)
        suggested = tutorial.suggested
        other = next((a for a in state.legal_actions() if a != suggested), None)
        if other is not None:
            said = tutorial.move(other.text)
            assert "taken back" in said.word and "legal move" in said.word
            assert tutorial.match.state.fingerprint() == before
            assert (tutorial.index, tutorial.turn) == index
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


def test_a_script_that_makes_a_move_of_the_learners_for_them_is_refused():
    game = load_game("cipher-run")
    played_for = SEEDING.replace('moves = ["seed 10H', 'auto = true\nmoves = ["seed 10H')
    script = read_script(played_for, game)
    with pytest.raises(BadRecord, match=r"Step 2 .* makes a move of the learner's for them"):
        check_script(game, script)


def test_every_lesson_has_the_learner_make_every_one_of_their_moves():
    for game in SCRIPTED:
        assert length(game, load_script(game)).played_for == 0, game.id


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
        ("[[step]]\nmove = 'place b1'\nhighlight = 'mine:b1'\ntext = 'x'\n", "'you:' or 'tutor:'"),
        ("[[step]]\nmove = 'place b1'\nhighlight = 'you:'\ntext = 'x'\n", "'you:' or 'tutor:'"),
        ("[[step]\n", "does not read as TOML"),
    ],
)
def test_a_malformed_script_is_a_clear_error(text, problem):
    with pytest.raises(BadRecord, match=problem):
        read_script(text, load_game("matrix-overload"))


SEEDING = """
[deal]
seed = 3
decks = ["redline", "cold-boot"]
[[step]]
moves = ["seed 7C vault2", "seed 6D vault1", "seed 10H vault3"]
text = "The tutor seeds."
[[step]]
moves = ["seed 10H vault1", "seed 8D vault3", "seed 8C vault2"]
highlight = ["10H", "you:vault1", "tutor:vault3"]
text = "Seed your three nodes."
[[step]]
move = "deploy 9S vault1"
auto = true
text = "The tutor deploys."
[[step]]
move = "deploy 7D vault1"
highlight = "7D"
text = "Deploy."
"""


def test_a_step_of_several_learner_moves_waits_for_each():
    game = load_game("cipher-run")
    tutorial = Tutorial(game, read_script(SEEDING, game))
    # The tutor's step (no move of the learner's in it) is told, not shown as a step.
    assert tutorial.last.narration == ("The tutor seeds.",)
    assert tutorial.total == 4 and length(game, tutorial.script).played_for == 0
    assert tutorial.steps == 2 and tutorial.moves_here == 3
    for made, move in enumerate(["seed 10H vault1", "seed 8D vault3", "seed 8C vault2"]):
        assert tutorial.position == made and tutorial.index == 1
        assert tutorial.steps_done == 0 and tutorial.made_here == made
        assert tutorial.suggested.text == move
        said = tutorial.move(move)
    # The learner's step is over: its text is not told again; the tutor's auto step is.
    assert said.narration == ("The tutor deploys.",)
    assert tutorial.position == 3 and tutorial.step.text == "Deploy."
    assert tutorial.steps_done == 1 and tutorial.moves_here == 1


def test_a_wrong_move_inside_a_step_of_several_is_taken_back_at_that_move():
    game = load_game("cipher-run")
    tutorial = Tutorial(game, read_script(SEEDING, game))
    tutorial.move("seed 10H vault1")
    said = tutorial.move("seed 8C vault3")
    assert "taken back" in said.word
    assert (tutorial.index, tutorial.turn, tutorial.position) == (1, 1, 1)


def test_a_highlight_names_a_side_where_the_part_is_on_both():
    game = load_game("cipher-run")
    step = read_script(SEEDING, game).steps[1]
    assert step.highlight == (
        Highlight("10H"),
        Highlight("vault1", "you"),
        Highlight("vault3", "tutor"),
    )
    assert [str(h) for h in step.highlight] == ["10H", "your vault1", "the tutor's vault3"]
    assert step.highlight[1].to_json() == {"name": "vault1", "side": "you"}
