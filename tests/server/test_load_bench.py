"""The benchmarks of the match server run: the load benchmark's own clients
(bench/wire_client.py, a lean websocket client) play real matches against a real server, and a
short, small run must make moves and hear of no errors; the abuse-memory benchmark sends every
attack; the move benchmark plays moves through the hub in process. No assertion on time or
memory: the numbers are for bench/, not for tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_load_benchmark_plays_matches_without_errors(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "server_load.py"), "--matches", "3",
         "--seconds", "4", "--ramp", "1",
         "--sample", "1", "--out", str(out)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    result = json.loads(out.read_text())
    assert result["errors"] == 0, result["first_errors"]
    assert result["moves"] >= 3, "every match should have moved at least once"
    assert len(result["memory_samples"]) >= 2
    assert result["ack_ms"]["p50"] > 0
    assert result["server_cpu_ms_per_move"] > 0
    (minute,) = result["ack_ms_by_minute"]  # four seconds: all in the first minute
    assert minute["minute"] == 1 and minute["moves"] == result["moves"]
    # The measured seconds lined up with the server's own: its moves are the clients' acks.
    seconds = result["server_seconds"]
    assert seconds["slowest"] and set(seconds["slowest_5pct_against_all"]) >= {"moves", "commit_ms"}
    assert result["canary_ms"]["p50"] > 0  # the canary's fixed work took some CPU each time
    lag = result["client_loop_lag_ms"]  # the players' loop ticked all along, a little late
    assert 0 <= lag["p50"] <= lag["p99"] <= lag["max"] and minute["loop_lag_max"] == lag["max"]


@pytest.mark.parametrize("attacker", ["process", "inline"])
def test_the_abuse_mode_attacks_and_the_players_hear_no_errors(
    tmp_path: Path, attacker: str
) -> None:
    out = tmp_path / "abuse.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "server_load.py"), "--matches", "3",
         "--seconds", "4", "--ramp", "1", "--sample", "1", "--abuse", "--attacker", attacker,
         "--out", str(out)],
        capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    result = json.loads(out.read_text())
    assert result["errors"] == 0, result["first_errors"]
    attack = result["abuse"]
    assert attack["bodies_refused"] >= 2 and attack["bodies_accepted"] == 0
    assert {"bodies", "sockets", "oversized"} <= set(attack["per_second"])
    assert attack["sockets_refused"] > 0, "sockets past the per-match limit are refused"
    assert attack["heard"].get("rate-limited", 0) > 0, "the oversized flood hits the rate limit"
    assert result["attacker"] == attacker
    assert (attack.get("cpu_share_of_one_core", 0) > 0) == (attacker == "process")


def test_the_abuse_memory_benchmark_sends_every_attack(tmp_path: Path) -> None:
    out = tmp_path / "memory.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "server_abuse_memory.py"), "--rounds", "1",
         "--scale", "0.02", "--out", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    result = json.loads(out.read_text())
    for attack in ("refused sockets", "8 MiB bodies", "64 KiB messages", "sign-in failures"):
        assert len(result[attack]["rss_mib_after_each_round"]) == 2, attack
    assert result["heard"].get("too-many", 0) >= 6, "every socket past the limit is refused"
    assert result["heard"].get("too-large", 0) > 0


def test_the_move_benchmark_plays_moves_through_the_hub() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "server_move.py"), "--matches", "2", "--steps", "20"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    result = json.loads(done.stdout)
    assert result["moves"] > 10 and result["cpu_us_per_move"] > 0


def test_the_stall_benchmark_hammers_a_route_and_watches_the_loop(tmp_path: Path) -> None:
    """``server_stall.py --watch``: the server runs under ``loop_watch.py``, whose thread ticks
    the loop all along and reports how late the ticks were and what held them."""
    out, watch = tmp_path / "stall.json", tmp_path / "watch.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "server_stall.py"), "--routes", "games",
         "--seconds", "2", "--watch", str(watch), "--out", str(out)],
        capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    result = json.loads(out.read_text())
    assert set(result["routes"]) == {"idle", "games"}
    assert result["routes"]["games"]["statuses"] == {"200": result["routes"]["games"]["requests"]}
    assert result["provenance"]["command"].startswith("python bench/server_stall.py")
    watched = json.loads(watch.read_text())
    assert watched["ticks"] > 0 and watched["lag_ms"]["max"] >= watched["lag_ms"]["p50"] > 0
    assert result["loop_watch"]["held_ms"] == watched["held_ms"]
