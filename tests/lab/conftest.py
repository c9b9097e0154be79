"""What the lab's run tests share: folders that hold something other than the run being started."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app


@dataclass(frozen=True)
class Folders:
    """A training run, an imitation run, a ladder, a file of notes, and a path not made yet."""

    training: Path
    imitation: Path
    ladder: Path
    notes: Path
    fresh: Path

    def untouched(self) -> None:
        """Nothing was made or written: each holds only what it held."""
        assert not self.fresh.exists() and self.notes.read_text() == "notes"
        for folder, held in ((self.training, "run.json"), (self.imitation, "run.json"),
                             (self.ladder, "games.jsonl")):  # fmt: skip
            assert [p.name for p in folder.iterdir()] == [held]


def refuses(command: list[str], cases: list[tuple[list[str], str]]) -> None:
    """The command, with each case's arguments added, exits 2 with the case's sentence and no
    traceback."""
    runner = CliRunner()
    for argv, sentence in cases:
        result = runner.invoke(app, [*command, *argv])
        assert result.exit_code == 2 and sentence in result.output, result.output
        assert "Traceback" not in result.output


@pytest.fixture
def other_folders(tmp_path: Path) -> Folders:
    folders = Folders(*(tmp_path / name for name in
                        ("training", "imitation", "ladder", "notes.txt", "fresh")))  # fmt: skip
    for folder in (folders.training, folders.imitation, folders.ladder):
        folder.mkdir()
    (folders.training / "run.json").write_text(
        json.dumps({"game": "cypher", "options": {"players": 2, "burn": False}, "seed": 0,
                    "opponent": "self"})
    )  # fmt: skip
    (folders.imitation / "run.json").write_text(
        '{"game": "hack-me", "options": {}, "teacher": "hard"}'
    )
    (folders.ladder / "games.jsonl").write_text("")
    folders.notes.write_text("notes")
    return folders
