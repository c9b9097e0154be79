"""``cyberdeck learn GAME``: each tutorial played to its end at the terminal, as a learner would."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app
from cyberdeck.engine import games
from cyberdeck.engine.tutorial import Tutorial, check_script, load_script

runner = CliRunner()
SCRIPTED = [g for g in games() if load_script(g) is not None]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    return tmp_path


def suggested_numbers(game) -> list[str]:
    """The suggested move's number in the menu at each of the learner's steps."""
    tutorial = Tutorial(game, load_script(game))
    numbers = []
    while not tutorial.finished:
        legal = tutorial.match.state.legal_actions()
        numbers.append(str(legal.index(tutorial.suggested) + 1))
        tutorial.move(tutorial.suggested.text)
    return numbers


@pytest.mark.parametrize("game", SCRIPTED, ids=lambda g: g.id)
def test_the_tutorial_is_played_to_its_end_taking_the_suggested_moves(game):
    numbers = suggested_numbers(game)
    result = runner.invoke(app, ["learn", game.id, "--no-colour"], input="\n".join(numbers) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    steps = check_script(game, load_script(game)).steps
    assert f"Step 1 of {steps}" in out and f"Step {steps} of {steps}" in out
    assert "Suggested: " in out and "You win!" in out
    assert load_script(game).outro.splitlines()[0] in out
    assert "taken back" not in out


def test_a_wrong_move_gets_a_word_and_the_step_waits():
    game = next(g for g in games() if g.id == "matrix-overload")
    numbers = suggested_numbers(game)
    wrong = "1" if numbers[0] != "1" else "2"
    typed = [wrong, "99", "place e1", "rules", numbers[0], "quit"]
    result = runner.invoke(app, ["learn", "MATR1X 0VERL0AD", "--no-colour"], input="\n".join(typed))
    out = result.output
    assert result.exit_code == 0, out
    assert "is a legal move" in out and "taken back" in out
    assert "Choose a move from 1 to 8." in out
    assert "The rules: cyberdeck rules matrix-overload, at 'Your turn'." in out
    assert "Step 2 of" in out and "Lesson left." in out


def test_an_unknown_game_is_a_clear_error():
    result = runner.invoke(app, ["learn", "tetris"])
    assert result.exit_code == 2
    assert "There is no game 'tetris'. Games: cipher-run" in result.output


@pytest.mark.parametrize(
    ("game_id", "section"), [("matrix-overload", "Your turn"), ("cyberpunk-ccg", "Setting up")]
)
def test_rules_in_a_real_game_names_the_section_of_the_part_of_the_turn(game_id, section):
    result = runner.invoke(
        app, ["play", game_id, "--seed", "4", "--no-colour"], input="rules\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert f"The rules: cyberdeck rules {game_id}, at '{section}'." in result.output
