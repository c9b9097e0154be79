"""The worked example trains for a few steps and writes its curve (its real run is in
docs/envs.md; here only that it still runs)."""

from __future__ import annotations

import csv
import runpy
import sys
from pathlib import Path

import pytest


def test_maskable_ppo_example_smoke(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    curve = tmp_path / "curve.csv"
    script = Path(__file__).parents[2] / "examples" / "train_maskable_ppo.py"
    argv = [str(script), "--game", "cypher", "--steps", "256", "--every", "256", "--eval", "4"]
    monkeypatch.setattr(sys, "argv", [*argv, "--curve", str(curve)])
    runpy.run_path(str(script), run_name="__main__")
    rows = list(csv.DictReader(curve.open()))
    assert [int(r["steps"]) for r in rows] == [0, 256]
    assert all(0.0 <= float(r["win_rate"]) <= 1.0 for r in rows)
