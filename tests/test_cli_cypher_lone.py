"""Cypher's lone questions are asked by its engine and answered by the table, as in every game:
the log says so, and a player who turns 'stop single' off is asked them too."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app

runner = CliRunner()
#: A menu of one move: its heading, the one numbered move, then the prompt.
ONE_MOVE_MENU = re.compile(r":\n   1\. [^\n]*\nYou> ")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))


def play(seed: int, first: str = "") -> str:
    args = ["play", "cypher", "--players", "4", "--seed", str(seed), "--plain", "--ai", "easy"]
    result = runner.invoke(app, args, input=first + "1\n" * 60 + "quit\n")
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("seed", [1, 2, 4, 6])
def test_the_table_answers_cyphers_lone_questions_and_says_so(seed: int):
    output = play(seed)
    assert "The table answers for you: " in output and "(the only answer)." in output
    assert not ONE_MOVE_MENU.search(output)


@pytest.mark.parametrize("seed", [1, 2, 4, 6])
def test_with_single_off_cyphers_lone_questions_are_asked(seed: int):
    output = play(seed, first="stop single off\n")
    assert ONE_MOVE_MENU.search(output)
    assert "The table answers for you: " not in output
