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


def test_a_hot_seat_player_the_table_answered_for_hands_the_keyboard_on_with_a_key():
    """Player 2 is passed a second Data Runner: its play is the only one, and the table makes
    it. Player 2 still sees the table and presses Enter before Player 3 is called, as after a
    move of its own: the others cannot tell from the handover that it was asked nothing."""
    from cyberdeck.engine import PLAIN, Match, load_game
    from cyberdeck.engine.autoanswer import Stops
    from cyberdeck.games.cypher.position import table
    from cyberdeck.play.terminal import Seat, TerminalSession

    game = load_game("cypher")
    match = Match(game, {"players": 3}, 1)
    match.state = table(
        3, hands={0: "bodyguard data-runner", 1: "data-runner", 2: "fixer"}, display="hacker",
        rest="removed",
    )  # fmt: skip
    said: list[str] = []
    answers = iter(["", "play bodyguard", "pass data-runner", "", "", "", "quit"])

    def ask(prompt: str) -> str:
        said.append(prompt)
        return next(answers)

    names = [Seat("Player 1"), Seat("Player 2"), Seat("Player 3")]
    session = TerminalSession(
        game, match, names, PLAIN, ask, said.append, stops=Stops.defaults(game)
    )
    session.run()
    prompts = [line for line in said if "keyboard" in line]
    assert prompts == [
        "Player 1, take the keyboard and press Enter (others look away). ",
        "Player 2, take the keyboard and press Enter (others look away). ",
        "Press Enter to hand the keyboard on. ",
        "Player 3, take the keyboard and press Enter (others look away). ",
    ]
    shown = said[said.index(prompts[1]) : said.index(prompts[2])]
    assert any("Data Runner" in line for line in shown), "Player 2 sees what was done for it"
