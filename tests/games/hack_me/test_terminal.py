"""`cyberdeck play hack-me`: a whole game against the built-in opponent, and hot-seat."""

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    return tmp_path


def test_a_whole_game_against_the_built_in_opponent_ends_on_the_end_screen():
    result = runner.invoke(
        # "2" where there is a second move, else "1" (a refused "2" is simply asked again).
        app,
        ["play", "hack-me", "--seed", "4", "--no-colour", "--ai", "easy"],
        input="2\n1\n" * 3000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "\nYou  stock" in result.output and "\nEasy AI  stock" in result.output
    assert "actions left" in result.output and "Hacker A" not in result.output
    assert "wins." in result.output or "Nobody wins." in result.output


def test_hot_seat_hands_the_keyboard_over_and_shows_only_the_seat_to_move():
    result = runner.invoke(app, ["play", "hack-me", "--seed", "4", "--hotseat", "--no-colour"],
                           input="1\n" * 12 + "quit\n")  # fmt: skip
    assert "take the keyboard" in result.output
    # Each player's table calls them "You" and the other by their seat's name.
    assert "\nPlayer 2  stock" in result.output and "\nPlayer 1  stock" in result.output
    assert "\nYou  stock" in result.output and "Hacker B" not in result.output
