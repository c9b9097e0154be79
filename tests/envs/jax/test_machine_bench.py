"""The whole-machine bench of the JAX twins runs: a batch split over two JAX CPU devices by
``pmap`` plays the twin's games on both, beside the same batch on one device. No assertion on
time: the numbers are for bench/, not for tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("jax")

ROOT = Path(__file__).resolve().parents[3]


def test_the_machine_bench_splits_a_batch_over_two_devices(tmp_path: Path) -> None:
    out = tmp_path / "machine.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "jax_machine.py"), "--devices", "2",
         "--batch", "8", "--steps", "3", "--rounds", "1", "--only", "matrix-overload",
         "--out", str(out)],
        capture_output=True, text=True, timeout=600, check=False, cwd=ROOT / "bench",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (row,) = json.loads(out.read_text())["rows"]
    assert row["env"] == "matrix-overload (twin)"
    assert row["devices_1"]["decisions"] == row["devices_2"]["decisions"] == 8 * 3
    assert row["devices_2"]["batch"] == 8 and row["devices_2"]["decisions_per_s"] > 0
