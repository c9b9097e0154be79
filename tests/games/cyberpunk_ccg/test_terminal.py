"""`cyberdeck play cyberpunk-ccg`: a whole game against a built-in opponent, sponsor chosen."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    return tmp_path


def test_a_whole_game_against_the_built_in_opponent_ends_on_the_end_screen() -> None:
    result = runner.invoke(
        app,
        ["play", "cyberpunk-ccg", "--sponsor", "militech", "--ai", "random", "--seed", "3",
         "--no-colour"],
        input="1\n" * 6000,
    )  # fmt: skip
    assert result.exit_code == 0, result.output[-2000:]
    assert "Player 1 (you): Militech" in result.output and "The Nomads" in result.output
    assert "Game over" in result.output


def test_an_unknown_sponsor_is_refused_with_the_choices() -> None:
    result = runner.invoke(app, ["play", "cyberpunk-ccg", "--sponsor", "tyrell"], input="quit\n")
    assert result.exit_code != 0 and "arasaka" in result.output
