"""Terminal play of Cypher through the ``cyberdeck`` command: against built-in opponents and
hot-seat, hands hidden between seats, the end screen with the tie-break."""

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("players", ["2", "3", "4"])
def test_play_against_built_in_opponents(players):
    args = ["play", "cypher", "--players", players, "--seed", "3", "--no-colour", "--ai", "easy"]
    result = runner.invoke(app, args, input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Your hand:" in result.output and "GAME OVER" in result.output
    assert "ties go clockwise from their left" in result.output


def test_hot_seat_asks_each_player_to_take_the_keyboard():
    args = ["play", "cypher", "--players", "3", "--seed", "4", "--hotseat", "--plain"]
    result = runner.invoke(app, args, input="1\n" * 600)
    assert result.exit_code == 0, result.output
    assert "Player 2, take the keyboard" in result.output
    assert "Your hand:" in result.output and "wins with" in result.output
