"""Terminal play of Cypher through the ``cyberdeck`` command: against built-in opponents and
hot-seat, hands hidden between seats, the end screen with the tie-break."""

import json

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


def test_a_campaign_plays_games_until_a_seat_has_the_points_with_a_score_line_between(data_dir):
    args = ["play", "cypher", "--campaign", "--players", "4", "--seed", "5", "--ai", "easy"]
    result = runner.invoke(app, [*args, "--plain"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "first to 2 points wins" in result.output
    lines = [line for line in result.output.splitlines() if line.startswith("Campaign after")]
    assert len(lines) >= 2 and all("first to 2:" in line for line in lines)
    assert "Game 2 of the campaign" in result.output and "starts)" in result.output
    assert "wins the campaign with 2 points" in result.output
    records = sorted(data_dir.rglob("*.json"))
    games = [json.loads(p.read_text())["meta"]["series"]["game"] for p in records]
    assert sorted(games) == list(range(1, len(lines) + 1))


def test_a_game_without_a_campaign_says_so():
    result = runner.invoke(app, ["play", "cipher-run", "--campaign", "--seed", "1"], input="q\n")
    assert result.exit_code != 0 and "has no campaign" in result.output
