"""Leaving a terminal game and coming back: Ctrl-C asks, then saves the game as 'quit' does, and
'cyberdeck play --resume' goes on with the last unfinished game from its record."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app
from cyberdeck.engine import PLAIN, Match, Record, load_game
from cyberdeck.play.terminal import Seat, TerminalSession

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    return tmp_path


def records(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "records").glob("*.json"))


def scripted(answers: list[str | type[BaseException]], prompts: list[str]):
    """An ``ask`` that gives the answers in order, keeping the prompts; an exception class is
    raised instead (``KeyboardInterrupt``: the player pressed Ctrl-C at that prompt)."""
    queue: Iterator[str | type[BaseException]] = iter(answers)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        answer = next(queue)
        if isinstance(answer, type):
            raise answer
        return answer

    return ask


def session(
    data_dir: Path, answers: list[str | type[BaseException]], out: list[str], prompts: list[str]
) -> TerminalSession:
    game = load_game("matrix-overload")
    match = Match(game, None, 5, meta={"seats": ["You"]})
    ask = scripted(answers, prompts)
    return TerminalSession(game, match, [Seat("You")], PLAIN, ask, out.append, data_dir / "records")


def test_ctrl_c_asks_and_no_goes_on(data_dir: Path):
    out: list[str] = []
    prompts: list[str] = []
    table = session(data_dir, ["1", KeyboardInterrupt, "n", "1", "quit"], out, prompts)
    assert table.run() == 0
    assert prompts[2].startswith("Leave this game? It is saved")
    assert len(table.match.record.actions) >= 2  # a move before Ctrl-C, one after
    assert len(records(data_dir)) == 1  # 'quit' saved it, once


def test_ctrl_c_then_yes_saves_the_game_as_abandoned(data_dir: Path):
    out: list[str] = []
    table = session(data_dir, ["1", KeyboardInterrupt, "y"], out, [])
    assert table.run() == 0
    assert any(line.startswith("Game abandoned.") for line in out)
    [saved] = records(data_dir)
    assert Record.load(saved).actions == table.match.record.actions


def test_a_second_ctrl_c_leaves_too(data_dir: Path):
    out: list[str] = []
    table = session(data_dir, [KeyboardInterrupt, KeyboardInterrupt], out, [])
    assert table.run() == 0 and len(records(data_dir)) == 1


@pytest.mark.parametrize("seed", [3, 11])
def test_resume_goes_on_with_the_last_unfinished_game(data_dir: Path, seed: int):
    first = runner.invoke(
        app, ["play", "cipher-run", "--seed", str(seed), "--plain", "--ai", "easy"],
        input="1\n" * 6 + "quit\n",
    )  # fmt: skip
    assert first.exit_code == 0, first.output
    [saved] = records(data_dir)
    before = Record.load(saved)
    assert before.meta["ai"] == "easy" and len(before.actions) >= 6
    again = runner.invoke(app, ["play", "--resume", "--plain"], input="1\n" * 3 + "quit\n")
    assert again.exit_code == 0, again.output
    assert f"Cipher Run, resumed after {len(before.actions)} moves." in again.output
    assert "Easy AI" in again.output
    # The same file, further on: the moves before, then the new ones.
    [kept] = records(data_dir)
    after = Record.load(kept)
    assert kept == saved and after.actions[: len(before.actions)] == before.actions
    assert len(after.actions) > len(before.actions)
    assert json.loads(kept.read_text())["seed"] == seed


def test_resume_without_an_unfinished_game_says_so(data_dir: Path):
    result = runner.invoke(app, ["play", "--resume"])
    assert result.exit_code != 0
    assert "There is no unfinished game to resume" in result.output
    named = runner.invoke(app, ["play", "hack-me", "--resume"])
    assert "There is no unfinished Hack-Me If You Can game to resume" in named.output


def test_play_without_a_game_or_resume_says_what_to_give():
    result = runner.invoke(app, ["play"])
    assert result.exit_code != 0 and "or give --resume" in result.output
