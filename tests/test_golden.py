"""Every registered game and configuration plays exactly as its golden playthrough says."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest

from cyberdeck.engine import Game, games
from cyberdeck.lab.golden import golden_name, playthrough

FOLDER = Path(__file__).parent / "golden"
CASES = [(game, options) for game in games() for options in game.configurations()]


@pytest.mark.parametrize(("game", "options"), CASES, ids=[golden_name(g, o) for g, o in CASES])
def test_playthrough_matches_golden(game: Game, options: dict[str, Any]) -> None:
    path = FOLDER / golden_name(game, options)
    assert path.exists(), f"no golden file {path.name}: run `make golden` and review it"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(game, options)
    if actual != expected:
        diff = "".join(
            list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True)))[:60]
        )
        pytest.fail(f"{path.name} differs (run `make golden` if the change is meant):\n{diff}")
