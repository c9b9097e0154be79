"""The cluster benchmark (bench/cluster.py) runs its smallest path: a few matches on one worker
and then two, one worker killed, Redis lost for a second, and the database's check. No
assertion on time: the numbers are for bench/, not for tests."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from cyberdeck.server.throwaway import postgres_binaries

from .services import cannot

ROOT = Path(__file__).resolve().parents[2]


def test_the_cluster_benchmark_kills_a_worker_and_loses_no_acknowledged_move(
    tmp_path: Path,
) -> None:
    for binary in ("haproxy", "redis-server"):
        if shutil.which(binary) is None:
            cannot(f"{binary} is not installed")
    if postgres_binaries() is None:
        cannot("PostgreSQL is not installed (Debian's postgresql package gives initdb)")
    out = tmp_path / "cluster.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "cluster.py"), "--matches", "4", "--seconds", "3",
         "--ramp", "1", "--kills", "1", "--kill-every", "2", "--settle", "5",
         "--redis-down", "1", "--redis-window", "2", "--out", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    result = json.loads(out.read_text())
    assert result["provenance"]["command"].startswith("python bench/cluster.py")
    for side in ("one_worker", "two_workers"):
        assert result[side]["moves"] > 0 and result[side]["errors"] == {}, result[side]
        assert result[side]["cpu_share_of_one_core"]["w1"] > 0
    assert set(result["two_workers"]["cpu_share_of_one_core"]) >= {"w2", "haproxy", "postgresql"}
    (kill,) = result["kills"]["per_kill"]
    assert kill["matches_closed"] > 0 and kill["restarted_s"] is not None, kill
    assert result["kills"]["takeover_s"]["matches"] == kill["matches_closed"]
    check = result["database"]
    assert check["acknowledged_moves"] > 0
    assert check["acknowledged_moves_lost"] == check["message_ids_stored_twice"] == 0, check
    assert result["redis"]["play_went_on"]
