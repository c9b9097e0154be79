"""The JAX twins' benches run: the whole-machine bench splits a batch over two JAX CPU devices by
``pmap`` beside the same batch on one device, and the envs bench counts wall-clock and CPU
seconds side by side. No assertion on time: the numbers are for bench/, not for tests."""

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


def test_the_envs_bench_counts_both_units_beside_the_python_engine(tmp_path: Path) -> None:
    """``bench/jax_envs.py`` times each batch in wall-clock and CPU seconds alike, and the
    engine's loop beside the twin, and prints the table the speed page shows."""
    out = tmp_path / "envs.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "jax_envs.py"), "--only", "matrix-overload",
         "--batch", "4", "--decisions", "8", "--min-steps", "2", "--rounds", "1",
         "--seconds", "0.05", "--out", str(out), "--table"],
        capture_output=True, text=True, timeout=600, check=False, cwd=ROOT / "bench",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    result = json.loads(out.read_text())
    (twin,) = result["rows"]
    (measured,) = twin["batches"]
    assert twin["env"] == "matrix-overload (twin)"
    assert measured["batch"] == 4 and measured["decisions"] == 8
    for rates in (measured, twin["python_engine"]):
        assert rates["per_wall_s"] > 0 and rates["per_cpu_s"] > 0
    assert set(result["load_average"]) == {"start", "end"}
    assert "| matrix-overload (twin) |" in done.stdout
    assert "| decisions a second, wall / CPU | batch 4 | Python engine, one core |" in done.stdout
