"""``bench/matrix_levels.py``: seed lists, a run set beside another player's on the same seeds,
and a whole-range win rate estimated from a part of it. No assertion on time or strength: those
are for bench/."""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from cyberdeck.lab.stats import wilson

ROOT = Path(__file__).resolve().parents[3]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "matrix_levels", ROOT / "bench" / "matrix_levels.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = _bench()


def _deals(path: Path, results: dict[int, bool]) -> Path:
    rows = ({"agent": "x", "seed": s, "won": w, "end": "win" if w else "out-of-time",
             "wall": [0.1], "cpu": [0.1]} for s, w in results.items())  # fmt: skip
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_seeds_are_ranges_and_single_seeds_in_the_order_given() -> None:
    assert BENCH.seeds("0-3") == [0, 1, 2, 3]
    assert BENCH.seeds("8, 2-4,3,0") == [8, 2, 3, 4, 0]


def test_a_part_of_the_range_gives_the_whole_ranges_rate_by_what_the_other_player_did(
    tmp_path: Path,
) -> None:
    other = _deals(tmp_path / "other.jsonl", {s: s < 8 for s in range(10)})
    # Both seeds the other lost (one won), and half of those it won (three won).
    mine = _deals(tmp_path / "mine.jsonl", {8: True, 9: False, 0: True, 1: True, 2: True, 3: False})
    out = BENCH.against(mine, other)
    assert out["paired"] == {"deals": 6, "both_won": 3, "only_this_won": 1, "only_other_won": 1}
    assert out["strata"] == {
        "other_won": {"seeds": 8, "played": 4, "won": 3},
        "other_lost": {"seeds": 2, "played": 2, "won": 1},
    }
    estimate = out["estimate"]
    assert estimate["win_rate"] == 0.7  # 0.8 × 3/4 + 0.2 × 1/2
    # Every seed the other lost was played: only the other part is uncertain, its Wilson
    # interval scaled by its share of the seeds and by the half of it still unplayed.
    low, high = wilson(3, 4)
    spread = 0.8 * math.sqrt(0.5)
    assert estimate["ci95"] == [
        round(0.7 - spread * (0.75 - low), 4),
        round(0.7 + spread * (high - 0.75), 4),
    ]


def test_a_whole_range_played_has_no_interval_left_and_a_part_not_begun_has_no_estimate(
    tmp_path: Path,
) -> None:
    other = _deals(tmp_path / "other.jsonl", {s: s % 3 > 0 for s in range(9)})
    everything = _deals(tmp_path / "all.jsonl", {s: s != 4 for s in range(9)})
    assert BENCH.against(everything, other)["estimate"] == {
        "seeds": 9,
        "win_rate": round(8 / 9, 4),
        "ci95": [round(8 / 9, 4)] * 2,
    }
    begun = _deals(tmp_path / "begun.jsonl", {0: True, 3: True})  # only seeds the other lost
    assert BENCH.against(begun, other)["estimate"] is None


def test_the_hindsight_player_is_tried_at_a_budget_given(tmp_path: Path) -> None:
    player = BENCH.player("hindsight:2:7", 3)
    assert (player.worlds, player.budget, player.guide, player.name) == (
        2,
        7,
        None,
        "hindsight:2:7",
    )
    row = BENCH.play("hindsight:1:3", 5)
    assert (
        row["seed"] == 5 and row["agent"] == "hindsight:1:3" and len(row["cpu"]) == len(row["wall"])
    )


def test_a_player_or_seed_list_it_cannot_read_is_refused_in_a_sentence_before_any_deal(
    tmp_path: Path,
) -> None:
    out = tmp_path / "deals.jsonl"
    for args, said in (
        (["hindsight:x:3"], "write hindsight:DECKS:POSITIONS"),
        (["hindsight:0:5"], "write hindsight:DECKS:POSITIONS"),
        (["grandmaster"], "There is no agent 'grandmaster'"),
        (["hard", "--seeds", "a-b"], "is not a seed list"),
    ):
        done = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "matrix_levels.py"), *args, "--out", str(out)],
            capture_output=True, text=True, timeout=120, check=False, cwd=ROOT,
        )  # fmt: skip
        assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr
        assert not out.exists()
