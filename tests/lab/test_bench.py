"""The lab's benchmark runs (its short version) and reports the figures the docs quote."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_lab_bench_quick(tmp_path):
    out = tmp_path / "lab.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    subprocess.run(
        [sys.executable, str(ROOT / "bench" / "lab.py"), "--quick", "--games", "cipher-run,hack-me",
         "--out", str(out)],
        check=True, env=env, capture_output=True, timeout=300,
    )  # fmt: skip
    data = json.loads(out.read_text())
    assert {(r["game"], r["agent"]) for r in data["per_core"]} == {
        ("cipher-run", "random"), ("hack-me", "random")}  # fmt: skip
    assert all(r["games_per_min_per_core"] > 0 for r in data["per_core"])
    scaling = data["scaling"]
    assert scaling["same_games_on_every_executor"] is True
    for key in ("speed_up_1_to_2", "dask_overhead_vs_processes", "dask_cluster_start_s"):
        assert isinstance(scaling[key], float)
